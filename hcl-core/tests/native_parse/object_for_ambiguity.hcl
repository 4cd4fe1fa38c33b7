a = {for = 1, baz = 2}
b = {"for" = 1, baz = 2}
c = {baz = 2, for = 1}
d = {(for) = 1, baz = 2}
e = [for, foo, baz]
f = [(for), foo, baz]
