//! Input variables: `variable "NAME" { ... }` blocks, their values by
//! precedence (default < environment < variable files < explicit inputs),
//! type constraints with defaults, `nullable`, `sensitive`, `validation`.

use std::collections::BTreeMap;
use std::sync::Arc;

use hcl_core::Semantics;
use hcl_core::body::{AttributeSchema, Block, BlockHeaderSchema, BodySchema, DynExpression};
use hcl_core::convert::{convert, convert_with};
use hcl_core::native::{NativeExpression, ParseOptions, parse_expression};
use hcl_core::parse::{Parser, Syntax};
use hcl_core::typeexpr::{Defaults, type_constraint_with_defaults};
use hcl_core::{
    Diagnostic, Diagnostics, EvalContext, Expression, Pos, Range, Severity, Type, Value,
};

use super::{InputVariable, Options, ValueSource};

pub(super) struct Validation {
    name: String,
    condition: DynExpression,
    message: DynExpression,
    range: Range,
}

pub(super) struct Output {
    pub(super) variables: BTreeMap<String, InputVariable>,
    pub(super) validations: Vec<Validation>,
    pub(super) failed: bool,
    pub(super) masks: Vec<Range>,
    pub(super) secrets: Vec<String>,
    pub(super) var_files: Vec<(String, Arc<str>)>,
}

struct Decl {
    name: String,
    decl_range: Range,
    ty: Type,
    defaults: Option<Defaults>,
    /// The default, converted (None when absent or invalid).
    default: Option<(Value, Range)>,
    /// The type or the default is invalid: the variable is unknown.
    broken: bool,
    description: Option<String>,
    sensitive: bool,
    nullable: bool,
}

/// `var` as an object of every variable's value.
pub(super) fn object(variables: &BTreeMap<String, InputVariable>) -> Value {
    Value::object(variables.iter().map(|(k, v)| (k.clone(), v.value.clone())))
}

fn literal(expr: &DynExpression, diags: &mut Diagnostics) -> Option<Value> {
    let (v, d) = expr.value(&EvalContext::new());
    let failed = d.has_errors();
    diags.extend(d);
    (!failed).then_some(v)
}

fn read_type(expr: &DynExpression, diags: &mut Diagnostics) -> Option<(Type, Option<Defaults>)> {
    let range = expr.range();
    if Syntax::from_file_name(&range.filename) == Syntax::Json {
        // The JSON syntax writes the type as a string holding the type
        // expression, as Terraform does.
        let (v, _) = expr.value(&EvalContext::literal_only());
        if let Some(text) = v.as_str() {
            let start = Pos {
                byte: range.start.byte + 1,
                line: range.start.line,
                column: range.start.column + 1,
            };
            let (file, id, d) = parse_expression(
                text.as_bytes(),
                &range.filename,
                start,
                &ParseOptions::default(),
            );
            if d.has_errors() {
                diags.extend(d);
                return None;
            }
            return match type_constraint_with_defaults(&NativeExpression::new(file, id)) {
                Ok(t) => Some(t),
                Err(d) => {
                    diags.extend(d);
                    None
                }
            };
        }
    }
    match type_constraint_with_defaults(&**expr) {
        Ok(t) => Some(t),
        Err(d) => {
            diags.extend(d);
            None
        }
    }
}

