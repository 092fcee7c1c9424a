//! Installing the app: the shipped desktop file and metainfo validate,
//! scripts/install puts every file where the desktop looks for it and lists
//! it in its manifest, scripts/uninstall takes exactly that away again, and
//! the Debian package holds the same files under /usr.
//!
//! The scripts are given the release binary this test run built (they
//! would otherwise build it with cargo, which waits for this run's lock).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const APP_ID: &str = "io.github.tictactoe.Tictactoe";

fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_tictactoe"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `command`, which must succeed; returns its output.
fn succeed(command: &mut Command) -> Output {
    let output = command.output().unwrap_or_else(|error| {
        panic!("{command:?} cannot start ({error}); scripts/setup installs the tools")
    });
    assert!(
        output.status.success(),
        "{command:?}: {}\n{}{}",
        output.status,
        text(&output.stdout),
        text(&output.stderr)
    );
    output
}

/// An empty directory of its own under cargo's directory for test files.
fn fresh_directory(name: &str) -> PathBuf {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&directory);
    fs::create_dir_all(&directory).unwrap();
    directory
}

fn install(project: &Path, prefix: &Path) -> Output {
    succeed(
        Command::new(project.join("scripts/install"))
            .arg("--prefix")
            .arg(prefix)
            .arg("--binary")
            .arg(binary()),
    )
}

fn uninstall(project: &Path, prefix: &Path) -> Output {
    Command::new(project.join("scripts/uninstall"))
        .arg("--prefix")
        .arg(prefix)
        .output()
        .unwrap()
}

fn manifest_path(prefix: &Path) -> PathBuf {
    prefix.join("share/tictactoe/install-manifest.txt")
}

/// The files the manifest lists, relative to the prefix.
fn manifest_files(prefix: &Path) -> BTreeSet<String> {
    let manifest = fs::read_to_string(manifest_path(prefix)).unwrap();
    let prefix = format!("{}/", prefix.display());
    manifest
        .lines()
        .filter_map(|line| line.strip_prefix("file "))
        .map(|path| {
            path.strip_prefix(&prefix)
                .unwrap_or_else(|| panic!("{path} is under {prefix}"))
                .to_owned()
        })
        .collect()
}

/// What an install of this project holds, relative to the prefix: the
/// translations and schema only if the project has them.
fn expected_files(project: &Path) -> BTreeSet<String> {
    let mut files: BTreeSet<String> = [
        "bin/tictactoe".to_owned(),
        format!("share/applications/{APP_ID}.desktop"),
        format!("share/metainfo/{APP_ID}.metainfo.xml"),
        // Where the icon theme spec looks: <data dir>/icons/hicolor/<size>/apps.
        format!("share/icons/hicolor/scalable/apps/{APP_ID}.svg"),
        format!("share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg"),
        "share/bash-completion/completions/tictactoe".to_owned(),
        "share/zsh/site-functions/_tictactoe".to_owned(),
        "share/fish/vendor_completions.d/tictactoe.fish".to_owned(),
        "share/man/man1/tictactoe.1.gz".to_owned(),
        "share/man/man1/tictactoe-players.1.gz".to_owned(),
        "share/man/man1/tictactoe-play.1.gz".to_owned(),
        "share/man/man1/tictactoe-analyze.1.gz".to_owned(),
        "share/man/man1/tictactoe-tree.1.gz".to_owned(),
        "share/man/man1/tictactoe-compare.1.gz".to_owned(),
        "share/man/man1/tictactoe-tournament.1.gz".to_owned(),
        "share/man/man1/tictactoe-train.1.gz".to_owned(),
        "share/man/man1/tictactoe-mcts-trace.1.gz".to_owned(),
        "share/man/man1/tictactoe-exam.1.gz".to_owned(),
        "share/man/man1/tictactoe-correlate.1.gz".to_owned(),
        "share/man/man1/tictactoe-exercise.1.gz".to_owned(),
        "share/man/man1/tictactoe-horizon.1.gz".to_owned(),
        "share/man/man1/tictactoe-review.1.gz".to_owned(),
        "share/man/man1/tictactoe-solve.1.gz".to_owned(),
    ]
    .into();
    for (directory, extension) in [("po", "po"), ("resources", "xml")] {
        let Ok(entries) = fs::read_dir(project.join(directory)) else {
            continue;
        };
        for entry in entries {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if extension == "po" && name.ends_with(".po") {
                let language = name.trim_end_matches(".po");
                files.insert(format!("share/locale/{language}/LC_MESSAGES/tictactoe.mo"));
            } else if name.ends_with(".gschema.xml") {
                files.insert(format!("share/glib-2.0/schemas/{name}"));
            }
        }
    }
    // The guide: each page of help/C, its licence and its figures, in
    // English and in every language of help/LINGUAS.
    let mut guide = vec!["legal.xml".to_owned()];
    for (directory, prefix) in [("help/C", ""), ("help/C/figures", "figures/")] {
        for entry in fs::read_dir(project.join(directory)).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".page") || !prefix.is_empty() {
                guide.push(format!("{prefix}{name}"));
            }
        }
    }
    let translations = fs::read_to_string(project.join("help/LINGUAS")).unwrap();
    let languages = translations
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'));
    for language in languages.chain(["C"]) {
        for file in &guide {
            files.insert(format!("share/help/{}/{APP_ID}/{file}", language.trim()));
        }
    }
    files
}

