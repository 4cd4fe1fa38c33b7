//! Diagnostics for every screen (issue 13, item 7): colour, JSON and
//! miette renderings of a decoding error.

#![allow(dead_code)]

use hcl_decode::prelude::*;

#[derive(HclBody, Debug)]
struct Config {
    name: String,
    port: u16,
}

fn error() -> Error {
    hcl_decode::from_str::<Config>("name = \"api\"\nport = \"http\"\n", "app.hcl")
        .expect_err("port is not a number")
}

#[test]
fn json_is_hcldecs_shape() {
    let json: serde_json::Value = serde_json::from_str(&error().to_json()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"diagnostics": [{
            "severity": "error",
            "summary": "Incorrect attribute value type",
            "detail": "Inappropriate value for attribute \"port\": a number is required.",
            "subject": {
                "filename": "app.hcl",
                "start": {"line": 2, "column": 8, "byte": 20},
                "end": {"line": 2, "column": 14, "byte": 26}
            }
        }]})
    );
    // The serde form is the same document.
    assert_eq!(serde_json::to_value(error().diagnostics()).unwrap(), json);
}

#[cfg(feature = "color")]
#[test]
fn colour() {
    let err = error();
    assert_eq!(
        err.render_color(true),
        "\x1b[1;31mError\x1b[0m: \x1b[1mIncorrect attribute value type\x1b[0m\n\n\
         \x1b[1m  on app.hcl line 2:\x1b[0m\n\
         \x1b[2m   2:\x1b[0m port = \x1b[4m\"http\"\x1b[0m\n\
         \x20            \x1b[1;31m^^^^^^\x1b[0m\n\n\
         Inappropriate value for attribute \"port\": a number is required."
    );
    assert_eq!(err.render_color(false), err.to_string());
    // Standard error is not a terminal under the test harness's capture
    // (or NO_COLOR may be set): this prints without failing either way.
    err.eprint();
}

#[cfg(feature = "miette")]
mod miette_tests {
    use super::*;
    use miette::{Diagnostic as _, GraphicalReportHandler, GraphicalTheme};

    fn render(d: &dyn miette::Diagnostic) -> String {
        let mut out = String::new();
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .render_report(&mut out, d)
            .expect("writing to a String");
        out
    }

    #[test]
    fn labelled_spans_with_the_file_name() {
        let report = error().into_miette();
        assert_eq!(report.severity(), Some(miette::Severity::Error));
        let label = report.labels().unwrap().next().unwrap();
        assert_eq!((label.offset(), label.len()), (20, 6));
        assert!(label.primary());
        let text = render(&report);
        assert!(text.contains("Incorrect attribute value type"), "{text}");
        assert!(text.contains("[app.hcl:2:8]"), "{text}");
        assert!(text.contains("port = \"http\""), "{text}");
        assert!(
            text.contains("Inappropriate value for attribute \"port\": a number is required."),
            "{text}"
        );
    }

    #[test]
    fn every_diagnostic_is_there_the_first_error_first() {
        let err =
            hcl_decode::from_str::<Config>("nmae = \"x\"\nport = 1\n", "app.hcl").unwrap_err();
        let report = err.into_miette();
        let all: Vec<String> = report.diagnostics().map(ToString::to_string).collect();
        assert_eq!(all, ["Missing required argument", "Unsupported argument"]);
        let text = render(&report);
        assert!(text.contains("Did you mean \"name\"?"), "{text}");
    }

    #[test]
    fn without_a_source_the_detail_is_help() {
        let err = Error::new(
            Diagnostic::error("Bad")
                .with_detail("Because.")
                .with_subject(Range::at("nowhere.hcl", hcl_decode::Pos::start()))
                .into(),
        );
        let report = err.into_miette();
        assert_eq!(report.help().unwrap().to_string(), "Because.");
        assert!(report.labels().is_none());
        assert!(report.source_code().is_none());
    }

    #[test]
    fn a_question_mark_makes_a_miette_report() {
        fn run() -> miette::Result<Config> {
            Ok(hcl_decode::from_str("port = 1\n", "app.hcl").map_err(Error::into_miette)?)
        }
        let report = run().unwrap_err();
        assert_eq!(report.to_string(), "Missing required argument");
    }
}

#[test]
fn did_you_mean_for_an_attribute_of_an_object_value() {
    #[derive(HclBody, Debug)]
    struct Image {
        image: String,
    }
    let svc = Value::object([
        ("image_name", Value::string("api")),
        ("image_tag", Value::string("v1")),
    ]);
    let err = Decoder::new()
        .variable("svc", svc)
        .decode_str::<Image>("image = \"${svc.image_name}:${svc.imag_tag}\"\n", "app.hcl")
        .unwrap_err();
    assert_eq!(
        err.diagnostics().to_string(),
        "app.hcl:1,33-42: Unsupported attribute; This object does not have an attribute named \"imag_tag\". Did you mean \"image_tag\"?"
    );
    // Through `locals`, the configuration language words it its own way,
    // with the same suggestion.
    let err = Decoder::new()
        .locals()
        .decode_str::<Image>(
            "locals {\n  image_tag = \"v1\"\n}\nimage = \"api:${local.imag_tag}\"\n",
            "app.hcl",
        )
        .unwrap_err();
    assert_eq!(
        err.diagnostics().to_string(),
        "app.hcl:4,16-30: Reference to undeclared local value; A local value with the name \"imag_tag\" has not been declared. Did you mean \"image_tag\"?"
    );
}
