name = "api"
prot = 8080

listener {
  address = "0.0.0.0:${port}"
}

replicas = length(zones) +
