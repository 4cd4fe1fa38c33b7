//! # hcl-functions
//!
//! The function library that HCL users know from Terraform, for any
//! application that evaluates HCL with [`hcl_core`]: every function of
//! go-cty's `function/stdlib` under the name Terraform gives it, and
//! Terraform's pure functions that cty lacks, with cty's semantics and
//! messages.
//!
//! Functions are grouped by [`Family`]; a [`Library`] chooses families
//! (all pure ones by default), optionally the impure functions and the
//! filesystem functions (only under a root directory), and installs them
//! into an [`EvalContext`].
//!
//! Every function is declared through the core's
//! [`Function`] builder, so the handling of null, unknown and dynamic
//! arguments, arity and argument types is the core's.
//!
//! Where a function converts, unifies or compares values (the set
//! functions, `tolist`/`toset`/`tomap`, `lookup`, `format`, ...), it does so
//! by the rule set of the call ([`Function::call_with`], which an
//! evaluation passes from [`EvalContext::semantics`]): the specification's
//! by default, HashiCorp's go-cty with [`hcl_core::Semantics::Go`]
//! (`docs/deviations.md` lists where they part).
//!
//! ## Features
//!
//! Each family with a dependency (or a capability) of its own is a cargo
//! feature ([`Feature`]), on by default; `default-features = false` leaves
//! the pure core families (strings, collections, numbers, sets,
//! JSON/CSV/Base64/URL encodings, dates and times, conversions,
//! `try`/`can`):
//!
//! | feature | functions | dependency |
//! |---|---|---|
//! | `regex` | [`Family::Regex`], and `replace` with a `/pattern/` | `regex` |
//! | `yaml` | `yamldecode`, `yamlencode` | `saphyr-parser` |
//! | `hash` | [`Family::Hash`]: `md5`, `sha1`, `sha256`, `sha512`, `base64sha256`, `base64sha512`, `uuidv5`; with `filesystem`, `filemd5`, `filesha1`, `filesha256`, `filesha512`, `filebase64sha256`, `filebase64sha512` | `md-5`, `sha1`, `sha2` |
//! | `compression` | `base64gzip` | `flate2` |
//! | `uuid` | `uuid` ([`Library::impure`]) | `uuid` |
//! | `network` | [`Family::Network`]: `cidrhost`, `cidrnetmask`, `cidrsubnet`, `cidrsubnets` | none |
//! | `filesystem` | `Library::filesystem`: `file`, `fileexists`, `fileset`, `filebase64`, `templatefile`, `abspath`, `dirname`, `basename`, `pathexpand` | none |
//!
//! With a feature off, its module and functions are absent, and so is
//! `Library::filesystem` without `filesystem`; every [`Family`] is still
//! named, a family whose feature is off has no functions
//! ([`Family::is_enabled`]), and the names of every function a library can
//! provide stay known ([`function_names`], [`Family::function_names`],
//! [`Feature::needed_by`]), so that a message can say which feature a
//! missing function needs. A `replace` with a `/pattern/` without `regex`
//! is an error that says so. `hcl-decode` has features of the same names.
//!
//! ## Terraform's definitions
//!
//! Where Terraform replaces a go-cty function by its own
//! (`internal/lang/funcs`), the library has Terraform's, in
//! [`Semantics::Spec`](hcl_core::Semantics::Spec) and
//! [`Semantics::Go`](hcl_core::Semantics::Go) alike (these are functions,
//! not the specification's conversion rules), and where current go-cty
//! (which Terraform uses) changed a function since go-cty 1.12, whose
//! behaviour the library otherwise follows, the current one. go-cty's
//! remain in [`hcldec`], the functions of the `hcldec` tool. The
//! differences:
//!
//! | function | go-cty's | Terraform's (this library's) |
//! |---|---|---|
//! | [`length`](collection::length) | lists, maps, sets and tuples | also strings (characters: grapheme clusters) and objects (attributes) |
//! | [`lookup`](collection::lookup) | the default is required | the default is optional: a missing key is then an error; a null default is allowed |
//! | [`coalesce`](collection::coalesce) | the first non-null argument | the first argument neither null nor, for strings, empty (`"no non-null, non-empty-string arguments"`) |
//! | [`list`](collection::list), [`map`](collection::map) | none | an error saying they were removed in Terraform v0.12 and what replaces them |
//! | [`element`](collection::element) | (go-cty 1.12) a negative index is an error | (current go-cty, which Terraform uses) a negative index counts from the end |
//! | [`contains`](collection::contains) | (go-cty 1.12) the value must not be null | (current go-cty, which Terraform uses) a null value is looked for |
//! | [`format`](string::format), [`formatlist`](string::formatlist) | (go-cty 1.12) an argument of unknown type gives a value of unknown type | (current go-cty) an unknown string, or list of strings |
//! | `filemd5`, `filesha1`, `filesha256`, `filesha512`, `filebase64sha256`, `filebase64sha512` | none | the digest of a file's bytes (with the `filesystem` and `hash` features) |
//!
//! Each is tested against Terraform's outcome, case by case, in both
//! modes (`tests/differential/terraform.jsonl`, which names the definition
//! each case follows; the file digests with Terraform's own examples, in
//! the `filesystem` module's tests). The other functions Terraform defines itself
//! (`index`, `alltrue`, `anytrue`, `one`, `sum`, `transpose`, `matchkeys`,
//! `log`, `pow`, `replace`, `startswith`, `endswith`, `strcontains`,
//! `templatestring`, the encoding, hash, network, date and filesystem
//! functions, the conversion functions with Terraform's messages) are
//! Terraform's too; the functions that go-cty defines and Terraform uses
//! as they are keep go-cty's behaviour (current go-cty's refinements of
//! unknown results, such as a known length or prefix, are not modelled:
//! such a result is simply unknown).
//!
//! Terraform functions not provided:
//! - `sensitive`, `nonsensitive`, `issensitive` and `ephemeralasnull`
//!   need marks on values, which the core does not have yet;
//! - `type` (only in `terraform console`), `convert` (its second argument
//!   is a type constraint, not a value), `plantimestamp` (a plan's time);
//! - `bcrypt` and `rsadecrypt` (cryptography this library does not carry);
//! - the `core::` names (`core::upper`), since the native syntax here, as
//!   hclsyntax 2.14.1, has no namespaced function names.
//!
//! `list` and `map` are there as Terraform has them: only to say they were
//! removed (in Terraform v0.12) and what replaces them.
//!
//! Functions here that Terraform does not have: `strlen`, `int` and
//! `hasindex` (go-cty's, as `hcldec` has them).
//!
//! ```
//! use hcl_core::{Semantics, Value};
//!
//! let tonumber = hcl_functions::conversion::tonumber();
//! let arg = [Value::string("1e3")];
//! // The spec allows no exponent in a string converted to a number; Go does.
//! assert!(tonumber.call_with(&arg, Semantics::Spec).is_err());
//! assert_eq!(tonumber.call_with(&arg, Semantics::Go).unwrap(), Value::number(1000));
//! ```