/// Every file and directory under `directory`, for messages.
fn listing(directory: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(listing(&path));
        }
        found.push(path);
    }
    found
}

fn desktop_file_validate(path: &Path) {
    let output = succeed(Command::new("desktop-file-validate").arg(path));
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert!(said.is_empty(), "{}: {said}", path.display());
}

#[test]
fn the_shipped_desktop_file_and_metainfo_validate_without_warnings() {
    desktop_file_validate(&project().join(format!("resources/{APP_ID}.desktop")));
    let metainfo = project().join(format!("resources/{APP_ID}.metainfo.xml"));
    // --no-net: the screenshots' and links' URLs are not fetched.
    let output = succeed(
        Command::new("appstreamcli")
            .args(["validate", "--no-net"])
            .arg(&metainfo),
    );
    let report = text(&output.stdout);
    assert!(
        !report
            .lines()
            .any(|line| line.starts_with("E:") || line.starts_with("W:")),
        "{report}"
    );
    let version = format!("<release version=\"{}\"", env!("CARGO_PKG_VERSION"));
    let metainfo = fs::read_to_string(&metainfo).unwrap();
    assert!(
        metainfo.contains(&version),
        "the metainfo has release notes for {version}"
    );
}

#[test]
fn the_release_binary_is_stripped() {
    let output = succeed(
        Command::new("readelf")
            .args(["--sections", "--wide"])
            .arg(binary()),
    );
    let sections = text(&output.stdout);
    for section in [".symtab", ".debug_info"] {
        assert!(!sections.contains(section), "{section}: {sections}");
    }
}

#[test]
fn install_puts_everything_in_place_and_uninstall_takes_all_of_it_away() {
    // A space in the prefix: the desktop file's Exec must quote it.
    let parent = fresh_directory("install root");
    let prefix = parent.join("prefix");
    install(project(), &prefix);

    let files = manifest_files(&prefix);
    assert_eq!(files, expected_files(project()));
    for file in &files {
        assert!(prefix.join(file).is_file(), "{file}");
    }
    assert_eq!(
        fs::read(prefix.join("bin/tictactoe")).unwrap(),
        fs::read(binary()).unwrap()
    );

    let desktop = prefix.join(format!("share/applications/{APP_ID}.desktop"));
    desktop_file_validate(&desktop);
    let entry = fs::read_to_string(&desktop).unwrap();
    let exec = format!("Exec=\"{}\"", prefix.join("bin/tictactoe").display());
    assert!(entry.lines().any(|line| line == exec), "{exec} in {entry}");
    assert!(
        entry.lines().any(|line| line == format!("Icon={APP_ID}")),
        "{entry}"
    );
    let bash = fs::read_to_string(prefix.join("share/bash-completion/completions/tictactoe"));
    assert!(bash.unwrap().contains("alphabeta-tt"));
    // Yelp opens help:<app id> from <data dir>/help/<language>/<app id>.
    let german_index = prefix.join(format!("share/help/de/{APP_ID}/index.page"));
    let german_index = fs::read_to_string(german_index).unwrap();
    assert!(
        german_index.contains("Tic-Tac-Toe-Hilfe"),
        "the German guide is translated: {german_index}"
    );

    let output = uninstall(project(), &prefix);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let left = listing(&parent);
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// Another person's branches add po/*.po and a GSettings schema: a copy of
/// the project with both shows that they are installed, compiled and
/// removed again, and that a second install replaces the first.
#[test]
fn translations_and_schemas_are_installed_compiled_and_removed() {
    let scratch = fresh_directory("install with translations");
    let copy = scratch.join("project");
    fs::create_dir_all(copy.join("po")).unwrap();
    succeed(
        Command::new("cp")
            .arg("-r")
            .arg(project().join("scripts"))
            .arg(project().join("resources"))
            .arg(project().join("help"))
            .arg(&copy),
    );
    fs::write(
        copy.join("po/eo.po"),
        "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n\
         msgid \"Start\"\nmsgstr \"Komenci\"\n",
    )
    .unwrap();
    fs::write(
        copy.join(format!("resources/{APP_ID}.InstallTest.gschema.xml")),
        format!(
            "<schemalist><schema id=\"{APP_ID}.InstallTest\" path=\"/io/github/tictactoe/InstallTest/\">\
             <key name=\"size\" type=\"s\"><default>\"3x3\"</default></key></schema></schemalist>"
        ),
    )
    .unwrap();

    let prefix = scratch.join("prefix");
    install(&copy, &prefix);
    let again = install(&copy, &prefix);
    assert!(
        text(&again.stdout).contains("Replacing the earlier install"),
        "{}",
        text(&again.stdout)
    );
    let files = manifest_files(&prefix);
    assert_eq!(files, expected_files(&copy));
    assert!(files.contains("share/locale/eo/LC_MESSAGES/tictactoe.mo"));
    let mo = fs::read(prefix.join("share/locale/eo/LC_MESSAGES/tictactoe.mo")).unwrap();
    assert_eq!(
        mo[..4],
        0x950412de_u32.to_le_bytes(),
        "a compiled catalogue"
    );
    let compiled = prefix.join("share/glib-2.0/schemas/gschemas.compiled");
    assert!(compiled.is_file());

    // A manifest naming a file outside the prefix removes nothing at all.
    let outside = scratch.join("outside.txt");
    fs::write(&outside, "not the install's").unwrap();
    let manifest = fs::read_to_string(manifest_path(&prefix)).unwrap();
    fs::write(
        manifest_path(&prefix),
        format!("{manifest}file {}\n", outside.display()),
    )
    .unwrap();
    let refused = uninstall(&copy, &prefix);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("names a path outside"),
        "{}",
        text(&refused.stderr)
    );
    assert!(outside.is_file() && compiled.is_file());
    fs::write(manifest_path(&prefix), manifest).unwrap();

    let output = uninstall(&copy, &prefix);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(!prefix.exists(), "left behind: {:?}", listing(&prefix));
    assert!(outside.is_file());
}

