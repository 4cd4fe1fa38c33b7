//! The crate's cargo features, and the names of every function a
//! [`Library`](crate::Library) can provide, known whatever the features of
//! this build (so that a message can say which feature a missing function
//! needs).

use crate::Family;

/// A cargo feature of `hcl-functions` that brings functions with a
/// dependency (or a capability) of their own. All are on by default;
/// `default-features = false` leaves the pure core families. `hcl-decode`
/// has features of the same names, which turn these on.
///
/// ```
/// use hcl_functions::Feature;
///
/// assert_eq!(Feature::needed_by("yamldecode"), [Feature::Yaml]);
/// assert_eq!(Feature::needed_by("filemd5"), [Feature::Hash, Feature::Filesystem]);
/// assert!(Feature::needed_by("upper").is_empty());
/// assert_eq!(Feature::Yaml.name(), "yaml");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// `regex`: [`Family::Regex`] and `replace` with a `/pattern/` (the
    /// `regex` crate).
    Regex,
    /// `yaml`: `yamldecode`, `yamlencode` (the `saphyr-parser` crate).
    Yaml,
    /// `hash`: [`Family::Hash`] (the `md-5`, `sha1` and `sha2` crates).
    Hash,
    /// `compression`: `base64gzip` (the `flate2` crate).
    Compression,
    /// `uuid`: the impure `uuid` (the `uuid` crate).
    Uuid,
    /// `network`: [`Family::Network`].
    Network,
    /// `filesystem`: the functions of
    /// `Library::filesystem` (`file`, `fileset`, `templatefile`, ...).
    Filesystem,
}

impl Feature {
    /// Every feature.
    pub const ALL: [Feature; 7] = [
        Feature::Regex,
        Feature::Yaml,
        Feature::Hash,
        Feature::Compression,
        Feature::Uuid,
        Feature::Network,
        Feature::Filesystem,
    ];

    /// The feature's name in `Cargo.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Regex => "regex",
            Feature::Yaml => "yaml",
            Feature::Hash => "hash",
            Feature::Compression => "compression",
            Feature::Uuid => "uuid",
            Feature::Network => "network",
            Feature::Filesystem => "filesystem",
        }
    }

    /// Whether the feature is on in this build.
    pub fn is_enabled(self) -> bool {
        match self {
            Feature::Regex => cfg!(feature = "regex"),
            Feature::Yaml => cfg!(feature = "yaml"),
            Feature::Hash => cfg!(feature = "hash"),
            Feature::Compression => cfg!(feature = "compression"),
            Feature::Uuid => cfg!(feature = "uuid"),
            Feature::Network => cfg!(feature = "network"),
            Feature::Filesystem => cfg!(feature = "filesystem"),
        }
    }

    /// The functions that need the feature, by name (the file digests,
    /// `filesha256` and the like, need both `hash` and `filesystem`).
    pub fn functions(self) -> &'static [&'static str] {
        match self {
            Feature::Regex => REGEX,
            Feature::Yaml => &["yamldecode", "yamlencode"],
            Feature::Hash => &[
                "base64sha256",
                "base64sha512",
                "md5",
                "sha1",
                "sha256",
                "sha512",
                "uuidv5",
                "filebase64sha256",
                "filebase64sha512",
                "filemd5",
                "filesha1",
                "filesha256",
                "filesha512",
            ],
            Feature::Compression => &["base64gzip"],
            Feature::Uuid => &["uuid"],
            Feature::Network => NETWORK,
            Feature::Filesystem => FILESYSTEM,
        }
    }

    /// The features a function needs, by the function's name (none for a
    /// function of the core families, or a name no library provides).
    pub fn needed_by(name: &str) -> Vec<Feature> {
        Feature::ALL
            .into_iter()
            .filter(|f| f.functions().contains(&name))
            .collect()
    }
}

/// Every function name a [`Library`](crate::Library) can provide in a
/// build with every feature on (all families, the impure functions and the
/// filesystem functions), whatever this build's features.
///
/// ```
/// let names: Vec<&str> = hcl_functions::function_names().collect();
/// assert!(names.contains(&"length") && names.contains(&"templatefile"));
/// ```
pub fn function_names() -> impl Iterator<Item = &'static str> {
    Family::ALL
        .into_iter()
        .flat_map(family_names)
        .chain(IMPURE)
        .chain(FILESYSTEM)
        .copied()
}

