//! The derive's vocabulary, option by option: values decoded right, and
//! each mistake reported with its place.

// Some fields are only there to be decoded.
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};

use hcl_decode::hcl_core::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_decode::{
    BodyHandle, Decoder, Diagnostic, EvalContext, ExpressionHandle, FromValueError, HclBody, Range,
    Value,
};

/// Every diagnostic of a failed decoding, one line each.
fn errors<T: HclBody + std::fmt::Debug>(src: &str) -> Vec<String> {
    match hcl_decode::from_str::<T>(src, "t.hcl") {
        Ok(v) => panic!("decoded {v:?}"),
        Err(e) => e.diagnostics().iter().map(ToString::to_string).collect(),
    }
}

fn decode<T: HclBody>(src: &str) -> T {
    match hcl_decode::from_str::<T>(src, "t.hcl") {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

#[derive(HclBody, Debug)]
struct Attrs {
    name: String,
    port: Option<u16>,
    #[hcl(default = 30)]
    timeout_secs: u64,
    #[hcl(default = "eu-west")]
    region: String,
    #[hcl(default = default_tags())]
    tags: Vec<String>,
    #[hcl(default)]
    debug: bool,
    #[hcl(optional)]
    replicas: u32,
    #[hcl(rename = "type")]
    kind: Option<String>,
    r#loop: Option<bool>,
    #[hcl(skip)]
    computed: usize,
}

fn default_tags() -> Vec<String> {
    vec!["web".to_owned()]
}

#[test]
fn attributes_required_optional_and_defaults() {
    assert_eq!(
        Attrs::schema(),
        BodySchema::new()
            .attribute(AttributeSchema::required("name"))
            .attribute(AttributeSchema::optional("port"))
            .attribute(AttributeSchema::optional("timeout_secs"))
            .attribute(AttributeSchema::optional("region"))
            .attribute(AttributeSchema::optional("tags"))
            .attribute(AttributeSchema::optional("debug"))
            .attribute(AttributeSchema::optional("replicas"))
            .attribute(AttributeSchema::optional("type"))
            .attribute(AttributeSchema::optional("loop"))
    );
    let a: Attrs = decode("name = \"api\"\n");
    assert_eq!(a.name, "api");
    assert_eq!(a.port, None);
    assert_eq!(a.timeout_secs, 30);
    assert_eq!(a.region, "eu-west");
    assert_eq!(a.tags, ["web"]);
    assert!(!a.debug);
    assert_eq!(a.replicas, 0);
    assert_eq!(a.kind, None);
    assert_eq!(a.r#loop, None);
    assert_eq!(a.computed, 0);

    let a: Attrs = decode(
        "name = \"api\"\nport = 80\ntimeout_secs = 5\nregion = \"us\"\ntags = []\ndebug = true\nreplicas = 3\ntype = \"svc\"\nloop = true\n",
    );
    assert_eq!(
        (
            a.port,
            a.timeout_secs,
            a.region.as_str(),
            a.tags.len(),
            a.debug
        ),
        (Some(80), 5, "us", 0, true)
    );
    assert_eq!(
        (a.replicas, a.kind.as_deref(), a.r#loop),
        (3, Some("svc"), Some(true))
    );

    // Null is as good as absent for an optional attribute or a default.
    let a: Attrs = decode("name = \"api\"\nport = null\ntimeout_secs = null\n");
    assert_eq!((a.port, a.timeout_secs), (None, 30));

    // But not for a required one (`deviation_required_attribute_set_to_null_is_missing`).
    assert_eq!(errors::<Attrs>("name = null\n").len(), 1);
}

/// A required attribute of any type, null included.
#[derive(HclBody, Debug)]
struct AnyValue {
    value: Value,
}

/// Decodes `src` as `T` with the rules of `semantics`: the value, or every
/// diagnostic, one line each.
fn decode_by<T: HclBody>(
    src: &str,
    semantics: hcl_decode::hcl_core::Semantics,
) -> Result<T, Vec<String>> {
    let mut ctx = EvalContext::new();
    ctx.set_semantics(semantics);
    Decoder::new()
        .eval_context(ctx)
        .decode_str::<T>(src, "t.hcl")
        .map_err(|e| e.diagnostics().iter().map(ToString::to_string).collect())
}

#[test]
fn deviation_required_attribute_set_to_null_is_missing() {
    // The information model: "Calling applications should consider an
    // attribute with a null value as equivalent to the value not being
    // present at all". So a required attribute set to null is missing,
    // whatever the field's type. Go's `gohcl` hands the null to the field
    // (`go_mode_required_attribute_set_to_null_reaches_the_field`).
    use hcl_decode::hcl_core::Semantics;
    let missing = "t.hcl:1,8-12: Missing required argument; The argument \"name\" is required, but its value is null, which counts as no value.";
    assert_eq!(
        decode_by::<Attrs>("name = null\n", Semantics::Spec).unwrap_err(),
        [missing]
    );
    // Also for a type that could hold it.
    assert_eq!(
        decode_by::<AnyValue>("value = null\n", Semantics::Spec).unwrap_err(),
        [missing
            .replace("1,8-12", "1,9-13")
            .replace("\"name\"", "\"value\"")]
    );
    // Null is as good as absent for an optional attribute, in both modes.
    for semantics in [Semantics::Spec, Semantics::Go] {
        let a = decode_by::<Attrs>("name = \"api\"\nport = null\n", semantics).unwrap();
        assert_eq!(a.port, None);
    }
}

#[test]
fn go_mode_required_attribute_set_to_null_reaches_the_field() {
    // Go's `gohcl.DecodeBody` (recorded): a required `string` field set to
    // null is "Unsuitable value type; Unsuitable value: null value is not
    // allowed" (the field's conversion refuses it), and a `cty.Value`
    // field takes the null.
    use hcl_decode::hcl_core::Semantics;
    assert_eq!(
        decode_by::<Attrs>("name = null\n", Semantics::Go).unwrap_err(),
        [
            "t.hcl:1,8-12: Invalid attribute value; Inappropriate value for attribute \"name\": a null value is not allowed here."
        ]
    );
    let v = decode_by::<AnyValue>("value = null\n", Semantics::Go).unwrap();
    assert!(v.value.is_null());
}

#[test]
fn attribute_values_are_converted_first() {
    let a: Attrs = decode("name = 42\nport = \"8080\"\ndebug = \"true\"\n");
    assert_eq!((a.name.as_str(), a.port, a.debug), ("42", Some(8080), true));
    assert_eq!(
        errors::<Attrs>("name = \"x\"\nport = \"http\"\ndebug = [1]\n"),
        [
            "t.hcl:2,8-14: Incorrect attribute value type; Inappropriate value for attribute \"port\": a number is required.",
            "t.hcl:3,9-12: Incorrect attribute value type; Inappropriate value for attribute \"debug\": bool required."
        ]
    );
}

#[derive(HclBody, Debug)]
#[hcl(rename_all = "kebab-case")]
struct Kebab {
    listen_port: u16,
    #[hcl(rename = "TLS")]
    tls_enabled: bool,
    #[hcl(block)]
    health_check: Option<Empty>,
}

#[derive(HclBody, Debug)]
struct Empty {}

#[derive(HclBody, Debug)]
#[hcl(rename_all = "camelCase")]
struct Camel {
    listen_port: u16,
}

#[derive(HclBody, Debug)]
#[hcl(rename_all = "SCREAMING_SNAKE_CASE")]
struct Screaming {
    listen_port: u16,
}

#[test]
fn rename_and_rename_all() {
    assert_eq!(
        Kebab::schema().names().collect::<Vec<_>>(),
        ["listen-port", "TLS", "health-check"]
    );
    let k: Kebab = decode("listen-port = 1\nTLS = true\nhealth-check {}\n");
    assert_eq!(
        (k.listen_port, k.tls_enabled, k.health_check.is_some()),
        (1, true, true)
    );
    assert_eq!(Camel::schema().names().collect::<Vec<_>>(), ["listenPort"]);
    assert_eq!(
        Screaming::schema().names().collect::<Vec<_>>(),
        ["LISTEN_PORT"]
    );
    assert_eq!(
        errors::<Kebab>("listen_port = 1\nTLS = true\n"),
        [
            "t.hcl:1,1-1: Missing required argument; The argument \"listen-port\" is required, but no definition was found.",
            "t.hcl:1,1-12: Unsupported argument; An argument named \"listen_port\" is not expected here. Did you mean \"listen-port\"?"
        ]
    );
}

#[derive(HclBody, Debug)]
struct Blocks {
    #[hcl(block)]
    server: Server,
    #[hcl(block)]
    tls: Option<Tls>,
    #[hcl(block)]
    listener: Vec<Listener>,
    #[hcl(block)]
    backend: BTreeMap<String, Backend>,
    #[hcl(block, rename = "route")]
    routes: HashMap<String, Route>,
}

#[derive(HclBody, Debug)]
struct Server {
    host: String,
}

#[derive(HclBody, Debug)]
struct Tls {
    cert: String,
}

#[derive(HclBody, Debug)]
struct Listener {
    #[hcl(label)]
    protocol: String,
    #[hcl(label, rename = "port")]
    port_label: String,
    #[hcl(def_range)]
    range: Range,
    #[hcl(default = 100)]
    backlog: u32,
}

#[derive(HclBody, Debug)]
struct Backend {
    #[hcl(label)]
    name: String,
    weight: u8,
}

#[derive(HclBody, Debug)]
struct Route {
    #[hcl(label)]
    path: String,
    #[hcl(label)]
    method: String,
}

#[test]
fn blocks_of_every_shape() {
    assert_eq!(
        Blocks::schema(),
        BodySchema::new()
            .block(BlockHeaderSchema::new("server"))
            .block(BlockHeaderSchema::new("tls"))
            .block(
                BlockHeaderSchema::new("listener")
                    .label("protocol")
                    .label("port")
            )
            .block(BlockHeaderSchema::new("backend").label("name"))
            .block(
                BlockHeaderSchema::new("route")
                    .label("path")
                    .label("method")
            )
    );
    assert_eq!(Listener::LABELS, ["protocol", "port"]);
    let src = r#"
server { host = "a" }
listener "http" "80" {}
listener "https" "443" { backlog = 5 }
backend "b1" { weight = 1 }
backend "b2" { weight = 2 }
route "/" "GET" {}
"#;
    let b: Blocks = decode(src);
    assert_eq!(b.server.host, "a");
    assert!(b.tls.is_none());
    assert_eq!(b.listener.len(), 2);
    assert_eq!(
        (
            b.listener[1].protocol.as_str(),
            b.listener[1].port_label.as_str(),
            b.listener[1].backlog
        ),
        ("https", "443", 5)
    );
    assert_eq!(b.listener[0].backlog, 100);
    assert_eq!(b.listener[0].range.to_string(), "t.hcl:3,1-21");
    assert_eq!(b.backend.keys().collect::<Vec<_>>(), ["b1", "b2"]);
    assert_eq!(b.backend["b2"].weight, 2);
    assert_eq!(b.backend["b2"].name, "b2");
    assert_eq!(b.routes["/"].method, "GET");
}

#[test]
fn block_mistakes() {
    let src = r#"
tls { cert = "a" }
tls { cert = "b" }
backend "b1" { weight = 1 }
backend "b1" { weight = 300 }
listener "http" {}
"#;
    assert_eq!(
        errors::<Blocks>(src),
        [
            "t.hcl:1,1-1: Missing server block; A server block is required.",
            "t.hcl:3,1-4: Duplicate tls block; Only one tls block is allowed. Another was defined at t.hcl:2,1-4.",
            "t.hcl:5,9-13: Duplicate backend block; A backend block labelled \"b1\" was already defined at t.hcl:4,1-13. Each backend block must have a distinct label.",
            "t.hcl:6,17-18: Missing port for listener; All listener blocks must have 2 labels (protocol, port).",
        ]
    );
}

#[derive(HclBody, Debug)]
struct Plugin {
    name: String,
    #[hcl(remain)]
    rest: BodyHandle,
    #[hcl(body)]
    all: BodyHandle,
}

#[test]
fn remain_and_body() {
    let p: Plugin = decode("name = \"p\"\nextra = 1\nblock {}\n");
    let (attrs, diags) = p.rest.just_attributes();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["extra"]);
    // The block is still in the rest: just_attributes objects to it.
    assert_eq!(diags.len(), 1);
    let (attrs, _) = p.all.just_attributes();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["extra", "name"]);
    const { assert!(Plugin::__PARTIAL) };
}

#[derive(HclBody, Debug)]
struct Rule {
    when: ExpressionHandle,
    #[hcl(expr)]
    unless: Option<ExpressionHandle>,
    #[hcl(expr, optional)]
    otherwise: ExpressionHandle,
    #[hcl(value_range = "when")]
    when_range: Range,
    #[hcl(attr_range = "when")]
    when_attr: Range,
    #[hcl(attr_range = "unless")]
    unless_range: Option<Range>,
}

#[test]
fn expressions_and_ranges() {
    assert_eq!(
        Rule::schema(),
        BodySchema::new()
            .attribute(AttributeSchema::required("when"))
            .attribute(AttributeSchema::optional("unless"))
            .attribute(AttributeSchema::optional("otherwise"))
    );
    let r: Rule = decode("when = count > 2\n");
    let mut ctx = EvalContext::new();
    ctx.declare_variable("count", Value::number(3)).unwrap();
    assert!(r.when.evaluate::<bool>(&ctx).unwrap());
    assert!(r.unless.is_none());
    assert_eq!(
        r.otherwise.value(&ctx).0,
        Value::null(hcl_decode::Type::Dynamic)
    );
    assert_eq!(r.when_range.to_string(), "t.hcl:1,8-17");
    assert_eq!(r.when_attr.to_string(), "t.hcl:1,1-17");
    assert_eq!(r.unless_range, None);
    let err = r.when.evaluate::<u8>(&ctx).unwrap_err();
    assert_eq!(
        err.to_string(),
        "t.hcl:1,8-17: Incorrect attribute value type; Unsuitable value: number required."
    );
    assert_eq!(
        errors::<Rule>("unless = x\n"),
        [
            "t.hcl:1,1-1: Missing required argument; The argument \"when\" is required, but no definition was found."
        ]
    );
}

#[derive(HclBody, Debug)]
struct Common {
    region: String,
    #[hcl(block)]
    tag: Vec<Tag>,
}

#[derive(HclBody, Debug)]
struct Tag {
    #[hcl(label)]
    key: String,
    value: String,
}

#[derive(HclBody, Debug)]
struct Limits {
    #[hcl(default = 1)]
    cpu: u8,
    #[hcl(remain)]
    extra: BodyHandle,
}

#[derive(HclBody, Debug)]
struct Service {
    name: String,
    #[hcl(flatten)]
    common: Common,
    #[hcl(flatten)]
    limits: Limits,
}

#[test]
fn flatten_merges_schemas() {
    assert_eq!(
        Service::schema().names().collect::<Vec<_>>(),
        ["name", "region", "cpu", "tag"]
    );
    // The flattened `remain` makes the whole struct partial.
    const { assert!(Service::__PARTIAL) };
    let s: Service =
        decode("name = \"a\"\nregion = \"eu\"\ntag \"k\" { value = \"v\" }\nmemory = 2\n");
    assert_eq!(s.common.region, "eu");
    assert_eq!(s.common.tag[0].key, "k");
    assert_eq!(s.limits.cpu, 1);
    assert_eq!(
        s.limits
            .extra
            .just_attributes()
            .0
            .keys()
            .collect::<Vec<_>>(),
        ["memory"]
    );
}

fn parse_duration(value: &Value, range: &Range) -> Result<std::time::Duration, FromValueError> {
    let text = value
        .as_str()
        .ok_or("a duration is a string such as \"5s\"")?;
    let secs = text
        .strip_suffix('s')
        .and_then(|n| n.parse::<u64>().ok())
        .ok_or_else(|| {
            FromValueError::from(
                Diagnostic::error("Invalid duration")
                    .with_detail(format!(
                        "{text:?} is not a number of seconds such as \"5s\"."
                    ))
                    .with_subject(range.clone()),
            )
        })?;
    Ok(std::time::Duration::from_secs(secs))
}

fn parse_percent(value: &Value, _range: &Range) -> Result<u8, String> {
    match value.as_number().and_then(|n| n.to_u8().ok()) {
        Some(n) if n <= 100 => Ok(n),
        _ => Err(format!("{value} is not a percentage")),
    }
}

#[derive(HclBody, Debug)]
struct With {
    #[hcl(with = parse_duration)]
    timeout: std::time::Duration,
    #[hcl(with = parse_duration)]
    grace: Option<std::time::Duration>,
    #[hcl(with = "parse_percent", default = 50)]
    share: u8,
}

#[test]
fn with_custom_conversions() {
    let w: With = decode("timeout = \"5s\"\n");
    assert_eq!((w.timeout.as_secs(), w.grace, w.share), (5, None, 50));
    let w: With = decode("timeout = \"5s\"\ngrace = \"2s\"\nshare = 10\n");
    assert_eq!((w.grace.map(|g| g.as_secs()), w.share), (Some(2), 10));
    assert_eq!(
        errors::<With>("timeout = 5\ngrace = \"2m\"\nshare = 101\n"),
        [
            "t.hcl:1,11-12: Invalid attribute value; Inappropriate value for attribute \"timeout\": a duration is a string such as \"5s\".",
            "t.hcl:2,9-13: Invalid duration; \"2m\" is not a number of seconds such as \"5s\".",
            "t.hcl:3,9-12: Invalid attribute value; Inappropriate value for attribute \"share\": 101 is not a percentage."
        ]
    );
}

#[derive(HclBody, Debug)]
struct Generic<T: hcl_decode::FromValue> {
    value: T,
    #[hcl(block)]
    inner: Vec<Server>,
}

#[test]
fn generic_structs() {
    let g: Generic<u8> = decode("value = 3\ninner { host = \"h\" }\n");
    assert_eq!((g.value, g.inner[0].host.as_str()), (3, "h"));
    let g: Generic<Vec<String>> = decode("value = [\"a\"]\n");
    assert_eq!(g.value, ["a"]);
}

mod renamed {
    // The crate under another name, as a re-exporting crate would have it.
    pub use hcl_decode as decoding;
}

#[derive(HclBody, Debug)]
#[hcl(crate = "renamed::decoding")]
struct CratePath {
    name: String,
}

#[test]
fn crate_path_option() {
    let c: CratePath = decode("name = \"x\"\n");
    assert_eq!(c.name, "x");
}

#[derive(HclBody, Debug)]
struct Endpoint {
    host: String,
    #[hcl(default = 443)]
    port: u16,
    #[hcl(block)]
    header: BTreeMap<String, Header>,
    #[hcl(def_range)]
    at: Range,
}

#[derive(HclBody, Debug)]
struct Header {
    #[hcl(label)]
    name: String,
    value: String,
}

#[derive(HclBody, Debug)]
struct Upstreams {
    primary: Endpoint,
    replicas: Vec<Endpoint>,
    by_zone: Option<BTreeMap<String, Endpoint>>,
}

#[test]
fn derived_structs_as_object_values() {
    let src = r#"
primary = { host = "a", header = { accept = { value = "json" } } }
replicas = [{ host = "b", port = "80" }, { host = "c" }]
by_zone = { eu = { host = "d" } }
"#;
    let u: Upstreams = decode(src);
    assert_eq!((u.primary.host.as_str(), u.primary.port), ("a", 443));
    assert_eq!(u.primary.header["accept"].name, "accept");
    assert_eq!(u.primary.header["accept"].value, "json");
    assert_eq!(u.primary.at.to_string(), "t.hcl:2,11-67");
    assert_eq!(u.replicas.len(), 2);
    assert_eq!((u.replicas[0].port, u.replicas[1].port), (80, 443));
    assert_eq!(u.by_zone.as_ref().map(|z| z["eu"].host.as_str()), Some("d"));

    assert_eq!(
        errors::<Upstreams>(
            "primary = { port = 1 }\nreplicas = [{ host = \"b\" }, { host = \"c\", port = \"x\" }]\n"
        ),
        [
            "t.hcl:1,11-23: Incorrect attribute value type; Inappropriate value for attribute \"primary\": attribute \"host\" is required.",
            "t.hcl:2,50-53: Incorrect attribute value type; Inappropriate value for attribute \"replicas\": [1].port: a number is required."
        ]
    );
}

#[test]
fn partial_mode_leaves_unknown_items() {
    let a = Decoder::new()
        .partial()
        .decode_str::<Attrs>("name = \"a\"\nplugin = 1\n", "t.hcl")
        .unwrap();
    assert_eq!(a.name, "a");
    // Exhaustive (the default) reports it.
    assert_eq!(
        errors::<Attrs>("name = \"a\"\nplugin = 1\n"),
        ["t.hcl:2,1-7: Unsupported argument; An argument named \"plugin\" is not expected here."]
    );
}

#[derive(HclBody, Debug)]
struct Wrapper<T: HclBody> {
    id: String,
    #[hcl(flatten)]
    inner: T,
}

#[test]
fn generic_flatten() {
    let w: Wrapper<Server> = decode("id = \"1\"\nhost = \"h\"\n");
    assert_eq!((w.id.as_str(), w.inner.host.as_str()), ("1", "h"));
    assert_eq!(
        Wrapper::<Server>::schema().names().collect::<Vec<_>>(),
        ["id", "host"]
    );
}
