fn main() -> std::process::ExitCode {
    tictactoe::cli::main()
}

/// Among the executable's constructors, which run before Rust's runtime
/// replaces closed standard streams with /dev/null: notes which were
/// closed (see cli/streams.rs).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STREAMS: extern "C" fn() = tictactoe::cli::note_closed_at_start;
