//! The standard streams as the process found them. Before `main` runs,
//! Rust's runtime opens /dev/null on any of them that is closed, so that
//! `tictactoe players >&-` would succeed and `analyze <&-` read an empty
//! input. `note_closed_at_start` runs earlier (main.rs calls it from the
//! executable's constructors) and notes which were closed; the commands
//! then fail on them as on a closed pipe or a read error.

use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicBool, Ordering};

/// Standard input, output and error: closed when the process started.
static CLOSED_AT_START: [AtomicBool; 3] = [const { AtomicBool::new(false) }; 3];

/// Notes which of standard input, output and error are closed. Runs
/// before Rust's runtime has started: it only asks the kernel.
pub extern "C" fn note_closed_at_start() {
    for (fd, closed) in (0..).zip(&CLOSED_AT_START) {
        // SAFETY: F_GETFD only reads a descriptor's flags; a closed one
        // gives -1.
        let open = unsafe { libc::fcntl(fd, libc::F_GETFD) } != -1;
        closed.store(!open, Ordering::Relaxed);
    }
}

/// Whether standard input was closed when the process started.
pub(super) fn stdin_closed_at_start() -> bool {
    CLOSED_AT_START[0].load(Ordering::Relaxed)
}

/// Standard output or error closed at start becomes a pipe nobody reads,
/// as after `| head -c0`: every write to it fails, so a command ends with
/// exit code 1 as it does on a closed pipe, instead of writing to the
/// /dev/null the runtime put there.
pub(super) fn break_closed_outputs() {
    for fd in [1, 2] {
        if !CLOSED_AT_START[fd].load(Ordering::Relaxed) {
            continue;
        }
        let Ok((reader, writer)) = std::io::pipe() else {
            continue;
        };
        drop(reader);
        // SAFETY: dup2 replaces the descriptor (the runtime's /dev/null)
        // with the pipe's writing end in one step; `writer` closes its own
        // copy when dropped.
        unsafe { libc::dup2(writer.as_raw_fd(), fd as i32) };
    }
}
