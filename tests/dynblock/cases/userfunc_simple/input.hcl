x = add(1, 2)
