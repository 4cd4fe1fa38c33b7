a = x ? 1 : 2
b = x ? y ? 1 : 2 : 3
c = x ? 1 : y ? 2 : 3
d = x > 1 ? "big" : "small"
e = x ? 1
