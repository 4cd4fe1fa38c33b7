a = "line one
line two"
