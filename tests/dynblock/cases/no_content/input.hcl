dynamic "listener" {
  for_each = [1]
}
