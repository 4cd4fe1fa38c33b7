# A service definition in the native syntax.
name     = "api"
port     = 8080 + offset
replicas = length(zones) * 2

listener "public" {
  address = "0.0.0.0:${port}"
  tls     = true
}

listener "admin" {
  address = "127.0.0.1:9${port % 1000}"
}

labels = { for z in zones : z => upper(z) }
