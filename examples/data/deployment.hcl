# A deployment of the "orders" service. The values of `rollout`,
# `health_check` and `resources` are read by serde types shared with the
# service's JSON API.

name     = "orders"
replicas = 3

rollout = "blue_green"

health_check = {
  path            = "/healthz"
  interval        = 10
  expected_status = [200, 204]
}

resources = {
  cpu       = 0.5
  memory_mb = "512"
}

labels = {
  team = "checkout"
  tier = "backend"
}
