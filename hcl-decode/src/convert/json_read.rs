//! A JSON document as the conversion needs it: properties in source
//! order (a name may repeat), numbers as written, strings decoded. Read
//! after HCL's JSON parser accepted the text, so its errors are the
//! parser's; this reader only refuses what it cannot represent.

#[derive(Debug, Clone)]
pub(super) enum JValue {
    Null,
    Bool(bool),
    /// The number as written.
    Number(String),
    String(String),
    Array(Vec<JValue>),
    Object(Vec<(String, JValue)>),
}

/// Nesting deeper than this is refused (HCL's JSON parser stops earlier).
const MAX_DEPTH: usize = 1024;

pub(super) fn read(text: &str) -> Option<JValue> {
    let mut r = Reader {
        s: text.as_bytes(),
        pos: 0,
    };
    let v = r.value(0)?;
    r.ws();
    (r.pos == r.s.len()).then_some(v)
}

struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.s.get(self.pos) {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Option<JValue> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.ws();
        match *self.s.get(self.pos)? {
            b'{' => {
                self.pos += 1;
                let mut props = Vec::new();
                self.ws();
                if self.s.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                    return Some(JValue::Object(props));
                }
                loop {
                    self.ws();
                    let name = self.string()?;
                    self.ws();
                    if self.s.get(self.pos) != Some(&b':') {
                        return None;
                    }
                    self.pos += 1;
                    let v = self.value(depth + 1)?;
                    props.push((name, v));
                    self.ws();
                    match self.s.get(self.pos)? {
                        b',' => self.pos += 1,
                        b'}' => {
                            self.pos += 1;
                            return Some(JValue::Object(props));
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                    return Some(JValue::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.s.get(self.pos)? {
                        b',' => self.pos += 1,
                        b']' => {
                            self.pos += 1;
                            return Some(JValue::Array(items));
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => self.string().map(JValue::String),
            b't' if self.s[self.pos..].starts_with(b"true") => {
                self.pos += 4;
                Some(JValue::Bool(true))
            }
            b'f' if self.s[self.pos..].starts_with(b"false") => {
                self.pos += 5;
                Some(JValue::Bool(false))
            }
            b'n' if self.s[self.pos..].starts_with(b"null") => {
                self.pos += 4;
                Some(JValue::Null)
            }
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                while let Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') =
                    self.s.get(self.pos)
                {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.pos]).ok()?;
                Some(JValue::Number(text.to_owned()))
            }
            _ => None,
        }
    }

    fn string(&mut self) -> Option<String> {
        if self.s.get(self.pos) != Some(&b'"') {
            return None;
        }
        self.pos += 1;
        let start = self.pos;
        // The common case: no escape, one slice.
        while let Some(&b) = self.s.get(self.pos) {
            match b {
                b'"' => {
                    let text = std::str::from_utf8(&self.s[start..self.pos]).ok()?;
                    self.pos += 1;
                    return Some(text.to_owned());
                }
                b'\\' => break,
                _ => self.pos += 1,
            }
        }
        let mut out: Vec<u8> = self.s[start..self.pos].to_vec();
        loop {
            let b = *self.s.get(self.pos)?;
            self.pos += 1;
            match b {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = *self.s.get(self.pos)?;
                    self.pos += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            if (0xD800..0xDC00).contains(&hi)
                                && self.s[self.pos..].starts_with(b"\\u")
                            {
                                self.pos += 2;
                                let lo = self.hex4()?;
                                let code = 0x10000
                                    + ((hi - 0xD800) << 10)
                                    + (lo.wrapping_sub(0xDC00) & 0x3FF);
                                char::from_u32(code).unwrap_or('\u{FFFD}')
                            } else {
                                char::from_u32(hi).unwrap_or('\u{FFFD}')
                            }
                        }
                        _ => return None,
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                _ => out.push(b),
            }
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.s.get(self.pos..self.pos + 4)?;
        self.pos += 4;
        u32::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    }
}
