//! The comparison of the two rule sets: in spec mode
//! ([`Semantics::Spec`]), a result that differs from the one HashiCorp's Go
//! implementation gives, by a row of `docs/deviations.md`, gets a warning
//! ([`DIVERGENCE_SUMMARY`]) saying what each gives and how to write it so
//! that both agree. [`Semantics::Go`] never warns.
//!
//! This is the one home of the check and of its wording. Its callers:
//!
//! - the native evaluator (which also evaluates the templates inside JSON
//!   strings) decides *whether* to warn at the point where the rules part
//!   (a conditional's unification, a `for` expression's unknown element,
//!   an equality of values of different types, an expression in error that
//!   Go's rules accept), computing Go's answer only where the types differ
//!   in a way a row covers, and words the warning here;
//! - every conversion of a value to the type an application asked for
//!   calls [`conversion`]: an attribute into a field's type (`hcl-decode`'s
//!   derive), an input variable's value and default into its type
//!   constraint, an attribute into its `hcldec` spec's type. A conversion
//!   that fails by the spec's rules and succeeds by Go's (a string with an
//!   exponent as a number, rows 1-6) stays an error, with the warning.
//!   [`conversion_hint`] words the same finding for an error that has no
//!   room for a warning (`hcl_decode::decode_value`).
//!
//! Go's conversion is tried only where the spec's failed or the value is of
//! a structural type (where the rule sets may part), so that the usual case
//! costs nothing more.
//!
//! ```
//! use hcl_core::convert::convert_with;
//! use hcl_core::divergence;
//! use hcl_core::DIVERGENCE_SUMMARY;
//! use hcl_core::{Pos, Range, Semantics, Type, Value};
//!
//! let value = Value::string("1e3");
//! let converted = convert_with(&value, &Type::Number, Semantics::Spec);
//! assert!(converted.is_err());
//! let at = Range::new("t.hcl", Pos::start(), Pos::start());
//! let what = "The value of attribute \"port\"";
//! let warning =
//!     divergence::conversion(&value, &Type::Number, converted.as_ref().ok(), Semantics::Spec, what, at)
//!         .unwrap();
//! assert_eq!(warning.summary, DIVERGENCE_SUMMARY);
//! assert!(warning.detail.contains("converts it, to a value of type number"));
//!
//! // The rule sets agree: no warning.
//! let value = Value::string("1000");
//! let converted = convert_with(&value, &Type::Number, Semantics::Spec);
//! let at = Range::new("t.hcl", Pos::start(), Pos::start());
//! assert!(divergence::conversion(&value, &Type::Number, converted.as_ref().ok(), Semantics::Spec, what, at).is_none());
//! ```

use crate::convert::convert_with;
use crate::diagnostic::{Diagnostic, Severity};
use crate::pos::Range;
use crate::semantics::{DIVERGENCE_SUMMARY, Semantics};
use crate::ty::Type;
use crate::value::Value;

/// How every warning names Go's side.
const GO: &str = "HashiCorp's implementation (as in Terraform)";

/// The advice for an error by the spec's rules that Go's rules accept.
const WRITE_IT_SO: &str = "Write it so that the specification accepts it too (the error says what it needs), and both give the same result.";

/// Whether `d` is one of these warnings.
pub(crate) fn is_divergence(d: &Diagnostic) -> bool {
    d.severity == Severity::Warning && d.is(crate::DiagnosticKind::Divergence)
}

/// The warning with `detail` about `subject`.
pub(crate) fn warning(detail: String, subject: Range) -> Diagnostic {
    Diagnostic::warning(DIVERGENCE_SUMMARY)
        .with_kind(crate::DiagnosticKind::Divergence)
        .with_detail(detail)
        .with_subject(subject)
}

