dynamic "rule" {
  for_each = { b = "second", a = "first" }
  content {
    desc = "${rule.key}=${rule.value}"
  }
}
