name = "web"
service "http" "web" {
  port = 80

  listener {
    protocol = "tcp"
  }
}
empty {}
labelled ident "quoted" {
}
escaped_label "a\"b" "\u00e9" "" {}
