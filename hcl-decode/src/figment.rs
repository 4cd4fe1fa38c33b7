//! [Figment](https://docs.rs/figment) provider for HCL (feature `figment`):
//! [`Hcl`], so that HCL joins the layered configuration many applications
//! already build.
//!
//! The file is decoded by [`crate::serde`] (its data model: blocks keyed by
//! type then label; the body evaluated first, with the pure function
//! library and dynamic blocks), so every syntax and evaluation error is
//! reported at once, rendered with its source lines, as a Figment error.
//! Each value's [`Metadata`] names the file, and its interpolation of a key
//! gives the key and where its value is written: `server.host
//! (app.hcl:12:10)`, which is what Figment's `extract` errors show.
//! Once provided, values are Figment's: its own rules convert them when
//! they are extracted.
//!
//! `Hcl::from_decoder` (a [`Decoder`]'s options and sources) is not here
//! yet: it needs the decoder's sources.
//!
//! ```
//! use figment::Figment;
//! use hcl_decode::figment::Hcl;
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug)]
//! struct Config {
//!     server: Server,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Server {
//!     host: String,
//!     port: u16,
//! }
//!
//! let text = "server {\n  host = \"${lower(\"EXAMPLE\")}.com\"\n  port = 40 * 2\n}\n";
//! let figment = Figment::new().merge(Hcl::string(text));
//! let config: Config = figment.extract().unwrap();
//! assert_eq!(config.server.host, "example.com");
//!
//! // An error points into the HCL.
//! let err = Figment::new()
//!     .merge(Hcl::string("server {\n  host = true\n}\n"))
//!     .extract::<Config>()
//!     .unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "invalid type: found bool true, expected a string for key \"server.host (<string>:2:10)\" in HCL source string"
//! );
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use ::figment::value::{Dict, Map};
use ::figment::{Error, Metadata, Profile, Provider};
use hcl_core::Range;

use crate::decoder::Decoder;
use crate::language::files::Source;

/// A Figment provider of an HCL file or text: [`Hcl::file`], [`Hcl::string`].
///
/// A file that does not exist provides nothing (as Figment's own file
/// providers do); one that cannot be read, or holds a mistake, is an error.
#[derive(Clone, Debug)]
pub struct Hcl {
    decoder: Decoder,
    input: Input,
    profile: Profile,
    /// The file decoded once, for both `metadata` and `data`.
    evaluated: Arc<OnceLock<Evaluated>>,
}

/// The values and the place of each key path; `None` for a missing file.
type Evaluated = Result<Option<(Dict, Arc<HashMap<String, Range>>)>, crate::Error>;

#[derive(Clone, Debug)]
enum Input {
    File(PathBuf),
    String(Arc<str>),
}

/// The file name text is given under.
const STRING_NAME: &str = "<string>";

impl Hcl {
    /// The HCL file at `path` (native, or JSON for `.json`).
    pub fn file(path: impl AsRef<Path>) -> Hcl {
        Hcl {
            decoder: Decoder::new(),
            input: Input::File(path.as_ref().to_path_buf()),
            profile: Profile::Default,
            evaluated: Arc::default(),
        }
    }

    /// HCL text (native syntax), named `<string>` in messages.
    pub fn string(text: &str) -> Hcl {
        Hcl {
            decoder: Decoder::new(),
            input: Input::String(Arc::from(text)),
            profile: Profile::Default,
            evaluated: Arc::default(),
        }
    }

    /// Provides the values to this profile instead of the default one.
    pub fn profile(mut self, profile: impl Into<Profile>) -> Hcl {
        self.profile = profile.into();
        self
    }

    fn name(&self) -> String {
        match &self.input {
            Input::File(path) => path.to_string_lossy().into_owned(),
            Input::String(_) => STRING_NAME.to_owned(),
        }
    }

    fn evaluate(&self) -> &Evaluated {
        self.evaluated.get_or_init(|| {
            let text = match &self.input {
                Input::String(text) => text.as_bytes().to_vec(),
                Input::File(path) => match std::fs::read(path) {
                    Ok(text) => text,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
                    Err(e) => return Err(crate::Error::io(path, e)),
                },
            };
            let source = Source {
                name: self.name(),
                text,
            };
            crate::serde::run_sources(
                &self.decoder,
                vec![source],
                crate::serde::deserialize_body_with_places::<Dict>,
            )
            .map(|(dict, places)| Some((dict, Arc::new(places))))
        })
    }
}

impl Provider for Hcl {
    /// Names the file (or "HCL source string"); interpolating a key gives
    /// the key and where its value is written (`server.host
    /// (app.hcl:12:10)`), or the key alone where it is not in the file.
    fn metadata(&self) -> Metadata {
        let places = match self.evaluate() {
            Ok(Some((_, places))) => Arc::clone(places),
            _ => Arc::default(),
        };
        let metadata = match &self.input {
            Input::File(path) => Metadata::from("HCL file", path.as_path()),
            Input::String(_) => Metadata::named("HCL source string"),
        };
        metadata.interpolater(move |profile: &Profile, keys: &[&str]| {
            let key = keys.join(".");
            let shown = if profile.is_custom() {
                format!("{profile}.{key}")
            } else {
                key.clone()
            };
            match places.get(&key) {
                Some(r) => format!(
                    "{shown} ({}:{}:{})",
                    r.filename, r.start.line, r.start.column
                ),
                None => shown,
            }
        })
    }

    fn data(&self) -> Result<Map<Profile, Dict>, Error> {
        match self.evaluate() {
            Ok(Some((dict, _))) => Ok(Map::from([(self.profile.clone(), dict.clone())])),
            Ok(None) => Ok(Map::new()),
            Err(e) => Err(Error::from(e.to_string())),
        }
    }
}
