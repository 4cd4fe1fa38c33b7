a { b = 1, c = 2 }
d { e = 1
}
f { g = 1 } h = 2
i { j { } }
k { l }
