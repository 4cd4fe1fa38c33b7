//! Unit tests of the spec language: parsing spec files (every block kind,
//! every mistake with Go's diagnostic and position) and decoding by the
//! resulting specs.

use hcl_core::native::parse_config_str;
use hcl_core::{Diagnostics, EvalContext, Type, Value};

use super::*;

/// `summary | detail | subject` for each diagnostic.
fn lines(diags: &Diagnostics) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let subject = d
                .subject
                .as_ref()
                .map_or_else(|| "-".to_owned(), ToString::to_string);
            format!("{} | {} | {subject}", d.summary, d.detail)
        })
        .collect()
}

fn spec(src: &str) -> SpecFile {
    let (spec, diags) = parse_spec_file(src.as_bytes(), "s.hcldec");
    assert!(diags.is_empty(), "{diags}");
    spec
}

fn spec_errors(src: &str) -> Vec<String> {
    let (_, diags) = parse_spec_file(src.as_bytes(), "s.hcldec");
    lines(&diags)
}

fn decode_str(spec: &Spec, input: &str) -> (Value, Diagnostics) {
    let (file, diags) = parse_config_str(input, "in.hcl");
    assert!(diags.is_empty(), "{diags}");
    decode(&file.body(), spec, &EvalContext::literal_only())
}

#[test]
fn every_spec_kind_parses() {
    let file = spec(
        r#"
object {
  attr "a" {
    type     = list(number)
    required = true
  }
  attr "renamed" { name = "b" }
  block "c" {
    required = true
    object {}
  }
  block_list "d" {
    block_type = "dd"
    min_items  = 1
    max_items  = 3
    literal { value = 1 }
  }
  block_set "e" {
    array {}
  }
  block_map "f" {
    labels = ["x", "y"]
    attr {
      name = "v"
      type = number
    }
  }
  block_attrs "g" {
    element_type = string
    required     = true
  }
  default "h" {
    attr { name = "h1" }
    attr { name = "h2" }
    literal { value = "z" }
  }
  transform "i" {
    attr { name = "i" }
    result = nested
  }
  validate "j" {
    attr { name = "j" }
    condition     = true
    error_message = "never"
  }
}
"#,
    );
    let Spec::Object(members) = &file.root else {
        panic!("object: {:?}", file.root)
    };
    let names: Vec<&str> = members.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["a", "renamed", "c", "d", "e", "f", "g", "h", "i", "j"]
    );
    let get = |n: &str| &members.iter().find(|(k, _)| k == n).expect(n).1;

    let Spec::Attr(a) = get("a") else { panic!() };
    assert_eq!(
        (a.name.as_str(), &a.ty, a.required),
        ("a", &Type::list(Type::Number), true)
    );
    let Spec::Attr(b) = get("renamed") else {
        panic!()
    };
    assert_eq!(
        (b.name.as_str(), &b.ty, b.required),
        ("b", &Type::Dynamic, false)
    );
    let Spec::Block(c) = get("c") else { panic!() };
    assert_eq!(c.type_name, "c");
    assert!(c.required && matches!(*c.nested, Spec::Object(_)));
    let Spec::BlockList(d) = get("d") else {
        panic!()
    };
    assert_eq!(
        (d.type_name.as_str(), d.min_items, d.max_items),
        ("dd", 1, 3)
    );
    let Spec::BlockSet(e) = get("e") else {
        panic!()
    };
    assert!(matches!(*e.nested, Spec::Tuple(ref t) if t.is_empty()));
    let Spec::BlockMap(f) = get("f") else {
        panic!()
    };
    assert_eq!(f.labels, ["x", "y"]);
    let Spec::BlockAttrs(g) = get("g") else {
        panic!()
    };
    assert_eq!((&g.element_type, g.required), (&Type::String, true));
    // Fallbacks nest to the left.
    let Spec::Default(h) = get("h") else { panic!() };
    assert!(matches!(*h.fallback, Spec::Literal(_)));
    assert!(matches!(*h.primary, Spec::Default(_)));
    let Spec::Transform(i) = get("i") else {
        panic!()
    };
    assert_eq!(i.var_name, "nested");
    let Spec::Validate(j) = get("j") else {
        panic!()
    };
    assert_eq!(j.error_summary, "Invalid value");

    assert_eq!(
        implied_type(&file.root).to_string(),
        "object({a=list(number),c=object({}),d=list(number),e=set(tuple([])),f=map(map(number)),g=map(string),h=any,i=any,j=any,renamed=any})"
    );
}