use std::collections::BTreeMap;
#[cfg(feature = "filesystem")]
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use hcl_core::FunctionAdvice;
use hcl_core::function::Function;
use hcl_core::{EvalContext, EvalContextError};

mod args;
pub mod collection;
pub mod conversion;
pub mod datetime;
mod doc_eval;
pub mod duration;
pub mod encoding;
mod feature;
#[cfg(feature = "filesystem")]
pub mod filesystem;
#[cfg(feature = "hash")]
pub mod hash;
pub mod hcldec;
#[cfg(feature = "network")]
pub mod network;
pub mod number;
#[cfg(feature = "uuid")]
pub mod random;
#[cfg(feature = "regex")]
pub mod regex;
pub mod set;
pub mod string;
mod template;
pub mod tryfunc;

pub use feature::{Feature, function_names};

#[doc(hidden)]
pub use doc_eval::eval_for_docs;

/// A family of functions, as Terraform's documentation groups them.
///
/// Every family is named whatever the crate's features; a family that
/// needs a [`Feature`] that is off ([`Family::feature`],
/// [`Family::is_enabled`]) has no functions ([`Family::functions`] is
/// empty), though [`Family::function_names`] still names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Family {
    /// `upper`, `split`, `format`, `trim`, ... ([`string`]).
    String,
    /// `merge`, `lookup`, `flatten`, `keys`, `sort`, ... ([`collection`]).
    Collection,
    /// `abs`, `ceil`, `log`, `parseint`, `sum`, ... ([`number`]).
    Number,
    /// `setunion`, `setproduct`, ... ([`set`]).
    Set,
    /// `base64encode`, `jsonencode`, `csvdecode`, `yamldecode`, ... ([`encoding`]).
    Encoding,
    /// `regex`, `regexall` (`hcl_functions::regex`; the `regex` feature).
    Regex,
    /// `formatdate`, `timeadd`, `timecmp` ([`datetime`]).
    DateTime,
    /// `md5`, `sha256`, `uuidv5`, ... (`hcl_functions::hash`; the `hash` feature).
    Hash,
    /// `cidrhost`, `cidrsubnet`, ... (`hcl_functions::network`; the `network` feature).
    Network,
    /// `tostring`, `tolist`, `tomap`, ... ([`conversion`]), `try` and `can` ([`tryfunc`]).
    Conversion,
}

