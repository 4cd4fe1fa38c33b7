x = twice(add(2, 3))
