//! Enums (issue 13, item 1): block-type dispatch (`#[hcl(blocks)]`),
//! label dispatch (`#[hcl(by_label)]`) and value enums
//! (`#[derive(FromValue)]`), with plugins decoded in the same pass.

// Some fields are only there to be decoded.
#![allow(dead_code)]

use std::collections::BTreeMap;

use hcl_decode::prelude::*;

fn errors<T: HclBody + std::fmt::Debug>(src: &str) -> Vec<String> {
    hcl_decode::from_str::<T>(src, "t.hcl")
        .expect_err("the file has mistakes")
        .diagnostics()
        .iter()
        .map(|d| {
            format!(
                "{}: {}; {}",
                d.subject
                    .as_ref()
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                d.summary,
                d.detail
            )
        })
        .collect()
}

// ---- block-type dispatch ----

#[derive(HclBody, Debug, PartialEq)]
enum Step {
    Run(RunStep),
    #[hcl(rename = "build")]
    Compile(BuildStep),
    UploadArtifact(Upload),
}

#[derive(HclBody, Debug, PartialEq)]
struct RunStep {
    command: String,
}

#[derive(HclBody, Debug, PartialEq)]
struct BuildStep {
    #[hcl(label)]
    target: String,
    #[hcl(default)]
    release: bool,
}

#[derive(HclBody, Debug, PartialEq)]
struct Upload {
    path: String,
}

#[derive(HclBody, Debug)]
struct Pipeline {
    name: String,
    #[hcl(blocks)]
    steps: Vec<Step>,
    #[hcl(block)]
    notify: Option<Notify>,
}

#[derive(HclBody, Debug)]
struct Notify {
    email: String,
}

#[test]
fn block_type_enum_keeps_source_order() {
    let src = r#"
name = "ci"
run { command = "make" }
build "app" { release = true }
notify { email = "a@b" }
run { command = "test" }
upload_artifact { path = "out" }
"#;
    let p: Pipeline = hcl_decode::from_str(src, "t.hcl").unwrap();
    assert_eq!(
        p.steps,
        [
            Step::Run(RunStep {
                command: "make".into()
            }),
            Step::Compile(BuildStep {
                target: "app".into(),
                release: true
            }),
            Step::Run(RunStep {
                command: "test".into()
            }),
            Step::UploadArtifact(Upload { path: "out".into() }),
        ]
    );
    assert_eq!(p.notify.unwrap().email, "a@b");
    assert_eq!(
        <Step as HclBlocks>::TYPES,
        ["run", "build", "upload_artifact"]
    );
    assert_eq!(
        Pipeline::schema().names().collect::<Vec<_>>(),
        ["name", "run", "build", "upload_artifact", "notify"]
    );
}

#[test]
fn block_type_enum_reports_unknown_types_and_every_step_error() {
    let src = "name = \"ci\"\nrun { command = 1 + \"x\" }\nbiuld \"a\" {}\nrun {}\nbuild {}\n";
    assert_eq!(
        errors::<Pipeline>(src),
        [
            "t.hcl:2,21-24: Invalid operand; Unsuitable value for right operand: a number is required.",
            "t.hcl:3,1-6: Unsupported block type; Blocks of type \"biuld\" are not expected here. Did you mean \"build\"?",
            "t.hcl:4,5-5: Missing required argument; The argument \"command\" is required, but no definition was found.",
            "t.hcl:5,7-8: Missing target for build; All build blocks must have 1 labels (target).",
        ]
    );
}

#[derive(HclBody, Debug)]
#[hcl(rename_all = "kebab-case")]
enum Kebab {
    UploadArtifact(Upload),
}

#[derive(HclBody, Debug)]
struct KebabSteps {
    #[hcl(blocks)]
    steps: Vec<Kebab>,
}

#[test]
fn block_type_enum_rename_all() {
    let k: KebabSteps =
        hcl_decode::from_str("upload-artifact { path = \"x\" }\n", "t.hcl").unwrap();
    assert_eq!(k.steps.len(), 1);
}

// ---- label dispatch ----

#[derive(HclBody, Debug, PartialEq)]
#[hcl(by_label)]
enum Driver {
    Docker(DockerConfig),
    Exec(ExecConfig),
}

#[derive(HclBody, Debug, PartialEq)]
struct DockerConfig {
    #[hcl(label)]
    name: String,
    image: String,
    #[hcl(block)]
    config: Option<DockerOptions>,
}

#[derive(HclBody, Debug, PartialEq)]
struct DockerOptions {
    #[hcl(default)]
    privileged: bool,
    ports: Vec<u16>,
}

#[derive(HclBody, Debug, PartialEq)]
struct ExecConfig {
    #[hcl(label)]
    name: String,
    command: String,
}

#[derive(HclBody, Debug)]
struct Task {
    cpu: u32,
    #[hcl(block)]
    driver: Vec<Driver>,
}

