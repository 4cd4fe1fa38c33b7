//! The character encodings of `textencodebase64` and `textdecodebase64`:
//! a subset of the IANA names that Terraform accepts (Go's
//! `golang.org/x/text` `ianaindex`), implemented here.

/// A supported encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    Utf8,
    Utf16Be,
    Utf16Le,
    /// UTF-16 with a byte order mark (big-endian without one).
    Utf16,
    Latin1,
}

impl Encoding {
    /// The encoding an IANA name or alias (any case) names.
    pub(crate) fn lookup(name: &str) -> Option<Encoding> {
        let n = name.to_ascii_lowercase();
        Some(match n.as_str() {
            "utf-8" | "csutf8" => Encoding::Utf8,
            "utf-16be" | "csutf16be" => Encoding::Utf16Be,
            "utf-16le" | "csutf16le" => Encoding::Utf16Le,
            "utf-16" | "csutf16" => Encoding::Utf16,
            "iso-8859-1" | "iso_8859-1:1987" | "iso-ir-100" | "iso_8859-1" | "latin1" | "l1"
            | "ibm819" | "cp819" | "csisolatin1" => Encoding::Latin1,
            _ => return None,
        })
    }

    /// The encoding's IANA name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16 => "UTF-16",
            Encoding::Latin1 => "ISO-8859-1",
        }
    }

    /// The text's bytes in this encoding; `None` if a character has none.
    pub(crate) fn encode(self, text: &str) -> Option<Vec<u8>> {
        let utf16 = |big: bool, bom: bool| {
            let mut out = Vec::with_capacity(text.len() * 2 + 2);
            let units = bom.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
            for u in units {
                out.extend_from_slice(&if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                });
            }
            out
        };
        Some(match self {
            Encoding::Utf8 => text.as_bytes().to_vec(),
            Encoding::Utf16Be => utf16(true, false),
            Encoding::Utf16Le => utf16(false, false),
            Encoding::Utf16 => utf16(true, true),
            Encoding::Latin1 => text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect::<Option<Vec<u8>>>()?,
        })
    }

    /// The text that bytes in this encoding spell; `None` if some of them
    /// spell nothing (or U+FFFD, as Terraform checks).
    pub(crate) fn decode(self, bytes: &[u8]) -> Option<String> {
        let utf16 = |bytes: &[u8], big: bool| {
            if !bytes.len().is_multiple_of(2) {
                return None;
            }
            let units = bytes.chunks(2).map(|p| {
                let pair = [p[0], p[1]];
                if big {
                    u16::from_be_bytes(pair)
                } else {
                    u16::from_le_bytes(pair)
                }
            });
            char::decode_utf16(units)
                .collect::<Result<String, _>>()
                .ok()
        };
        let text = match self {
            Encoding::Utf8 => String::from_utf8(bytes.to_vec()).ok()?,
            Encoding::Utf16Be => utf16(bytes, true)?,
            Encoding::Utf16Le => utf16(bytes, false)?,
            Encoding::Utf16 => match bytes {
                [0xFE, 0xFF, rest @ ..] => utf16(rest, true)?,
                [0xFF, 0xFE, rest @ ..] => utf16(rest, false)?,
                _ => utf16(bytes, true)?,
            },
            Encoding::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        };
        (!text.contains('\u{FFFD}')).then_some(text)
    }
}
