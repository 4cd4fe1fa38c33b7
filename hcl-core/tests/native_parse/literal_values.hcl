t = true
f = false
n = null
num = 12
neg = -12
s = "string"