fn declaration(
    block: &Block,
    semantics: Semantics,
    diags: &mut Diagnostics,
) -> (Decl, Vec<Validation>, Vec<Range>) {
    let schema = BodySchema::new()
        .attribute(AttributeSchema::optional("type"))
        .attribute(AttributeSchema::optional("default"))
        .attribute(AttributeSchema::optional("description"))
        .attribute(AttributeSchema::optional("sensitive"))
        .attribute(AttributeSchema::optional("nullable"))
        .block(BlockHeaderSchema::new("validation"));
    let name = block.labels.first().cloned().unwrap_or_default();
    let (content, d) = block.body.content(&schema);
    diags.extend(d);
    let attr = |n: &str| content.attributes.get(n).map(|a| a.expr.clone());
    let mut broken = false;
    let (ty, defaults) = match attr("type") {
        Some(e) => read_type(&e, diags).unwrap_or_else(|| {
            broken = true;
            (Type::Dynamic, None)
        }),
        None => (Type::Dynamic, None),
    };
    let flag = |n: &str, dflt: bool, diags: &mut Diagnostics| -> bool {
        let Some(e) = attr(n) else { return dflt };
        match literal(&e, diags).map(|v| convert(&v, &Type::Bool)) {
            Some(Ok(v)) if v.as_bool().is_some() => v.as_bool().unwrap_or(dflt),
            Some(_) => {
                diags.push(
                    Diagnostic::error("Invalid variable argument")
                        .with_detail(format!(
                            "The {n:?} argument of a variable must be true or false."
                        ))
                        .with_subject(e.range()),
                );
                dflt
            }
            None => dflt,
        }
    };
    let sensitive = flag("sensitive", false, diags);
    let nullable = flag("nullable", true, diags);
    let description = attr("description")
        .and_then(|e| literal(&e, diags))
        .and_then(|v| v.as_str().map(str::to_owned));
    let mut masks = Vec::new();
    let mut default = None;
    if let Some(e) = attr("default") {
        if sensitive {
            masks.push(e.range());
        }
        match literal(&e, diags) {
            Some(v) if broken => drop(v),
            Some(v) => {
                let (converted, warning) = convert_checked(
                    &v,
                    &ty,
                    semantics,
                    &format!("The default of var.{name}"),
                    e.range(),
                );
                match converted {
                    Ok(v) => {
                        let v = defaults.as_ref().map_or(v.clone(), |d| d.apply(&v));
                        default = Some((v, e.range()));
                    }
                    Err(err) => {
                        broken = true;
                        diags.push(
                        Diagnostic::error("Invalid default value for variable")
                            .with_detail(format!(
                                "This default value is not compatible with the variable's type constraint: {err}."
                            ))
                            .with_subject(e.range()),
                    );
                    }
                }
                if let Some(w) = warning {
                    diags.push(w);
                }
            }
            None => broken = true,
        }
    }
    let vschema = BodySchema::new()
        .attribute(AttributeSchema::required("condition"))
        .attribute(AttributeSchema::required("error_message"));
    let mut validations = Vec::new();
    for v in content.blocks_of_type("validation") {
        let (c, d) = v.body.content(&vschema);
        diags.extend(d);
        if let (Some(condition), Some(message)) = (
            c.attributes.get("condition"),
            c.attributes.get("error_message"),
        ) {
            validations.push(Validation {
                name: name.clone(),
                condition: condition.expr.clone(),
                message: message.expr.clone(),
                range: v.def_range.clone(),
            });
        }
    }
    let decl = Decl {
        name,
        decl_range: block.def_range.clone(),
        ty,
        defaults,
        default,
        broken,
        description,
        sensitive,
        nullable,
    };
    (decl, validations, masks)
}

/// The detail of an environment variable whose text is no valid
/// expression: the text and why (unless the variable is sensitive: then
/// neither the text nor a reason that quotes it), and how values are
/// written.
fn invalid_env_text(
    env_name: &str,
    raw: &str,
    bare_word: bool,
    decl: &Decl,
    errors: &Diagnostics,
) -> String {
    let first = errors.iter().find(|d| d.severity == Severity::Error);
    let what = if decl.sensitive {
        match first {
            Some(d) if !raw.is_empty() && !d.summary.contains(raw) => {
                format!(
                    "its text (not shown: the variable is sensitive) is not a valid value for var.{} ({})",
                    decl.name, d.summary
                )
            }
            _ => format!(
                "its text (not shown: the variable is sensitive) is not a valid value for var.{}",
                decl.name
            ),
        }
    } else if bare_word {
        format!(
            "its text {raw:?} is not a valid value for var.{} (a bare word is read as a reference to a variable, and there are none here)",
            decl.name
        )
    } else {
        let why = first.map_or_else(String::new, |d| {
            let detail = d.detail.trim_end_matches('.');
            if detail.is_empty() {
                format!(" ({})", d.summary)
            } else {
                format!(" ({}: {detail})", d.summary)
            }
        });
        format!(
            "its text {raw:?} is not a valid value for var.{}{why}",
            decl.name
        )
    };
    let example = match decl.ty {
        Type::Bool => " (true or false)",
        Type::Number => " (a number such as 8080)",
        _ => "",
    };
    format!(
        "The environment variable {env_name} does not hold a valid value: {what}. A variable of type {} is given as an HCL expression{example}; only a string variable takes the text as it is.",
        decl.ty
    )
}

