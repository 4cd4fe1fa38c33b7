plain = <<EOT
hello
  world
EOT
indented_marker = <<EOT
hello
    EOT
flush = <<-EOT
    hello
      world
    EOT
interp = <<EOT
hello ${name}!
EOT
crlf = <<EOT
line
EOT
empty = <<EOT
EOT