#[test]
fn variables_and_functions_are_read() {
    let file = spec(
        r#"
variables {
  a = 1
  b = upper("x")
}
variables {
  a = 2
}
function "twice" {
  params = [n]
  result = n * 2
}
function "count" {
  params         = []
  variadic_param = rest
  result         = length(rest)
}
literal { value = null }
"#,
    );
    assert_eq!(file.variables["a"], Value::number(2));
    assert_eq!(file.variables["b"], Value::string("X"));
    let twice = &file.functions["twice"];
    assert_eq!(twice.call(&[Value::number(4)]).unwrap(), Value::number(8));
    let count = &file.functions["count"];
    assert_eq!(
        count
            .call(&[Value::bool(true), Value::string("x")])
            .unwrap(),
        Value::number(2)
    );
    // A failing body is reported as Go's `hcl.Diagnostics.Error()`.
    let err = twice.call(&[Value::string("x")]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "s.hcldec:11,12-13: Invalid operand; Unsuitable value for left operand: a number is required."
    );
}

#[test]
fn spec_file_structure_errors() {
    assert_eq!(
        spec_errors(""),
        [
            "Missing spec block | A spec file must have exactly one root block specifying how to map to a JSON value. | s.hcldec:1,1-1"
        ]
    );
    assert_eq!(
        spec_errors("attr \"a\" {}\n"),
        ["Extraneous label for attr | No labels are expected for attr blocks. | s.hcldec:1,6-9"]
    );
    assert_eq!(
        spec_errors("attr { name = \"a\" }\nliteral { value = 1 }\n"),
        [
            "Extraneous spec block | A spec file must have exactly one root block specifying how to map to a JSON value. | s.hcldec:2,1-8"
        ]
    );
    assert_eq!(
        spec_errors("x = 1\nobject {\n  attribute \"a\" {}\n  attr {}\n}\n"),
        [
            "Unsupported argument | An argument named \"x\" is not expected here. | s.hcldec:1,1-2",
            "Missing key for attr | All attr blocks must have 1 labels (key). | s.hcldec:4,8-9",
            "Unsupported block type | Blocks of type \"attribute\" are not expected here. | s.hcldec:3,3-12",
        ]
    );
}

#[test]
fn attr_spec_errors() {
    assert_eq!(
        spec_errors("attr {\n  type = string\n}\n"),
        [
            "Missing name in attribute spec | The name attribute is required, to specify the attribute name that is expected in an input HCL file. | s.hcldec:1,6-6"
        ]
    );
    assert_eq!(
        spec_errors(
            "attr \"a\" {\n  required = \"yes\"\n  name = [1]\n}\n"
                .replace("attr \"a\"", "attr")
                .as_str()
        ),
        [
            "Unsuitable value type | Unsuitable value: string required | s.hcldec:3,10-11",
            "Unsuitable value type | Unsuitable value: a bool is required | s.hcldec:2,15-18",
        ]
    );
    // Type expressions are evaluated as Go's hcldec does.
    assert_eq!(
        spec_errors("attr {\n  name = \"a\"\n  type = strin\n}\n"),
        [
            "Unknown variable | There is no variable named \"strin\". Did you mean \"string\"? | s.hcldec:3,10-15",
            "Invalid type expression | A type is required, not dynamic. | -",
        ]
    );
    assert_eq!(
        spec_errors("attr {\n  name = \"a\"\n  type = \"string\"\n}\n"),
        ["Invalid type expression | A type is required, not string. | -"]
    );
    // A variable is not allowed where Go's context has none.
    assert_eq!(
        spec_errors("attr {\n  name = foo\n}\n"),
        [
            "Variables not allowed | Variables may not be used here. | s.hcldec:2,10-13",
            "Unsuitable value type | Unsuitable value: value must be known | s.hcldec:2,10-13",
        ]
    );
}