/// `Did you mean "x"?` when a declared variable's name is close to `given`.
fn did_you_mean(given: &str, declared: &BTreeMap<String, usize>) -> Option<String> {
    hcl_core::suggestion(given, declared.keys().map(String::as_str))
        .map(|s| format!("Did you mean {s:?}?"))
}

/// Converts a variable's value (or default) to its type constraint by the
/// rules of `semantics`; in spec mode, where Go's rules convert otherwise
/// (`"1e3"` for a number), also the warning about `subject`, which goes
/// after the error if there is one.
fn convert_checked(
    value: &Value,
    ty: &Type,
    semantics: Semantics,
    what: &str,
    subject: Range,
) -> (
    Result<Value, hcl_core::convert::ConversionError>,
    Option<Diagnostic>,
) {
    let converted = convert_with(value, ty, semantics);
    let warning = hcl_core::divergence::conversion(
        value,
        ty,
        converted.as_ref().ok(),
        semantics,
        what,
        subject,
    );
    (converted, warning)
}

/// How a value's source reads in a message.
fn provenance(source: &ValueSource) -> String {
    match source {
        ValueSource::Default(_) => "given by its default".to_owned(),
        ValueSource::Environment(name) => format!("given by the environment variable {name}"),
        ValueSource::VarFile(r) => format!("given in the variable file {}", r.filename),
        ValueSource::Input => "given explicitly by the application (an input)".to_owned(),
        ValueSource::Unset => "not set".to_owned(),
    }
}

/// Where a diagnostic about a value from `source` is reported.
fn subject(source: &ValueSource, decl: &Range) -> Range {
    match source {
        ValueSource::Default(r) | ValueSource::VarFile(r) => r.clone(),
        _ => decl.clone(),
    }
}

/// The texts of `value` that a diagnostic must not show (strings and
/// numbers of four characters or more, in any nesting).
pub(super) fn secrets_of(value: &Value, out: &mut Vec<String>) {
    if !value.is_known() || value.is_null() {
        return;
    }
    if let Some(s) = value.as_str() {
        if s.chars().count() >= 4 {
            out.push(s.to_owned());
        }
    } else if let Some(n) = value.as_number() {
        let s = n.to_string();
        if s.len() >= 4 {
            out.push(s);
        }
    } else if let Some(e) = value.elements() {
        e.iter().for_each(|v| secrets_of(v, out));
    } else if let Some(a) = value.attributes() {
        a.values().for_each(|v| secrets_of(v, out));
    }
}

