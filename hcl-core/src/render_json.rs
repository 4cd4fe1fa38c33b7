//! Diagnostics as JSON, in the shape HashiCorp's `hcldec --diags=json`
//! writes: `{"diagnostics": [{"severity", "summary", "detail"?,
//! "subject"?}]}`, a range being `{"filename", "start", "end"}` and a
//! position `{"line", "column", "byte"}`.
//!
//! [`Diagnostics::to_json`] writes the document as the Go tool does, byte for byte
//! (indented by two spaces, `<`, `>` and `&` escaped as `\u003c` …); it
//! needs no feature, and the `hcldec` tool uses it. With the `serde`
//! feature, [`Diagnostic`], [`Diagnostics`], [`Range`] and [`Pos`]
//! implement `serde::Serialize` in the same shape (the detail and the
//! subject are left out when empty), for applications that write JSON
//! their own way.
//!
//! ```
//! use hcl_core::{Diagnostic, Diagnostics, Pos, Range};
//!
//! let subject = Range::new("app.hcl", Pos::new(7, 1, 8), Pos::new(9, 1, 10));
//! let diags: Diagnostics = Diagnostic::error("Unsupported argument")
//!     .with_detail("An argument named \"x\" is not expected here.")
//!     .with_subject(subject)
//!     .into();
//! let json = diags.to_json();
//! assert!(json.starts_with("{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n"));
//! assert!(json.contains("\"start\": {\n          \"line\": 1,\n          \"column\": 8,\n          \"byte\": 7\n        }"));
//! ```

use std::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Diagnostics, Severity};
use crate::pos::{Pos, Range};
use crate::quote::write_json_string;

impl Diagnostics {
    /// The diagnostics as the JSON document HashiCorp's
    /// `hcldec --diags=json` writes, byte for byte: `{"diagnostics":
    /// [{"severity", "summary", "detail"?, "subject"?}]}`, indented by two
    /// spaces, with no final newline (the tool adds one).
    ///
    /// ```
    /// use hcl_core::{Diagnostic, Diagnostics};
    ///
    /// let diags: Diagnostics = Diagnostic::warning("Deprecated").into();
    /// assert_eq!(
    ///     diags.to_json(),
    ///     "{\n  \"diagnostics\": [\n    {\n      \"severity\": \"warning\",\n      \"summary\": \"Deprecated\"\n    }\n  ]\n}"
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

/// The `--diags=json` document for `diagnostics`, indented as the Go tool
/// writes it (with no final newline: the tool adds one).
fn to_json(diagnostics: &Diagnostics) -> String {
    let mut out = String::new();
    out.push_str("{\n  \"diagnostics\": ");
    if diagnostics.is_empty() {
        out.push_str("[]");
    } else {
        out.push('[');
        for (i, d) in diagnostics.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("\n    ");
            write_diagnostic(&mut out, d);
        }
        out.push_str("\n  ]");
    }
    out.push_str("\n}");
    out
}

/// The severity as the JSON shape writes it.
pub fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn write_diagnostic(out: &mut String, d: &Diagnostic) {
    const IN: &str = "\n      ";
    out.push('{');
    out.push_str(IN);
    out.push_str("\"severity\": ");
    write_json_string(out, severity_name(d.severity));
    out.push(',');
    out.push_str(IN);
    out.push_str("\"summary\": ");
    write_json_string(out, &d.summary);
    if !d.detail.is_empty() {
        out.push(',');
        out.push_str(IN);
        out.push_str("\"detail\": ");
        write_json_string(out, &d.detail);
    }
    if let Some(subject) = &d.subject {
        out.push(',');
        out.push_str(IN);
        out.push_str("\"subject\": ");
        write_range(out, subject);
    }
    out.push_str("\n    }");
}

