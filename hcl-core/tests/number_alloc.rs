//! Arithmetic, comparison, hashing, parsing and printing of machine-sized integers do not
//! allocate: a counting global allocator proves it.
//!
//! The allocator counts per thread, so that the test harness's own threads do not disturb
//! the count.

// A global allocator can only be written with `unsafe` (the `GlobalAlloc` trait is unsafe);
// it forwards to the system allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::hash_map::DefaultHasher;
use std::fmt::Write;
use std::hash::{Hash, Hasher};
use std::hint::black_box;

use hcl_core::Number;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the thread-local may already be gone while a thread shuts down.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded as is; the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` was allocated by `System` through this allocator with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` through this allocator with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The number of allocations made by this thread while running `f`.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    let after = ALLOCATIONS.with(Cell::get);
    (after - before, r)
}

const VALUES: [i64; 9] = [
    0,
    1,
    -1,
    7,
    -13,
    1_000_000_007,
    -4_611_686_018_427_387_904,
    i32::MAX as i64,
    i64::MAX / 3,
];

fn operands() -> Vec<Number> {
    VALUES.into_iter().map(Number::from).collect()
}

#[test]
fn the_counter_sees_allocations() {
    let max = Number::from(i64::MAX);
    let (n, r) = allocations(|| black_box(&max).add(black_box(&Number::ONE)));
    assert!(n > 0, "overflowing into a big integer allocates");
    assert_eq!(
        r.map(|r| r.to_string()).ok().as_deref(),
        Some("9223372036854775808")
    );
}

#[test]
fn machine_sized_integer_arithmetic_does_not_allocate() {
    let ops = operands();
    let mut results = Vec::with_capacity(ops.len() * ops.len() * 8);
    let (n, ()) = allocations(|| {
        for (a, &x) in ops.iter().zip(&VALUES) {
            for (b, &y) in ops.iter().zip(&VALUES) {
                let (a, b) = (black_box(a), black_box(b));
                if x.checked_add(y).is_some() {
                    results.push(a.add(b));
                }
                if x.checked_sub(y).is_some() {
                    results.push(a.sub(b));
                }
                if let Some(p) = x.checked_mul(y) {
                    results.push(a.mul(b));
                    if y != 0 {
                        // An exact quotient.
                        results.push(Number::from(black_box(p)).div(b));
                    }
                }
                results.push(a.rem(b));
                results.push(Ok(a.neg()));
                results.push(Ok(a.abs()));
                black_box((a.cmp(b), a == b, a < b, a.is_integer(), a.is_negative()));
            }
        }
    });
    assert_eq!(n, 0, "{n} allocations");
    // The results are right (checked outside the counted region).
    assert!(results.iter().all(Result::is_ok));
    let seven = Number::from(7);
    assert_eq!(seven.rem(&Number::from(-3)), Ok(Number::ONE));
    assert_eq!(
        seven
            .mul(&Number::from(-3))
            .and_then(|p| p.div(&Number::from(-3))),
        Ok(seven)
    );
}

#[test]
fn hashing_conversion_parsing_and_printing_small_integers_do_not_allocate() {
    let ops = operands();
    let mut text = String::with_capacity(64);
    let (n, ok) = allocations(|| {
        let mut ok = true;
        for a in &ops {
            let mut h = DefaultHasher::new();
            black_box(a).hash(&mut h);
            black_box(h.finish());
            ok &= a.to_i64().is_ok() && a.to_i128().is_ok();
            black_box(a.to_f64());
            text.clear();
            ok &= write!(text, "{a}").is_ok();
            ok &= Number::parse_literal(black_box(&text)).as_ref() == Ok(a);
            ok &= Number::parse_decimal(black_box(&text)).as_ref() == Ok(a);
        }
        ok &= Number::parse_literal(black_box("-12e3")) == Ok(Number::from(-12_000));
        ok
    });
    assert_eq!(n, 0, "{n} allocations");
    assert!(ok);
}
