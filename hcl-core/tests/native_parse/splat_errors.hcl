a = list.*.*
b = list[*.id
c = foo.
