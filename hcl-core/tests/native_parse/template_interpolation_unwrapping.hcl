wrap = "${true}"
double = "${"${true}"}"
not_wrapped = "hello ${true}"
two = "${""}${true}"
for_dir = "%{ for v in [true] }${v}%{ endfor }"
literal = "just text"
empty = ""
heredoc_wrap = <<EOT
${x}
EOT
