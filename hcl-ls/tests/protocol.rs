//! The server in process, over an in-memory connection: cancellation of a
//! waiting request, and a long random sequence of edits and requests that
//! must never fail.

// Test harness helpers fail the test loudly on any broken I/O.
#![allow(clippy::unwrap_used)]

use std::thread::JoinHandle;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

fn request(id: i32, method: &str, params: Value) -> Message {
    Message::Request(Request::new(RequestId::from(id), method.to_owned(), params))
}

fn notification(method: &str, params: Value) -> Message {
    Message::Notification(Notification::new(method.to_owned(), params))
}

/// Starts a server once the given messages are queued, so that it finds
/// them all waiting.
fn start_with(
    client: &Connection,
    server: Connection,
    queued: Vec<Message>,
) -> JoinHandle<std::io::Result<()>> {
    client
        .sender
        .send(request(1, "initialize", json!({"capabilities": {}})))
        .unwrap();
    client
        .sender
        .send(notification("initialized", json!({})))
        .unwrap();
    for m in queued {
        client.sender.send(m).unwrap();
    }
    std::thread::spawn(move || hcl_ls::serve(server, hcl_ls::Options::syntax_only()))
}

fn next_response(client: &Connection) -> Response {
    loop {
        match client.receiver.recv().unwrap() {
            Message::Response(r) => return r,
            _ => continue,
        }
    }
}

fn stop(client: &Connection, thread: JoinHandle<std::io::Result<()>>) {
    client
        .sender
        .send(request(999_999, "shutdown", Value::Null))
        .unwrap();
    loop {
        if let Message::Response(r) = client.receiver.recv().unwrap()
            && r.id == RequestId::from(999_999)
        {
            break;
        }
    }
    client
        .sender
        .send(notification("exit", Value::Null))
        .unwrap();
    thread.join().unwrap().unwrap();
}

#[test]
fn a_waiting_request_is_cancelled() {
    let (server, client) = Connection::memory();
    let uri = "file:///nonexistent-dir/a.hcl";
    let thread = start_with(
        &client,
        server,
        vec![
            request(
                2,
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": uri}}),
            ),
            notification("$/cancelRequest", json!({"id": 2})),
            request(
                3,
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": uri}}),
            ),
        ],
    );
    assert_eq!(next_response(&client).id, RequestId::from(1));
    let cancelled = next_response(&client);
    assert_eq!(cancelled.id, RequestId::from(2));
    assert_eq!(cancelled.response_result.unwrap_err().code, -32800);
    let answered = next_response(&client);
    assert_eq!(answered.id, RequestId::from(3));
    assert!(answered.response_result.is_ok());
    stop(&client, thread);
}

/// xorshift64*: the same sequence every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const PIECES: &[&str] = &[
    "a = 1\n",
    "b {\n",
    "}\n",
    "\"",
    "${",
    "}",
    "var.x",
    "local.y",
    "f(",
    ")",
    "\n",
    "é",
    "😀",
    "<<EOT\n",
    "EOT\n",
    "# c\n",
    "/*",
    "*/",
    "[",
    "]",
    "locals {\n  y = 2\n}\n",
    "variable \"x\" {}\n",
    "\r\n",
    "\t",
    "=",
    ".",
    "%{ if true }",
    "%{ endif }",
    "\u{0}",
];

#[test]
fn random_edits_and_requests_never_fail() {
    let rounds: u64 = std::env::var("HCL_LS_FUZZ_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1500);
    let (server, client) = Connection::memory();
    let thread = start_with(&client, server, Vec::new());
    assert_eq!(next_response(&client).id, RequestId::from(1));
    let dir = tempfile::tempdir().unwrap();
    let uri = format!("file://{}/fuzz.hcl", dir.path().display());
    client
        .sender
        .send(notification(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "hcl", "version": 1, "text": "a = 1\n"}}),
        ))
        .unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut id = 10;
    for version in 2..rounds as i32 + 2 {
        let line = rng.below(12);
        let character = rng.below(20);
        let len = rng.below(3);
        let text: String = (0..rng.below(3))
            .map(|_| PIECES[rng.below(PIECES.len() as u64) as usize])
            .collect();
        let change = if rng.below(40) == 0 {
            json!({"text": text})
        } else {
            json!({"range": {"start": {"line": line, "character": character}, "end": {"line": line + len, "character": rng.below(20)}}, "text": text})
        };
        client
            .sender
            .send(notification(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}),
            ))
            .unwrap();
        let method = [
            "textDocument/documentSymbol",
            "textDocument/semanticTokens/full",
            "textDocument/formatting",
            "textDocument/definition",
            "textDocument/references",
        ][rng.below(5) as usize];
        id += 1;
        let params = json!({
            "textDocument": {"uri": uri},
            "position": {"line": rng.below(14), "character": rng.below(30)},
            "context": {"includeDeclaration": true},
            "options": {"tabSize": 2, "insertSpaces": true},
        });
        client.sender.send(request(id, method, params)).unwrap();
        let response = next_response(&client);
        assert_eq!(response.id, RequestId::from(id));
        if let Err(e) = response.response_result {
            panic!("{method} failed at version {version}: {e:?}");
        }
    }
    stop(&client, thread);
}