#[test]
fn block_spec_errors() {
    assert_eq!(
        spec_errors("block {}\n"),
        [
            "Missing spec block | A block spec must have exactly one child spec specifying how to decode block contents. | s.hcldec:1,7-7"
        ]
    );
    assert_eq!(
        spec_errors("block_list {\n  block_type = \"a\"\n  object {}\n  array {}\n}\n"),
        [
            "Extraneous spec block | A block spec must have exactly one child spec specifying how to decode block contents. | s.hcldec:4,3-8"
        ]
    );
    assert_eq!(
        spec_errors("block_set {\n  object {}\n}\n"),
        [
            "Missing block_type in block_set spec | The block_type attribute is required, to specify the block type name that is expected in an input HCL file. | s.hcldec:1,11-11"
        ]
    );
    assert_eq!(
        spec_errors("block_list {\n  min_items = 1.5\n  object {}\n}\n"),
        [
            "Unsuitable value type | Unsuitable value: value must be a whole number, between -9223372036854775808 and 9223372036854775807 | s.hcldec:2,15-18"
        ]
    );
    assert_eq!(
        spec_errors("block_list {\n  block_typ = \"x\"\n  object {}\n}\n"),
        [
            "Unsupported argument | An argument named \"block_typ\" is not expected here. | s.hcldec:2,3-12",
            "Missing block_type in block_list spec | The block_type attribute is required, to specify the block type name that is expected in an input HCL file. | s.hcldec:1,12-12",
        ]
    );
}

#[test]
fn block_map_spec_errors() {
    assert_eq!(
        spec_errors("block_map {\n  object {}\n}\n"),
        [
            "Missing required argument | The argument \"labels\" is required, but no definition was found. | s.hcldec:1,11-11"
        ]
    );
    assert_eq!(
        spec_errors("block_map {\n  block_type = \"a\"\n  labels = []\n  object {}\n}\n"),
        [
            "Invalid block label name list | A block_map must have at least one label specified. | s.hcldec:1,11-11"
        ]
    );
    assert_eq!(
        spec_errors("block_map {\n  labels = [\"x\"]\n  object {}\n}\n"),
        [
            "Missing block_type in block_map spec | The block_type attribute is required, to specify the block type name that is expected in an input HCL file. | s.hcldec:1,11-11"
        ]
    );
    assert_eq!(
        spec_errors(
            "block_map {\n  block_type = \"a\"\n  labels = [\"x\"]\n  attr { name = \"v\" }\n}\n"
        ),
        [
            "Invalid block_map spec | A block_map spec may not contain attributes with type 'any'. | s.hcldec:1,11-11"
        ]
    );
}

#[test]
fn default_transform_literal_and_validate_errors() {
    assert_eq!(
        spec_errors("default {}\n"),
        [
            "Missing spec block | A default block must have at least one nested spec, each specifying a possible outcome. | s.hcldec:1,9-9"
        ]
    );
    assert_eq!(
        spec_errors("transform {\n  result = nested\n}\n"),
        [
            "Invalid transform spec | A transform spec block must have exactly one nested spec block. | s.hcldec:1,11-11"
        ]
    );
    assert_eq!(
        spec_errors("literal {}\n"),
        [
            "Missing required argument | The argument \"value\" is required, but no definition was found. | s.hcldec:1,9-9"
        ]
    );
    assert_eq!(
        spec_errors("literal { value = nope(1) }\n"),
        ["Call to unknown function | There is no function named \"nope\". | s.hcldec:1,19-23"]
    );
    assert_eq!(
        spec_errors("validate {\n  condition = true\n  literal { value = 1 }\n}\n"),
        [
            "Missing required argument | The argument \"error_message\" is required, but no definition was found. | s.hcldec:1,10-10"
        ]
    );
    assert_eq!(
        spec_errors("validate {\n  condition = true\n  error_message = \"x\"\n}\n"),
        [
            "Invalid validate spec | A validate spec block must have exactly one nested spec block. | s.hcldec:1,10-10"
        ]
    );
}

