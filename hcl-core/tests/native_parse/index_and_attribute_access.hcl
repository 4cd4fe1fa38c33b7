a = foo.bar
b = foo[0]
c = foo["key"]
d = foo.bar[0]["k"].baz
e = foo[var.x]
f = foo[var.x].bar
g = f()[0].a
h = [1, 2][0]
i = foo[
  0
]
j = foo[-1]
k = foo[(0)]
l = "str".length
