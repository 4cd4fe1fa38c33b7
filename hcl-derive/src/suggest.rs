//! "Did you mean …?" for misspelt `#[hcl(...)]` options.
//!
//! The same rule as `hcl_core::suggestion`, kept here so that the proc-macro
//! does not depend on `hcl-core` (which would then be compiled twice, once
//! for the host): a name is suggested when its edit distance to the given
//! one is below 3; the closest one wins and ties go to the name that sorts
//! first, so the same input always gets the same suggestion.

/// The closest candidate within an edit distance of 2, if any.
pub(crate) fn suggestion<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let distance = levenshtein(given, candidate);
        if distance >= 3 {
            continue;
        }
        let better = match best {
            None => true,
            Some((d, name)) => distance < d || (distance == d && candidate < name),
        };
        if better {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, name)| name)
}

/// ` (did you mean `x`?)` when a known option is close to `name`, else
/// nothing.
pub(crate) fn did_you_mean(name: &str, known: &[&str]) -> String {
    suggestion(name, known.iter().copied())
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default()
}

/// The Levenshtein edit distance between two strings, by characters.
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levenshtein_counts_edits() {
        assert_eq!(levenshtein("", ""), 0);
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("abc", ""), 3);
        assert_eq!(levenshtein("héllo", "hello"), 1);
    }

    #[test]
    fn suggestion_prefers_closest_then_name_order() {
        assert_eq!(
            suggestion("prot", ["port", "protocol", "host"]),
            Some("port")
        );
        assert_eq!(suggestion("zzzzzz", ["port"]), None);
        assert_eq!(suggestion("nme", ["nmae", "name"]), Some("name"));
        assert_eq!(suggestion("ab", ["ax", "aa"]), Some("aa"));
        assert_eq!(suggestion("ab", ["aa", "ax"]), Some("aa"));
        assert_eq!(suggestion("x", std::iter::empty()), None);
    }

    #[test]
    fn did_you_mean_formats_the_hint() {
        assert_eq!(
            did_you_mean("rename_al", &["rename_all", "crate"]),
            " (did you mean `rename_all`?)"
        );
        assert_eq!(did_you_mean("nothing_like", &["rename_all", "crate"]), "");
    }
}
