# The configuration of the "orders" service.

service     = "orders"
environment = "staging"
log_level   = "debug"

# Where the service listens: one block per listener, named by its label.
listener "public" {
  address = "0.0.0.0:8443"
  timeout = "1m"

  tls {
    cert = "/etc/orders/tls.crt"
    key  = "/etc/orders/tls.key"
  }
}

listener "admin" {
  address = "127.0.0.1:9000"
}

database {
  # `env` is given by the application.
  url             = "postgres://orders@${env.DB_HOST}:5432/orders"
  pool_size       = 20
  connect_timeout = "5s"
}

retry {
  attempts = 5
  backoff  = "250ms"
}

feature_flags = {
  new_checkout = true
  beta_reports = false
}
