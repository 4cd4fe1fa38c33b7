//! `rename_all` rules: field names (snake_case in Rust) to HCL names.

/// A renaming rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// The rules by name, in the order the error message lists them.
pub(crate) const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::Lower),
    ("UPPERCASE", RenameRule::Upper),
    ("PascalCase", RenameRule::Pascal),
    ("camelCase", RenameRule::Camel),
    ("snake_case", RenameRule::Snake),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
    ("kebab-case", RenameRule::Kebab),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
];

impl RenameRule {
    /// The rule of that name.
    pub(crate) fn from_name(name: &str) -> Option<RenameRule> {
        RULES.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
    }

    /// Applies the rule to a snake_case field name.
    pub(crate) fn apply(self, field: &str) -> String {
        match self {
            RenameRule::Lower => field.to_ascii_lowercase(),
            RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
            RenameRule::Pascal => {
                let mut out = String::with_capacity(field.len());
                let mut upper = true;
                for c in field.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
            RenameRule::Camel => {
                let pascal = RenameRule::Pascal.apply(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_lowercase().chain(chars).collect(),
                    None => String::new(),
                }
            }
        }
    }
}

/// A PascalCase variant name in snake_case (`BuildStep` → `build_step`,
/// `HTTPServer` → `http_server`), the default HCL name of a variant.
pub(crate) fn snake_case(variant: &str) -> String {
    let chars: Vec<char> = variant.chars().collect();
    let mut out = String::with_capacity(variant.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1);
            let starts_word = match prev {
                None | Some('_') => false,
                Some(p) => {
                    p.is_lowercase()
                        || p.is_ascii_digit()
                        || (p.is_uppercase() && next.is_some_and(|n| n.is_lowercase()))
                }
            };
            if starts_word {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_become_snake_case() {
        for (variant, want) in [
            ("Run", "run"),
            ("BuildStep", "build_step"),
            ("HTTPServer", "http_server"),
            ("Ipv4", "ipv4"),
            ("V2Api", "v2_api"),
            ("already_snake", "already_snake"),
        ] {
            assert_eq!(snake_case(variant), want, "{variant}");
        }
    }

    #[test]
    fn rules_rename_snake_case_fields() {
        let cases = [
            ("lowercase", "timeout_secs"),
            ("UPPERCASE", "TIMEOUT_SECS"),
            ("PascalCase", "TimeoutSecs"),
            ("camelCase", "timeoutSecs"),
            ("snake_case", "timeout_secs"),
            ("SCREAMING_SNAKE_CASE", "TIMEOUT_SECS"),
            ("kebab-case", "timeout-secs"),
            ("SCREAMING-KEBAB-CASE", "TIMEOUT-SECS"),
        ];
        for (rule, want) in cases {
            let rule = RenameRule::from_name(rule).expect("a rule");
            assert_eq!(rule.apply("timeout_secs"), want);
        }
        assert_eq!(RenameRule::Camel.apply("port"), "port");
        assert!(RenameRule::from_name("Kebab").is_none());
    }
}
