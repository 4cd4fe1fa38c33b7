dynamic "service" {
  for_each = { api = 80, web = 443 }
  iterator = svc
  labels   = [svc.key]
  content {
    port = svc.value
  }
}
