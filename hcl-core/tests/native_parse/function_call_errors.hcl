a = f(1 2)
b = f(list..., 2)
c = f(1
