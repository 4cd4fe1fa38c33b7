//! Encoding (issue 14, item 2): `#[derive(ToHcl)]` and `to_string`, with
//! exact expected text for representative structs, errors naming the
//! field, and a property test: decoding what was encoded gives back an
//! equal value.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

use hcl_decode::prelude::*;
use hcl_decode::{FromValue, ToValue};

fn encode<T: ToHcl>(value: &T) -> String {
    hcl_decode::to_string(value).expect("the value can be written")
}

/// Encodes, checks that the text is `hclfmt`'s formatting of itself, and
/// decodes it back.
fn round_trip<T: ToHcl + HclBody>(value: &T) -> T {
    let text = encode(value);
    assert_eq!(hcl_decode::hcl_core::format::format_str(&text), text);
    match hcl_decode::from_str::<T>(&text, "encoded.hcl") {
        Ok(v) => v,
        Err(e) => panic!("the encoded text does not decode:\n{text}\n{e}"),
    }
}

// ---- nested blocks, labels, maps by label, Option None omitted ----

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct Service {
    name: String,
    version: Option<String>,
    replicas: u32,
    tags: Vec<String>,
    #[hcl(block)]
    listener: Vec<Listener>,
    #[hcl(block)]
    limits: Option<Limits>,
    #[hcl(block)]
    backend: BTreeMap<String, Backend>,
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct Listener {
    #[hcl(label)]
    protocol: String,
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct Limits {
    cpu: f64,
    memory: u64,
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct Backend {
    #[hcl(label)]
    name: String,
    address: String,
    weight: Option<u8>,
}

fn service() -> Service {
    Service {
        name: "api".into(),
        version: None,
        replicas: 3,
        tags: vec!["web".into(), "public".into()],
        listener: vec![
            Listener {
                protocol: "http".into(),
                name: "main".into(),
                port: 80,
            },
            Listener {
                protocol: "https".into(),
                name: "main".into(),
                port: 443,
            },
        ],
        limits: Some(Limits {
            cpu: 0.5,
            memory: 1 << 30,
        }),
        backend: [
            (
                "blue".to_owned(),
                Backend {
                    name: "blue".into(),
                    address: "10.0.0.1".into(),
                    weight: Some(10),
                },
            ),
            (
                "green".to_owned(),
                Backend {
                    name: "green".into(),
                    address: "10.0.0.2".into(),
                    weight: None,
                },
            ),
        ]
        .into(),
    }
}

#[test]
fn nested_blocks_labels_and_maps_by_label() {
    let s = service();
    assert_eq!(
        encode(&s),
        r#"name     = "api"
replicas = 3
tags     = ["web", "public"]

listener "http" "main" {
  port = 80
}
listener "https" "main" {
  port = 443
}

limits {
  cpu    = 0.5
  memory = 1073741824
}

backend "blue" {
  address = "10.0.0.1"
  weight  = 10
}
backend "green" {
  address = "10.0.0.2"
}
"#
    );
    assert_eq!(round_trip(&s), s);
}

#[test]
fn a_map_key_is_the_first_label() {
    let mut s = service();
    s.listener.clear();
    s.limits = None;
    s.backend = [(
        "key".to_owned(),
        Backend {
            name: "other".into(),
            address: "a".into(),
            weight: None,
        },
    )]
    .into();
    assert!(encode(&s).ends_with("\nbackend \"key\" {\n  address = \"a\"\n}\n"));
}

// ---- rename, rename_all, skip, flatten, with, decoding-only options ----

#[derive(HclBody, ToHcl, Debug, PartialEq)]
#[hcl(rename_all = "kebab-case")]
struct Settings {
    log_level: String,
    #[hcl(rename = "max_conn")]
    max_connections: u32,
    #[hcl(skip)]
    cache: Vec<u8>,
    #[hcl(flatten)]
    common: Common,
    #[hcl(with = even, default = 2)]
    workers: u32,
    #[hcl(with = parse_ratio)]
    ratio: Ratio,
    #[hcl(optional)]
    retries: u8,
}

#[derive(HclBody, ToHcl, Debug, PartialEq)]
struct Common {
    region: String,
    #[hcl(block)]
    owner: Option<Owner>,
}

#[derive(HclBody, ToHcl, Debug, PartialEq)]
struct Owner {
    email: String,
}

/// A decoder: the field is encoded by its `ToValue`.
fn even(value: &Value, range: &Range) -> Result<u32, FromValueError> {
    let n: u32 = hcl_decode::decode_value(value, range)?;
    if n.is_multiple_of(2) {
        Ok(n)
    } else {
        Err(FromValueError::new("an even number is required"))
    }
}

#[derive(Debug, PartialEq)]
struct Ratio(u32, u32);

/// A decoder of a type that is no `FromValue`: `ToHcl` encodes the field
/// by the type's `ToValue` (below).
fn parse_ratio(value: &Value, range: &Range) -> Result<Ratio, FromValueError> {
    let s: String = hcl_decode::decode_value(value, range)?;
    let (a, b) = s
        .split_once(':')
        .ok_or("a ratio such as \"16:9\" is expected")?;
    Ok(Ratio(
        a.parse().map_err(|_| "not a number")?,
        b.parse().map_err(|_| "not a number")?,
    ))
}

impl ToValue for Ratio {
    fn to_value(&self) -> Result<Value, hcl_decode::encode::EncodeError> {
        Ok(Value::string(format!("{}:{}", self.0, self.1)))
    }
}

fn settings() -> Settings {
    Settings {
        log_level: "info".into(),
        max_connections: 100,
        cache: vec![1, 2, 3],
        common: Common {
            region: "eu-west-1".into(),
            owner: Some(Owner {
                email: "ops@example.com".into(),
            }),
        },
        workers: 4,
        ratio: Ratio(16, 9),
        retries: 0,
    }
}

#[test]
fn rename_rename_all_skip_flatten_and_with() {
    let s = settings();
    assert_eq!(
        encode(&s),
        r#"log-level = "info"
max_conn  = 100
region    = "eu-west-1"

owner {
  email = "ops@example.com"
}

workers = 4
ratio   = "16:9"
retries = 0
"#
    );
    let back = round_trip(&s);
    assert_eq!(
        back.cache,
        Vec::<u8>::new(),
        "a skipped field is not written"
    );
    assert_eq!(back, Settings { cache: vec![], ..s });
}

/// An encoder given by `with` (a struct deriving only `ToHcl`).
#[derive(ToHcl)]
struct Scaled {
    #[hcl(with = percent)]
    load: f64,
    #[hcl(with = percent)]
    peak: Option<f64>,
}

fn percent(v: &f64) -> Result<Value, String> {
    if (0.0..=1.0).contains(v) {
        Ok(Value::string(format!("{}%", v * 100.0)))
    } else {
        Err(format!("{v} is not a fraction"))
    }
}

#[test]
fn with_an_encoder() {
    let text = encode(&Scaled {
        load: 0.25,
        peak: None,
    });
    assert_eq!(text, "load = \"25%\"\n");
    let err = hcl_decode::to_string(&Scaled {
        load: 0.25,
        peak: Some(2.0),
    })
    .unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().detail,
        "The value at .peak cannot be written as HCL: 2 is not a fraction."
    );
}

// ---- enums: block types, by label, values ----

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
enum Step {
    Run(RunStep),
    #[hcl(rename = "build")]
    Compile(BuildStep),
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct RunStep {
    command: String,
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct BuildStep {
    #[hcl(label)]
    target: String,
    #[hcl(default)]
    release: bool,
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
#[hcl(by_label)]
enum Source {
    Git(GitSource),
    Local(LocalSource),
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct GitSource {
    #[hcl(label)]
    name: String,
    url: String,
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct LocalSource {
    #[hcl(label)]
    name: String,
    path: std::path::PathBuf,
}

#[derive(FromValue, ToValue, Debug, PartialEq, Clone, Copy)]
#[hcl(rename_all = "SCREAMING_SNAKE_CASE")]
enum Level {
    Debug,
    Info,
    #[hcl(rename = "warn")]
    Warning,
}

#[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
struct Pipeline {
    level: Level,
    levels: Vec<Level>,
    #[hcl(blocks)]
    steps: Vec<Step>,
    #[hcl(block)]
    source: Vec<Source>,
}

#[test]
fn enums_are_encoded_as_they_decode() {
    let p = Pipeline {
        level: Level::Info,
        levels: vec![Level::Debug, Level::Warning],
        steps: vec![
            Step::Run(RunStep {
                command: "make".into(),
            }),
            Step::Compile(BuildStep {
                target: "app".into(),
                release: true,
            }),
            Step::Run(RunStep {
                command: "make test".into(),
            }),
        ],
        source: vec![
            Source::Git(GitSource {
                name: "main".into(),
                url: "https://example.com/r.git".into(),
            }),
            Source::Local(LocalSource {
                name: "dev".into(),
                path: "../r".into(),
            }),
        ],
    };
    assert_eq!(
        encode(&p),
        r#"level  = "INFO"
levels = ["DEBUG", "warn"]

run {
  command = "make"
}

build "app" {
  release = true
}

run {
  command = "make test"
}

source "git" "main" {
  url = "https://example.com/r.git"
}
source "local" "dev" {
  path = "../r"
}
"#
    );
    assert_eq!(round_trip(&p), p);
}

// ---- values: strings, numbers, everyday types ----

#[derive(HclBody, ToHcl, Debug, PartialEq)]
struct Everyday {
    timeout: Duration,
    address: std::net::SocketAddr,
    letter: char,
    script: String,
    any: Value,
    nested: BTreeMap<String, Vec<Option<i64>>>,
    set: BTreeSet<String>,
    hashed: HashMap<String, u8>,
}

#[test]
fn everyday_values_and_heredocs() {
    let e = Everyday {
        timeout: Duration::from_secs(90),
        address: "[::1]:8080".parse().unwrap(),
        letter: 'é',
        script: "echo \"${HOME}\"\nexit 0\n".into(),
        any: Value::object([("a b", Value::bool(true)), ("c", Value::null(Type::String))]),
        nested: [("x".to_owned(), vec![Some(1), None])].into(),
        set: ["b".to_owned(), "a".to_owned()].into(),
        hashed: [("k".to_owned(), 1)].into(),
    };
    assert_eq!(
        encode(&e),
        r#"timeout = "1m30s"
address = "[::1]:8080"
letter  = "é"
script  = <<EOT
echo "$${HOME}"
exit 0
EOT
any = {
  "a b" = true
  c     = null
}
nested = {
  x = [1, null]
}
set = ["a", "b"]
hashed = {
  k = 1
}
"#
    );
    let back = round_trip(&e);
    // A null's type is not in the text: compare the rest, and the null as
    // a null.
    assert_eq!(back.any.get("c").map(Value::is_null), Some(true));
    assert_eq!(
        (
            back.timeout,
            back.address,
            back.letter,
            &back.script,
            &back.nested,
            &back.set
        ),
        (e.timeout, e.address, e.letter, &e.script, &e.nested, &e.set)
    );
    assert_eq!(back.hashed, e.hashed);
}

#[test]
fn heredocs_inside_blocks_read_back() {
    #[derive(HclBody, ToHcl, Debug, PartialEq)]
    struct Outer {
        #[hcl(block)]
        inner: Vec<Inner>,
    }
    #[derive(HclBody, ToHcl, Debug, PartialEq)]
    struct Inner {
        text: String,
    }
    let o = Outer {
        inner: vec![Inner {
            text: "  indented\nEOT\n".into(),
        }],
    };
    assert_eq!(round_trip(&o), o);
}

// ---- errors name the field path ----

#[derive(ToHcl)]
struct Bad {
    #[hcl(block)]
    server: BTreeMap<String, BadServer>,
}

#[derive(ToHcl)]
struct BadServer {
    #[hcl(label)]
    name: String,
    weights: Vec<f64>,
    value: Value,
    labels: BTreeMap<u8, String>,
}

fn error_detail<T: ToHcl>(value: &T) -> String {
    let err = hcl_decode::to_string(value).expect_err("the value cannot be written");
    assert_eq!(err.diagnostics().len(), 1);
    let d = err
        .diagnostics()
        .iter()
        .next()
        .expect("one diagnostic")
        .clone();
    assert_eq!(d.summary, "Value cannot be written as HCL");
    d.detail.into_owned()
}

fn bad(weights: Vec<f64>, value: Value, labels: BTreeMap<u8, String>) -> Bad {
    Bad {
        server: [(
            "web".to_owned(),
            BadServer {
                name: "web".into(),
                weights,
                value,
                labels,
            },
        )]
        .into(),
    }
}

#[test]
fn what_cannot_be_written_is_an_error_naming_the_field() {
    assert_eq!(
        error_detail(&bad(vec![1.0, f64::NAN], Value::number(1), BTreeMap::new())),
        "The value at .server[\"web\"].weights[1] cannot be written as HCL: NaN is not a number HCL can write."
    );
    assert_eq!(
        error_detail(&bad(vec![f64::INFINITY], Value::number(1), BTreeMap::new())),
        "The value at .server[\"web\"].weights[0] cannot be written as HCL: an infinite number has no literal in HCL."
    );
    assert_eq!(
        error_detail(&bad(
            vec![],
            Value::object([("a", Value::unknown(Type::String))]),
            BTreeMap::new()
        )),
        "The value at .server[\"web\"].value.a cannot be written as HCL: an unknown value has no HCL text."
    );
    assert_eq!(
        error_detail(&bad(vec![], Value::number(1), [(1, "x".to_owned())].into())),
        "The value at .server[\"web\"].labels cannot be written as HCL: a map key must be a string, not number."
    );
}

#[test]
fn to_writer_writes_the_same_text() {
    let s = service();
    let mut out = Vec::new();
    hcl_decode::to_writer(&mut out, &s).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), encode(&s));

    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = hcl_decode::to_writer(Full, &s).unwrap_err();
    assert_eq!(
        err.diagnostics().iter().next().unwrap().detail,
        "The output could not be written: disk full."
    );
    assert!(std::error::Error::source(&err).is_some());
}

/// A struct deriving `ToHcl` is a `ToValue` (an object), the inverse of
/// its `FromValue`: a list of them as an attribute reads back.
#[test]
fn a_struct_as_a_value() {
    #[derive(HclBody, ToHcl, Debug, PartialEq)]
    struct Team {
        members: Vec<Member>,
    }
    #[derive(HclBody, ToHcl, Debug, PartialEq)]
    struct Member {
        name: String,
        nick: Option<String>,
        #[hcl(block)]
        role: Vec<Role>,
    }
    #[derive(HclBody, ToHcl, Debug, PartialEq)]
    struct Role {
        title: String,
    }
    let t = Team {
        members: vec![
            Member {
                name: "a".into(),
                nick: Some("x".into()),
                role: vec![Role {
                    title: "dev".into(),
                }],
            },
            Member {
                name: "b".into(),
                nick: None,
                role: vec![],
            },
        ],
    };
    assert_eq!(round_trip(&t), t);
}

// ---- the property test ----

mod property {
    use super::*;
    use proptest::prelude::*;

    #[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
    struct Root {
        text: String,
        small: i64,
        big: u64,
        float: f64,
        flag: bool,
        maybe: Option<String>,
        list: Vec<Option<i64>>,
        map: BTreeMap<String, Vec<String>>,
        level: Level,
        #[hcl(block)]
        item: Vec<Item>,
        #[hcl(block)]
        keyed: BTreeMap<String, Keyed>,
        #[hcl(blocks)]
        steps: Vec<Step>,
        #[hcl(block)]
        source: Vec<Source>,
    }

    #[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
    struct Item {
        #[hcl(label)]
        name: String,
        values: Vec<f64>,
        #[hcl(block)]
        child: Option<Child>,
    }

    #[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
    struct Child {
        note: Option<String>,
        pairs: BTreeMap<String, i64>,
    }

    #[derive(HclBody, ToHcl, Debug, PartialEq, Clone)]
    struct Keyed {
        #[hcl(label)]
        key: String,
        n: u64,
    }

    /// Text with what needs escaping: quotes, backslashes, newlines,
    /// template sequences, control characters and non-ASCII letters.
    fn text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("\"".to_owned()),
            Just("\\".to_owned()),
            Just("\n".to_owned()),
            Just("\r\n".to_owned()),
            Just("\t".to_owned()),
            Just("${".to_owned()),
            Just("%{".to_owned()),
            Just("$${x}".to_owned()),
            Just("}".to_owned()),
            Just("EOT".to_owned()),
            Just("  ".to_owned()),
            Just("é".to_owned()),
            Just("日本".to_owned()),
            Just("\u{1}".to_owned()),
            "[a-zA-Z0-9 _-]{0,6}",
            any::<char>().prop_map(String::from),
        ];
        // HCL keeps strings in NFC (the information model), so only text
        // already in NFC reads back unchanged: `Value::string` normalizes.
        prop::collection::vec(piece, 0..6)
            .prop_map(|p| p.concat())
            .prop_filter("text in NFC", |s| {
                hcl_core::Value::string(s.as_str()).as_str() == Some(s.as_str())
            })
    }

    fn float() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(f64::MAX),
            Just(f64::MIN),
            Just(f64::MIN_POSITIVE),
            Just(5e-324),
            Just(-0.5),
            any::<f64>().prop_filter("finite", |f| f.is_finite()),
        ]
    }

    fn small() -> impl Strategy<Value = i64> {
        prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(0), any::<i64>()]
    }

    fn label() -> impl Strategy<Value = String> {
        text()
    }

    fn child() -> impl Strategy<Value = Child> {
        (
            prop::option::of(text()),
            prop::collection::btree_map(text(), small(), 0..3),
        )
            .prop_map(|(note, pairs)| Child { note, pairs })
    }

    fn item() -> impl Strategy<Value = Item> {
        (
            label(),
            prop::collection::vec(float(), 0..3),
            prop::option::of(child()),
        )
            .prop_map(|(name, values, child)| Item {
                name,
                values,
                child,
            })
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            text().prop_map(|command| Step::Run(RunStep { command })),
            (label(), any::<bool>())
                .prop_map(|(target, release)| Step::Compile(BuildStep { target, release })),
        ]
    }

    fn source() -> impl Strategy<Value = Source> {
        prop_oneof![
            (label(), text()).prop_map(|(name, url)| Source::Git(GitSource { name, url })),
            (label(), text()).prop_map(|(name, path)| Source::Local(LocalSource {
                name,
                path: path.into()
            })),
        ]
    }

    fn level() -> impl Strategy<Value = Level> {
        prop_oneof![Just(Level::Debug), Just(Level::Info), Just(Level::Warning)]
    }

    prop_compose! {
        fn root()(
            text in text(),
            small in small(),
            big in prop_oneof![Just(u64::MAX), any::<u64>()],
            float in float(),
            flag in any::<bool>(),
            maybe in prop::option::of(text()),
            list in prop::collection::vec(prop::option::of(small()), 0..4),
            map in prop::collection::btree_map(text(), prop::collection::vec(text(), 0..3), 0..3),
            level in level(),
            item in prop::collection::vec(item(), 0..3),
            keys in prop::collection::btree_set(label(), 0..3),
            ns in prop::collection::vec(any::<u64>(), 3),
            steps in prop::collection::vec(step(), 0..4),
            source in prop::collection::vec(source(), 0..3),
        ) -> Root {
            let keyed = keys
                .into_iter()
                .zip(ns)
                .map(|(key, n)| (key.clone(), Keyed { key, n }))
                .collect();
            Root { text, small, big, float, flag, maybe, list, map, level, item, keyed, steps, source }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn decoding_what_was_encoded_gives_it_back(r in root()) {
            let text = hcl_decode::to_string(&r).expect("the value can be written");
            let back = hcl_decode::from_str::<Root>(&text, "encoded.hcl");
            match back {
                Ok(back) => prop_assert_eq!(back, r, "text:\n{}", text),
                Err(e) => prop_assert!(false, "does not decode:\n{}\n{}", text, e),
            }
        }
    }
}

/// A generic struct: the bounds are the user's, as with `HclBody`.
#[test]
fn a_generic_struct() {
    #[derive(ToHcl)]
    struct Tagged<T: ToValue> {
        tag: String,
        value: T,
    }
    let text = encode(&Tagged {
        tag: "t".into(),
        value: vec![1u8, 2],
    });
    assert_eq!(text, "tag   = \"t\"\nvalue = [1, 2]\n");
}