#[test]
fn function_block_errors() {
    assert_eq!(
        spec_errors(
            "function \"a\" {\n  params = [\"x\"]\n  result = 1\n}\nfunction \"b\" {\n  params = []\n  variadic_param = \"y\"\n  result = 1\n}\nfunction \"c\" {\n  result = 1\n}\nliteral { value = 1 }\n"
        ),
        [
            "Invalid param element | Each parameter name must be an identifier. | s.hcldec:2,13-16",
            "Invalid variadic_param | The variadic parameter name must be an identifier. | s.hcldec:7,20-23",
            "Missing required argument | The argument \"params\" is required, but no definition was found. | s.hcldec:10,14-14",
        ]
    );
}

#[test]
fn deviation_default_with_one_spec_warns_instead_of_panicking() {
    // Go's hcldec points its "Useless default block" warning at a second
    // block that does not exist, and panics (index out of range). We point
    // at the one block, and the spec is that block's.
    let (file, diags) = parse_spec_file(b"default {\n  literal { value = 1 }\n}\n", "s.hcldec");
    assert_eq!(
        lines(&diags),
        [
            "Useless default block | A default block with only one spec is equivalent to using that spec alone. | s.hcldec:2,3-10"
        ]
    );
    assert!(!diags.has_errors());
    assert!(matches!(file.root, Spec::Literal(ref v) if *v == Value::number(1)));
}

#[test]
fn decoding_blocks() {
    let file = spec(
        r#"
object {
  block "one" {
    attr {
      name = "v"
      type = number
    }
  }
  block_list "many" {
    min_items = 1
    max_items = 2
    attr {
      name = "v"
      type = string
    }
  }
  block_map "named" {
    labels = ["kind", "name"]
    attr {
      name = "v"
      type = number
    }
  }
}
"#,
    );
    let (value, diags) = decode_str(
        &file.root,
        "one { v = \"1\" }\nmany { v = 2 }\nnamed \"a\" \"x\" { v = 1 }\nnamed \"a\" \"y\" { v = 2 }\nnamed \"b\" \"x\" {}\n",
    );
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(value.get("one"), Some(&Value::number(1)));
    assert_eq!(
        value.get("many"),
        Some(&Value::list([Value::string("2")]).unwrap())
    );
    assert_eq!(
        value.get("named").map(ToString::to_string).as_deref(),
        Some("{ \"a\" = { \"x\" = 1, \"y\" = 2 }, \"b\" = { \"x\" = null } }")
    );

    let (_, diags) = decode_str(
        &file.root,
        "one {}\none {}\nmany {}\nmany {}\nmany {}\nnamed \"a\" \"x\" {}\nnamed \"a\" \"x\" {}\n",
    );
    assert_eq!(
        lines(&diags),
        [
            "Duplicate one block | Only one block of type \"one\" is allowed. Previous definition was at in.hcl:1,1-4. | in.hcl:2,1-4",
            "Too many many blocks | No more than 2 \"many\" blocks are allowed | in.hcl:5,6-6",
            "Duplicate named block | A block for named \"a\" \"x\" was already defined. The named labels must be unique. | in.hcl:7,1-14",
        ]
    );
    let (value, diags) = decode_str(&file.root, "");
    assert_eq!(
        lines(&diags),
        ["Insufficient many blocks | At least 1 \"many\" blocks are required. | in.hcl:1,1-1"]
    );
    assert_eq!(value.get("one"), Some(&Value::null(Type::Number)));
    // As in Go, an empty block_map is a map of the nested type, whatever
    // the number of labels.
    assert_eq!(
        value.get("named").map(Value::ty),
        Some(&Type::map(Type::Number))
    );
}

