a = [for v in list: k => v]
b = [for v in list: v...]
c = {for v in list: v}
d = [for in list: v]
e = [for a, in list: v]
f = [for v list: v]
g = [for v in list v]
h = [for v in list: v if v x]
