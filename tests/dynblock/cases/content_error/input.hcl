dynamic "listener" {
  for_each = [1, 2]
  content {
    port = listener.value
    index = listener.nope
  }
}
