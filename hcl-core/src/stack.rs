//! Room on the stack for recursion over deeply nested input.
//!
//! Parsing, evaluation and type checking recurse once per level of nesting,
//! and the nesting limits (1,024 levels by default) are chosen so that the
//! deepest accepted input fits a thread's default 2 MiB stack in a release
//! build. A debug build with full debug information keeps every temporary
//! in a slot of its own, so its frames are several times larger; rather
//! than lower the limits for it, the recursion points call [`with_room`],
//! which runs the step on a fresh heap-allocated stack segment when the
//! current stack is nearly exhausted (the `stacker` crate, as rustc does).
//! On a thread with room to spare it costs one comparison.

/// What must be left on the stack before a step runs in place: more than
/// the frames between two recursion points ever take in a debug build.
const RED_ZONE: usize = 256 * 1024;

/// The size of each new segment.
const SEGMENT: usize = 2 * 1024 * 1024;

/// Runs `step` with at least [`RED_ZONE`] bytes of stack available.
#[inline]
pub(crate) fn with_room<R>(step: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, step)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        // A large frame, as a debug build's would be.
        let pad = std::hint::black_box([0u8; 4096]);
        with_room(|| depth(n - 1)) + u32::from(pad[0] == 0)
    }

    #[test]
    fn recursion_far_deeper_than_the_thread_stack_completes() {
        // 20,000 levels of 4 KiB frames: 80 MiB of stack on a 2 MiB thread.
        let n = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| depth(20_000))
            .expect("thread")
            .join()
            .expect("no overflow");
        assert_eq!(n, 20_000);
    }
}