fn write_range(out: &mut String, r: &Range) {
    const IN: &str = "\n        ";
    out.push('{');
    out.push_str(IN);
    out.push_str("\"filename\": ");
    write_json_string(out, &r.filename);
    out.push(',');
    out.push_str(IN);
    out.push_str("\"start\": ");
    write_pos(out, &r.start);
    out.push(',');
    out.push_str(IN);
    out.push_str("\"end\": ");
    write_pos(out, &r.end);
    out.push_str("\n      }");
}

fn write_pos(out: &mut String, p: &Pos) {
    let _ = write!(
        out,
        "{{\n          \"line\": {},\n          \"column\": {},\n          \"byte\": {}\n        }}",
        p.line, p.column, p.byte
    );
}

#[cfg(feature = "serde")]
mod serde_impls {
    use ::serde::ser::{Serialize, SerializeStruct, Serializer};

    use super::severity_name;
    use crate::diagnostic::{Diagnostic, Diagnostics, Severity};
    use crate::pos::{Pos, Range};

    /// `"error"` or `"warning"`.
    impl Serialize for Severity {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(severity_name(*self))
        }
    }

    /// `{"line", "column", "byte"}`.
    impl Serialize for Pos {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Pos", 3)?;
            st.serialize_field("line", &self.line)?;
            st.serialize_field("column", &self.column)?;
            st.serialize_field("byte", &self.byte)?;
            st.end()
        }
    }

    /// `{"filename", "start", "end"}`.
    impl Serialize for Range {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Range", 3)?;
            st.serialize_field("filename", &*self.filename)?;
            st.serialize_field("start", &self.start)?;
            st.serialize_field("end", &self.end)?;
            st.end()
        }
    }

    /// `{"severity", "summary", "detail"?, "subject"?}`: the detail and the
    /// subject only when there are any, as the Go tool writes them.
    impl Serialize for Diagnostic {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let len =
                2 + usize::from(!self.detail.is_empty()) + usize::from(self.subject.is_some());
            let mut st = s.serialize_struct("Diagnostic", len)?;
            st.serialize_field("severity", &self.severity)?;
            st.serialize_field("summary", &self.summary)?;
            if self.detail.is_empty() {
                st.skip_field("detail")?;
            } else {
                st.serialize_field("detail", &self.detail)?;
            }
            match &self.subject {
                Some(subject) => st.serialize_field("subject", subject)?,
                None => st.skip_field("subject")?,
            }
            st.end()
        }
    }

    /// `{"diagnostics": [...]}`, the whole `--diags=json` document.
    impl Serialize for Diagnostics {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Diagnostics", 1)?;
            st.serialize_field("diagnostics", &self.iter().collect::<Vec<_>>())?;
            st.end()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Diagnostics {
        let r = Range::new("a<b>.hcl", Pos::new(0, 1, 1), Pos::new(3, 1, 4));
        let mut ds = Diagnostics::new();
        ds.push(
            Diagnostic::error("Bad \"thing\"")
                .with_detail("x & y\n\u{2028}\u{1}")
                .with_subject(r),
        );
        ds.push(Diagnostic::warning("Just a warning"));
        ds
    }

    #[test]
    fn go_shape_and_escapes() {
        assert_eq!(
            to_json(&sample()),
            r#"{
  "diagnostics": [
    {
      "severity": "error",
      "summary": "Bad \"thing\"",
      "detail": "x \u0026 y\n\u2028\u0001",
      "subject": {
        "filename": "a\u003cb\u003e.hcl",
        "start": {
          "line": 1,
          "column": 1,
          "byte": 0
        },
        "end": {
          "line": 1,
          "column": 4,
          "byte": 3
        }
      }
    },
    {
      "severity": "warning",
      "summary": "Just a warning"
    }
  ]
}"#
        );
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serialize_gives_the_same_document() {
        let by_hand: serde_json::Value = serde_json::from_str(&to_json(&sample())).unwrap();
        let by_serde = serde_json::to_value(sample()).unwrap();
        assert_eq!(by_hand, by_serde);
    }

    #[test]
    fn empty() {
        assert_eq!(to_json(&Diagnostics::new()), "{\n  \"diagnostics\": []\n}");
    }
}
