dynamic "listener" {
  for_each = null
  content {}
}
