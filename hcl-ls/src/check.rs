//! What the server reports as diagnostics: a function from the texts of a
//! configuration's files to their diagnostics. An application gives the
//! one its decoder applies, so that the editor shows what the program
//! would say; without one, the server reports what the parser finds.

use hcl_core::Diagnostics;

/// One file of a configuration, as the editor has it (or as it is on disk
/// when it is not open).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceText {
    /// The file's path, which names it in the diagnostics.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// The diagnostics of a configuration.
pub type Check = Box<dyn Fn(&[SourceText]) -> Diagnostics>;

/// The syntax errors of each file, by the syntax its name chooses.
pub fn syntax_only(sources: &[SourceText]) -> Diagnostics {
    let mut all = Diagnostics::new();
    for source in sources {
        let (_, diagnostics) = hcl_core::parse::parse(source.text.as_bytes(), &source.name);
        all.extend(diagnostics);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_of_every_file() {
        let sources = [
            SourceText {
                name: "a.hcl".to_owned(),
                text: "a = \n".to_owned(),
            },
            SourceText {
                name: "b.hcl.json".to_owned(),
                text: "{\"a\": }".to_owned(),
            },
            SourceText {
                name: "c.hcl".to_owned(),
                text: "c = 1\n".to_owned(),
            },
        ];
        let diagnostics = syntax_only(&sources);
        let files: Vec<_> = diagnostics
            .iter()
            .filter_map(|d| d.subject.as_ref().map(|r| r.filename.to_string()))
            .collect();
        assert_eq!(files, ["a.hcl", "b.hcl.json"]);
    }
}