impl Family {
    /// Every pure family (those whose feature is off included: they are
    /// empty).
    pub const ALL: [Family; 10] = [
        Family::String,
        Family::Collection,
        Family::Number,
        Family::Set,
        Family::Encoding,
        Family::Regex,
        Family::DateTime,
        Family::Hash,
        Family::Network,
        Family::Conversion,
    ];

    /// The feature the family needs, if any (the families that need none
    /// are always there).
    pub fn feature(self) -> Option<Feature> {
        match self {
            Family::Regex => Some(Feature::Regex),
            Family::Hash => Some(Feature::Hash),
            Family::Network => Some(Feature::Network),
            _ => None,
        }
    }

    /// Whether the family's functions are in this build (its feature, if
    /// it needs one, is on).
    pub fn is_enabled(self) -> bool {
        self.feature().is_none_or(Feature::is_enabled)
    }

    /// The names of the family's functions in a build with every feature
    /// on, whatever this build's (a function of the family that needs a
    /// feature that is off, such as `yamldecode` without `yaml`, is named
    /// but not in [`Family::functions`]; [`Feature::needed_by`] says
    /// which).
    ///
    /// ```
    /// use hcl_functions::Family;
    ///
    /// assert!(Family::Encoding.function_names().contains(&"yamldecode"));
    /// assert!(Family::Regex.function_names().contains(&"regexall"));
    /// ```
    pub fn function_names(self) -> &'static [&'static str] {
        feature::family_names(self)
    }

    /// The family's functions in this build, by name.
    pub fn functions(self) -> Vec<(&'static str, Function)> {
        match self {
            Family::String => string::functions(),
            Family::Collection => collection::functions(),
            Family::Number => number::functions(),
            Family::Set => set::functions(),
            Family::Encoding => encoding::functions(),
            #[cfg(feature = "regex")]
            Family::Regex => regex::functions(),
            Family::DateTime => datetime::functions(),
            #[cfg(feature = "hash")]
            Family::Hash => hash::functions(),
            #[cfg(feature = "network")]
            Family::Network => network::functions(),
            #[cfg(not(feature = "regex"))]
            Family::Regex => Vec::new(),
            #[cfg(not(feature = "hash"))]
            Family::Hash => Vec::new(),
            #[cfg(not(feature = "network"))]
            Family::Network => Vec::new(),
            Family::Conversion => {
                let mut functions = conversion::functions();
                functions.extend(tryfunc::functions());
                functions
            }
        }
    }
}

/// A choice of functions: families, impure functions, filesystem
/// functions under a root directory.
///
/// ```
/// use hcl_functions::{Family, Library};
///
/// let all = Library::pure().functions();
/// let strings = Library::empty().family(Family::String).functions();
/// assert!(all.len() >= strings.len());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Library {
    hcldec: bool,
    families: Vec<Family>,
    impure: bool,
    #[cfg(feature = "filesystem")]
    filesystem_root: Option<PathBuf>,
    /// The table, once built (a library with a filesystem root builds its
    /// own; the others share one per choice of families, see
    /// [`Library::table`]).
    table: OnceLock<Table>,
}

