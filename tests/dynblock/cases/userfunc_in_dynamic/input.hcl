dynamic "item" {
  for_each = [1, 2, 3]
  content {
    v = sq(item.value)
  }
}
