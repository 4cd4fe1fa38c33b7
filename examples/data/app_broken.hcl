# The same configuration, with one mistake of each kind.

service     = "orders"
environment = "staging"
log_lvel    = "debug"

listener "public" {
  address = "0.0.0.0:8443"
  timeout = "one minute"

  tls {
    cert = "/etc/orders/tls.crt"
  }
}

listener "admin" {
  address = "localhost"
}

listener {
  address = "127.0.0.1:9100"
}

database {
  url             = "postgres://orders@${env.DB_HSOT}:5432/orders"
  pool_size       = 100000
  connect_timeout = "5s"
}

database {
  url = "postgres://replica"
}

retry {
  attempts = "many"
  backoff  = "250ms",
}

feature_flags = {
  new_checkout = true
  beta_reports = "maybe"
}

metrics {
  port = 9090
}
