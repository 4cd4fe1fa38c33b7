x = pick({a = 1}, "b")
