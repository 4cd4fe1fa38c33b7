dynamic "listener" {
  for_each = [80, 443]
  content {
    port  = listener.value
    index = listener.key
  }
}
listener {
  port  = 8080
  index = 9
}
