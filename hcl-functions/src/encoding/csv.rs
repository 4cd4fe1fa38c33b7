//! A port of the reading half of Go's `encoding/csv` (`Reader.Read` with
//! the default settings: `,` separated, no comments, no lazy quotes), so
//! that `csvdecode` accepts what Go accepts and fails with Go's messages.

/// Why a record could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// No more records.
    Eof,
    /// A parse error (Go's `csv.ParseError`).
    Parse(ParseError),
}

/// Go's `csv.ParseError`, reduced to what go-cty reports.
#[derive(Debug)]
pub(crate) struct ParseError {
    line: usize,
    err: &'static str,
}

impl ParseError {
    /// go-cty's message: `CSV parse error on line N: ...`.
    pub(crate) fn message(&self) -> String {
        format!("CSV parse error on line {}: {}", self.line, self.err)
    }
}

const ERR_BARE_QUOTE: &str = "bare \" in non-quoted-field";
const ERR_QUOTE: &str = "extraneous or missing \" in quoted-field";
const ERR_FIELD_COUNT: &str = "wrong number of fields";

/// A CSV reader over bytes.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    offset: usize,
    num_line: usize,
    fields_per_record: usize,
}

fn length_nl(line: &[u8]) -> usize {
    usize::from(line.last() == Some(&b'\n'))
}

impl<'a> Reader<'a> {
    /// A reader expecting `fields_per_record` fields in each record (0:
    /// as many as the first record has).
    pub(crate) fn new(data: &'a [u8], fields_per_record: usize) -> Reader<'a> {
        Reader {
            data,
            offset: 0,
            num_line: 0,
            fields_per_record,
        }
    }

    /// The next line, with `\r\n` normalized to `\n`; `true` if at the end
    /// of input (Go's `io.EOF`, only for an empty read).
    fn read_line(&mut self) -> (Vec<u8>, bool) {
        let rest = &self.data[self.offset..];
        let (mut line, eof) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (rest[..=i].to_vec(), false),
            None => (rest.to_vec(), true),
        };
        let read_size = line.len();
        let mut at_eof = eof;
        if read_size > 0 && eof {
            at_eof = false;
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        self.num_line += 1;
        self.offset += read_size;
        let n = line.len();
        if n >= 2 && line[n - 2] == b'\r' && line[n - 1] == b'\n' {
            line[n - 2] = b'\n';
            line.pop();
        }
        (line, at_eof)
    }

    /// The next record (Go's `readRecord`).
    pub(crate) fn read(&mut self) -> Result<Vec<String>, ReadError> {
        let (mut line, eof) = loop {
            let (line, eof) = self.read_line();
            if !eof && line.len() == length_nl(&line) {
                continue;
            }
            break (line, eof);
        };
        if eof {
            return Err(ReadError::Eof);
        }
        let rec_line = self.num_line;
        let mut record: Vec<u8> = Vec::new();
        let mut field_ends: Vec<usize> = Vec::new();
        // The line where an unterminated quoted field is reported.
        let mut pos_line = self.num_line;
        let mut err: Option<ParseError> = None;
        let mut l: &[u8] = &line;
        // `line` is replaced when a quoted field spans lines; `l` is the
        // unread rest of the current line.
        'field: loop {
            if l.is_empty() || l[0] != b'"' {
                let i = l.iter().position(|&b| b == b',');
                let field = match i {
                    Some(i) => &l[..i],
                    None => &l[..l.len() - length_nl(l)],
                };
                if field.contains(&b'"') {
                    err = Some(ParseError {
                        line: self.num_line,
                        err: ERR_BARE_QUOTE,
                    });
                    break 'field;
                }
                record.extend_from_slice(field);
                field_ends.push(record.len());
                match i {
                    Some(i) => {
                        l = &l[i + 1..];
                        continue 'field;
                    }
                    None => break 'field,
                }
            } else {
                l = &l[1..];
                loop {
                    if let Some(i) = l.iter().position(|&b| b == b'"') {
                        record.extend_from_slice(&l[..i]);
                        l = &l[i + 1..];
                        match l.first() {
                            Some(b'"') => {
                                record.push(b'"');
                                l = &l[1..];
                            }
                            Some(b',') => {
                                l = &l[1..];
                                field_ends.push(record.len());
                                continue 'field;
                            }
                            _ if length_nl(l) == l.len() => {
                                field_ends.push(record.len());
                                break 'field;
                            }
                            _ => {
                                err = Some(ParseError {
                                    line: self.num_line,
                                    err: ERR_QUOTE,
                                });
                                break 'field;
                            }
                        }
                    } else if !l.is_empty() {
                        record.extend_from_slice(l);
                        // At the end of input this reads nothing (Go then
                        // forgets the io.EOF), and the next round reports
                        // the unterminated quote.
                        let (next, _) = self.read_line();
                        if !next.is_empty() {
                            pos_line += 1;
                        }
                        line = next;
                        l = &line;
                    } else {
                        err = Some(ParseError {
                            line: pos_line,
                            err: ERR_QUOTE,
                        });
                        break 'field;
                    }
                }
            }
        }
        if let Some(e) = err {
            return Err(ReadError::Parse(e));
        }
        let mut fields = Vec::with_capacity(field_ends.len());
        let mut start = 0;
        for end in field_ends {
            fields.push(String::from_utf8_lossy(&record[start..end]).into_owned());
            start = end;
        }
        if self.fields_per_record > 0 {
            if fields.len() != self.fields_per_record {
                return Err(ReadError::Parse(ParseError {
                    line: rec_line,
                    err: ERR_FIELD_COUNT,
                }));
            }
        } else {
            self.fields_per_record = fields.len();
        }
        Ok(fields)
    }
}
