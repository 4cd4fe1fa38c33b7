dynamic "listener" {
  for_each = 5
  content {}
}
