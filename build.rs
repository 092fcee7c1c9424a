//! Compiles the window's templates, CSS and icon into a GResource that the
//! `gui` build embeds, the settings schema into `OUT_DIR`, where the app
//! finds it when the schema is not installed, and the translations
//! (`po/*.po`) into gettext catalogues under `OUT_DIR/locale`, and the
//! guide (`help/`) into `OUT_DIR/share/help`, where Yelp finds it for a
//! build that is not installed; the headless build needs nothing.

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
        compile_translations();
        build_guide();
    }
}

/// The guide's pages, English and translated, as `scripts/build-help`
/// builds them for an install (itstool and msgfmt, which `scripts/setup`
/// installs).
#[cfg(feature = "gui")]
fn build_guide() {
    println!("cargo:rerun-if-changed=help");
    println!("cargo:rerun-if-changed=scripts/build-help");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let output = std::path::Path::new(&out_dir).join("share/help");
    let status = std::process::Command::new("scripts/build-help")
        .arg(&output)
        .status()
        .unwrap_or_else(|error| panic!("scripts/build-help did not run ({error})"));
    assert!(status.success(), "scripts/build-help refused help/");
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

/// `po/<language>.po` to `OUT_DIR/locale/<language>/LC_MESSAGES/tictactoe.mo`
/// for every language in `po/LINGUAS`, with `msgfmt` (Debian's `gettext`
/// package, which `scripts/setup` installs).
#[cfg(feature = "gui")]
fn compile_translations() {
    use std::path::PathBuf;
    use std::process::Command;

    println!("cargo:rerun-if-changed=po");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let languages = std::fs::read_to_string("po/LINGUAS").expect("po/LINGUAS lists the languages");
    for language in languages
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
    {
        let catalogue_dir = out_dir.join("locale").join(language).join("LC_MESSAGES");
        std::fs::create_dir_all(&catalogue_dir).expect("OUT_DIR is writable");
        let status = Command::new("msgfmt")
            .arg("--check")
            .arg("--output-file")
            .arg(catalogue_dir.join("tictactoe.mo"))
            .arg(format!("po/{language}.po"))
            .status()
            .unwrap_or_else(|error| {
                panic!("msgfmt could not run ({error}): install Debian's gettext package (scripts/setup does)")
            });
        assert!(status.success(), "msgfmt refused po/{language}.po");
    }
}
