//! The language server's latency on a 1 MB configuration (the generated
//! Terraform-style corpus), in process over an in-memory connection:
//! completion and hover requests at positions spread over the file, and
//! full diagnostics after an edit (the time from sending the change to
//! receiving its diagnostics). Reports the median and the 99th percentile
//! of each, in wall time and in the process's CPU time (the client thread
//! only waits, so that is the server's), and the peak heap as a multiple of
//! the text.
//!
//! Run: cargo bench --manifest-path bench/Cargo.toml --bench lsp

use std::time::{Duration, Instant};

use hcl_bench::alloc::PeakAlloc;
use hcl_bench::clock::process_cpu_time;
use hcl_bench::corpus;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

#[global_allocator]
static ALLOC: PeakAlloc = PeakAlloc::new();

const MB: usize = 1 << 20;

struct Sample {
    wall: Duration,
    cpu: Duration,
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    let i = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[i]
}

fn report(what: &str, samples: &[Sample]) {
    let mut wall: Vec<Duration> = samples.iter().map(|s| s.wall).collect();
    let mut cpu: Vec<Duration> = samples.iter().map(|s| s.cpu).collect();
    println!(
        "{what:<28} n={:<4} wall p50 {:>8.3} ms  p99 {:>8.3} ms   cpu p50 {:>8.3} ms  p99 {:>8.3} ms",
        samples.len(),
        percentile(&mut wall, 0.5).as_secs_f64() * 1e3,
        percentile(&mut wall, 0.99).as_secs_f64() * 1e3,
        percentile(&mut cpu, 0.5).as_secs_f64() * 1e3,
        percentile(&mut cpu, 0.99).as_secs_f64() * 1e3,
    );
}

fn main() {
    let text = corpus::generate(MB, 7);
    let dir = std::env::temp_dir().join(format!("hcl-ls-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let uri = format!("file://{}/main.hcl", dir.display());

    let before = ALLOC.current();
    ALLOC.reset_peak();
    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || hcl_ls::serve(server, hcl_ls::Options::syntax_only()));
    let send = |m: Message| client.sender.send(m).expect("the server is running");
    send(Message::Request(Request::new(
        RequestId::from(0),
        "initialize".to_owned(),
        json!({"capabilities": {}}),
    )));
    client.receiver.recv().expect("initialize answered");
    send(Message::Notification(Notification::new(
        "initialized".to_owned(),
        json!({}),
    )));
    send(Message::Notification(Notification::new(
        "textDocument/didOpen".to_owned(),
        json!({"textDocument": {"uri": uri, "languageId": "hcl", "version": 1, "text": text}}),
    )));
    client.receiver.recv().expect("diagnostics");

    let lines: Vec<&str> = text.lines().collect();
    let mut id = 1;
    let mut request = |method: &str, params: Value| -> Sample {
        id += 1;
        let cpu = process_cpu_time();
        let wall = Instant::now();
        send(Message::Request(Request::new(
            RequestId::from(id),
            method.to_owned(),
            params,
        )));
        loop {
            if let Message::Response(r) = client.receiver.recv().expect("an answer") {
                assert!(r.response_result.is_ok(), "{method} failed");
                break;
            }
        }
        Sample {
            wall: wall.elapsed(),
            cpu: process_cpu_time().saturating_sub(cpu),
        }
    };
    // Positions spread over the file: inside each sampled line's expression.
    let positions: Vec<(usize, usize)> = (0..400)
        .map(|i| {
            let line = i * lines.len() / 400;
            let character = lines[line]
                .find('=')
                .map_or(0, |c| c + 3)
                .min(lines[line].len());
            (line, character)
        })
        .collect();
    let mut completion = Vec::new();
    let mut hover = Vec::new();
    for &(line, character) in &positions {
        let params = json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
        completion.push(request("textDocument/completion", params.clone()));
        hover.push(request("textDocument/hover", params));
    }
    let mut diagnostics = Vec::new();
    for (version, &(line, _)) in positions.iter().step_by(8).enumerate() {
        let cpu = process_cpu_time();
        let wall = Instant::now();
        send(Message::Notification(Notification::new(
            "textDocument/didChange".to_owned(),
            json!({
                "textDocument": {"uri": uri, "version": version + 2},
                "contentChanges": [{"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}, "text": "# edited\n"}],
            }),
        )));
        loop {
            if let Message::Notification(n) = client.receiver.recv().expect("diagnostics")
                && n.method == "textDocument/publishDiagnostics"
            {
                break;
            }
        }
        diagnostics.push(Sample {
            wall: wall.elapsed(),
            cpu: process_cpu_time().saturating_sub(cpu),
        });
    }
    let peak = ALLOC.peak().saturating_sub(before);
    send(Message::Request(Request::new(
        RequestId::from(-1),
        "shutdown".to_owned(),
        Value::Null,
    )));
    client.receiver.recv().expect("shutdown answered");
    send(Message::Notification(Notification::new(
        "exit".to_owned(),
        Value::Null,
    )));
    thread
        .join()
        .expect("the server thread")
        .expect("the server ends cleanly");
    let _ = std::fs::remove_dir_all(&dir);

    println!(
        "hcl-ls on a {:.2} MB configuration ({} lines)",
        text.len() as f64 / MB as f64,
        lines.len()
    );
    report("completion", &completion);
    report("hover", &hover);
    report("diagnostics after an edit", &diagnostics);
    println!(
        "peak heap during the session: {:.1} MB, {:.1}x the text",
        peak as f64 / MB as f64,
        peak as f64 / text.len() as f64
    );
}
