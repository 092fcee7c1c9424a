//! Compiles the window's templates, CSS and icon into a GResource that the
//! `gui` build embeds, and the settings schema into `OUT_DIR`, where the app
//! finds it when the schema is not installed; the headless build needs
//! nothing.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "gui")]
    {
        glib_build_tools::compile_resources(
            &["resources"],
            "resources/resources.gresource.xml",
            "tictactoe.gresource",
        );
        compile_schemas();
    }
}

/// Runs `glib-compile-schemas` (Debian's libglib2.0-bin, which
/// libgtk-4-dev brings) on `resources/`, writing `gschemas.compiled` to
/// `OUT_DIR`.
#[cfg(feature = "gui")]
fn compile_schemas() {
    println!("cargo:rerun-if-changed=resources/io.github.tictactoe.Tictactoe.gschema.xml");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let status = std::process::Command::new("glib-compile-schemas")
        .args(["--strict", "--targetdir", &out_dir, "resources"])
        .status()
        .unwrap_or_else(|error| {
            panic!("glib-compile-schemas did not run ({error}): scripts/setup installs it")
        });
    assert!(
        status.success(),
        "glib-compile-schemas refused resources/*.gschema.xml"
    );
}
