//! A global allocator wrapper that tracks current and peak heap use, so a
//! benchmark can report peak memory as a multiple of its input size.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts bytes in use and the peak since the last [`PeakAlloc::reset_peak`],
/// and the allocations made (reallocations included).
#[derive(Debug)]
pub struct PeakAlloc {
    current: AtomicUsize,
    peak: AtomicUsize,
    count: AtomicUsize,
}

impl PeakAlloc {
    /// A new counter (use as `#[global_allocator] static A: PeakAlloc = PeakAlloc::new();`).
    pub const fn new() -> PeakAlloc {
        PeakAlloc {
            current: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            count: AtomicUsize::new(0),
        }
    }

    /// Allocations (and reallocations) made so far.
    pub fn allocations(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// Bytes in use now.
    pub fn current(&self) -> usize {
        self.current.load(Ordering::Relaxed)
    }

    /// The highest use since the last reset.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// Starts a new peak measurement from the current use.
    pub fn reset_peak(&self) {
        self.peak.store(self.current(), Ordering::Relaxed);
    }

    fn add(&self, n: usize) {
        self.count.fetch_add(1, Ordering::Relaxed);
        let now = self.current.fetch_add(n, Ordering::Relaxed) + n;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }

    fn sub(&self, n: usize) {
        self.current.fetch_sub(n, Ordering::Relaxed);
    }
}

impl Default for PeakAlloc {
    fn default() -> Self {
        PeakAlloc::new()
    }
}

// SAFETY: every method forwards to the system allocator with the same
// arguments; the counters do not affect allocation.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for PeakAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.add(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        self.sub(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.add(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.add(new_size);
        self.sub(layout.size());
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
