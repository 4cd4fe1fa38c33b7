//! Command-line parsing as Go's standard `flag` package does it for the Go
//! tool: flags first (`-w`, `--w`, `-w=true`), bool flags only, parsing stops
//! at the first argument that is not a flag or after `--`, `-h`/`-help`
//! asks for the usage, and Go's messages for mistakes.

/// The parsed command line.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Args {
    /// `-check`: parse each file and print its diagnostics; skip files with
    /// errors.
    pub check: bool,
    /// `-require-no-change`: fail when any file would change.
    pub require_no_change: bool,
    /// `-w`: overwrite the files instead of writing to standard output.
    pub overwrite: bool,
    /// `-version`: print the version and exit.
    pub version: bool,
    /// The files, after the flags.
    pub files: Vec<String>,
}

/// Why the command line was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgsError {
    /// `-h` or `-help`: show the usage.
    Help,
    /// A mistake, with Go's message.
    Invalid(String),
}

/// The usage text, as the Go tool prints it (`flag.PrintDefaults`).
pub const USAGE: &str = "usage: hclfmt [flags] [path ...]
  -check
    \tperform a syntax check on the given files and produce diagnostics
  -require-no-change
    \treturn a non-zero status if any files are changed during formatting
  -version
    \tshow the version number and immediately exit
  -w\toverwrite source files instead of writing to stdout
";

/// Parses the arguments (without the program name).
pub fn parse<I, S>(args: I) -> Result<Args, ArgsError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut out = Args::default();
    let mut rest = args.into_iter().map(Into::into);
    for arg in rest.by_ref() {
        let bytes = arg.as_bytes();
        if bytes.len() < 2 || bytes[0] != b'-' {
            out.files.push(arg);
            break;
        }
        let mut minuses = 1;
        if bytes[1] == b'-' {
            minuses = 2;
            if bytes.len() == 2 {
                break;
            }
        }
        let body = &arg[minuses..];
        if body.is_empty() || body.starts_with('-') || body.starts_with('=') {
            return Err(ArgsError::Invalid(format!("bad flag syntax: {arg}")));
        }
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        let slot = match name {
            "check" => &mut out.check,
            "require-no-change" => &mut out.require_no_change,
            "w" => &mut out.overwrite,
            "version" => &mut out.version,
            "h" | "help" => return Err(ArgsError::Help),
            _ => {
                return Err(ArgsError::Invalid(format!(
                    "flag provided but not defined: -{name}"
                )));
            }
        };
        *slot = match value {
            None => true,
            Some(v) => parse_bool(v).ok_or_else(|| {
                ArgsError::Invalid(format!(
                    "invalid boolean value {} for -{name}: parse error",
                    hcl_core::quote::go_quote(v)
                ))
            })?,
        };
    }
    out.files.extend(rest);
    Ok(out)
}

/// Go's `strconv.ParseBool`.
fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Args, ArgsError> {
        parse(args.iter().copied())
    }

    #[test]
    fn flags_then_files() {
        let a = p(&["-w", "--check=true", "a.hcl", "-version"]).unwrap();
        assert!(a.overwrite && a.check && !a.version);
        assert_eq!(a.files, ["a.hcl", "-version"]);
        assert_eq!(p(&["--", "-w"]).unwrap().files, ["-w"]);
        assert_eq!(p(&["-"]).unwrap().files, ["-"]);
        assert!(!p(&["-w", "-w=0"]).unwrap().overwrite);
    }

    #[test]
    fn mistakes_have_go_messages() {
        assert_eq!(p(&["-help"]), Err(ArgsError::Help));
        assert_eq!(p(&["--h"]), Err(ArgsError::Help));
        let invalid = |m: &str| Err(ArgsError::Invalid(m.to_owned()));
        assert_eq!(p(&["-x"]), invalid("flag provided but not defined: -x"));
        assert_eq!(p(&["--x=1"]), invalid("flag provided but not defined: -x"));
        assert_eq!(p(&["---w"]), invalid("bad flag syntax: ---w"));
        assert_eq!(p(&["-=w"]), invalid("bad flag syntax: -=w"));
        assert_eq!(
            p(&["-w=maybe"]),
            invalid("invalid boolean value \"maybe\" for -w: parse error")
        );
    }
}
