//! The command line: `hcl convert …` and `hcl schema …`.

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Command {
    Convert {
        to: Syntax,
        schema: Option<SchemaSource>,
        file: String,
    },
    Schema {
        source: SchemaSource,
        format: Format,
    },
    Help,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) enum Syntax {
    Json,
    Native,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum SchemaSource {
    /// `--schema FILE`: a schema's JSON document.
    Json(String),
    /// `--spec FILE`: an hcldec spec file.
    Spec(String),
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub(crate) enum Format {
    Json,
    JsonSchema,
    Template,
    Markdown,
}

pub(crate) const USAGE: &str = "\
Usage:
  hcl convert --to json|hcl [--schema schema.json | --spec file.hcldec] FILE
  hcl schema (--spec file.hcldec | --schema schema.json) --format json|json-schema|template|markdown

convert  writes FILE in the other syntax on standard output; a schema says
         which JSON properties are blocks (without one, every property is an
         attribute, and the objects that may be blocks are listed).
schema   prints a schema: its JSON document (json), a JSON Schema for the
         JSON syntax (json-schema), a commented template, or a reference page
         (markdown).
";

/// Reads the arguments (without the program name).
pub(crate) fn parse(args: &[String]) -> Result<Command, String> {
    let Some((command, rest)) = args.split_first() else {
        return Err("a command is required: convert or schema".to_owned());
    };
    let mut to = None;
    let mut schema = None;
    let mut format = None;
    let mut files = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let arg = rest[i].as_str();
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_owned())),
            _ => (arg, None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            if let Some(v) = inline.clone() {
                return Ok(v);
            }
            i += 1;
            rest.get(i)
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--to" => {
                to = Some(match value(name)?.as_str() {
                    "json" => Syntax::Json,
                    "hcl" => Syntax::Native,
                    other => return Err(format!("--to is json or hcl, not {other:?}")),
                })
            }
            "--schema" | "--spec" => {
                if schema.is_some() {
                    return Err("give one of --schema and --spec".to_owned());
                }
                let file = value(name)?;
                schema = Some(if name == "--schema" {
                    SchemaSource::Json(file)
                } else {
                    SchemaSource::Spec(file)
                });
            }
            "--format" => {
                format = Some(match value(name)?.as_str() {
                    "json" => Format::Json,
                    "json-schema" => Format::JsonSchema,
                    "template" => Format::Template,
                    "markdown" => Format::Markdown,
                    other => {
                        return Err(format!(
                            "--format is json, json-schema, template or markdown, not {other:?}"
                        ));
                    }
                })
            }
            s if s.starts_with('-') && s != "-" => return Err(format!("unknown option {s}")),
            _ => files.push(arg.to_owned()),
        }
        i += 1;
    }
    match command.as_str() {
        "-h" | "--help" | "help" => Ok(Command::Help),
        "convert" => {
            if format.is_some() {
                return Err("--format belongs to the schema command".to_owned());
            }
            let to = to.ok_or("convert needs --to json or --to hcl")?;
            match files.as_slice() {
                [file] => Ok(Command::Convert {
                    to,
                    schema,
                    file: file.clone(),
                }),
                [] => Err("convert needs a FILE".to_owned()),
                _ => Err("convert takes one FILE".to_owned()),
            }
        }
        "schema" => {
            if to.is_some() {
                return Err("--to belongs to the convert command".to_owned());
            }
            if !files.is_empty() {
                return Err(format!("schema takes no FILE, not {:?}", files[0]));
            }
            Ok(Command::Schema {
                source: schema.ok_or("schema needs --spec or --schema")?,
                format: format.ok_or("schema needs --format")?,
            })
        }
        other => Err(format!("unknown command {other:?}: convert or schema")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn commands() {
        assert_eq!(
            parse(&args("convert --to json --spec s.hcldec f.hcl")),
            Ok(Command::Convert {
                to: Syntax::Json,
                schema: Some(SchemaSource::Spec("s.hcldec".into())),
                file: "f.hcl".into()
            })
        );
        assert_eq!(
            parse(&args("schema --schema=s.json --format template")),
            Ok(Command::Schema {
                source: SchemaSource::Json("s.json".into()),
                format: Format::Template
            })
        );
        assert_eq!(parse(&args("convert --help")), Ok(Command::Help));
    }

    #[test]
    fn mistakes() {
        for (line, wanted) in [
            ("", "a command is required"),
            ("convert f.hcl", "needs --to"),
            ("convert --to yaml f", "not \"yaml\""),
            ("convert --to json", "needs a FILE"),
            ("convert --to json a b", "one FILE"),
            (
                "convert --to json --spec a --schema b f",
                "one of --schema and --spec",
            ),
            ("schema --format json", "needs --spec or --schema"),
            ("schema --spec s", "needs --format"),
            ("schema --spec s --format xml", "not \"xml\""),
            ("frobnicate", "unknown command"),
            ("convert --to", "needs a value"),
            ("convert --bogus", "unknown option"),
        ] {
            let err = parse(&args(line)).unwrap_err();
            assert!(err.contains(wanted), "{line}: {err}");
        }
    }
}
