//! Every command the README, the guide (help/C/*.page) and the developer
//! docs (docs/*.md) show is one the binary takes: run as shown, none is
//! refused (exit 2) or crashes.
//!
//! Quick (a few seconds) whatever the examples ask: all run at once, each
//! with a budget of `BUDGET`. A refused command line ends at once (clap and
//! the commands check their arguments before any work), so a command still
//! working when its budget is up has passed what this test is about and is
//! stopped; a long training or tournament is not run to its end. Exit
//! code 1 passes too: it is a documented outcome (an exercise's wrong
//! answer, which the guide shows on purpose).
//!
//! What counts as shown: in the README, the lines of its code blocks that
//! start with `tictactoe`; in the guide, the lines of `<screen>` that do
//! (after a `$ ` prompt or not) and every `<cmd>` that gives options or a
//! position (a bare command name in a sentence is no example); in docs/,
//! the lines after a `$ ` prompt (the other lines there are synopses with
//! placeholders such as `[--json]` and `NAME|self`). A command whose next
//! line shown is `error: ...` is an example of a refusal: it must exit 2
//! with those words.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::common::{output_within, run_with_input, tictactoe, within};
use super::review::saved_game;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_files::learner_state::LearnerFile;

/// How long each example may run before it counts as accepted and working.
const BUDGET: Duration = Duration::from_secs(3);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &str, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

/// The text with lines ending in `\` joined to the next.
fn joined_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        match line.strip_suffix('\\') {
            Some(start) => current.push_str(start),
            None => {
                current.push_str(line);
                lines.push(std::mem::take(&mut current));
            }
        }
    }
    lines
}

fn unescape_xml(text: &str) -> String {
    text.replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The pieces of `text` between `open` and `close`.
fn between<'a>(mut text: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    let mut pieces = Vec::new();
    while let Some((_, rest)) = text.split_once(open) {
        let Some((inside, after)) = rest.split_once(close) else {
            break;
        };
        pieces.push(inside);
        text = after;
    }
    pieces
}

/// A shown line as a command line, if it is one of ours.
fn command_line(line: &str) -> Option<String> {
    let line = line.trim();
    let line = line.strip_prefix("$ ").unwrap_or(line);
    let shown = line.starts_with("tictactoe ") || line.contains("| tictactoe ");
    shown.then(|| line.to_owned())
}

/// The commands shown in `text`'s lines, each with the error the lines
/// show it refused with (`error: ...` right after it), if they do.
fn commands_in(lines: &[String]) -> Vec<(String, Option<String>)> {
    lines
        .iter()
        .enumerate()
        .filter_map(|(at, line)| {
            let refusal = lines
                .get(at + 1)
                .filter(|next| next.starts_with("error: "))
                .cloned();
            command_line(line).map(|command| (command, refusal))
        })
        .collect()
}

/// Every command shown, with the refusal shown after it, if any.
fn shown_commands() -> BTreeMap<String, Option<String>> {
    let mut commands = BTreeMap::new();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for block in between(&readme, "```", "```") {
        commands.extend(commands_in(&joined_lines(block)));
    }
    for page in files("help/C", "page") {
        let text = std::fs::read_to_string(&page).unwrap();
        for screen in between(&text, "<screen>", "</screen>") {
            commands.extend(commands_in(&joined_lines(&unescape_xml(screen))));
        }
        for cmd in between(&text, "<cmd>", "</cmd>") {
            let cmd = unescape_xml(&cmd.split_whitespace().collect::<Vec<_>>().join(" "));
            if cmd.split(' ').count() > 2 && !cmd.contains('<') {
                commands.extend(command_line(&cmd).map(|command| (command, None)));
            }
        }
    }
    for doc in files("docs", "md") {
        let text = std::fs::read_to_string(&doc).unwrap();
        let prompted: Vec<String> = joined_lines(&text)
            .into_iter()
            .filter(|l| l.trim_start().starts_with("$ "))
            .collect();
        commands.extend(commands_in(&prompted));
    }
    commands
}

