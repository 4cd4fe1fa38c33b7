dynamic "item" {
  for_each = [1, "two", true]
  content {
    v = item.value
  }
}
