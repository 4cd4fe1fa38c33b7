a = <<-EOT
    first
      second

    ${x} third
    EOT
b = <<-EOT
      deeper
    shallower
        blank next

    EOT
c = <<-EOT
    ${x}
      not stripped since a line starts with an interpolation
    EOT