#[test]
fn decoding_default_transform_and_validate() {
    let file = spec(
        r#"
object {
  default "d" {
    attr { name = "a" }
    attr { name = "b" }
    literal { value = "none" }
  }
  transform "t" {
    attr {
      name = "n"
      type = number
    }
    result = nested == null ? 0 : nested * 2
  }
  validate "v" {
    attr {
      name = "v"
      type = number
    }
    condition     = nested == null ? true : nested > 0
    error_summary = "Not positive"
    error_message = "v must be positive."
  }
}
"#,
    );
    let (value, diags) = decode_str(&file.root, "b = \"x\"\nn = 21\n");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(value.get("d"), Some(&Value::string("x")));
    assert_eq!(value.get("t"), Some(&Value::number(42)));
    let (value, _) = decode_str(&file.root, "");
    assert_eq!(value.get("d"), Some(&Value::string("none")));
    assert_eq!(value.get("t"), Some(&Value::number(0)));
    let (_, diags) = decode_str(&file.root, "v = -1\n");
    assert_eq!(
        lines(&diags),
        ["Not positive | v must be positive. | in.hcl:1,5-7"]
    );
}

#[test]
fn partial_decoding_source_ranges_and_variables() {
    let file =
        spec("object {\n  attr \"a\" {}\n  block \"b\" {\n    attr { name = \"c\" }\n  }\n}\n");
    let (input, _) = parse_config_str("a = x.y\nb { c = z[0] }\nrest = 1\n", "in.hcl");
    let (value, rest, diags) =
        partial_decode(&input.body(), &file.root, &EvalContext::literal_only());
    // Variables are not allowed in a literal-only context.
    assert_eq!(diags.len(), 2);
    assert!(value.get("a").is_some());
    let (attrs, diags) = rest.just_attributes();
    assert!(diags.is_empty());
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["rest"]);

    let Spec::Object(members) = &file.root else {
        panic!()
    };
    assert_eq!(
        source_range(&input.body(), &members[0].1).to_string(),
        "in.hcl:1,5-8"
    );
    assert_eq!(
        source_range(&input.body(), &members[1].1).to_string(),
        "in.hcl:2,9-13"
    );
    let refs: Vec<String> = variables(&input.body(), &file.root)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(refs, ["x.y", "z[0]"]);
}

#[test]
fn implied_schema_merges_repeated_names() {
    let file = spec(
        "object {\n  attr \"a\" {}\n  attr \"b\" {\n    name     = \"a\"\n    required = true\n  }\n  block \"x\" {\n    literal { value = 1 }\n  }\n  block_list \"y\" {\n    block_type = \"x\"\n    literal { value = 1 }\n  }\n}\n",
    );
    let schema = implied_schema(&file.root);
    assert_eq!(schema.attributes.len(), 1);
    assert!(schema.attributes[0].required);
    assert_eq!(schema.blocks.len(), 1);
}

/// A spec file decoded in a context with the rules of `semantics`: the
/// spec file and its diagnostics, one line each.
fn spec_by(src: &str, semantics: hcl_core::Semantics) -> (SpecFile, Vec<String>) {
    let (file, diags) = parse_config_str(src, "s.hcldec");
    assert!(diags.is_empty(), "{diags}");
    let mut ctx = spec_context();
    ctx.set_semantics(semantics);
    let (spec, diags) = decode_spec_body_with(&file.body(), &ctx);
    (spec, lines(&diags))
}

/// A transform without its `result`.
const TRANSFORM_WITHOUT_RESULT: &str =
    "object {\n  transform \"t\" {\n    attr { name = \"a\" }\n  }\n}\n";

