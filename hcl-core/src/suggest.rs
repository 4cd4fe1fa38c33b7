//! Deterministic "Did you mean …?" suggestions.
//!
//! A name is suggested when it is close to the given one, by a threshold
//! that grows with the given name's length (in characters):
//!
//! - the distance is the *optimal string alignment* edit distance: each
//!   insertion, deletion or substitution of a character, or swap of two
//!   adjacent characters (`prot` → `port`), counts one edit;
//! - at most `max(1, min(2, len / 3))` edits: one for names of up to five
//!   characters, two for longer ones (never more: the Go implementation's
//!   limit is "below 3").
//!
//! So a short name gets only a near-certain suggestion: `icmp` does not
//! suggest `tcp` (two edits in four characters), where the Go
//! implementation's fixed threshold (Levenshtein distance below 3, whatever
//! the length) would; `docs/deviations.md` lists it. Unlike the Go
//! implementation, which takes the first close name in hash order, the
//! closest one wins and ties go to the name that sorts first, so the same
//! input always gets the same suggestion.
//!
//! `hcl-derive` keeps a copy of this module (a proc-macro crate cannot
//! depend on `hcl-core`); the two stay the same.
//!
//! ```
//! use hcl_core::suggestion;
//!
//! assert_eq!(suggestion("prot", ["port", "protocol", "host"]), Some("port"));
//! assert_eq!(suggestion("icmp", ["tcp", "udp"]), None);
//! assert_eq!(suggestion("protocl", ["port", "protocol"]), Some("protocol"));
//! assert_eq!(suggestion("zzzzzz", ["port"]), None);
//! ```

/// The closest candidate within [`max_distance`] of `given`, if any (ties
/// go to the name that sorts first).
pub fn suggestion<'a>(
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
pub fn max_distance(given: &str) -> usize {
    (given.chars().count() / 3).clamp(1, 2)
}

/// The optimal string alignment distance between two strings, by
/// characters: insertions, deletions, substitutions and swaps of two
/// adjacent characters, each one edit (no substring is edited twice).
pub fn edit_distance(a: &str, b: &str) -> usize {
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
    fn deviation_short_names_get_only_close_suggestions() {
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
}
