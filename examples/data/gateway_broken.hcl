# The gateway's file with mistakes that only some layer can explain.

name = "edge"
port = 8443

route "/orders" {
  upstream = "http://orders.internal:8080"
}

rout "/reports" {
  upstream = "http://reports.internal:8080"
}

oidc {
  issuer = "https://login.example.com"
}

api_kye "ci" {
  hash = "sha256:6b86b273ff34fce19d6b804eff5a3f57"
}

requests_per_second = "lots"
brust               = 50
