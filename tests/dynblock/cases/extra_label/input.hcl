dynamic "service" {
  for_each = [1]
  labels   = ["a", "b"]
  content {
    port = 1
  }
}
