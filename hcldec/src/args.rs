//! Command-line parsing, as the Go tool's flag library (`spf13/pflag`)
//! does it: long flags (`--spec=FILE`, `--spec FILE`), shorthands (`-s
//! FILE`, `-sFILE`, `-s=FILE`, bools combined as `-vs FILE`), flags and
//! files in any order, `--` ending the flags.

use hcl_core::Semantics;
use hcl_core::quote::go_quote;

/// The parsed command line.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Args {
    /// `--spec`/`-s`: the spec file.
    pub spec: Option<String>,
    /// `--out`/`-o`: the output file.
    pub out: Option<String>,
    /// `--diags`: the diagnostics format (`json`).
    pub diags: Option<String>,
    /// `--vars`/`-V`, in order: JSON object literals or file names.
    pub vars: Vec<String>,
    /// `--var-refs`.
    pub var_refs: bool,
    /// `--with-type`.
    pub with_type: bool,
    /// `--keep-nulls`.
    pub keep_nulls: bool,
    /// `--version`/`-v`.
    pub version: bool,
    /// `--functions`: the function table of spec and input files
    /// (`hcldec`, Go's, by default; `stdlib`, the whole pure library). Not
    /// a flag of Go's tool.
    pub functions: Functions,
    /// `--semantics`: the rule set for values (`spec`, the default, or
    /// `go`, HashiCorp's). Not a flag of Go's tool.
    pub semantics: Semantics,
    /// The input files.
    pub files: Vec<String>,
}

/// The function table that `--functions` chooses.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Functions {
    /// Go's tool: the fifteen spec definition functions in spec files, and
    /// only the spec's own `function` blocks in input files.
    #[default]
    Hcldec,
    /// The whole pure function library, in spec files and input files
    /// (with the spec's own `function` blocks).
    Stdlib,
}

/// Why the command line was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgsError {
    /// `-h` or `--help`: show the usage.
    Help,
    /// A mistake, with pflag's message.
    Invalid(String),
}

/// The usage text, as the Go tool prints it (so `--functions` and
/// `--semantics`, which Go's tool lacks, are not listed: `-h` stays
/// byte-identical).
pub const USAGE: &str = "usage: hcldec --spec=<spec-file> [options] [hcl-file ...]
      --diags string        format any returned diagnostics in the given format; currently only \"json\" is accepted
      --keep-nulls          retain object properties that have null as their value (they are removed by default)
  -o, --out string          write to the given file, instead of stdout
  -s, --spec string         path to spec file (required)
      --var-refs            rather than decoding input, produce a JSON description of the variables referenced by it
  -V, --vars json-or-file   provide variables to the given configuration file(s)
  -v, --version             show the version number and immediately exit
      --with-type           include an additional object level at the top describing the HCL-oriented type of the result value
";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flag {
    Spec,
    Out,
    Diags,
    Vars,
    VarRefs,
    WithType,
    KeepNulls,
    Version,
    Functions,
    Semantics,
}

impl Flag {
    fn by_name(name: &str) -> Option<Flag> {
        Some(match name {
            "spec" => Flag::Spec,
            "out" => Flag::Out,
            "diags" => Flag::Diags,
            "vars" => Flag::Vars,
            "var-refs" => Flag::VarRefs,
            "with-type" => Flag::WithType,
            "keep-nulls" => Flag::KeepNulls,
            "version" => Flag::Version,
            "functions" => Flag::Functions,
            "semantics" => Flag::Semantics,
            _ => return None,
        })
    }

    fn by_shorthand(c: char) -> Option<Flag> {
        Some(match c {
            's' => Flag::Spec,
            'o' => Flag::Out,
            'V' => Flag::Vars,
            'v' => Flag::Version,
            _ => return None,
        })
    }

    fn is_bool(self) -> bool {
        matches!(
            self,
            Flag::VarRefs | Flag::WithType | Flag::KeepNulls | Flag::Version
        )
    }

    /// The flag as pflag names it in messages: `-s, --spec` or `--diags`.
    fn display(self) -> &'static str {
        match self {
            Flag::Spec => "-s, --spec",
            Flag::Out => "-o, --out",
            Flag::Diags => "--diags",
            Flag::Vars => "-V, --vars",
            Flag::VarRefs => "--var-refs",
            Flag::WithType => "--with-type",
            Flag::KeepNulls => "--keep-nulls",
            Flag::Version => "-v, --version",
            Flag::Functions => "--functions",
            Flag::Semantics => "--semantics",
        }
    }
}

/// Go's `strconv.ParseBool`.
fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

impl Args {
    fn set(&mut self, flag: Flag, value: &str) -> Result<(), ArgsError> {
        if flag.is_bool() {
            let Some(b) = parse_bool(value) else {
                return Err(ArgsError::Invalid(format!(
                    "invalid argument {} for {} flag: strconv.ParseBool: parsing {}: invalid syntax",
                    go_quote(value),
                    go_quote(flag.display()),
                    go_quote(value)
                )));
            };
            match flag {
                Flag::VarRefs => self.var_refs = b,
                Flag::WithType => self.with_type = b,
                Flag::KeepNulls => self.keep_nulls = b,
                _ => self.version = b,
            }
            return Ok(());
        }
        let value = value.to_owned();
        match flag {
            Flag::Spec => self.spec = Some(value),
            Flag::Out => self.out = Some(value),
            Flag::Diags => self.diags = Some(value),
            Flag::Functions => {
                self.functions = match value.as_str() {
                    "hcldec" => Functions::Hcldec,
                    "stdlib" => Functions::Stdlib,
                    _ => {
                        return Err(ArgsError::Invalid(format!(
                            "invalid argument {} for {} flag: must be \"hcldec\" or \"stdlib\"",
                            go_quote(&value),
                            go_quote(Flag::Functions.display())
                        )));
                    }
                }
            }
            Flag::Semantics => {
                self.semantics = value.parse().map_err(|_| {
                    ArgsError::Invalid(format!(
                        "invalid argument {} for {} flag: must be \"spec\" or \"go\"",
                        go_quote(&value),
                        go_quote(Flag::Semantics.display())
                    ))
                })?;
            }
            _ => self.vars.push(value),
        }
        Ok(())
    }
}