const REGEX: &[&str] = &["regex", "regexall"];
const HASH: &[&str] = &[
    "base64sha256",
    "base64sha512",
    "md5",
    "sha1",
    "sha256",
    "sha512",
    "uuidv5",
];
const NETWORK: &[&str] = &["cidrhost", "cidrnetmask", "cidrsubnet", "cidrsubnets"];
pub(crate) const IMPURE: &[&str] = &["timestamp", "uuid"];
pub(crate) const FILESYSTEM: &[&str] = &[
    "abspath",
    "basename",
    "dirname",
    "file",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "fileexists",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "fileset",
    "pathexpand",
    "templatefile",
];

/// The names of a family's functions with every feature on.
pub(crate) fn family_names(family: Family) -> &'static [&'static str] {
    match family {
        Family::String => &[
            "chomp",
            "endswith",
            "format",
            "formatlist",
            "indent",
            "join",
            "lower",
            "replace",
            "split",
            "startswith",
            "strcontains",
            "strlen",
            "strrev",
            "substr",
            "templatestring",
            "title",
            "trim",
            "trimprefix",
            "trimspace",
            "trimsuffix",
            "upper",
        ],
        Family::Collection => &[
            "alltrue",
            "anytrue",
            "chunklist",
            "coalesce",
            "coalescelist",
            "compact",
            "concat",
            "contains",
            "distinct",
            "element",
            "flatten",
            "hasindex",
            "index",
            "keys",
            "length",
            "list",
            "lookup",
            "map",
            "matchkeys",
            "merge",
            "one",
            "range",
            "reverse",
            "slice",
            "sort",
            "transpose",
            "values",
            "zipmap",
        ],
        Family::Number => &[
            "abs", "ceil", "floor", "int", "log", "max", "min", "parseint", "pow", "signum", "sum",
        ],
        Family::Set => &["setintersection", "setproduct", "setsubtract", "setunion"],
        Family::Encoding => &[
            "base64decode",
            "base64encode",
            "base64gzip",
            "csvdecode",
            "jsondecode",
            "jsonencode",
            "textdecodebase64",
            "textencodebase64",
            "urlencode",
            "yamldecode",
            "yamlencode",
        ],
        Family::Regex => REGEX,
        Family::DateTime => &["formatdate", "timeadd", "timecmp"],
        Family::Hash => HASH,
        Family::Network => NETWORK,
        Family::Conversion => &[
            "can", "tobool", "tolist", "tomap", "tonumber", "toset", "tostring", "try",
        ],
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The names listed are exactly the functions of a build with every
    /// feature (the crate's tests run with the default features: all).
    #[test]
    fn names_match_the_functions() {
        for family in Family::ALL {
            let listed: BTreeSet<&str> = family.function_names().iter().copied().collect();
            let present: BTreeSet<&str> = family.functions().into_iter().map(|(n, _)| n).collect();
            if Feature::ALL.iter().all(|f| f.is_enabled()) {
                assert_eq!(listed, present, "{family:?}");
            } else {
                assert!(present.is_subset(&listed), "{family:?}");
            }
        }
        let root = std::env::temp_dir();
        let library = crate::Library::pure().impure();
        #[cfg(feature = "filesystem")]
        let library = library.filesystem(&root);
        let provided: BTreeSet<String> = library.functions().into_keys().collect();
        for name in function_names() {
            let enabled = Feature::needed_by(name)
                .into_iter()
                .all(Feature::is_enabled);
            assert_eq!(provided.contains(name), enabled, "{name}");
        }
        let names: BTreeSet<&str> = function_names().collect();
        assert!(provided.iter().all(|p| names.contains(p.as_str())));
        let _ = root;
    }

    #[test]
    fn feature_names_are_the_manifest_s() {
        let manifest = include_str!("../Cargo.toml");
        for feature in Feature::ALL {
            assert!(
                manifest.contains(&format!("\n{} = [", feature.name())),
                "{}",
                feature.name()
            );
        }
    }
}