/// In spec mode, the warning where converting `value` to `ty` gives another
/// result by Go's rules than `spec`, the result by the spec's rules (`None`
/// where it failed, or where the application refused what it gave): an
/// error where the other succeeds, or another value (an object missing an
/// attribute, a map with extra keys, a string with an exponent, ...).
///
/// `what` names the value at the start of a sentence (`The value of
/// attribute "port"`, `The value of var.port`); the warning is about
/// `subject`. The message shows types, never the value.
pub fn conversion(
    value: &Value,
    ty: &Type,
    spec: Option<&Value>,
    semantics: Semantics,
    what: &str,
    subject: Range,
) -> Option<Diagnostic> {
    if semantics.is_go() || (spec.is_some() && (value.ty() == ty || value.ty().is_primitive())) {
        return None;
    }
    let go = convert_with(value, ty, Semantics::Go);
    let from = value.ty();
    let detail = match (spec, &go) {
        (Some(a), Ok(b)) if a == b => return None,
        (None, Err(_)) => return None,
        (None, Ok(b)) => rejected(
            &format!(
                "{}, of type {from}, does not convert to {ty} (see the error reported with it)",
                lower_first(what)
            ),
            &format!("converts it, to a value of type {}", b.ty()),
        ),
        (Some(_), Ok(b)) => format!(
            "By the HCL specification {}, of type {from}, converts to {ty}; {GO} converts it to another value, of type {}, so the two give different results here. To get the same result from both, give the value the type exactly ({ty}).",
            lower_first(what),
            b.ty()
        ),
        (Some(_), Err(e)) => format!(
            "By the HCL specification {}, of type {from}, converts to {ty}; {GO} rejects it: {e}. To get the same result from both, give the value the type exactly ({ty}).",
            lower_first(what)
        ),
    };
    Some(warning(detail, subject))
}

/// In spec mode, for a conversion of `value` to `ty` that failed by the
/// spec's rules, the same finding as [`conversion`]'s warning, as a hint for
/// an error that has no room for a warning, or `None` when Go's rules too
/// refuse it.
pub fn conversion_hint(value: &Value, ty: &Type, semantics: Semantics) -> Option<String> {
    if semantics.is_go() {
        return None;
    }
    let go = convert_with(value, ty, Semantics::Go).ok()?;
    Some(rejected(
        &format!(
            "this value, of type {}, does not convert to {ty}",
            value.ty()
        ),
        &format!("converts it, to a value of type {}", go.ty()),
    ))
}

/// An expression in error by the spec's rules that Go's rules accept,
/// giving a value of type `go`.
pub(crate) fn error_detail(go: &Type) -> String {
    rejected(
        "this expression is in error (see the error reported with it)",
        &format!("accepts it and gives a value of type {go}"),
    )
}

/// "By the HCL specification {spec}; Go, whose conversions are more lenient
/// here, {go}. Write it so ...": the one wording of an error by the spec's
/// rules that Go's rules accept.
fn rejected(spec: &str, go: &str) -> String {
    format!(
        "By the HCL specification {spec}; {GO}, whose conversions are more lenient here, {go}. {WRITE_IT_SO}"
    )
}

/// A conditional whose results unify differently: `spec` and `go` are the
/// result types by each rule set (`None`: no common type).
pub(crate) fn conditional_detail(
    t: &Type,
    f: &Type,
    spec: Option<&Type>,
    go: Option<&Type>,
) -> String {
    let spec_part = match spec {
        Some(ty) => {
            let why = match ty {
                Type::Object(_) => {
                    ", an object type with the attributes of both (an attribute one result lacks is null in it)"
                }
                Type::Tuple(_) => {
                    ", a tuple type (a list converts to it only with the tuple's length)"
                }
                _ => "",
            };
            format!("the result types {t} and {f} unify as {ty}{why}")
        }
        None => format!("the result types {t} and {f} have no common type, an error"),
    };
    let go_part = match go {
        Some(Type::Dynamic) => {
            "unifies them as the dynamic pseudo-type, and the result is an unknown value".to_owned()
        }
        Some(ty) => format!("unifies them as {ty}"),
        None => "finds no common type, an error".to_owned(),
    };
    let kinds = [Some(t), Some(f), spec, go];
    let hint = if kinds
        .iter()
        .flatten()
        .any(|k| matches!(k, Type::Map(_) | Type::Object(_)))
    {
        "To get the same result from both, give both results one type: maps (convert each with `tomap(...)`), or objects with the same attributes."
    } else if kinds
        .iter()
        .flatten()
        .any(|k| matches!(k, Type::List(_) | Type::Set(_) | Type::Tuple(_)))
    {
        "To get the same result from both, give both results one type: lists (convert each with `tolist(...)`), or tuples of one length."
    } else if matches!(spec, Some(Type::String)) {
        "To get the same result from both, give both results one type (convert with `tostring(...)`)."
    } else {
        "To get the same result from both, give both results one type."
    };
    format!(
        "By the HCL specification {spec_part}; {GO} {go_part}, so the two give different results here. {hint}"
    )
}

