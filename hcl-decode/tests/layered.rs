//! Layered partial decoding: an application and its plugins decode one
//! body in turns; what nobody consumed is reported once, with suggestions
//! from every layer.

// Some fields are only there to be decoded.
#![allow(dead_code)]

use hcl_decode::{BodyHandle, DecodeContext, Decoder, EvalContext, HclBody, layered};

#[derive(HclBody, Debug)]
struct Core {
    name: String,
    #[hcl(block)]
    listener: Vec<Listener>,
}

#[derive(HclBody, Debug)]
struct Listener {
    #[hcl(label)]
    name: String,
    port: u16,
}

#[derive(HclBody, Debug)]
struct Metrics {
    #[hcl(default = 9090)]
    metrics_port: u16,
    #[hcl(block)]
    exporter: Option<Exporter>,
}

#[derive(HclBody, Debug)]
struct Exporter {
    endpoint: String,
}

#[derive(HclBody, Debug)]
struct Auth {
    #[hcl(block)]
    oidc: Option<Oidc>,
}

#[derive(HclBody, Debug)]
struct Oidc {
    issuer: String,
}

const SRC: &str = r#"name = "api"
listener "a" { port = 80 }
metrics_port = 9100
exporter { endpoint = "e" }
oidc { issuer = "i" }
"#;

#[test]
fn every_layer_takes_its_part() {
    let mut layers = Decoder::new().text(SRC, "app.hcl").layers().unwrap();
    let core: Core = layers.decode().unwrap();
    let metrics: Metrics = layers.decode().unwrap();
    let auth: Auth = layers.decode().unwrap();
    assert_eq!(core.listener[0].port, 80);
    assert_eq!(metrics.metrics_port, 9100);
    assert_eq!(metrics.exporter.unwrap().endpoint, "e");
    assert_eq!(auth.oidc.unwrap().issuer, "i");
    assert!(layers.finish().unwrap().is_empty());
}

#[test]
fn leftovers_are_reported_once_with_suggestions_from_every_layer() {
    let src = "name = \"api\"\nmetrics_prot = 1\noidcc {}\nlistner \"b\" {}\nunrelated = true\n";
    let mut layers = Decoder::new().text(src, "app.hcl").layers().unwrap();
    let _: Option<Core> = layers.decode();
    let _: Option<Metrics> = layers.decode();
    let _: Option<Auth> = layers.decode();
    let err = layers.finish().unwrap_err();
    let lines: Vec<String> = err.diagnostics().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "app.hcl:2,1-13: Unsupported argument; An argument named \"metrics_prot\" is not expected here. Did you mean \"metrics_port\"?",
            "app.hcl:3,1-6: Unsupported block type; Blocks of type \"oidcc\" are not expected here. Did you mean \"oidc\"?",
            "app.hcl:4,1-8: Unsupported block type; Blocks of type \"listner\" are not expected here. Did you mean \"listener\"?",
            "app.hcl:5,1-10: Unsupported argument; An argument named \"unrelated\" is not expected here.",
        ]
    );
    assert!(err.to_string().contains("   2: metrics_prot = 1\n"));
}

#[test]
fn the_layers_own_mistakes_come_with_the_leftovers_in_source_order() {
    let src = "name = \"api\"\nmetrics_port = \"x\"\nlistener \"a\" { port = -1 }\nextra = 1\n";
    let mut layers = Decoder::new().text(src, "app.hcl").layers().unwrap();
    assert!(layers.decode::<Core>().is_none());
    assert!(layers.decode::<Metrics>().is_none());
    let err = layers.finish().unwrap_err();
    let summaries: Vec<(u32, &str)> = err
        .diagnostics()
        .iter()
        .map(|d| {
            (
                d.subject.as_ref().map_or(0, |s| s.start.line),
                d.summary.as_ref(),
            )
        })
        .collect();
    assert_eq!(
        summaries,
        [
            (2, "Incorrect attribute value type"),
            (3, "Invalid attribute value"),
            (4, "Unsupported argument")
        ]
    );
}

/// The same, by hand: the core struct keeps the rest in a `remain` field,
/// plugins decode from it, and the final check gets every schema.
#[derive(HclBody, Debug)]
struct CoreWithRest {
    name: String,
    #[hcl(remain)]
    plugins: BodyHandle,
}

#[test]
fn by_hand_with_a_remain_field() {
    let src = "name = \"api\"\nmetrics_port = 1\nexporterr {}\n";
    let core: CoreWithRest = hcl_decode::from_str(src, "app.hcl").unwrap();
    let ctx = EvalContext::new();
    let mut cx = DecodeContext::new(&ctx);
    let (metrics, rest) = layered::decode_partial::<Metrics>(&core.plugins, &mut cx);
    assert_eq!(metrics.unwrap().metrics_port, 1);
    assert!(cx.diagnostics().is_empty());
    let diags = layered::unconsumed(&rest, &[CoreWithRest::schema(), Metrics::schema()]);
    assert_eq!(
        diags.to_string(),
        "app.hcl:3,1-10: Unsupported block type; Blocks of type \"exporterr\" are not expected here. Did you mean \"exporter\"?"
    );
    // Nothing left: no diagnostic.
    let (_, rest) = layered::decode_partial::<Metrics>(
        &hcl_decode::from_str::<CoreWithRest>("name = \"x\"\n", "a.hcl")
            .unwrap()
            .plugins,
        &mut cx,
    );
    assert!(layered::unconsumed(&rest, &[Metrics::schema()]).is_empty());
}

#[test]
fn a_file_with_syntax_errors_gives_no_layer_a_value_but_reports_everything() {
    let src =
        "name = \"api\"\nlistener \"a\" { port = 80 80 }\nmetrics_port = \"x\"\nmetrics_prot = 1\n";
    let mut layers = Decoder::new().text(src, "app.hcl").layers().unwrap();
    assert!(layers.decode::<Core>().is_none());
    assert!(layers.decode::<Metrics>().is_none());
    let err = layers.finish().unwrap_err();
    let lines: Vec<String> = err.diagnostics().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "app.hcl:2,26-28: Invalid single-argument block definition; A single-line block definition must end with a closing brace immediately after its single argument definition.",
            "app.hcl:3,16-19: Incorrect attribute value type; Inappropriate value for attribute \"metrics_port\": a number is required.",
            "app.hcl:4,1-13: Unsupported argument; An argument named \"metrics_prot\" is not expected here. Did you mean \"metrics_port\"?",
        ]
    );
    assert!(
        err.to_string()
            .contains("   2: listener \"a\" { port = 80 80 }\n")
    );
}
