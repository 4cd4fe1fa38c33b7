# An API gateway: the core reads `name`, `port` and the routes; the auth
# plugin reads `oidc` and `api_key`; the rate-limit plugin reads
# `requests_per_second` and `burst`. Nobody reads everything.

name = "edge"
port = 8443

route "/orders" {
  upstream = "http://orders.internal:8080"
}

route "/reports" {
  upstream = "http://reports.internal:8080"
  methods  = ["GET"]
}

oidc {
  issuer    = "https://login.example.com"
  client_id = "edge-gateway"
}

api_key "ci" {
  hash = "sha256:6b86b273ff34fce19d6b804eff5a3f57"
}

requests_per_second = 200
