//! Stopping a command before its end. A first SIGINT (Ctrl+C), SIGTERM or
//! SIGHUP, or a standard output nobody reads any more, sets the command's
//! cancel flag, which its searches and loops poll: the command then prints
//! what it has (JSON marked partial), saves what was learned and exits
//! with `Reason::exit_code`. A second signal ends the process at once, and
//! so does a first one while the command only waits for input.

use std::fmt;
use std::sync::{Mutex, MutexGuard, OnceLock};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use tictactoe_engine::search::CancelFlag;

/// Why the command stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reason {
    /// The signal's number.
    Signal(i32),
    /// Standard output's reader went away (or a write to it failed).
    OutputClosed,
}

impl Reason {
    /// 128 plus the signal's number, as a shell reports a command a signal
    /// ended (130 for Ctrl+C); 1 for a closed output, as for any failed write.
    pub(super) fn exit_code(self) -> std::process::ExitCode {
        match self {
            Reason::Signal(signal) => std::process::ExitCode::from((128 + signal) as u8),
            Reason::OutputClosed => std::process::ExitCode::FAILURE,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::Signal(SIGINT) => f.write_str("interrupted (SIGINT)"),
            Reason::Signal(SIGTERM) => f.write_str("terminated (SIGTERM)"),
            Reason::Signal(SIGHUP) => f.write_str("hung up (SIGHUP)"),
            Reason::Signal(signal) => write!(f, "stopped by signal {signal}"),
            Reason::OutputClosed => f.write_str("standard output was closed"),
        }
    }
}

struct Stop {
    /// The command's cancel flag.
    flag: CancelFlag,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    reason: Option<Reason>,
    signals: u32,
    /// The command waits for input and has nothing under way to finish.
    idle: bool,
    /// A flag of the work under way that the command's flag does not reach
    /// (the game thread's current game), set along with it.
    also: Option<CancelFlag>,
}

fn stop() -> &'static Stop {
    static STOP: OnceLock<Stop> = OnceLock::new();
    STOP.get_or_init(|| Stop {
        flag: CancelFlag::new(),
        state: Mutex::new(State::default()),
    })
}

fn state() -> MutexGuard<'static, State> {
    stop().state.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts listening for the signals and for standard output's reader
/// going away. Without this (the window) nothing sets the flag.
pub(super) fn listen() {
    if let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    on_signal(signal);
                }
            });
    }
    let _ = std::thread::Builder::new()
        .name("stdout-watch".into())
        .spawn(watch_stdout);
}

fn on_signal(signal: i32) {
    let mut state = state();
    state.signals += 1;
    if state.signals > 1 || state.idle {
        // Nothing is left to finish, or the person insists. The state's
        // lock stays held, so the command cannot start printing meanwhile.
        std::process::exit(128 + signal);
    }
    stop_with(&mut state, Reason::Signal(signal));
}

fn stop_with(state: &mut State, reason: Reason) {
    state.reason.get_or_insert(reason);
    stop().flag.cancel();
    if let Some(also) = &state.also {
        also.cancel();
    }
}

/// Waits until standard output reports an error or a hang-up: a pipe whose
/// reader has closed it, a terminal gone. A file or /dev/null never does,
/// and the thread waits for ever, which costs nothing.
fn watch_stdout() {
    let mut watched = libc::pollfd {
        fd: 1,
        events: 0,
        revents: 0,
    };
    loop {
        // SAFETY: one valid pollfd, waited on without a time limit.
        let ready = unsafe { libc::poll(&mut watched, 1, -1) };
        if ready < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        if watched.revents & (libc::POLLERR | libc::POLLHUP) != 0 {
            output_closed();
        }
        if watched.revents != 0 {
            return;
        }
    }
}

/// The command's cancel flag: set once the command is to stop.
pub(super) fn flag() -> CancelFlag {
    stop().flag.clone()
}

pub(super) fn is_stopping() -> bool {
    stop().flag.is_cancelled()
}

/// Why the command is to stop, once it is.
pub(super) fn reason() -> Option<Reason> {
    state().reason
}

/// A write to standard output failed: the command stops as if its reader
/// had gone (which it has).
pub(super) fn output_closed() {
    stop_with(&mut state(), Reason::OutputClosed);
}

/// Sets `flag` too when the command stops (at once if it already has);
/// it replaces the flag given before.
pub(super) fn also_cancel(flag: &CancelFlag) {
    let mut state = state();
    if state.reason.is_some() {
        flag.cancel();
    }
    state.also = Some(flag.clone());
}

/// Runs `wait`, which waits for input: a first signal meanwhile ends the
/// process at once, since nothing is under way. `None` without running it
/// once the command is stopping.
pub(super) fn while_idle<T>(wait: impl FnOnce() -> T) -> Option<T> {
    {
        let mut state = state();
        if state.reason.is_some() {
            return None;
        }
        state.idle = true;
    }
    let result = wait();
    state().idle = false;
    Some(result)
}
