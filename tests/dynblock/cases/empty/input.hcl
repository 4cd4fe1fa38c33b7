dynamic "rule" {
  for_each = []
  content {
    desc = "never"
  }
}
