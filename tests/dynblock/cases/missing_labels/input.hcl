dynamic "service" {
  for_each = [1]
  content {
    port = 1
  }
}
