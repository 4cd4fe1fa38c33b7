//! A colour renderer for terminals (feature `color`): the plain
//! [`Renderer`]'s text, with the severity in bold red (errors) or yellow
//! (warnings), the summary in bold, the line numbers dimmed and the
//! subject underlined in the source line, its carets coloured.
//!
//! Whether to colour at all is the caller's choice or
//! [`should_color`]'s: colours only for a terminal (`std::io::IsTerminal`)
//! and only when `NO_COLOR` is unset or empty (<https://no-color.org>).
//! Without colours, [`ColorRenderer::render`] gives exactly the plain
//! renderer's text.
//!
//! ```
//! use hcl_core::ColorRenderer;
//! use hcl_core::{Diagnostic, Diagnostics, Pos, Range, Renderer};
//!
//! let mut plain = Renderer::new();
//! plain.add_source("app.hcl", "port = \"http\"\n");
//! let diags: Diagnostics = Diagnostic::error("Incorrect attribute value type")
//!     .with_detail("A number is required.")
//!     .with_subject(Range::new("app.hcl", Pos::new(7, 1, 8), Pos::new(13, 1, 14)))
//!     .into();
//!
//! let colored = ColorRenderer::new(&plain).render(&diags);
//! assert!(colored.starts_with("\x1b[1;31mError\x1b[0m: \x1b[1mIncorrect attribute value type\x1b[0m\n"));
//! assert!(colored.contains("\x1b[2m   1:\x1b[0m port = \x1b[4m\"http\"\x1b[0m\n"));
//!
//! // For standard error, as a command-line tool would: colours only on a
//! // terminal without NO_COLOR.
//! let text = ColorRenderer::for_stream(&plain, &std::io::stderr()).render(&diags);
//! # let _ = text;
//! assert_eq!(ColorRenderer::new(&plain).colors(false).render(&diags), plain.render(&diags));
//! ```

use std::io::IsTerminal;

use crate::diagnostic::{Diagnostic, Diagnostics, Renderer, Severity};

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const UNDERLINE: &str = "\x1b[4m";
const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";

/// Whether text written to `stream` should be coloured: it is a terminal
/// and the `NO_COLOR` environment variable is unset or empty.
pub fn should_color(stream: &impl IsTerminal) -> bool {
    colors_wanted(std::env::var_os("NO_COLOR").as_deref(), || {
        stream.is_terminal()
    })
}

/// The rule of [`should_color`], given the value of `NO_COLOR` and a way
/// to ask whether the output is a terminal.
fn colors_wanted(no_color: Option<&std::ffi::OsStr>, is_terminal: impl FnOnce() -> bool) -> bool {
    let refused = no_color.is_some_and(|v| !v.is_empty());
    !refused && is_terminal()
}

/// Renders diagnostics as the plain [`Renderer`] does, with ANSI colours.
#[derive(Clone, Copy, Debug)]
pub struct ColorRenderer<'r> {
    plain: &'r Renderer,
    colors: bool,
}

