# A hash comment
// A slash comment
a = 1 # trailing
b = /* inline */ 2 // trailing
/* a
   multi-line
   comment */
c {
  # inside a block
  d = [
    1, # in a tuple
    2, /* inline */ 3,
  ]
}
e = 3 /* at the end */
#no newline at the end