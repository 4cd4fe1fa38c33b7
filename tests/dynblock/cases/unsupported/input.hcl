dynamic "other" {
  for_each = [1]
  content {}
}
