a = foo.0
b = foo.0.bar
c = foo.bar.12
d = foo.0.1
e = foo.*.bar.0
