a = 1;
b = 'x'
c = a & b
d = a | b
e = `x`
f = “quoted”
g = a @ b
