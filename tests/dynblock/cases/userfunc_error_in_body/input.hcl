x = add(1, "a")
