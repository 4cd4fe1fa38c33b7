a = 1 + 2 * 3
b = 1 * 2 + 3
c = 1 - 2 - 3
d = 8 / 4 * 2 % 3
e = a || b && c
f = a == b != c
g = a < b == c >= d
h = !a && -b > c
i = -46 + 5
j = !!a
k = (1 + 2) * 3
l = a + b > c * d || e == f && !g
m = a <= b
