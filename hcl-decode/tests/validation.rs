//! Validation (issue 13, item 3), the `body` field and partial decoding
//! without traps (item 5), and every layer in one pass (item 4).

// Some fields are only there to be decoded.
#![allow(dead_code)]

use hcl_decode::prelude::*;

fn errors<T: HclBody + std::fmt::Debug>(src: &str) -> Vec<String> {
    render(
        hcl_decode::from_str::<T>(src, "t.hcl")
            .expect_err("the file has mistakes")
            .diagnostics(),
    )
}

fn render(diags: &Diagnostics) -> Vec<String> {
    diags
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

fn port_in_range(port: &u16) -> Result<(), String> {
    if *port < 1024 {
        Err(format!("port {port} is privileged; use 1024 or above"))
    } else {
        Ok(())
    }
}

// A field validator takes `&T`: `&String` for a `String` field.
#[allow(clippy::ptr_arg)]
fn not_empty(s: &String) -> Result<(), String> {
    if s.is_empty() {
        Err("must not be empty".to_owned())
    } else {
        Ok(())
    }
}

fn min_not_above_max(s: &Scaling, v: &mut Validator<'_>) {
    if s.min > s.max {
        v.error(
            "min",
            "Invalid scaling",
            format!("min ({}) must not exceed max ({}).", s.min, s.max),
        );
    }
    if s.policy.is_none() && s.max > 10 {
        v.error(
            "policy",
            "Missing scaling policy",
            "More than 10 instances need a policy block.",
        );
    }
}

#[derive(HclBody, Debug)]
#[hcl(validate = min_not_above_max)]
struct Scaling {
    min: u32,
    max: u32,
    #[hcl(block)]
    policy: Option<Policy>,
}

#[derive(HclBody, Debug)]
struct Policy {
    #[hcl(validate = not_empty)]
    metric: String,
}

#[derive(HclBody, Debug)]
struct Service {
    #[hcl(validate = not_empty)]
    name: String,
    #[hcl(validate = port_in_range, default = 8080)]
    port: u16,
    #[hcl(block)]
    scaling: Scaling,
}

#[test]
fn valid_values_pass() {
    let s: Service = hcl_decode::from_str(
        "name = \"api\"\nscaling {\n  min = 1\n  max = 3\n}\n",
        "t.hcl",
    )
    .unwrap();
    assert_eq!((s.port, s.scaling.max), (8080, 3));
}

#[test]
fn field_and_struct_validators_join_the_single_pass() {
    let src = "name = \"\"\nport = 80\nscaling {\n  min = 5\n  max = 20\n  bogus = 1\n}\n";
    assert_eq!(
        errors::<Service>(src),
        [
            "t.hcl:1,8-10: Invalid attribute value; Inappropriate value for attribute \"name\": must not be empty.",
            "t.hcl:2,8-10: Invalid attribute value; Inappropriate value for attribute \"port\": port 80 is privileged; use 1024 or above.",
            "t.hcl:3,1-8: Missing scaling policy; More than 10 instances need a policy block.",
            "t.hcl:6,3-8: Unsupported argument; An argument named \"bogus\" is not expected here.",
        ]
    );
    // Without the unknown argument the struct decodes, and its validator
    // reports at the fields' attributes, and at the block for a field
    // that is not written.
    let src = "name = \"\"\nscaling {\n  min = 50\n  max = 20\n}\n";
    assert_eq!(
        errors::<Service>(src),
        [
            "t.hcl:1,8-10: Invalid attribute value; Inappropriate value for attribute \"name\": must not be empty.",
            "t.hcl:2,1-8: Missing scaling policy; More than 10 instances need a policy block.",
            "t.hcl:3,3-11: Invalid scaling; min (50) must not exceed max (20).",
        ]
    );
}

#[test]
fn a_struct_validator_runs_only_when_the_struct_decoded() {
    // `max` does not decode: the cross-field rule is not checked.
    let src = "name = \"a\"\nscaling {\n  min = 5\n  max = \"many\"\n}\n";
    assert_eq!(
        errors::<Service>(src),
        [
            "t.hcl:4,9-15: Incorrect attribute value type; Inappropriate value for attribute \"max\": a number is required."
        ]
    );
}

#[test]
fn a_validator_error_at_a_block_field() {
    let src = "name = \"a\"\nscaling {\n  min = 5\n  max = 4\n  policy { metric = \"\" }\n}\n";
    assert_eq!(
        errors::<Service>(src),
        [
            "t.hcl:3,3-10: Invalid scaling; min (5) must not exceed max (4).",
            "t.hcl:5,21-23: Invalid attribute value; Inappropriate value for attribute \"metric\": must not be empty.",
        ]
    );
}

#[test]
fn field_validators_run_on_object_values_too() {
    #[derive(HclBody, Debug)]
    struct Outer {
        service: Service,
    }
    let err = errors::<Outer>("service = { name = \"\", scaling = { min = 1, max = 2 } }\n");
    assert_eq!(
        err,
        [
            "t.hcl:1,20-22: Invalid attribute value; Inappropriate value for attribute \"service\": .name: must not be empty."
        ]
    );
}

// ---- no traps ----

#[derive(HclBody, Debug)]
struct Plugin {
    name: String,
    #[hcl(body)]
    all: BodyHandle,
}

#[derive(HclBody, Debug)]
struct PluginSettings {
    name: String,
    cache_size: u32,
}

#[test]
fn a_body_field_keeps_the_attributes_it_is_for() {
    // `cache_size` is not named by `Plugin`, but its `body` field keeps it
    // for later: no error.
    let p: Plugin = hcl_decode::from_str("name = \"x\"\ncache_size = 64\n", "t.hcl").unwrap();
    let settings: PluginSettings = Decoder::new().decode_body(&p.all).unwrap();
    assert_eq!(settings.cache_size, 64);
}

#[derive(HclBody, Debug)]
struct Core {
    name: String,
}

#[test]
fn a_partial_decoder_leaves_the_rest() {
    let decoder = Decoder::new();
    let body = decoder
        .parse_slice(b"name = \"api\"\nplugin = 1\n", "t.hcl")
        .unwrap();
    let core = decoder
        .clone()
        .partial()
        .decode_body::<Core>(&body)
        .unwrap();
    assert_eq!(core.name, "api");
    assert!(decoder.decode_body::<Core>(&body).is_err());
    let mut layers = decoder
        .text("name = \"api\"\nplugin = 1\n", "t.hcl")
        .layers()
        .unwrap();
    assert_eq!(layers.decode::<Core>().unwrap().name, "api");
    assert_eq!(
        layers
            .remaining()
            .just_attributes()
            .0
            .keys()
            .collect::<Vec<_>>(),
        ["plugin"]
    );
}

// ---- layers ----

#[derive(HclBody, Debug)]
struct Metrics {
    metrics_port: u16,
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

#[test]
fn every_layer_runs_after_an_earlier_one_failed() {
    let src = "name = 1 + \"x\"\nmetrics_port = 99999\noidc {\n  isuer = \"x\"\n}\nleft = 1\n";
    let mut layers = Decoder::new().text(src, "t.hcl").layers().unwrap();
    assert!(layers.decode::<Core>().is_none());
    assert!(layers.decode::<Metrics>().is_none());
    assert!(layers.decode::<Auth>().is_none());
    let err = layers.finish().unwrap_err();
    assert_eq!(
        render(err.diagnostics()),
        [
            "t.hcl:1,12-15: Invalid operand; Unsuitable value for right operand: a number is required.",
            "t.hcl:2,16-21: Invalid attribute value; Inappropriate value for attribute \"metrics_port\": value must be a whole number, between 0 and 65535 inclusive.",
            "t.hcl:3,6-6: Missing required argument; The argument \"issuer\" is required, but no definition was found.",
            "t.hcl:4,3-8: Unsupported argument; An argument named \"isuer\" is not expected here. Did you mean \"issuer\"?",
            "t.hcl:6,1-5: Unsupported argument; An argument named \"left\" is not expected here.",
        ]
    );
}
