empty_tuple = []
tuple = [1, "two", three]
trailing = [1, 2,]
multiline = [
  1,
  2
]
empty_object = {}
object = { a = 1, b: 2, "c" = 3 }
multiline_object = {
  a = 1
  b = 2,
  "c" = 3
}
computed_keys = {
  (foo) = 1
  foo.bar = 2
  "${x}" = 3
  4 = 4
}
