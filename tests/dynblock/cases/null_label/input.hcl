dynamic "service" {
  for_each = [1]
  labels   = [null]
  content {
    port = 1
  }
}
