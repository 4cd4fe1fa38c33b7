//! Diagnostics are held in bounded memory: a file of many unsupported
//! arguments, decoded through an hcldec spec as the `hcldec` tool does,
//! costs at most 200 bytes per diagnostic (its slot and its own text), and
//! writing them holds the text of one at a time. A counting global
//! allocator measures the bytes live. (`hcldec` on 640,000 such arguments:
//! see `scripts/diagnostics-memory.sh`.)
//!
//! The allocator counts per thread (the decoder runs on this thread), so
//! the test harness's other threads do not disturb the count.

// A global allocator can only be written with `unsafe` (the `GlobalAlloc` trait is unsafe);
// it forwards to the system allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Write as _;

use hcl_core::native::{ParseOptions, parse_config};
use hcl_core::{Diagnostic, Diagnostics, EvalContext, Renderer};
use hcl_decode::spec::{DecodeOptions, decode_with_options, parse_spec_file};

struct Counting;

thread_local! {
    /// Bytes allocated and not yet freed by this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The most `LIVE` reached since the last reset.
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn add(bytes: isize) {
    // `try_with`: the thread-locals may already be gone while a thread shuts down.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size() as isize);
        // SAFETY: forwarded as is; the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        add(layout.size() as isize);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        add(new_size as isize - layout.size() as isize);
        // SAFETY: `ptr` was allocated by `System` through this allocator with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        add(-(layout.size() as isize));
        // SAFETY: `ptr` was allocated by `System` through this allocator with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn live() -> isize {
    LIVE.with(Cell::get)
}

/// Starts a new peak measurement at the bytes live now.
fn reset_peak() {
    PEAK.with(|peak| peak.set(live()));
}

fn peak() -> isize {
    PEAK.with(Cell::get)
}

/// A file of `n` arguments that no spec expects.
fn unsupported_arguments(n: usize) -> String {
    let mut src = String::new();
    for i in 0..n {
        let _ = writeln!(src, "unexpected_{i} = {i}");
    }
    src
}

const N: usize = 20_000;

/// The spec of `hcldec`'s measurement: one attribute, so that every
/// argument of the file is unsupported.
const SPEC: &[u8] = b"object {\n  attr \"name\" {\n    type = string\n  }\n}\n";

/// The diagnostics of decoding `src` by [`SPEC`], as `hcldec` decodes a
/// file, and the bytes they hold: their slots (without the spare capacity
/// of the list) and their own texts.
fn decode_unsupported(src: &str) -> (Diagnostics, isize) {
    let (spec, diags) = parse_spec_file(SPEC, "spec.hcldec");
    assert!(diags.is_empty(), "{diags}");
    let (file, diags) = parse_config(src.as_bytes(), "many.hcl", &ParseOptions::default());
    assert!(diags.is_empty(), "{diags}");
    // The file's line index is built before the measurement: it belongs
    // to the file, not to its diagnostics.
    let _ = file.source().pos(src.len() as u32);
    let ctx = EvalContext::literal_only();
    let options = DecodeOptions { threads: 1 };
    let before = live();
    let (_, diags) = decode_with_options(&file.body(), &spec.root, &ctx, &options);
    let mut exact = diags.into_vec();
    exact.shrink_to_fit();
    let held = live() - before;
    (exact.into(), held)
}

#[test]
fn a_diagnostic_costs_at_most_200_bytes() {
    let src = unsupported_arguments(N);
    let (diags, held) = decode_unsupported(&src);
    assert_eq!(diags.len(), N);
    let first = diags.iter().next().map(ToString::to_string);
    assert_eq!(
        first.as_deref(),
        Some(
            "many.hcl:1,1-13: Unsupported argument; \
             An argument named \"unexpected_0\" is not expected here."
        )
    );
    // The summary is borrowed, the detail owned without spare capacity,
    // the ranges share the file's name: a diagnostic is its slot and its
    // detail's bytes.
    let details: usize = diags.iter().map(|d| d.detail.len()).sum();
    let per_diagnostic = held / N as isize;
    assert_eq!(
        held as usize,
        N * size_of::<Diagnostic>() + details,
        "{per_diagnostic} bytes per diagnostic"
    );
    assert!(
        per_diagnostic <= 200,
        "{per_diagnostic} bytes per diagnostic"
    );
}

#[test]
fn rendering_holds_one_diagnostic_at_a_time() {
    let src = unsupported_arguments(N);
    let (diags, _) = decode_unsupported(&src);
    let mut renderer = Renderer::new();
    renderer.add_source("many.hcl", src.as_str());
    // The renderer's line index is built once, before the measurement.
    if let Some(first) = diags.iter().next() {
        renderer.render_one(first, &mut String::new());
    }
    let before = live();
    reset_peak();
    let mut written = Counted(0);
    let result = renderer.write(&diags, &mut written);
    let peak = peak() - before;
    // The text of one diagnostic at a time, whatever their number.
    assert!(result.is_ok());
    assert!(peak < 1_024, "{peak} bytes while writing {N} diagnostics");
    assert_eq!(written.0, renderer.render(&diags).len());
}

/// A writer that counts the bytes written to it.
struct Counted(usize);

impl std::io::Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
