foo-bar = 1
_private = 2
café = 3
über-wert = straße.näme
日本 = 日本.語
a1-2_3 = a1-2_3
block-type label-one "label two" {}
