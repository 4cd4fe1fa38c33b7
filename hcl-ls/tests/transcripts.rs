//! Golden transcripts: each file of `tests/transcripts/` is a conversation
//! with the `hcl-ls` binary over standard input and output.
//!
//! ```text
//! # a comment
//! file other.hcl          (a file on disk, not open: the lines up to `end`)
//! a = 1
//! end
//! --> {"id": 1, "method": "initialize", "params": {...}}
//! <-- {"id": 1, "result": {...}}
//! ```
//!
//! An `args ...` line gives the binary's arguments (`$DIR` replaced).
//! `-->` lines are sent in order (a `# replies: N` comment before one
//! says how many messages answer it, for `UPDATE_TRANSCRIPTS`); after each, the `<--` lines that follow
//! it are the messages the server must send next, compared as JSON
//! (`jsonrpc` left out on both sides). `$DIR` stands for a fresh
//! directory holding the transcript's files, in URIs as in paths. Run with
//! `UPDATE_TRANSCRIPTS=1` to write what the server says into the files.

// Test harness helpers fail the test loudly on any broken I/O.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value;

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Server {
    fn start(args: &[String]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hcl-ls"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("hcl-ls starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Server {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, mut message: Value) {
        message["jsonrpc"] = Value::from("2.0");
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn receive(&mut self) -> Value {
        let mut length = None;
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "the server closed its output"
            );
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = Some(n.parse::<usize>().unwrap());
            }
        }
        let mut body = vec![0; length.expect("a Content-Length header")];
        self.stdout.read_exact(&mut body).unwrap();
        let mut value: Value = serde_json::from_slice(&body).unwrap();
        value.as_object_mut().unwrap().remove("jsonrpc");
        value
    }
}

enum Line {
    Text(String),
    Send(String),
    Expect(String),
}

fn run(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let dir_text = dir.path().to_str().unwrap().to_owned();
    let mut lines = Vec::new();
    let mut file: Option<(String, String)> = None;
    let mut args: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some((name, body)) = &mut file {
            if line == "end" {
                std::fs::write(dir.path().join(&*name), &*body).unwrap();
                file = None;
            } else {
                body.push_str(line);
                body.push('\n');
            }
            lines.push(Line::Text(line.to_owned()));
        } else if let Some(words) = line.strip_prefix("args ") {
            args = words
                .split(' ')
                .map(|w| w.replace("$DIR", &dir_text))
                .collect();
            lines.push(Line::Text(line.to_owned()));
        } else if let Some(name) = line.strip_prefix("file ") {
            file = Some((name.to_owned(), String::new()));
            lines.push(Line::Text(line.to_owned()));
        } else if let Some(json) = line.strip_prefix("--> ") {
            lines.push(Line::Send(json.to_owned()));
        } else if let Some(json) = line.strip_prefix("<-- ") {
            lines.push(Line::Expect(json.to_owned()));
        } else {
            lines.push(Line::Text(line.to_owned()));
        }
    }
    let update = std::env::var_os("UPDATE_TRANSCRIPTS").is_some();
    let mut server = Server::start(&args);
    let mut out = String::new();
    let mut failure = None;
    let mut replies: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        match &lines[i] {
            Line::Text(t) => {
                if let Some(n) = t.strip_prefix("# replies: ") {
                    replies = n.trim().parse().ok();
                }
                out.push_str(t);
                out.push('\n');
                i += 1;
            }
            Line::Expect(_) => {
                return Err(format!("{}: a `<--` line before any `-->`", path.display()));
            }
            Line::Send(json) => {
                out.push_str(&format!("--> {json}\n"));
                let message: Value = serde_json::from_str(&json.replace("$DIR", &dir_text))
                    .map_err(|e| format!("{}: {e}: {json}", path.display()))?;
                server.send(message);
                i += 1;
                let mut expected = Vec::new();
                while let Some(Line::Expect(e)) = lines.get(i) {
                    expected.push(e.clone());
                    i += 1;
                }
                // Without expectations (a notification with no answer, or a
                // transcript being written), read what comes when updating.
                let count = if update {
                    replies.take().unwrap_or_else(|| default_replies(json))
                } else {
                    expected.len()
                };
                for want_text in expected
                    .iter()
                    .chain(std::iter::repeat(&String::new()))
                    .take(count)
                {
                    let got = server.receive();
                    let got_text = got.to_string().replace(&dir_text, "$DIR");
                    out.push_str(&format!("<-- {got_text}\n"));
                    if !update && failure.is_none() {
                        let want: Value =
                            serde_json::from_str(&want_text.replace("$DIR", &dir_text))
                                .map_err(|e| format!("{}: {e}: {want_text}", path.display()))?;
                        if got != want {
                            failure = Some(format!(
                                "{}: after\n  --> {json}\nexpected\n  <-- {}\ngot\n  <-- {got_text}",
                                path.display(),
                                want_text
                            ));
                        }
                    }
                }
            }
        }
    }
    drop(server.stdin);
    let status = server.child.wait().unwrap();
    if update {
        std::fs::write(path, out).unwrap();
    }
    if let Some(f) = failure {
        return Err(f);
    }
    if !status.success() {
        return Err(format!("{}: hcl-ls exited with {status}", path.display()));
    }
    Ok(())
}

/// When updating: how many messages answer a sent one, unless a
/// `# replies: N` comment just before it says: one for a request, none for
/// a notification.
fn default_replies(json: &str) -> usize {
    let value: Value = serde_json::from_str(json).unwrap_or(Value::Null);
    usize::from(value.get("id").is_some())
}

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    let failures: Vec<String> = paths.iter().filter_map(|p| run(p).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