/// Parses the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Args, ArgsError> {
    let mut out = Args::default();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg.len() < 2 || !arg.starts_with('-') {
            out.files.push(arg.clone());
            continue;
        }
        if let Some(long) = arg.strip_prefix("--") {
            if long.is_empty() {
                out.files.extend(rest.by_ref().cloned());
                break;
            }
            if long.starts_with('-') || long.starts_with('=') {
                return Err(ArgsError::Invalid(format!("bad flag syntax: {arg}")));
            }
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            let Some(flag) = Flag::by_name(name) else {
                if name == "help" {
                    return Err(ArgsError::Help);
                }
                return Err(ArgsError::Invalid(format!("unknown flag: --{name}")));
            };
            let value = match value {
                Some(v) => v.to_owned(),
                None if flag.is_bool() => "true".to_owned(),
                None => match rest.next() {
                    Some(v) => v.clone(),
                    None => {
                        return Err(ArgsError::Invalid(format!("flag needs an argument: {arg}")));
                    }
                },
            };
            out.set(flag, &value)?;
            continue;
        }
        // Shorthands: `-vs FILE`, `-sFILE`, `-s=FILE`.
        let shorthands = &arg[1..];
        let mut pos = 0;
        while pos < shorthands.len() {
            let current = &shorthands[pos..];
            let Some(c) = current.chars().next() else {
                break;
            };
            let after = &current[c.len_utf8()..];
            let Some(flag) = Flag::by_shorthand(c) else {
                if c == 'h' {
                    return Err(ArgsError::Help);
                }
                return Err(ArgsError::Invalid(format!(
                    "unknown shorthand flag: '{c}' in -{current}"
                )));
            };
            let value;
            if let Some(v) = after.strip_prefix('=').filter(|_| after.len() > 1) {
                value = v.to_owned();
                pos = shorthands.len();
            } else if flag.is_bool() {
                value = "true".to_owned();
                pos += c.len_utf8();
            } else if !after.is_empty() {
                value = after.to_owned();
                pos = shorthands.len();
            } else if let Some(v) = rest.next() {
                value = v.clone();
                pos = shorthands.len();
            } else {
                return Err(ArgsError::Invalid(format!(
                    "flag needs an argument: '{c}' in -{current}"
                )));
            }
            out.set(flag, &value)?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Args, ArgsError> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn long_and_short_forms() {
        let a = p(&[
            "--spec=s.hcldec",
            "a.hcl",
            "-o",
            "out.json",
            "-V",
            "{}",
            "--vars",
            "v.hcl",
            "b.hcl",
            "--with-type",
        ])
        .unwrap();
        assert_eq!(a.spec.as_deref(), Some("s.hcldec"));
        assert_eq!(a.out.as_deref(), Some("out.json"));
        assert_eq!(a.vars, ["{}", "v.hcl"]);
        assert_eq!(a.files, ["a.hcl", "b.hcl"]);
        assert!(a.with_type && !a.keep_nulls);

        let a = p(&["-vsspec.hcldec", "-o=x", "--", "--keep-nulls", "-"]).unwrap();
        assert!(a.version);
        assert_eq!(a.spec.as_deref(), Some("spec.hcldec"));
        assert_eq!(a.out.as_deref(), Some("x"));
        assert_eq!(a.files, ["--keep-nulls", "-"]);

        let a = p(&["--keep-nulls=false", "--var-refs=1"]).unwrap();
        assert!(!a.keep_nulls && a.var_refs);
    }

    #[test]
    fn semantics_flag_chooses_the_rule_set() {
        assert_eq!(p(&[]).unwrap().semantics, Semantics::Spec);
        assert_eq!(p(&["--semantics=go"]).unwrap().semantics, Semantics::Go);
        assert_eq!(
            p(&["--semantics", "spec"]).unwrap().semantics,
            Semantics::Spec
        );
        assert_eq!(
            p(&["--semantics=cty"]),
            Err(ArgsError::Invalid(
                "invalid argument \"cty\" for \"--semantics\" flag: must be \"spec\" or \"go\""
                    .into()
            ))
        );
        // Not in the usage, which stays Go's.
        assert!(!USAGE.contains("semantics"));
    }

    #[test]
    fn errors_use_pflag_messages() {
        assert_eq!(
            p(&["--foo"]),
            Err(ArgsError::Invalid("unknown flag: --foo".into()))
        );
        assert_eq!(
            p(&["-x"]),
            Err(ArgsError::Invalid(
                "unknown shorthand flag: 'x' in -x".into()
            ))
        );
        assert_eq!(
            p(&["--spec"]),
            Err(ArgsError::Invalid("flag needs an argument: --spec".into()))
        );
        assert_eq!(
            p(&["-s"]),
            Err(ArgsError::Invalid(
                "flag needs an argument: 's' in -s".into()
            ))
        );
        assert_eq!(p(&["-h"]), Err(ArgsError::Help));
        assert_eq!(p(&["--help"]), Err(ArgsError::Help));
        assert_eq!(
            p(&["--with-type=maybe"]),
            Err(ArgsError::Invalid(
                "invalid argument \"maybe\" for \"--with-type\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax".into()
            ))
        );
    }
}
