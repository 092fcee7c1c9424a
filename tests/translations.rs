//! The translations: every message the sources mark is translated in every
//! language of `po/LINGUAS`, with the placeholders it fills, and the command
//! line stays English whatever the environment's language. Needs Debian's
//! `gettext` package (xgettext, msgcmp, msgfmt), which `scripts/setup`
//! installs.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output};

fn run(command: &mut Command) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("{command:?} did not run ({error}): install gettext"));
    assert!(
        output.status.success(),
        "{command:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn languages() -> Vec<String> {
    std::fs::read_to_string("po/LINGUAS")
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.trim().to_owned())
        .collect()
}

/// The template as the sources are now, in a file of its own.
fn fresh_template(dir: &Path) -> std::path::PathBuf {
    let pot = dir.join("tictactoe.pot");
    run(Command::new("scripts/extract-messages").arg(&pot));
    pot
}

#[test]
fn every_marked_message_is_translated_and_nothing_else() {
    let dir = std::env::temp_dir().join(format!("tictactoe-po-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pot = fresh_template(&dir);
    for language in languages() {
        let po = format!("po/{language}.po");
        // Every message of the sources translated, none fuzzy or empty...
        run(Command::new("msgcmp").arg(&po).arg(&pot));
        // ...and every translation still a message of the sources.
        run(Command::new("msgcmp")
            .args(["--use-untranslated", "--use-fuzzy"])
            .arg(&pot)
            .arg(&po));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn msgfmt_accepts_every_translation() {
    for language in languages() {
        run(Command::new("msgfmt")
            .args(["--check", "--output-file=/dev/null"])
            .arg(format!("po/{language}.po")));
    }
}

/// A message's `{name}` placeholders.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

/// The quoted strings of a `msgcat --no-wrap` entry's line: `msgid "a"`.
fn quoted(line: &str) -> String {
    let text = &line[line.find('"').unwrap() + 1..line.len() - 1];
    text.replace("\\\"", "\"").replace("\\n", "\n")
}

#[test]
fn translations_fill_the_placeholders_their_messages_have() {
    for language in languages() {
        let output = run(Command::new("msgcat")
            .arg("--no-wrap")
            .arg(format!("po/{language}.po")));
        let text = String::from_utf8(output.stdout).unwrap();
        let mut msgid = String::new();
        for line in text.lines() {
            if line.starts_with("msgid ") {
                msgid = quoted(line);
            } else if line.starts_with("msgstr") && !msgid.is_empty() {
                let msgstr = quoted(line);
                assert_eq!(
                    placeholders(&msgstr),
                    placeholders(&msgid),
                    "{language}: {msgid:?} is translated as {msgstr:?}"
                );
            }
        }
    }
}

/// The German app and guide write Monte Carlo one way, as German joins
/// words: "Monte-Carlo-Baumsuche", "Monte-Carlo-Suche Schritt für
/// Schritt", never "Monte Carlo" apart beside them.
#[test]
fn german_spells_monte_carlo_one_way() {
    for file in ["po/de.po", "help/de/de.po"] {
        let output = run(Command::new("msgcat").arg("--no-wrap").arg(file));
        let text = String::from_utf8(output.stdout).unwrap();
        let apart: Vec<String> = text
            .lines()
            .filter(|line| line.starts_with("msgstr"))
            .map(quoted)
            .filter(|msgstr| msgstr.contains("Monte Carlo"))
            .collect();
        assert!(
            apart.is_empty(),
            "{file} writes \"Monte Carlo\" apart: {apart:#?}"
        );
    }
}

#[test]
fn po_files_list_every_file_with_messages() {
    let listed = std::fs::read_to_string("po/POTFILES").unwrap();
    let listed: BTreeSet<&str> = listed.lines().filter(|l| !l.starts_with('#')).collect();
    let mut pending = vec![
        Path::new("src").to_owned(),
        Path::new("crates").to_owned(),
        Path::new("resources").to_owned(),
    ];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let marks = match path.extension().and_then(|e| e.to_str()) {
                Some("rs") => ["gettext(", "translatable("].iter().any(|call| {
                    text.contains(&format!("{call}\"")) || text.contains(&format!("{call}\n"))
                }),
                Some("ui") => text.contains("translatable=\"yes\""),
                _ => false,
            };
            let name = path.to_str().unwrap();
            assert!(
                !marks || listed.contains(name),
                "{name} has messages but po/POTFILES does not list it"
            );
        }
    }
}

#[test]
fn the_command_line_stays_english_in_a_german_environment() {
    let output = run(Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["analyze", "--player", "minimax", "x.o/.x./..."])
        .env("LANGUAGE", "de")
        .env("LC_ALL", "C.UTF-8"));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(" plays ") && text.contains(" nodes in ") && text.contains("  cell "),
        "{text}"
    );
}
