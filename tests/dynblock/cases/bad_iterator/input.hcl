dynamic "listener" {
  for_each = [1]
  iterator = a.b
  content {}
}