#[test]
fn the_scripts_refuse_bad_arguments_with_exit_code_2() {
    let cases: [(&str, &[&str], &str); 4] = [
        (
            "install",
            &["--prefx", "/tmp"],
            "unknown argument '--prefx'",
        ),
        ("install", &["--prefix"], "--prefix needs a value"),
        ("uninstall", &["--prefix", ""], "--prefix needs a directory"),
        ("deb", &["--build"], "unknown argument '--build'"),
    ];
    for (script, args, message) in cases {
        let output = Command::new(project().join("scripts").join(script))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{script} {args:?}");
        let errors = text(&output.stderr);
        assert!(errors.contains(message), "{script} {args:?}: {errors}");
        assert!(
            errors.contains("usage: scripts/"),
            "{script} {args:?}: {errors}"
        );
    }
    let nowhere = fresh_directory("uninstall nowhere");
    let output = uninstall(project(), &nowhere);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("nothing to uninstall"));
}

#[test]
fn the_debian_package_holds_what_install_installs_under_usr() {
    let output = succeed(Command::new(project().join("scripts/deb")).arg("--no-build"));
    let stdout = text(&output.stdout);
    let package = stdout
        .lines()
        .rev()
        .find(|line| line.ends_with(".deb"))
        .unwrap_or_else(|| panic!("the package's path in {stdout}"));

    let contents = succeed(Command::new("dpkg-deb").arg("--contents").arg(package));
    // "-rw-r--r-- root/root 1234 2026-11-23 05:00 ./usr/bin/tictactoe"
    let packaged: BTreeSet<String> = text(&contents.stdout)
        .lines()
        .filter(|line| line.starts_with('-'))
        .map(|line| {
            line.rsplit(' ')
                .next()
                .unwrap()
                .trim_start_matches("./")
                .to_owned()
        })
        .collect();

    let prefix = fresh_directory("install for the package").join("prefix");
    install(project(), &prefix);
    let mut expected: BTreeSet<String> = manifest_files(&prefix)
        .iter()
        .map(|file| format!("usr/{file}"))
        .collect();
    // Debian's own: the licence, which cargo-deb adds.
    expected.insert("usr/share/doc/tictactoe/copyright".to_owned());
    assert_eq!(packaged, expected);
    uninstall(project(), &prefix);

    let desktop = succeed(Command::new("sh").arg("-c").arg(format!(
        "dpkg-deb --fsys-tarfile '{package}' | tar -xO ./usr/share/applications/{APP_ID}.desktop"
    )));
    assert!(
        text(&desktop.stdout)
            .lines()
            .any(|line| line == "Exec=tictactoe"),
        "under /usr the plain name: {}",
        text(&desktop.stdout)
    );
    let depends = succeed(Command::new("dpkg-deb").args(["--field", package, "Depends"]));
    assert!(
        text(&depends.stdout).contains("libgtk-4-1"),
        "{}",
        text(&depends.stdout)
    );
    // The guide opens in Yelp; without it the app says how to install it.
    let recommends = succeed(Command::new("dpkg-deb").args(["--field", package, "Recommends"]));
    assert_eq!(text(&recommends.stdout).trim(), "yelp");
}
