dynamic "listener" {
  for_each = [1]
  content {}
  content {}
}
