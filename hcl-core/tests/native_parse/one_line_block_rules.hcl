a { b = 1 }
c "l" { d = "x" }
e {}
