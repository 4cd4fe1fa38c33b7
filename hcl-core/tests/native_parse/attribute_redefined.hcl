a = 1
b = 2
a = 3
blk {
  a = 1
  a = 2
}
