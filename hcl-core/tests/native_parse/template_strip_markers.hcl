a = "hello ${~ "world" }"
b = "%{ if true ~} hello %{~ endif }"
c = "${"hello" ~}${" world"}"
d = "  a  ${~ x ~}  b  "
e = <<EOT
  line ${~ x ~}
  next
EOT
f = "x %{~ for v in l ~} ${v} %{~ endfor ~} y"
