use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::cli::main(WINDOW)
}

/// The window, where the build has one: the command line opens it when no
/// command is given.
#[cfg(feature = "gui")]
const WINDOW: Option<fn() -> ExitCode> = Some(|| tictactoe::ui::run().into());
#[cfg(not(feature = "gui"))]
const WINDOW: Option<fn() -> ExitCode> = None;

/// Among the executable's constructors, which run before Rust's runtime
/// replaces closed standard streams with /dev/null: notes which were
/// closed (see cli/streams.rs).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STREAMS: extern "C" fn() = tictactoe::cli::note_closed_at_start;
