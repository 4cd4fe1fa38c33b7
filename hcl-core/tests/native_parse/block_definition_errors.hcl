a = {
  b = 1
}
c = 1, d = 2
e = 1 f
block "label" = {}
block2
{
}
"quoted" = 1
= 2
