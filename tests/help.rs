//! The guide (`help/`): every page valid Mallard, every link and figure
//! found, every page reachable from the index, and every translation of
//! `help/LINGUAS` complete and building into valid pages. Needs Debian's
//! `yelp-tools`, `itstool` and `gettext`, which `scripts/setup` installs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const APP_ID: &str = "io.github.tictactoe.Tictactoe";

fn run(command: &mut Command) -> Output {
    command.output().unwrap_or_else(|error| {
        panic!("{command:?} did not run ({error}): scripts/setup installs it")
    })
}

/// Runs `command` and fails the test, with what it said, unless it
/// succeeds without a word.
fn succeed_silently(command: &mut Command) {
    let output = run(command);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success() && said.trim().is_empty(),
        "{command:?} found ({}):\n{said}",
        output.status
    );
}

fn pages(dir: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "page")
        })
        .collect();
    pages.sort();
    pages
}

fn languages() -> Vec<String> {
    std::fs::read_to_string("help/LINGUAS")
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `yelp-check`'s checks on the pages in `dir`, as a guide's author runs
/// them: valid Mallard, ids that match the file names, links and figures
/// that resolve, no page the index does not reach.
fn check_guide(dir: &Path) {
    let pages = pages(dir);
    assert!(
        pages.len() > 10,
        "the guide in {} has {} pages",
        dir.display(),
        pages.len()
    );
    succeed_silently(Command::new("yelp-check").arg("validate").args(&pages));
    for check in ["ids", "links", "media", "orphans"] {
        succeed_silently(Command::new("yelp-check").arg(check).arg(dir));
    }
}

#[test]
fn the_english_guide_is_valid_and_whole() {
    check_guide(Path::new("help/C"));
}

#[test]
fn every_message_of_the_guide_is_translated_and_nothing_else() {
    let dir = scratch("guide-template");
    let pot = dir.join("help.pot");
    let mut sources = pages(Path::new("help/C"));
    sources.push("help/C/legal.xml".into());
    let extracted = run(Command::new("itstool").arg("-o").arg(&pot).args(&sources));
    assert!(extracted.status.success(), "{extracted:?}");
    for language in languages() {
        let po = format!("help/{language}/{language}.po");
        // Every message of the pages translated, none fuzzy or empty...
        succeed_silently(Command::new("msgcmp").arg(&po).arg(&pot));
        // ...and every translation still a message of the pages.
        succeed_silently(
            Command::new("msgcmp")
                .args(["--use-untranslated", "--use-fuzzy"])
                .arg(&pot)
                .arg(&po),
        );
    }
}

#[test]
fn every_translated_guide_builds_into_valid_pages() {
    let built = scratch("guide-built");
    let output = run(Command::new("scripts/build-help").arg(&built));
    assert!(output.status.success(), "{output:?}");
    let english = pages(&built.join("C").join(APP_ID));
    assert_eq!(english.len(), pages(Path::new("help/C")).len());
    for language in languages() {
        let translated = built.join(&language).join(APP_ID);
        assert_eq!(
            pages(&translated).len(),
            english.len(),
            "every page in {language}"
        );
        check_guide(&translated);
    }
}

#[test]
fn build_help_refuses_bad_arguments() {
    let output = run(&mut Command::new("scripts/build-help"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("usage: scripts/build-help OUTPUT_DIR")
    );
}
