//! "Did you mean …?" for misspelt `#[hcl(...)]` options.
//!
//! A copy of `hcl-core`'s `suggest` module, `hcl_core::suggestion` (the proc-macro may not depend on
//! `hcl-core`, which would then be compiled twice, once for the host); the
//! two stay the same, so read that module's documentation for the rule: the
//! optimal string alignment distance (a swap of adjacent characters is one
//! edit), at most one edit for names of up to five characters and two for
//! longer ones, the closest name first, then name order.

/// The closest candidate within [`max_distance`] of `given`, if any (ties
/// go to the name that sorts first).
pub(crate) fn suggestion<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = max_distance(given);
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let distance = edit_distance(given, candidate);
        if distance > limit {
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

/// How many edits a suggestion for `given` may be away: one for names of
/// up to five characters, two for longer ones.
pub(crate) fn max_distance(given: &str) -> usize {
    (given.chars().count() / 3).clamp(1, 2)
}

/// The optimal string alignment distance between two strings, by
/// characters: insertions, deletions, substitutions and swaps of two
/// adjacent characters, each one edit (no substring is edited twice).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows: the one before the previous is needed for swaps.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            let mut d = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
            if i > 0 && j > 0 && ca == b[j - 1] && a[i - 1] == cb {
                d = d.min(before[j - 1] + 1);
            }
            current[j + 1] = d;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// ` (did you mean `x`?)` when a known option is close to `name`, else
/// nothing.
pub(crate) fn did_you_mean(name: &str, known: &[&str]) -> String {
    suggestion(name, known.iter().copied())
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_edits_and_swaps() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("héllo", "hello"), 1);
        assert_eq!(edit_distance("prot", "port"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("icmp", "tcp"), 2);
        // Optimal string alignment edits no substring twice.
        assert_eq!(edit_distance("ca", "abc"), 3);
    }

    #[test]
    fn the_threshold_grows_with_the_length() {
        assert_eq!(max_distance(""), 1);
        assert_eq!(max_distance("a"), 1);
        assert_eq!(max_distance("abcde"), 1);
        assert_eq!(max_distance("abcdef"), 2);
        assert_eq!(max_distance("a_very_long_name"), 2);
    }

    #[test]
    fn suggestion_prefers_closest_then_name_order() {
        assert_eq!(suggestion("nme", ["nmae", "name"]), Some("name"));
        assert_eq!(suggestion("ab", ["ax", "aa"]), Some("aa"));
        assert_eq!(suggestion("ab", ["aa", "ax"]), Some("aa"));
        assert_eq!(suggestion("x", std::iter::empty()), None);
    }

    /// Go's fixed threshold (Levenshtein distance below 3) suggests `tcp`
    /// for `icmp` and `any` for `a`; a short name gets only a suggestion
    /// one edit away here.
    #[test]
    fn short_names_get_only_close_suggestions() {
        assert_eq!(suggestion("icmp", ["tcp", "udp"]), None);
        assert_eq!(suggestion("a", ["any"]), None);
        assert_eq!(suggestion("foo", ["bool"]), None);
        assert_eq!(suggestion("prot", ["port"]), Some("port"));
        assert_eq!(suggestion("imag_tag", ["image_tag"]), Some("image_tag"));
        assert_eq!(suggestion("protocl", ["protocol"]), Some("protocol"));
        assert_eq!(suggestion("hostnmae", ["hostname"]), Some("hostname"));
        assert_eq!(suggestion("hostnm", ["hostname"]), Some("hostname"));
        assert_eq!(suggestion("hstnm", ["hostname"]), None);
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