pub(super) fn evaluate(
    options: &Options,
    blocks: &[Block],
    semantics: Semantics,
    diags: &mut Diagnostics,
) -> Output {
    let mut decls: Vec<Decl> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    let mut validations = Vec::new();
    let mut masks = Vec::new();
    for block in blocks {
        let (decl, v, m) = declaration(block, semantics, diags);
        if let Some(&first) = index.get(&decl.name) {
            diags.push(
                Diagnostic::error("Duplicate variable declaration")
                    .with_detail(format!(
                        "A variable named {:?} was already declared at {}. Variable names must be unique.",
                        decl.name, decls[first].decl_range
                    ))
                    .with_subject(decl.decl_range.clone()),
            );
            continue;
        }
        index.insert(decl.name.clone(), decls.len());
        decls.push(decl);
        validations.extend(v);
        masks.extend(m);
    }

    // Values, lowest precedence first.
    let mut given: Vec<Option<(Value, ValueSource)>> = decls
        .iter()
        .map(|d| d.default.clone().map(|(v, r)| (v, ValueSource::Default(r))))
        .collect();
    let mut failed_parse = vec![false; decls.len()];
    // The text of each value given by the environment, for messages.
    let mut env_texts: Vec<Option<String>> = vec![None; decls.len()];

    if let Some(prefix) = &options.env_prefix {
        for (i, decl) in decls.iter().enumerate() {
            let env_name = format!("{prefix}{}", decl.name);
            let Some(raw) = std::env::var_os(&env_name) else {
                continue;
            };
            let raw = raw.to_string_lossy().into_owned();
            if decl.ty == Type::String {
                given[i] = Some((Value::string(raw), ValueSource::Environment(env_name)));
                continue;
            }
            let (file, id, d) = parse_expression(
                raw.as_bytes(),
                &env_name,
                Pos::start(),
                &ParseOptions::default(),
            );
            // A bare word (`maybe`) reads as a reference to a variable.
            let mut bare_word = false;
            let value = if d.has_errors() {
                Err(d)
            } else {
                let expr = NativeExpression::new(file, id);
                bare_word = expr
                    .static_traversal_abs()
                    .is_ok_and(|t| t.steps().len() == 1);
                let (v, d) = expr.value(&EvalContext::new());
                if d.has_errors() { Err(d) } else { Ok(v) }
            };
            match value {
                Ok(v) => {
                    given[i] = Some((v, ValueSource::Environment(env_name)));
                    env_texts[i] = Some(raw);
                }
                Err(d) => {
                    failed_parse[i] = true;
                    diags.push(
                        Diagnostic::error("Invalid value for input variable")
                            .with_detail(invalid_env_text(&env_name, &raw, bare_word, decl, &d))
                            .with_subject(decl.decl_range.clone()),
                    );
                }
            }
        }
    }

    let mut var_files = Vec::new();
    let mut parser = Parser::new();
    for path in &options.var_files {
        let name = path.to_string_lossy().into_owned();
        let (file, d) = parser.parse_file(&name);
        diags.extend(d);
        let Some(file) = file else { continue };
        var_files.push((name.clone(), Arc::<str>::from(file.text())));
        let (attrs, d) = file.body().just_attributes();
        diags.extend(d);
        let mut attrs: Vec<_> = attrs.into_values().collect();
        attrs.sort_by(|a, b| a.range.cmp(&b.range));
        for attr in attrs {
            let Some(&i) = index.get(&attr.name) else {
                let advice = match did_you_mean(&attr.name, &index) {
                    Some(hint) => hint,
                    None => "To use this value, add a \"variable\" block to the configuration."
                        .to_owned(),
                };
                diags.push(
                    Diagnostic::warning("Value for undeclared variable")
                        .with_detail(format!(
                            "The configuration does not declare a variable named {:?}, but a value was found in the variable file {name:?}. {advice}",
                            attr.name
                        ))
                        .with_subject(attr.range.clone()),
                );
                continue;
            };
            if decls[i].sensitive {
                masks.push(attr.expr.range());
            }
            let (v, d) = attr.expr.value(&EvalContext::new());
            if d.has_errors() {
                failed_parse[i] = true;
                diags.extend(if decls[i].sensitive {
                    hide(d, &format!("var.{}", decls[i].name))
                } else {
                    d
                });
                continue;
            }
            given[i] = Some((v, ValueSource::VarFile(attr.expr.range())));
        }
    }

    for (name, value) in &options.inputs {
        match index.get(name) {
            Some(&i) => given[i] = Some((value.clone(), ValueSource::Input)),
            None => {
                let hint = did_you_mean(name, &index)
                    .map(|h| format!(" {h}"))
                    .unwrap_or_default();
                diags.push(Diagnostic::error("Value for undeclared variable").with_detail(format!(
                    "An input variable named {name:?} was given by the application, but the configuration does not declare a variable of that name.{hint}"
                )));
            }
        }
    }

    let mut failed = false;
    let mut variables = BTreeMap::new();
    let mut secrets = Vec::new();
    for (i, decl) in decls.into_iter().enumerate() {
        let unknown = Value::unknown(decl.ty.clone());
        let (value, source) = match given[i].take() {
            _ if decl.broken || failed_parse[i] => {
                failed = true;
                (unknown, ValueSource::Unset)
            }
            None => {
                failed = true;
                diags.push(
                    Diagnostic::error("No value for required variable")
                        .with_detail(format!(
                            "The input variable {:?} is not set, and has no default value. Give it a value in a variable file, in the environment or as an input.",
                            decl.name
                        ))
                        .with_subject(decl.decl_range.clone()),
                );
                (unknown, ValueSource::Unset)
            }
            Some((v, source)) => {
                let (v, source) = match (&v, &decl.default) {
                    (v, Some((d, r))) if v.is_null() && !decl.nullable => {
                        (d.clone(), ValueSource::Default(r.clone()))
                    }
                    _ => (v, source),
                };
                if v.is_null() && !decl.nullable {
                    failed = true;
                    diags.push(
                        Diagnostic::error("Required variable not set")
                            .with_detail(format!(
                                "The value for var.{} {} is null, but the variable is not nullable.",
                                decl.name,
                                provenance(&source)
                            ))
                            .with_subject(subject(&source, &decl.decl_range)),
                    );
                    (unknown, source)
                } else {
                    let what = format!("The value for var.{} {}", decl.name, provenance(&source));
                    let at = subject(&source, &decl.decl_range);
                    let (converted, warning) = convert_checked(&v, &decl.ty, semantics, &what, at);
                    let result = match converted {
                        Ok(v) => {
                            let v = decl.defaults.as_ref().map_or(v.clone(), |d| d.apply(&v));
                            (v, source)
                        }
                        Err(err) => {
                            failed = true;
                            // The environment's text is shown (a file's
                            // value is in the snippet), a secret's never.
                            let text = match (&source, &env_texts[i]) {
                                (ValueSource::Environment(_), Some(raw)) if !decl.sensitive => {
                                    format!(" ({raw:?})")
                                }
                                _ => String::new(),
                            };
                            diags.push(
                                Diagnostic::error("Invalid value for input variable")
                                    .with_detail(format!(
                                        "The value for var.{} {}{text} is not suitable for its type constraint {}: {err}.",
                                        decl.name,
                                        provenance(&source),
                                        decl.ty
                                    ))
                                    .with_subject(subject(&source, &decl.decl_range)),
                            );
                            (unknown, source)
                        }
                    };
                    if let Some(w) = warning {
                        diags.push(w);
                    }
                    result
                }
            }
        };
        if decl.sensitive {
            secrets_of(&value, &mut secrets);
            if let Some((d, _)) = &decl.default {
                secrets_of(d, &mut secrets);
            }
        }
        variables.insert(
            decl.name.clone(),
            InputVariable {
                name: decl.name,
                value,
                source,
                ty: decl.ty,
                description: decl.description,
                sensitive: decl.sensitive,
                decl_range: decl.decl_range,
            },
        );
    }
    // Raw environment texts of sensitive variables, too.
    if let Some(prefix) = &options.env_prefix {
        for v in variables.values().filter(|v| v.sensitive) {
            if let Ok(raw) = std::env::var(format!("{prefix}{}", v.name))
                && raw.chars().count() >= 4
            {
                secrets.push(raw);
            }
        }
    }
    secrets.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    secrets.dedup();
    Output {
        variables,
        validations,
        failed,
        masks,
        secrets,
        var_files,
    }
}

