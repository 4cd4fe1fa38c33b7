a = [for v in list: v]
b = [for i, v in list: i + v]
c = [for v in list: v if v > 1]
d = {for k, v in map: k => v}
e = {for k, v in map: v => k...}
f = {for v in list: v => v if v != null}
g = [
  for v in list:
  v
]