#[test]
fn deviation_transform_without_result_is_an_error() {
    // hcldec's spec format lists "`result` (required) - The expression to
    // evaluate on the result of the nested spec". Go's hcldec decodes it
    // into an `hcl.Expression`, which `gohcl` never requires: the transform
    // gives null (`go_mode_transform_without_result_gives_null`).
    let (_, diags) = spec_by(TRANSFORM_WITHOUT_RESULT, hcl_core::Semantics::Spec);
    assert_eq!(
        diags,
        [
            "Missing required argument | The argument \"result\" is required, but no definition was found. | s.hcldec:2,17-17"
        ]
    );
    // `parse_spec_file` reads by the spec's rules.
    assert_eq!(spec_errors(TRANSFORM_WITHOUT_RESULT), diags);
}

#[test]
fn go_mode_transform_without_result_gives_null() {
    // Go's hcldec (recorded): `transform { attr { name = "a" } }` on
    // `a = 1` prints `null`, and an object holding it `{}` (nulls dropped).
    let (spec, diags) = spec_by(TRANSFORM_WITHOUT_RESULT, hcl_core::Semantics::Go);
    assert!(diags.is_empty(), "{diags:?}");
    let (value, diags) = decode_str(&spec.root, "a = 1\n");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(value, Value::object([("t", Value::null(Type::Dynamic))]));
}

/// Decodes `input` by `spec` in a context with the rules of `semantics`.
fn decode_by(spec: &Spec, input: &str, semantics: hcl_core::Semantics) -> (Value, Vec<String>) {
    let (file, diags) = parse_config_str(input, "in.hcl");
    assert!(diags.is_empty(), "{diags}");
    let mut ctx = EvalContext::literal_only();
    ctx.set_semantics(semantics);
    let (value, diags) = decode(&file.body(), spec, &ctx);
    (value, lines(&diags))
}

/// Two required attributes, one typed and one of any type.
const REQUIRED_ATTRS: &str = "object {\n  attr \"name\" {\n    type     = string\n    required = true\n  }\n  attr \"any\" {\n    required = true\n  }\n}\n";

#[test]
fn deviation_required_attr_set_to_null_is_missing() {
    // The information model: "Calling applications should consider an
    // attribute with a null value as equivalent to the value not being
    // present at all", so a required attribute set to null is missing. Go's
    // hcldec takes the null (`go_mode_required_attr_set_to_null_is_null`).
    let file = spec(REQUIRED_ATTRS);
    let (value, diags) = decode_by(
        &file.root,
        "name = null\nany = null\n",
        hcl_core::Semantics::Spec,
    );
    assert_eq!(
        diags,
        [
            "Missing required argument | The argument \"name\" is required, but its value is null, which counts as no value. | in.hcl:1,8-12",
            "Missing required argument | The argument \"any\" is required, but its value is null, which counts as no value. | in.hcl:2,7-11",
        ]
    );
    assert_eq!(
        value,
        Value::object([
            ("any", Value::null(Type::Dynamic)),
            ("name", Value::null(Type::String)),
        ])
    );
    // An optional attribute set to null is simply absent, in both modes.
    let optional = spec("attr {\n  name = \"a\"\n  type = number\n}\n");
    for semantics in [hcl_core::Semantics::Spec, hcl_core::Semantics::Go] {
        let (value, diags) = decode_by(&optional.root, "a = null\n", semantics);
        assert_eq!((value, diags), (Value::null(Type::Number), Vec::new()));
    }
}

#[test]
fn go_mode_required_attr_set_to_null_is_null() {
    // Go's hcldec (recorded): `name = null` and `any = null` for required
    // attributes give `{}` (with `--keep-nulls`, `{"any":null,"name":null}`)
    // and no diagnostic.
    let file = spec(REQUIRED_ATTRS);
    let (value, diags) = decode_by(
        &file.root,
        "name = null\nany = null\n",
        hcl_core::Semantics::Go,
    );
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        value,
        Value::object([
            ("any", Value::null(Type::Dynamic)),
            ("name", Value::null(Type::String)),
        ])
    );
}