/// A library's functions by name, shared.
type Table = Arc<BTreeMap<String, Function>>;

impl Library {
    /// No function at all (add families with [`Library::family`]).
    pub fn empty() -> Library {
        Library::default()
    }

    /// Every pure function: all of [`Family::ALL`] (those whose feature is
    /// on).
    pub fn pure() -> Library {
        Library {
            families: Family::ALL.to_vec(),
            ..Library::default()
        }
    }

    /// The fifteen functions of Go's `cmd/hcldec` ([`hcldec`]): `abs`,
    /// `coalesce`, `concat`, `hasindex`, `int`, `jsondecode`,
    /// `jsonencode`, `length`, `lower`, `max`, `min`, `reverse` (of a
    /// string), `strlen`, `substr`, `upper`. A family added to it
    /// ([`Library::family`]) takes precedence where names meet (its
    /// `reverse` is Terraform's, of a list).
    ///
    /// ```
    /// use hcl_functions::{Family, Library};
    ///
    /// let hcldec = Library::hcldec().functions();
    /// assert_eq!(hcldec.len(), 15);
    /// assert!(hcldec.contains_key("jsonencode") && !hcldec.contains_key("split"));
    /// let more = Library::hcldec().family(Family::String).functions();
    /// assert!(more.contains_key("split") && more.contains_key("jsonencode"));
    /// ```
    pub fn hcldec() -> Library {
        Library {
            hcldec: true,
            ..Library::default()
        }
    }

    /// Adds a family (a family whose feature is off adds nothing).
    pub fn family(mut self, family: Family) -> Library {
        if !self.families.contains(&family) {
            self.families.push(family);
            self.table = OnceLock::new();
        }
        self
    }

    /// Adds the impure functions, whose results change from call to call
    /// (`timestamp`, and `uuid` with the `uuid` feature).
    pub fn impure(mut self) -> Library {
        self.impure = true;
        self.table = OnceLock::new();
        self
    }

    /// Adds the filesystem functions (`file`, `fileexists`, `fileset`,
    /// `filebase64`, `templatefile`, `abspath`, `dirname`, `basename`,
    /// `pathexpand`, and with the `hash` feature the file digests
    /// `filemd5`, `filesha256`, ...), confined to `root`: a relative path is resolved
    /// against it, and a path that leaves it is an error, never a read.
    /// Only with the `filesystem` feature.
    #[cfg(feature = "filesystem")]
    pub fn filesystem(mut self, root: impl Into<PathBuf>) -> Library {
        self.filesystem_root = Some(root.into());
        self.table = OnceLock::new();
        self
    }

    /// The chosen functions, by name: a copy of [`Library::table`].
    pub fn functions(&self) -> BTreeMap<String, Function> {
        (*self.table()).clone()
    }

    /// The chosen functions, by name, built once and shared: every library
    /// of the same families (and impure choice) without a filesystem root
    /// shares one table for the life of the program, so that a decoder
    /// made anew for each file pays nothing for it; a library with a
    /// filesystem root builds its table once, on first use.
    /// [`EvalContext::with_functions`] uses it without copying.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hcl_functions::Library;
    ///
    /// assert!(Arc::ptr_eq(&Library::pure().table(), &Library::pure().table()));
    /// assert!(Library::pure().table().contains_key("upper"));
    /// // Each choice has its own table: hcldec's set is not the empty one.
    /// assert!(Library::empty().table().is_empty());
    /// assert_eq!(Library::hcldec().table().len(), 15);
    /// ```
    pub fn table(&self) -> Arc<BTreeMap<String, Function>> {
        self.table
            .get_or_init(|| {
                #[cfg(feature = "filesystem")]
                if self.filesystem_root.is_some() {
                    return Arc::new(self.build());
                }
                // One table per choice (families, impure functions,
                // hcldec's set), for the program's life (there are at most
                // 2^12 choices, and programs make a few).
                static SHARED: OnceLock<Mutex<BTreeMap<u32, Table>>> = OnceLock::new();
                let key = self.families.iter().map(|f| 1u32 << (*f as u32)).fold(
                    u32::from(self.impure) << 31 | u32::from(self.hcldec) << 30,
                    |a, b| a | b,
                );
                let shared = SHARED.get_or_init(Mutex::default);
                let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                shared
                    .entry(key)
                    .or_insert_with(|| Arc::new(self.build()))
                    .clone()
            })
            .clone()
    }

