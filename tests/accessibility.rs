//! What a screen reader hears: the real app on the accessibility bus,
//! walked by `tests/accessibility/names.py` through AT-SPI. Needs a display
//! (`xvfb-run -a`), `dbus-run-session`, the AT-SPI bus launcher and
//! python3-pyatspi, which `scripts/setup` installs.

use std::fs::File;
use std::process::Command;

/// The walk takes about 15 s; a hung one is stopped and reported.
const LIMIT_SECONDS: &str = "300";

#[test]
fn every_control_has_a_name_a_screen_reader_can_speak() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "no display: run under `xvfb-run -a`"
    );
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/accessibility");
    let temp = std::env::temp_dir();
    // Files, not pipes: a reader of a pipe waits for every process that
    // inherited it, and whatever the bus starts inherits it.
    let (stdout_path, stderr_path) = (
        temp.join("tictactoe-accessibility.out"),
        temp.join("tictactoe-accessibility.err"),
    );
    // `timeout` stops the whole process group: the bus, the app and the walk.
    let status = Command::new("timeout")
        .args(["--kill-after=10", LIMIT_SECONDS, "dbus-run-session"])
        .arg(format!("--config-file={dir}/session.conf"))
        .args(["--", "/usr/bin/python3", "-u"])
        .arg(format!("{dir}/names.py"))
        .arg(env!("CARGO_BIN_EXE_tictactoe"))
        // The app's defaults, whatever a person's settings hold.
        .env("GSETTINGS_BACKEND", "memory")
        .env("XDG_DATA_HOME", temp.join("tictactoe-accessibility-data"))
        .stdout(File::create(&stdout_path).expect("the output file is created"))
        .stderr(File::create(&stderr_path).expect("the error file is created"))
        .status()
        .expect("dbus-run-session runs (scripts/setup installs it)");
    let stdout = std::fs::read_to_string(&stdout_path).unwrap_or_default();
    let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    // 124: stopped at the limit; 137: killed when it would not stop.
    assert!(
        !matches!(status.code(), Some(124 | 137)),
        "the accessibility check still ran after {LIMIT_SECONDS} s; so far:\n{stdout}\n{stderr}"
    );
    assert!(
        status.success(),
        "the accessibility check failed:\n{stdout}\n{stderr}"
    );
    // The walk saw the window: the controls it names are listed.
    assert!(stdout.contains("push button: 'End game'"), "{stdout}");
}