/// Splits a shell word list: spaces separate, quotes group.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_default().push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            // A comment (`# every player, in brief`) ends the command.
            (None, '#') if word.is_none() => break,
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_default().push(c),
        }
    }
    words.extend(word);
    words
}

/// A shown command as the arguments after `tictactoe` and what a pipe
/// before it feeds it (`echo 1 5 9 | tictactoe review`). What follows it
/// (`| dot -Tpng`, `> tree.svg`) is left out: its output is read here.
fn arguments_and_input(command: &str) -> (Vec<String>, Vec<u8>) {
    let mut input = Vec::new();
    let mut ours = Vec::new();
    for stage in command.split(" | ") {
        let stage_words = words(stage);
        match stage_words.first().map(String::as_str) {
            Some("echo") => input = format!("{}\n", stage_words[1..].join(" ")).into_bytes(),
            Some("tictactoe") => ours = stage_words[1..].to_vec(),
            _ => {}
        }
    }
    if let Some(redirect) = ours.iter().position(|w| w == ">") {
        ours.truncate(redirect);
    }
    (ours, input)
}

#[test]
fn every_command_the_docs_show_is_accepted() {
    let commands = shown_commands();
    // The README's and the guide's examples at least: the test would pass
    // on finding none.
    assert!(commands.len() > 30, "{commands:#?}");
    assert!(
        commands
            .keys()
            .any(|c| c.starts_with("tictactoe train --player td")),
        "the README's training example is read: {commands:#?}"
    );

    // The examples' files and a home of their own: a saved game where they
    // name one, learners' states written nowhere else.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("documented-commands");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("game.json"),
        saved_game(".../.../...", &[0, 4, 8, 2, 6]),
    )
    .unwrap();
    // The guide's Connect Four network (an untrained one) and two lines of
    // the test set its exam example reads.
    std::fs::write(
        dir.join("c4.json"),
        LearnerState::fresh(PlayerKind::Neural, Shape::CONNECT_FOUR)
            .unwrap()
            .to_json(),
    )
    .unwrap();
    std::fs::write(
        dir.join("Test_L2_R2"),
        "274552224131661 0\n5455174361263362 -1\n",
    )
    .unwrap();

    let runs: Vec<_> = commands
        .into_iter()
        .enumerate()
        .map(|(index, (command, refusal))| {
            let dir = dir.clone();
            // Each its own learners' states: the commands run at once, and
            // two trainings of one state would refuse each other.
            let data = dir.join(format!("data-{index}"));
            std::thread::spawn(move || {
                let (arguments, input) = arguments_and_input(&command);
                let result = if input.is_empty() {
                    let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
                    let mut child = tictactoe(&arguments);
                    child
                        .current_dir(&dir)
                        .env("HOME", &dir)
                        .env("XDG_DATA_HOME", &data);
                    output_within(&mut child, BUDGET)
                } else {
                    // Piped input (`echo 1 5 9 | tictactoe review`): the
                    // examples' pipes feed commands that only read it.
                    within(BUDGET, move || {
                        let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
                        run_with_input(&arguments, &input)
                    })
                    .ok_or_else(|| format!("still ran after {BUDGET:?}"))
                };
                (command, refusal, result)
            })
        })
        .collect();

    let mut wrong = Vec::new();
    for run in runs {
        let (command, refusal, result) = run.join().unwrap();
        // Err: still working when its budget was up, so accepted.
        let Ok(output) = result else { continue };
        let stderr = String::from_utf8_lossy(&output.stderr);
        let as_shown = match &refusal {
            // The docs show it refused on purpose: with these words, code 2.
            Some(error) => output.status.code() == Some(2) && stderr.contains(error.as_str()),
            None => matches!(output.status.code(), Some(0 | 1)),
        };
        if !as_shown {
            wrong.push(format!(
                "{command}\n  shown: {}\n  {}: {}",
                refusal.as_deref().unwrap_or("accepted"),
                output.status,
                stderr.trim()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
