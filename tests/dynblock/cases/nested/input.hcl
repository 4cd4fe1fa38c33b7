dynamic "group" {
  for_each = ["g1", "g2"]
  content {
    name = group.value
    dynamic "member" {
      for_each = [1, 2]
      content {
        id = "${group.value}-${member.value}-${group.key}"
      }
    }
  }
}
