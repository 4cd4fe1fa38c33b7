a = "ok"
b = "bad ÿ byte"
c = Ã(