    /// Builds the table.
    fn build(&self) -> BTreeMap<String, Function> {
        let mut out = BTreeMap::new();
        if self.hcldec {
            for (name, function) in hcldec::functions() {
                out.insert(name.to_owned(), function);
            }
        }
        for family in &self.families {
            for (name, function) in family.functions() {
                out.insert(name.to_owned(), function);
            }
        }
        if self.impure {
            let impure = datetime::impure_functions();
            #[cfg(feature = "uuid")]
            let impure = impure.into_iter().chain(random::impure_functions());
            for (name, function) in impure {
                out.insert(name.to_owned(), function);
            }
        }
        #[cfg(feature = "filesystem")]
        if let Some(root) = &self.filesystem_root {
            for (name, function) in filesystem::functions(root, self) {
                out.insert(name.to_owned(), function);
            }
        }
        out
    }

    /// Declares the chosen functions in `ctx` (replacing functions of the
    /// same names), and the library's [`Library::advice`] about the others.
    pub fn install(&self, ctx: &mut EvalContext) -> Result<(), EvalContextError> {
        for (name, function) in self.table().iter() {
            ctx.declare_function(name.clone(), function.clone())?;
        }
        ctx.set_function_advice(self.advice());
        Ok(())
    }

    /// What this library says about a function it could provide but was
    /// not asked to (for the "Function not enabled" error of a call to it):
    /// the family to add, `impure()` or `filesystem(root)`. Worked out only
    /// when such a call fails.
    ///
    /// ```
    /// use hcl_functions::Library;
    ///
    /// let advice = Library::pure().advice();
    /// assert_eq!(
    ///     advice.advise("file").unwrap(),
    ///     "It is one of the filesystem functions, which read files under a root directory that confines them: enable them with `Library::filesystem(root)` in the function library."
    /// );
    /// assert!(advice.advise("upper").is_none());
    /// assert!(advice.advise("nothing").is_none());
    /// ```
    pub fn advice(&self) -> FunctionAdvice {
        let library = self.clone();
        FunctionAdvice::new(move |name| library.advise(name))
    }

    /// How to enable `name`, if this library leaves it out (the cargo
    /// features this build lacks, then the library's choice).
    fn advise(&self, name: &str) -> Option<String> {
        let features: Vec<&str> = Feature::needed_by(name)
            .into_iter()
            .filter(|f| !f.is_enabled())
            .map(Feature::name)
            .collect();
        let build = match features.as_slice() {
            [] => String::new(),
            [one] => format!("build hcl-functions with its cargo feature `{one}`, then "),
            many => format!(
                "build hcl-functions with its cargo features `{}`, then ",
                many.join("`, `")
            ),
        };
        #[cfg(feature = "filesystem")]
        let has_root = self.filesystem_root.is_some();
        #[cfg(not(feature = "filesystem"))]
        let has_root = false;
        if feature::FILESYSTEM.contains(&name) && !has_root {
            return Some(format!(
                "It is one of the filesystem functions, which read files under a root directory that confines them: {build}enable them with `Library::filesystem(root)` in the function library."
            ));
        }
        if feature::IMPURE.contains(&name) && (!self.impure || !build.is_empty()) {
            return Some(format!(
                "It is impure (its result changes from call to call): {build}enable it with `Library::impure()` in the function library."
            ));
        }
        let family = Family::ALL
            .into_iter()
            .find(|f| feature::family_names(*f).contains(&name))?;
        if self.families.contains(&family) && build.is_empty() {
            return None;
        }
        Some(format!(
            "It is in the {family:?} family: {build}enable it with `Library::family(Family::{family:?})` (or `Library::pure()`, every family) in the function library."
        ))
    }
}
