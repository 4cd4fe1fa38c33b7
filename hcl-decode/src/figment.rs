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
//! [`Hcl::from_decoder`] takes a [`Decoder`] with its options (input
//! variables, locals, the function library, ...) and its sources (several
//! files as one configuration).
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
    /// The decoder's own sources.
    Decoder,
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

    /// The sources of a [`Decoder`] ([`Decoder::file`], [`Decoder::files`],
    /// [`Decoder::text`]), decoded as one configuration with its options.
    ///
    /// ```
    /// use figment::Figment;
    /// use hcl_decode::Decoder;
    /// use hcl_decode::figment::Hcl;
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize)]
    /// struct Config {
    ///     name: String,
    /// }
    ///
    /// let decoder = Decoder::new()
    ///     .locals()
    ///     .text("locals { env = \"prod\" }\n", "locals.hcl")
    ///     .text("name = \"api-${local.env}\"\n", "main.hcl");
    /// let config: Config = Figment::new().merge(Hcl::from_decoder(decoder)).extract().unwrap();
    /// assert_eq!(config.name, "api-prod");
    /// ```
    pub fn from_decoder(decoder: Decoder) -> Hcl {
        Hcl {
            decoder,
            input: Input::Decoder,
            profile: Profile::Default,
            evaluated: Arc::default(),
        }
    }

    /// Provides the values to this profile instead of the default one.
    pub fn profile(mut self, profile: impl Into<Profile>) -> Hcl {
        self.profile = profile.into();
        self
    }

    fn evaluate(&self) -> &Evaluated {
        self.evaluated.get_or_init(|| {
            let decoder = match &self.input {
                Input::String(text) => self.decoder.clone().text(text.as_bytes(), STRING_NAME),
                // A missing file provides nothing, as Figment's own file
                // providers do; one that cannot be read is an error of
                // the decoding.
                Input::File(path) if !path.exists() => return Ok(None),
                Input::File(path) => self.decoder.clone().file(path),
                Input::Decoder => self.decoder.clone(),
            };
            crate::pipeline::run(
                &decoder,
                decoder.inputs(),
                crate::serde::deserialize_body_with_places::<Dict>,
            )
            .map(|decoded| {
                let (dict, places) = decoded.value;
                Some((dict, Arc::new(places)))
            })
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
            Input::Decoder => Metadata::named("HCL configuration"),
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