#[test]
fn label_enum_chooses_the_variant_by_the_first_label() {
    let src = r#"
cpu = 2
driver "docker" "web" {
  image = "nginx"
  config { ports = [80, 443] }
}
driver "exec" "job" { command = "run.sh" }
"#;
    let t: Task = hcl_decode::from_str(src, "t.hcl").unwrap();
    assert_eq!(
        t.driver,
        [
            Driver::Docker(DockerConfig {
                name: "web".into(),
                image: "nginx".into(),
                config: Some(DockerOptions {
                    privileged: false,
                    ports: vec![80, 443]
                }),
            }),
            Driver::Exec(ExecConfig {
                name: "job".into(),
                command: "run.sh".into()
            }),
        ]
    );
    assert_eq!(Driver::LABELS, ["type", "name"]);
}

#[test]
fn unknown_label_is_reported_at_the_label_with_a_suggestion() {
    let src = "cpu = 1\ndriver \"dokcer\" \"x\" { image = \"i\" }\ndriver \"zzz\" \"y\" {}\n";
    assert_eq!(
        errors::<Task>(src),
        [
            "t.hcl:2,8-16: Unsupported driver type; The driver type must be \"docker\" or \"exec\"; \"dokcer\" is not supported. Did you mean \"docker\"?",
            "t.hcl:3,8-13: Unsupported driver type; The driver type must be \"docker\" or \"exec\"; \"zzz\" is not supported.",
        ]
    );
}

/// A label named as its block type (`by_label = "driver"` on `driver`
/// blocks).
#[derive(HclBody, Debug)]
#[hcl(by_label = "driver")]
enum NamedDriver {
    Docker(ExecConfig),
}

#[derive(HclBody, Debug)]
struct NamedTask {
    #[hcl(block)]
    driver: Vec<NamedDriver>,
}

#[test]
fn a_label_named_as_its_block_type_is_named_once() {
    let src = "driver \"dokcer\" \"x\" { command = \"c\" }\n";
    assert_eq!(
        errors::<NamedTask>(src),
        [
            "t.hcl:1,8-16: Unsupported driver; The label of a driver block must be \"docker\"; \"dokcer\" is not supported. Did you mean \"docker\"?"
        ]
    );
}

#[test]
fn plugin_errors_come_in_the_same_pass_as_the_core_errors() {
    // The core's own mistake (`cpu`) and mistakes deep inside two plugin
    // bodies, all in one run.
    let src = r#"
cpu = "lots"
driver "docker" "web" {
  image = "nginx"
  config {
    privilegd = true
    ports = [80, "http"]
  }
}
driver "exec" "job" {}
"#;
    assert_eq!(
        errors::<Task>(src),
        [
            "t.hcl:2,7-13: Incorrect attribute value type; Inappropriate value for attribute \"cpu\": a number is required.",
            "t.hcl:6,5-14: Unsupported argument; An argument named \"privilegd\" is not expected here. Did you mean \"privileged\"?",
            "t.hcl:7,18-24: Incorrect attribute value type; Inappropriate value for attribute \"ports\": [1]: a number is required.",
            "t.hcl:10,21-21: Missing required argument; The argument \"command\" is required, but no definition was found.",
        ]
    );
}

#[derive(HclBody, Debug)]
#[hcl(by_label = "kind")]
enum Sink {
    File(FileSink),
    Stdout(StdoutSink),
}

#[derive(HclBody, Debug)]
struct FileSink {
    path: String,
}

#[derive(HclBody, Debug)]
struct StdoutSink {}

#[derive(HclBody, Debug)]
struct Logging {
    #[hcl(block)]
    sink: Sink,
    #[hcl(block)]
    backup: Option<Sink>,
    #[hcl(block)]
    named: BTreeMap<String, Sink>,
}

#[test]
fn label_enum_as_one_block_an_option_or_a_map() {
    let src = "sink \"file\" { path = \"/var/log\" }\nnamed \"stdout\" {}\n";
    let l: Logging = hcl_decode::from_str(src, "t.hcl").unwrap();
    assert!(matches!(&l.sink, Sink::File(f) if f.path == "/var/log"));
    assert!(l.backup.is_none());
    assert!(matches!(l.named.get("stdout"), Some(Sink::Stdout(_))));
    assert_eq!(
        errors::<Logging>("sink {}\n"),
        [
            // The block without its label is not one: the required one is missing.
            "t.hcl:1,1-1: Missing sink block; A sink block is required.",
            "t.hcl:1,6-7: Missing kind for sink; All sink blocks must have 1 labels (kind).",
        ]
    );
}

#[test]
fn label_enum_from_a_map_value() {
    // A map of blocks given as a value: the key is the first label.
    #[derive(HclBody, Debug)]
    struct Sinks {
        #[hcl(block)]
        named: BTreeMap<String, Sink>,
    }
    #[derive(HclBody, Debug)]
    struct Outer {
        inner: Sinks,
    }
    let o: Outer = hcl_decode::from_str(
        "inner = { named = { file = { path = \"p\" }, stdout = {} } }\n",
        "t.hcl",
    )
    .unwrap();
    assert!(matches!(o.inner.named.get("file"), Some(Sink::File(f)) if f.path == "p"));
    assert_eq!(
        errors::<Outer>("inner = { named = { fil = { path = \"p\" } } }\n"),
        [
            "t.hcl:1,27-41: Invalid attribute value; Inappropriate value for attribute \"inner\": .named[\"fil\"]: the kind must be \"file\" or \"stdout\", not \"fil\". Did you mean \"file\"?"
        ]
    );
}

