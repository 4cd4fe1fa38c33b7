attr_only = list.*.id
attr_chain = list.*.a.b[0]
full = list[*].id
full_chain = list[*].a.b[0]
bare_attr = list.*
bare_full = list[*]
nested_full = list[*].a[*].b
on_call = f()[*].x
