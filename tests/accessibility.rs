//! What a screen reader hears: the real app on the accessibility bus,
//! walked by `tests/accessibility/names.py` through AT-SPI. Needs a display
//! (`xvfb-run -a`), `dbus-run-session`, the AT-SPI bus launcher and
//! python3-pyatspi, which `scripts/setup` installs.

use std::process::Command;

#[test]
fn every_control_has_a_name_a_screen_reader_can_speak() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "no display: run under `xvfb-run -a`"
    );
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/accessibility/names.py");
    let output = Command::new("dbus-run-session")
        // The app's defaults, whatever a person's settings hold.
        .env("GSETTINGS_BACKEND", "memory")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("tictactoe-accessibility-data"),
        )
        .args([
            "--",
            "/usr/bin/python3",
            script,
            env!("CARGO_BIN_EXE_tictactoe"),
        ])
        .output()
        .expect("dbus-run-session runs (scripts/setup installs it)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the accessibility check failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The walk saw the window: the controls it names are listed.
    assert!(stdout.contains("push button: 'End game'"), "{stdout}");
}
