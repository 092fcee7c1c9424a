//! Compiles the window's templates, CSS and icon into a GResource that the
//! `gui` build embeds; the headless build needs nothing.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "gui")]
    glib_build_tools::compile_resources(
        &["resources"],
        "resources/resources.gresource.xml",
        "tictactoe.gresource",
    );
}