impl<'r> ColorRenderer<'r> {
    /// A renderer that colours, showing the sources `plain` knows.
    pub fn new(plain: &'r Renderer) -> ColorRenderer<'r> {
        ColorRenderer {
            plain,
            colors: true,
        }
    }

    /// A renderer that colours only if [`should_color`] says so for
    /// `stream`.
    pub fn for_stream(plain: &'r Renderer, stream: &impl IsTerminal) -> ColorRenderer<'r> {
        ColorRenderer::new(plain).colors(should_color(stream))
    }

    /// Turns colours on or off.
    pub fn colors(mut self, on: bool) -> ColorRenderer<'r> {
        self.colors = on;
        self
    }

    /// Renders every diagnostic.
    pub fn render(&self, diagnostics: &Diagnostics) -> String {
        let mut out = String::new();
        for d in diagnostics {
            self.render_one(d, &mut out);
        }
        out
    }

    /// Renders one diagnostic, appending to `out`.
    pub fn render_one(&self, d: &Diagnostic, out: &mut String) {
        let mut plain = String::new();
        self.plain.render_one(d, &mut plain);
        if !self.colors {
            out.push_str(&plain);
            return;
        }
        paint(d, &plain, out);
    }
}

/// Colours the plain rendering of one diagnostic. Its layout is fixed: the
/// heading line, a blank line, then (with a subject) the `on FILE line N:`
/// line followed by numbered source lines, each perhaps followed by a line
/// of carets, up to a blank line; then the detail, left as it is.
fn paint(d: &Diagnostic, plain: &str, out: &mut String) {
    let severity = d.severity.to_string();
    let color = match d.severity {
        Severity::Error => RED,
        Severity::Warning => YELLOW,
    };
    let mut lines = plain.split_inclusive('\n').peekable();
    // The heading: `Error: summary`.
    if let Some(first) = lines.next() {
        match first
            .strip_prefix(severity.as_str())
            .and_then(|r| r.strip_prefix(": "))
        {
            Some(summary) => {
                let summary = summary.trim_end_matches('\n');
                out.push_str(&format!(
                    "{color}{severity}{RESET}: {BOLD}{summary}{RESET}\n"
                ));
            }
            None => out.push_str(first),
        }
    }
    let mut in_snippet = false;
    while let Some(line) = lines.next() {
        if !in_snippet {
            if d.subject.is_some() && line.starts_with("  on ") && line.ends_with(":\n") {
                in_snippet = true;
                out.push_str(&format!("{BOLD}{}{RESET}\n", line.trim_end_matches('\n')));
                continue;
            }
            out.push_str(line);
            if !line.trim().is_empty() && !line.starts_with("  (source code") {
                // Past the snippet: the detail, as written.
                for rest in lines.by_ref() {
                    out.push_str(rest);
                }
                return;
            }
            continue;
        }
        if line == "\n" {
            in_snippet = false;
            out.push_str(line);
            continue;
        }
        // A numbered source line: `{number:>4}: {content}`.
        let Some((number, content)) = line.split_once(": ") else {
            out.push_str(line);
            continue;
        };
        let content = content.trim_end_matches('\n');
        // The carets under it, if any: six spaces, padding, carets.
        let carets = lines
            .peek()
            .and_then(|next| next.strip_prefix("      "))
            .filter(|rest| rest.trim_start().starts_with('^'));
        match carets {
            Some(marks) => {
                let marks = marks.trim_end_matches('\n');
                let pad = marks.len() - marks.trim_start().len();
                let width = marks.trim_start().len();
                let start = content
                    .char_indices()
                    .nth(pad)
                    .map_or(content.len(), |(i, _)| i);
                let end = content[start..]
                    .char_indices()
                    .nth(width)
                    .map_or(content.len(), |(i, _)| start + i);
                out.push_str(&format!(
                    "{DIM}{number}:{RESET} {}{UNDERLINE}{}{RESET}{}\n",
                    &content[..start],
                    &content[start..end],
                    &content[end..]
                ));
                out.push_str(&format!(
                    "      {}{color}{}{RESET}\n",
                    " ".repeat(pad),
                    "^".repeat(width)
                ));
                lines.next();
            }
            None => out.push_str(&format!("{DIM}{number}:{RESET} {content}\n")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::{Pos, Range};

    fn renderer() -> Renderer {
        let mut r = Renderer::new();
        r.add_source("a.hcl", "x = 1\nname = \"héllo\"\ny = 2\n");
        r
    }

    #[test]
    fn colours_the_heading_the_numbers_and_the_subject() {
        let subject = Range::new("a.hcl", Pos::new(13, 2, 8), Pos::new(21, 2, 15));
        let context = Range::new("a.hcl", Pos::new(0, 1, 1), Pos::new(27, 3, 6));
        let d = Diagnostic::warning("Odd")
            .with_detail("Line one.\n   2: not a source line")
            .with_subject(subject)
            .with_context(context);
        let r = renderer();
        let text = ColorRenderer::new(&r).render(&d.clone().into());
        assert_eq!(
            text,
            "\x1b[1;33mWarning\x1b[0m: \x1b[1mOdd\x1b[0m\n\n\
             \x1b[1m  on a.hcl line 2:\x1b[0m\n\
             \x1b[2m   1:\x1b[0m x = 1\n\
             \x1b[2m   2:\x1b[0m name = \x1b[4m\"héllo\"\x1b[0m\n\
             \x20            \x1b[1;33m^^^^^^^\x1b[0m\n\
             \x1b[2m   3:\x1b[0m y = 2\n\n\
             Line one.\n   2: not a source line\n\n"
        );
        // Without colours: the plain text.
        assert_eq!(
            ColorRenderer::new(&r)
                .colors(false)
                .render(&d.clone().into()),
            r.render(&d.into())
        );
    }

    #[test]
    fn without_a_subject_or_a_source() {
        let r = Renderer::new();
        let d = Diagnostic::error("E").with_detail("D.");
        assert_eq!(
            ColorRenderer::new(&r).render(&d.into()),
            "\x1b[1;31mError\x1b[0m: \x1b[1mE\x1b[0m\n\nD.\n\n"
        );
        let d = Diagnostic::error("E")
            .with_detail("D.")
            .with_subject(Range::new("gone.hcl", Pos::new(0, 1, 1), Pos::new(1, 1, 2)));
        assert_eq!(
            ColorRenderer::new(&r).render(&d.into()),
            "\x1b[1;31mError\x1b[0m: \x1b[1mE\x1b[0m\n\n\
             \x1b[1m  on gone.hcl line 1:\x1b[0m\n  (source code not available)\n\nD.\n\n"
        );
    }

    #[test]
    fn no_color_and_terminals() {
        use std::ffi::OsStr;
        assert!(colors_wanted(None, || true));
        assert!(!colors_wanted(None, || false));
        // Set to anything but the empty string: no colours.
        assert!(!colors_wanted(Some(OsStr::new("1")), || true));
        assert!(!colors_wanted(Some(OsStr::new("false")), || true));
        assert!(colors_wanted(Some(OsStr::new("")), || true));
    }

    #[test]
    fn a_file_is_not_a_terminal() {
        // A pipe or file is not a terminal; neither is the test harness's
        // captured output, usually: checked through a file.
        let file = std::fs::File::open(file!()).or_else(|_| std::fs::File::open("/dev/null"));
        if let Ok(file) = file {
            assert!(!should_color(&file));
        }
    }
}
