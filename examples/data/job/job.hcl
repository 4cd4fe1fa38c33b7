# A Nomad-style job; its inputs and helpers are in vars.json.
job "web" {
  datacenters = local.datacenters
  count       = var.replicas

  dynamic "port" {
    for_each = var.ports
    labels   = [port.key]
    content {
      static = port.value.static
      proto  = port.value.proto
    }
  }

  env = {
    REGION = var.region
    BANNER = banner(var.region, local.tier)
  }
}