// ---- value enums ----

#[derive(FromValue, Debug, PartialEq, Clone, Copy)]
enum Level {
    Debug,
    Info,
    #[hcl(rename = "warn")]
    Warning,
}

#[derive(HclBody, Debug)]
struct Log {
    level: Level,
    #[hcl(default = Level::Info)]
    fallback: Level,
    others: Option<Vec<Level>>,
}

#[test]
fn value_enum_from_a_string() {
    let l: Log = hcl_decode::from_str("level = \"warn\"\nothers = [\"debug\"]\n", "t.hcl").unwrap();
    assert_eq!((l.level, l.fallback), (Level::Warning, Level::Info));
    assert_eq!(l.others, Some(vec![Level::Debug]));
    assert_eq!(<Level as FromValue>::hcl_type(), Type::String);
}

#[test]
fn value_enum_diagnostic_lists_the_values_and_suggests() {
    assert_eq!(
        errors::<Log>("level = \"inof\"\nothers = [\"info\", \"Warning\", \"x\"]\n"),
        [
            "t.hcl:1,9-15: Invalid attribute value; Inappropriate value for attribute \"level\": value must be one of \"debug\", \"info\" or \"warn\", not \"inof\". Did you mean \"info\"?",
            "t.hcl:2,19-28: Invalid attribute value; Inappropriate value for attribute \"others\": [1]: value must be one of \"debug\", \"info\" or \"warn\", not \"Warning\".",
        ]
    );
    assert_eq!(
        errors::<Log>("level = [1]\n"),
        [
            "t.hcl:1,9-12: Incorrect attribute value type; Inappropriate value for attribute \"level\": string required."
        ]
    );
}

#[derive(FromValue, Debug, PartialEq)]
#[hcl(rename_all = "SCREAMING_SNAKE_CASE")]
enum Protocol {
    Tcp,
    HttpTwo,
}

#[test]
fn value_enum_rename_all() {
    let at = Range::at("x.hcl", hcl_decode::Pos::start());
    assert_eq!(
        hcl_decode::decode_value::<Protocol>(&Value::string("HTTP_TWO"), &at),
        Ok(Protocol::HttpTwo)
    );
}

// ---- nesting ----

#[derive(HclBody, Debug)]
enum Action {
    Notify(Notifier),
    Run(RunStep),
}

#[derive(HclBody, Debug)]
#[hcl(by_label = "service")]
enum Notifier {
    Slack(SlackConfig),
    Chat(ChatRoom),
}

#[derive(HclBody, Debug)]
struct SlackConfig {
    #[hcl(label)]
    channel: String,
    #[hcl(label)]
    topic: String,
}

/// A second level of dispatch, on the second label.
#[derive(HclBody, Debug)]
#[hcl(by_label = "room")]
enum ChatRoom {
    Ops(OpsRoom),
}

#[derive(HclBody, Debug)]
struct OpsRoom {
    #[hcl(label)]
    topic: String,
    #[hcl(default)]
    mention: bool,
}

#[derive(HclBody, Debug)]
struct Actions {
    #[hcl(blocks)]
    actions: Vec<Action>,
}

#[test]
fn a_label_enum_inside_a_block_type_enum_and_inside_another() {
    let src = "run { command = \"x\" }\nnotify \"slack\" \"#a\" \"builds\" {}\nnotify \"chat\" \"ops\" \"deploys\" { mention = true }\n";
    let a: Actions = hcl_decode::from_str(src, "t.hcl").unwrap();
    assert!(
        matches!(&a.actions[..], [
            Action::Run(_),
            Action::Notify(Notifier::Slack(s)),
            Action::Notify(Notifier::Chat(ChatRoom::Ops(o))),
        ] if s.channel == "#a" && s.topic == "builds" && o.topic == "deploys" && o.mention),
        "{a:?}"
    );
    assert_eq!(Notifier::LABELS, ["service", "channel", "topic"]);
    assert_eq!(
        errors::<Actions>("notify \"chat\" \"dev\" \"x\" {}\n"),
        [
            "t.hcl:1,15-20: Unsupported notify room; The notify room must be \"ops\"; \"dev\" is not supported."
        ]
    );
}

#[test]
fn block_type_enum_in_json_keeps_property_order() {
    let src = r#"{
  "name": "ci",
  "build": {"app": {"release": true}},
  "run": [{"command": "a"}, {"command": "b"}],
  "upload_artifact": {"path": "out"}
}"#;
    let p: Pipeline = hcl_decode::from_str(src, "t.json").unwrap();
    assert_eq!(
        p.steps,
        [
            Step::Compile(BuildStep {
                target: "app".into(),
                release: true
            }),
            Step::Run(RunStep {
                command: "a".into()
            }),
            Step::Run(RunStep {
                command: "b".into()
            }),
            Step::UploadArtifact(Upload { path: "out".into() }),
        ]
    );
}