/// The diagnostics of a sensitive value (`what`: `var.NAME`,
/// `local.NAME`), their details hidden.
pub(super) fn hide(diags: Diagnostics, what: &str) -> Diagnostics {
    diags
        .into_iter()
        .map(|mut d| {
            d.detail = format!("The detail is hidden because {what} is sensitive.").into();
            d
        })
        .collect()
}

/// Checks the validation rules; failed variables become unknown. Returns
/// whether any failed.
pub(super) fn validate(
    variables: &mut BTreeMap<String, InputVariable>,
    validations: &[Validation],
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> bool {
    let mut failed = Vec::new();
    for v in validations {
        let Some(var) = variables.get(&v.name) else {
            continue;
        };
        if !var.value.is_wholly_known() {
            continue;
        }
        let sensitive = var.sensitive;
        let (result, d) = v.condition.value(ctx);
        if d.has_errors() {
            diags.extend(if sensitive {
                hide(d, &format!("var.{}", v.name))
            } else {
                d
            });
            failed.push(v.name.clone());
            continue;
        }
        let ok = match convert(&result, &Type::Bool) {
            Ok(b) if !b.is_known() => continue,
            Ok(b) if b.as_bool().is_some() => b.as_bool() == Some(true),
            _ => {
                diags.push(
                    Diagnostic::error("Invalid validation result")
                        .with_detail("The validation condition must be true or false.")
                        .with_subject(v.condition.range()),
                );
                failed.push(v.name.clone());
                continue;
            }
        };
        if ok {
            continue;
        }
        let refers_to_self = v.message.variables().iter().any(|t| {
            t.root_name() == Some("var")
                && matches!(t.steps().get(1), Some(hcl_core::Traverser::Attr { name, .. }) if *name == v.name)
        });
        let message = if sensitive && refers_to_self {
            "The error message included a sensitive value, so it will not be displayed.".to_owned()
        } else {
            let (m, d) = v.message.value(ctx);
            match m.as_str() {
                Some(s) if !d.has_errors() => s.to_owned(),
                _ => "The error message could not be evaluated.".to_owned(),
            }
        };
        diags.push(
            Diagnostic::error("Invalid value for variable")
                .with_detail(format!(
                    "{message}\n\nThe value {} failed the validation rule at {}.",
                    provenance(&var.source),
                    v.range
                ))
                .with_subject(subject(&var.source, &var.decl_range)),
        );
        failed.push(v.name.clone());
    }
    for name in &failed {
        if let Some(var) = variables.get_mut(name) {
            var.value = Value::unknown(var.ty.clone());
        }
    }
    !failed.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_core::Body;
    use hcl_core::native::parse_config_str;

    fn blocks(src: &str) -> Vec<Block> {
        let (file, diags) = parse_config_str(src, "v.hcl");
        assert!(!diags.has_errors(), "{diags}");
        let schema = BodySchema::new().block(BlockHeaderSchema::new("variable").label("name"));
        let (content, _) = file.body().content(&schema);
        content.blocks
    }

    fn summarised(diags: &Diagnostics) -> Vec<(String, String, String)> {
        diags
            .iter()
            .map(|d| {
                let subject = d.subject.as_ref().map(|r| r.to_string());
                (
                    d.summary.to_string(),
                    d.detail.to_string(),
                    subject.unwrap_or_default(),
                )
            })
            .collect()
    }

    #[test]
    fn undeclared_names_get_a_suggestion() {
        let dir = std::env::temp_dir().join(format!("hcl-vars-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("values.hcl");
        std::fs::write(&file, "prot = 1\nzzz = 2\n").unwrap();
        let options = Options {
            var_files: vec![file.clone()],
            inputs: [("regoin".to_owned(), Value::string("eu"))].into(),
            ..Options::default()
        };
        let decls = blocks(
            "variable \"port\" {\n  default = 1\n}\nvariable \"region\" {\n  default = \"us\"\n}\n",
        );
        let mut diags = Diagnostics::new();
        evaluate(&options, &decls, Semantics::Spec, &mut diags);
        let name = file.to_string_lossy();
        assert_eq!(
            summarised(&diags),
            [
                (
                    "Value for undeclared variable".to_owned(),
                    format!(
                        "The configuration does not declare a variable named \"prot\", but a value was found in the variable file {name:?}. Did you mean \"port\"?"
                    ),
                    format!("{name}:1,1-9"),
                ),
                (
                    "Value for undeclared variable".to_owned(),
                    format!(
                        "The configuration does not declare a variable named \"zzz\", but a value was found in the variable file {name:?}. To use this value, add a \"variable\" block to the configuration."
                    ),
                    format!("{name}:2,1-8"),
                ),
                (
                    "Value for undeclared variable".to_owned(),
                    "An input variable named \"regoin\" was given by the application, but the configuration does not declare a variable of that name. Did you mean \"region\"?".to_owned(),
                    String::new(),
                ),
            ]
        );
        assert_eq!(diags.iter().next().unwrap().severity, Severity::Warning);
        std::fs::remove_dir_all(&dir).ok();
    }
}
