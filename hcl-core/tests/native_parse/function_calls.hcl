none = f()
one = f(1)
many = f(1, "two", three)
trailing = f(1, 2,)
expand = f(list...)
multiline = f(
  1,
  2
)
nested = upper(lower("X"))
namespaced_like = provider-fn(1)
