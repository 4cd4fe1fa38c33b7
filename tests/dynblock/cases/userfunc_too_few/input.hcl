x = add(1)