/// A `for` expression made unknown by an unknown element; `kind` is what
/// Go builds (`tuple` or `object`).
pub(crate) fn for_detail(kind: &str) -> String {
    format!(
        "An element of this 'for' expression is unknown, so by the HCL specification the whole result is an unknown value of dynamic type; {GO} gives a {kind} holding the unknown elements, whose length and known elements are known. The two agree once every element is known."
    )
}

/// An equality of values of different types (`l`, `r`) that Go answers
/// otherwise: `spec` and `go` are the two answers.
pub(crate) fn equality_detail(l: &Value, r: &Value, spec: &Value, go: &Value) -> String {
    format!(
        "By the HCL specification values of different types ({} and {} here) are never equal, so this gives {}; {GO}, where any two null values are equal whatever their types, gives {}. To get the same result from both, compare with the literal `null`, or convert both operands to one type.",
        l.ty(),
        r.ty(),
        describe(spec),
        describe(go)
    )
}

/// A bool result in words.
fn describe(v: &Value) -> &'static str {
    match v.as_bool() {
        Some(true) => "true",
        Some(false) => "false",
        None => "an unknown bool",
    }
}

/// `what` inside a sentence: its first letter in lower case.
fn lower_first(what: &str) -> String {
    let mut chars = what.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::Pos;

    fn at() -> Range {
        Range::new("t.hcl", Pos::start(), Pos::start())
    }

    fn check(value: &Value, ty: &Type, semantics: Semantics) -> Option<Diagnostic> {
        let spec = convert_with(value, ty, semantics);
        conversion(
            value,
            ty,
            spec.as_ref().ok(),
            semantics,
            "The value of var.x",
            at(),
        )
    }

    #[test]
    fn an_error_that_go_accepts_is_worded_once() {
        let d = check(&Value::string("1e3"), &Type::Number, Semantics::Spec).unwrap();
        assert_eq!(d.severity, Severity::Warning);
        assert_eq!(d.summary, DIVERGENCE_SUMMARY);
        assert_eq!(
            d.detail,
            "By the HCL specification the value of var.x, of type string, does not convert to number (see the error reported with it); HashiCorp's implementation (as in Terraform), whose conversions are more lenient here, converts it, to a value of type number. Write it so that the specification accepts it too (the error says what it needs), and both give the same result."
        );
        assert_eq!(d.subject, Some(at()));
        // The evaluator's wording of the same finding.
        assert_eq!(
            error_detail(&Type::Number),
            "By the HCL specification this expression is in error (see the error reported with it); HashiCorp's implementation (as in Terraform), whose conversions are more lenient here, accepts it and gives a value of type number. Write it so that the specification accepts it too (the error says what it needs), and both give the same result."
        );
    }

    #[test]
    fn another_value_or_a_go_error_is_a_warning() {
        let ty = Type::object([("a", Type::Number), ("b", Type::Number)]);
        let value = Value::object([("a", Value::number(1))]);
        let d = check(&value, &ty, Semantics::Spec).unwrap();
        assert_eq!(
            d.detail,
            "By the HCL specification the value of var.x, of type object({a=number}), converts to object({a=number,b=number}); HashiCorp's implementation (as in Terraform) rejects it: attribute \"b\" is required. To get the same result from both, give the value the type exactly (object({a=number,b=number}))."
        );
    }

    #[test]
    fn agreement_and_go_mode_give_nothing() {
        assert!(check(&Value::string("1e3"), &Type::Number, Semantics::Go).is_none());
        assert!(check(&Value::string("12"), &Type::Number, Semantics::Spec).is_none());
        assert!(check(&Value::string("x"), &Type::Number, Semantics::Spec).is_none());
        let list = Value::tuple([Value::number(1)]);
        assert!(check(&list, &Type::list(Type::Number), Semantics::Spec).is_none());
    }

    #[test]
    fn the_hint_for_an_error_without_warnings() {
        assert_eq!(
            conversion_hint(&Value::string("1e3"), &Type::Number, Semantics::Spec).unwrap(),
            "By the HCL specification this value, of type string, does not convert to number; HashiCorp's implementation (as in Terraform), whose conversions are more lenient here, converts it, to a value of type number. Write it so that the specification accepts it too (the error says what it needs), and both give the same result."
        );
        assert!(conversion_hint(&Value::string("x"), &Type::Number, Semantics::Spec).is_none());
        assert!(conversion_hint(&Value::string("1e3"), &Type::Number, Semantics::Go).is_none());
    }
}
