//! The Practice window, driven as a person would, its keys and clicks sent
//! by `xdotool` through the X server: opened by Ctrl+P, a tree typed in
//! and used with Enter, the tree walked with the arrow keys, a value typed
//! into the selected node, an edge marked pruned with Space and another by
//! a click on it, Ctrl+Return checking (the first wrong step named as the
//! checker names it), a whole answer typed as text and found correct, and
//! F5 playing the solution step by step; the exercise counted in the
//! session's score and the record kept in the data directory, and a
//! corrupt record found as the window opens kept aside. Needs a display and xdotool:
//! `xvfb-run -a cargo test --release --test ui_practice`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    Results, chosen, ensure, move_onto, open_practice_by_key, open_window, pass_time, press_over,
    use_test_environment, wait_until, xdotool,
};
use tictactoe::ui::{PracticeView, TictactoeApplication, TictactoeWindow};
use tictactoe_engine::abstract_tree::Decision;
use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::search::alpha_beta;
use tictactoe_engine::abstract_tree::text::parse;
use tictactoe_engine::board::Board;
use tictactoe_engine::player_kind::{Fail, Prune};
use tictactoe_files::practice_progress::read;
use tictactoe_tools::exercise::answer::{Answer, AnswerValue};
use tictactoe_tools::exercise::words::{problem_words, question_words, verdict_words};
use tictactoe_tools::exercise::{Exercise, Kind, Verdict};
use tictactoe_tools::tree_drawing::{Shown, abstract_drawing, outline};
use tictactoe_words::position::{move_number, move_numbers};

const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";
const PATIENCE: Duration = Duration::from_secs(20);

fn open_practice(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<PracticeView, String> {
    let accels = app.accels_for_action("win.practice");
    ensure(accels.iter().any(|each| each == "<Control>p"), || {
        format!("win.practice has the shortcuts {accels:?}")
    })?;
    open_practice_by_key(window)
}

/// The textbook tree typed in and used with Enter, as an alpha-beta
/// exercise (level 2: values asked, no windows).
fn textbook_exercise(view: &PracticeView) -> Result<(), String> {
    view.choose_kind(Kind::AlphaBeta);
    let entry = view.tree_entry();
    entry.set_text(TEXTBOOK);
    entry.grab_focus();
    press_over(&entry, "Return")?;
    wait_until("Enter to use the typed tree", PATIENCE, || {
        view.exercise()
            .and_then(|exercise| exercise.tree().map(|tree| tree.to_string()))
            .as_deref()
            == Some(TEXTBOOK)
    })?;
    Ok(())
}

fn keys_and_clicks_answer_and_check_points_at_the_first_wrong_step(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    textbook_exercise(&view)?;
    let tree = view.tree_area();
    tree.grab_focus();
    // Down to child 1, Right to child 2: the Min node root → 2.
    for key in ["Down", "Right"] {
        press_over(&tree, key)?;
    }
    wait_until("the arrows to reach root → 2", PATIENCE, || {
        view.node_text().starts_with("The Min node root → 2")
    })
    .map_err(|error| format!("{error}; the heading says {:?}", view.node_text()))?;
    // Enter goes to the value; 2 is typed; back on the tree, Down and
    // Right to root → 2 → 2, and Space marks its edge pruned.
    press_over(&tree, "Return")?;
    xdotool(&["type", "--delay", "30", "2"])?;
    wait_until("the typed value in the answer", PATIENCE, || {
        view.answer().to_string() == "2 = 2"
    })
    .map_err(|error| format!("{error}; the answer is {:?}", view.answer().to_string()))?;
    tree.grab_focus();
    for key in ["Down", "Right", "space"] {
        press_over(&tree, key)?;
    }
    wait_until("Space to mark root → 2 → 2 pruned", PATIENCE, || {
        view.answer().marks_pruned(&[1, 1])
    })
    .map_err(|error| format!("{error}; the answer is {:?}", view.answer().to_string()))?;
    ensure(
        view.node_text().contains("the edge into it marked pruned"),
        || format!("the heading says {:?}", view.node_text()),
    )?;
    // A click on the edge into root → 2 → 3 marks it too.
    let middle = view.edge_middle(&[1, 2]).ok_or("no edge into 2.3")?;
    move_onto(&tree, Some(middle))?;
    xdotool(&["click", "1"])?;
    wait_until(
        "the click to mark root → 2 → 3 pruned",
        PATIENCE,
        || view.answer().marks_pruned(&[1, 2]),
    )
    .map_err(|error| format!("{error}; the answer is {:?}", view.answer().to_string()))?;
    let answer = view.answer();
    ensure(answer.to_string() == "pruned 2.2 2.3; 2 = 2", || {
        format!("the answer is {:?}", answer.to_string())
    })?;
    view.open_outline();
    let outline_text = view.outline_text();
    ensure(
        outline_text.contains("2.2: 4 [pruned]") && outline_text.contains("2: Min 2"),
        || format!("the tree in words shows no answer: {outline_text}"),
    )?;
    // Ctrl+Return: the root's child 1 has no value yet, the first wrong
    // step in search order.
    press_over(&tree, "ctrl+Return")?;
    let exercise = view.exercise().ok_or("no exercise")?;
    let verdict = exercise.check(&answer).map_err(|_| "the answer fits")?;
    let Verdict::Wrong(mistake) = &verdict else {
        return Err("a half answer is correct".into());
    };
    ensure(mistake.node == Some(1), || {
        format!("the checker found {mistake:?}")
    })?;
    let expected = verdict_words(&exercise, &verdict);
    wait_until("Ctrl+Return to check", PATIENCE, || {
        view.verdict_text() == expected
    })
    .map_err(|error| format!("{error}; it says {:?}", view.verdict_text()))?;
    ensure(
        view.node_text().starts_with("The Min node root → 1"),
        || format!("the wrong node is not selected: {:?}", view.node_text()),
    )?;
    // Checked, not yet solved: tried, in the score line at once.
    let tried = "This session: 0 of 1 exercise solved, 0 at the first check.";
    ensure(view.score_text().starts_with(tried), || {
        format!("the score says {:?}", view.score_text())
    })?;
    // The whole answer typed as text, Enter, Ctrl+Return: correct.
    let solution = exercise.solution().to_string();
    let entry = view.answer_entry();
    entry.set_text(&solution);
    entry.grab_focus();
    press_over(&entry, "Return")?;
    press_over(&entry, "ctrl+Return")?;
    let correct = verdict_words(&exercise, &Verdict::Correct);
    wait_until("the solution typed to be correct", PATIENCE, || {
        view.verdict_text() == correct
    })
    .map_err(|error| format!("{error}; it says {:?}", view.verdict_text()))?;
    ensure(Answer::parse(&solution).ok() == Some(view.answer()), || {
        "the typed answer is not the window's".into()
    })?;
    // Solved at the second check: counted for the session and all time.
    let solved = "This session: 1 of 1 exercise solved, 0 at the first check.";
    ensure(view.score_text().starts_with(solved), || {
        format!("the score says {:?}", view.score_text())
    })?;
    let kept = read(&record_path()).map_err(|error| format!("the record: {error}"))?;
    let tally = kept.tally(Kind::AlphaBeta, Some(2));
    ensure(
        (tally.tried, tally.solved, tally.first_check) == (1, 1, 0),
        || format!("the record keeps {tally:?}"),
    )
}

fn record_path() -> std::path::PathBuf {
    harness::test_data_home()
        .join("tictactoe")
        .join("practice.json")
}

/// A record that is not one, found as the window opens: kept aside under
/// another name, said in the window, and nothing written under the name
/// before something is counted.
fn a_corrupt_record_is_kept_aside_and_a_new_one_started(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let path = record_path();
    let directory = path.parent().ok_or("no directory")?;
    std::fs::create_dir_all(directory).map_err(|error| error.to_string())?;
    let corrupt = r#"{"format": "tictactoe-practice", "version": 1, "tallies": ["#;
    std::fs::write(&path, corrupt).map_err(|error| error.to_string())?;
    let view = open_practice(app, window)?;
    ensure(
        view.verdict_text().contains("could not be read")
            && view.verdict_text().contains("a new one started"),
        || format!("the window says {:?}", view.verdict_text()),
    )?;
    let aside: Vec<String> = std::fs::read_dir(directory)
        .map_err(|error| error.to_string())?
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("practice.json.corrupt-"))
        .collect();
    ensure(aside.len() == 1, || format!("kept aside: {aside:?}"))?;
    let kept = std::fs::read_to_string(directory.join(&aside[0])).map_err(|e| e.to_string())?;
    ensure(kept == corrupt, || {
        format!("the file kept aside holds {kept:?}")
    })?;
    ensure(!path.exists(), || {
        "a new record was written before anything was counted".into()
    })
}

/// A leaf selected with the keys and given another value: the exercise is
/// then on the tree as edited; a value out of range changes nothing.
fn a_leaf_is_edited_in_place(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    textbook_exercise(&view)?;
    let tree = view.tree_area();
    tree.grab_focus();
    for key in ["Down", "Down", "Return", "ctrl+a"] {
        press_over(&tree, key)?;
    }
    xdotool(&["type", "--delay", "30", "20"])?;
    let edited = "((20 12 8) (2 4 6) (14 5 2))";
    let tree_text = || {
        view.exercise()
            .and_then(|exercise| exercise.tree().map(|tree| tree.to_string()))
            .unwrap_or_default()
    };
    wait_until("the leaf to take the typed value", PATIENCE, || {
        tree_text() == edited
    })
    .map_err(|error| format!("{error}; the tree is {}", tree_text()))?;
    ensure(view.node_text().contains("value 20, as written"), || {
        format!("the heading says {:?}", view.node_text())
    })?;
    xdotool(&["type", "--delay", "30", "00"])?;
    wait_until("2000 to be refused", PATIENCE, || {
        view.verdict_text().contains("from −999 to 999")
    })
    .map_err(|error| format!("{error}; it says {:?}", view.verdict_text()))?;
    // 200 was read as the second digit came; 2000 changed nothing.
    ensure(tree_text() == "((200 12 8) (2 4 6) (14 5 2))", || {
        format!("a refused value changed the tree: {}", tree_text())
    })
}

/// The command the window gives prints the very exercise it shows, for
/// every kind, with a level's own conventions and with others chosen.
fn the_command_line_gives_the_same_exercise(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    let cases = [
        (Kind::Minimax, 2, None),
        (Kind::AlphaBeta, 4, None),
        (Kind::AlphaBeta, 3, Some(3)),
        (Kind::Order, 4, Some(0)),
        (Kind::BestMove, 1, None),
        (Kind::Mcts, 3, None),
    ];
    for (kind, level, conventions) in cases {
        view.choose_kind(kind);
        view.choose_level(level, conventions);
        let exercise = view.exercise().ok_or("no exercise")?;
        let line = view.command_text();
        let command = line
            .split_once(": tictactoe ")
            .map(|(_, command)| command)
            .ok_or_else(|| format!("no command in {line:?}"))?;
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(command.split_whitespace())
            .output()
            .map_err(|error| error.to_string())?;
        let printed = String::from_utf8_lossy(&output.stdout);
        ensure(printed.starts_with(&exercise.to_string()), || {
            format!("`tictactoe {command}` prints\n{printed}\nthe window shows\n{exercise}")
        })?;
    }
    Ok(())
}

/// A best-move exercise answered on its board, the main window's board
/// widget: the arrow keys and Enter choose a free cell, and so does a
/// click.
fn the_board_answers_by_keys_and_clicks(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    view.choose_kind(Kind::BestMove);
    view.choose_level(1, None);
    let exercise = view.exercise().ok_or("no exercise")?;
    let board = *exercise
        .position()
        .ok_or("a best-move exercise without a position")?;
    ensure(!board.shape().gravity(), || {
        "the first best-move level has gravity".to_owned()
    })?;
    let free: Vec<usize> = board.legal_moves().collect();
    let (first, last) = match (free.first(), free.last()) {
        (Some(&first), Some(&last)) if first != last => (first, last),
        _ => return Err(format!("too few free cells: {free:?}")),
    };
    let board_view = view.board_view();
    wait_until("the board to be laid out", PATIENCE, || {
        board_view.is_mapped() && board_view.width() > 0
    })?;
    board_view.grab_focus();
    let width = board.shape().width();
    let focus = board_view.focus_cell();
    let (from_row, from_column) = (focus / width, focus % width);
    let (to_row, to_column) = (first / width, first % width);
    let mut keys = Vec::new();
    keys.extend((to_row..from_row).map(|_| "Up"));
    keys.extend((from_row..to_row).map(|_| "Down"));
    keys.extend((to_column..from_column).map(|_| "Left"));
    keys.extend((from_column..to_column).map(|_| "Right"));
    keys.push("Return");
    for key in keys {
        press_over(&board_view, key)?;
    }
    wait_until("the keys to answer a move", PATIENCE, || {
        view.answer().best_move == Some(first)
    })
    .map_err(|error| format!("{error}: the answer is {:?}", view.answer().best_move))?;
    move_onto(&board_view, Some(board_view.cell_centre(last)))?;
    xdotool(&["click", "1"])?;
    wait_until("the click to answer a move", PATIENCE, || {
        view.answer().best_move == Some(last)
    })
    .map_err(|error| format!("{error}: the answer is {:?}", view.answer().best_move))?;
    Ok(())
}

/// Types `text` into `entry` in place of what it holds, by the keyboard.
fn type_into(entry: &gtk::Entry, text: &str) -> Result<(), String> {
    entry.grab_focus();
    press_over(entry, "ctrl+a")?;
    press_over(entry, "BackSpace")?;
    if !text.is_empty() {
        xdotool(&["type", "--delay", "30", "--", text])?;
    }
    wait_until("the typed text in the field", PATIENCE, || {
        entry.text() == text
    })?;
    Ok(())
}

/// Gives `answer` to a horizon exercise through its own fields: the root's
/// value, the columns to the leaf, or keeps/changes and the move.
fn answer_horizon(view: &PracticeView, kind: Kind, answer: &Answer) -> Result<(), String> {
    let exercise = view.exercise().ok_or("no exercise")?;
    let shape = exercise.move_shape();
    match kind {
        Kind::DepthValue => {
            let value = answer.value_of(&[]).ok_or("no root value")?;
            type_into(&view.value_entry(), &value.to_string())?;
        }
        Kind::DecidingLeaf => {
            let line = answer.leaf.as_ref().ok_or("no leaf")?;
            type_into(&view.line_entry(), &move_numbers(shape, line, " "))?;
        }
        _ => {
            let (keeps, changes) = view.changes_checks();
            let check = if answer.changes == Some(true) {
                changes
            } else {
                keeps
            };
            if !check.is_active() {
                check.grab_focus();
                press_over(&check, "space")?;
            }
            let number = answer
                .best_move
                .map(|cell| move_number(shape, cell).to_string())
                .unwrap_or_default();
            type_into(&view.move_entry(), &number)?;
        }
    }
    wait_until("the fields to give the answer", PATIENCE, || {
        view.answer() == *answer
    })
    .map_err(|error| format!("{error}: the answer is {:?}", view.answer().to_string()))?;
    Ok(())
}

/// A wrong answer of `kind` beside `right`: another value, another line,
/// or the other choice on whether the move changes.
fn wrong_horizon_answer(kind: Kind, right: &Answer, board: &Board) -> Answer {
    let mut wrong = right.clone();
    match kind {
        Kind::DepthValue => {
            let value = right
                .value_of(&[])
                .map_or(0, |value| value.value.numerator());
            wrong.set_value(&[], Some(AnswerValue::exact(Fraction::integer(value + 1))));
        }
        Kind::DecidingLeaf => {
            let first = right.leaf.as_ref().and_then(|line| line.first().copied());
            let other = board.legal_moves().find(|&cell| Some(cell) != first);
            wrong.leaf = other.map(|cell| vec![cell]);
        }
        _ => {
            let changes = right.changes == Some(true);
            wrong.changes = Some(!changes);
            wrong.best_move = if changes {
                None
            } else {
                board.legal_moves().next()
            };
        }
    }
    wrong
}

/// `kind` chosen from the exercise list at level 1, and the exercise the
/// window then shows.
fn first_level_exercise(view: &PracticeView, kind: Kind) -> Result<Exercise, String> {
    view.choose_kind(kind);
    view.choose_level(1, None);
    wait_until("the exercise of the kind chosen", PATIENCE, || {
        view.exercise()
            .is_some_and(|exercise| exercise.kind == kind)
    })?;
    view.exercise().ok_or_else(|| "no exercise".to_owned())
}

/// The three horizon exercises from the exercise list by their names: the
/// question and the evaluation read, the answer the tools compute given
/// through the kind's own fields and found correct by Ctrl+Return, then a
/// wrong one and the checker's reason.
fn the_horizon_exercises_are_answered_in_their_fields(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    for (kind, name) in [
        (Kind::DepthValue, "Value to a depth"),
        (Kind::DecidingLeaf, "Deciding leaf"),
        (Kind::Deeper, "One ply deeper"),
    ] {
        let names = view.kind_names();
        let place = Kind::ALL.iter().position(|&each| each == kind);
        ensure(
            place.and_then(|place| names.get(place)) == Some(&name.to_owned()),
            || format!("the exercise list shows {names:?}, not {name:?} for {kind:?}"),
        )?;
        let exercise = first_level_exercise(&view, kind)?;
        let board = *exercise.position().ok_or("no position")?;
        let (question, problem) = view.question_text();
        ensure(
            question == question_words(&exercise)
                && problem == problem_words(&exercise).join("\n")
                && problem.contains(" × "),
            || format!("the window asks {question:?} on {problem:?}"),
        )?;
        let right = exercise.solution();
        answer_horizon(&view, kind, &right)?;
        press_over(&view.answer_entry(), "ctrl+Return")?;
        let correct = verdict_words(&exercise, &Verdict::Correct);
        wait_until("the right answer found correct", PATIENCE, || {
            view.verdict_text() == correct
        })
        .map_err(|error| format!("{error} ({kind:?}); it says {:?}", view.verdict_text()))?;
        let wrong = wrong_horizon_answer(kind, &right, &board);
        answer_horizon(&view, kind, &wrong)?;
        press_over(&view.answer_entry(), "ctrl+Return")?;
        let verdict = exercise
            .check(&wrong)
            .map_err(|_| "the wrong answer does not fit")?;
        ensure(matches!(verdict, Verdict::Wrong(_)), || {
            format!("{:?} is right for {kind:?}", wrong.to_string())
        })?;
        let reason = verdict_words(&exercise, &verdict);
        wait_until("the wrong answer's reason", PATIENCE, || {
            view.verdict_text() == reason
        })
        .map_err(|error| format!("{error} ({kind:?}); it says {:?}", view.verdict_text()))?;
    }
    Ok(())
}

/// On a horizon exercise (Connect Four, answered by column) the Move
/// field asks for a column, and a tree typed in and used with Enter is
/// refused in words that name the horizon's exercises; on 3x3 the field
/// asks for a cell.
fn the_horizon_exercises_ask_for_columns_and_refuse_a_tree(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    for kind in [Kind::Deeper, Kind::BestMove] {
        let gravity = first_level_exercise(&view, kind)?.move_shape().gravity();
        let tooltip = view.move_entry().tooltip_text().unwrap_or_default();
        let asked = if gravity { "column" } else { "cell" };
        ensure(tooltip.contains(asked), || {
            format!("the Move field of {kind:?} (gravity {gravity}) says {tooltip:?}")
        })?;
    }
    view.choose_kind(Kind::Deeper);
    let entry = view.tree_entry();
    entry.set_text(TEXTBOOK);
    entry.grab_focus();
    press_over(&entry, "Return")?;
    wait_until("the tree refused for the horizon", PATIENCE, || {
        view.verdict_text().contains("horizon")
    })
    .map_err(|error| format!("{error}; it says {:?}", view.verdict_text()))?;
    Ok(())
}

fn f5_plays_the_solution_step_by_step(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    textbook_exercise(&view)?;
    view.open_outline();
    let tree = parse(TEXTBOOK, Decision::Max).map_err(|error| format!("{error:?}"))?;
    let search = alpha_beta(&tree, Prune::OnEqual, Fail::Soft).map_err(|_| "no chance nodes")?;
    let steps = search.steps.len();
    press_over(&view.tree_area(), "F5")?;
    for step in 1..=3 {
        let expected = format!("Step {step} of {steps}: ");
        wait_until(&format!("step {step}"), PATIENCE, || {
            view.verdict_text().starts_with(&expected)
        })
        .map_err(|error| format!("{error}; it says {:?}", view.verdict_text()))?;
    }
    // The first step enters the root with the full window; by the third
    // the root's first child has its window.
    let outline_text = view.outline_text();
    ensure(
        outline_text.contains("root: Max (α −∞, β +∞)"),
        || format!("the tree in words: {outline_text}"),
    )?;
    wait_until("the whole solution", Duration::from_secs(60), || {
        view.verdict_text()
            .starts_with(&format!("Step {steps} of {steps}: "))
    })?;
    let whole = outline(&abstract_drawing(&tree, Shown::AlphaBeta(&search)));
    ensure(view.outline_text() == whole, || {
        format!(
            "at the end the tree shows\n{}\nnot\n{whole}",
            view.outline_text()
        )
    })?;
    // F5 again: back to the (empty) answer.
    press_over(&view.tree_area(), "F5")?;
    let blank = outline(&abstract_drawing(&tree, Shown::Blank));
    wait_until("F5 to go back to the answer", PATIENCE, || {
        view.outline_text() == blank
    })?;
    Ok(())
}

/// Whether the node at `path`, its whole shape, shows: inside the tree's
/// scrolled area and inside every scrolled area around it.
fn node_shows(view: &PracticeView, path: &[usize]) -> Result<(), String> {
    let area = view.tree_area();
    let ((x, y), half) = view
        .node_centre(path)
        .ok_or_else(|| format!("no node at {path:?}"))?;
    let mut clip = area.parent();
    while let Some(widget) = clip {
        if widget.is::<gtk::ScrolledWindow>() || widget.is::<gtk::Window>() {
            for (cx, cy) in [(x - half, y - half), (x + half, y + half)] {
                let point = area
                    .compute_point(&widget, &gtk::graphene::Point::new(cx as f32, cy as f32))
                    .ok_or("the tree has no place in its window")?;
                let (px, py) = (f64::from(point.x()), f64::from(point.y()));
                ensure(
                    (-0.5..=f64::from(widget.width()) + 0.5).contains(&px)
                        && (-0.5..=f64::from(widget.height()) + 0.5).contains(&py),
                    || {
                        format!(
                            "the node at {path:?} is cut: its corner lies at ({px:.0}, {py:.0}) \
                             of a {} {}x{} px",
                            widget.type_().name(),
                            widget.width(),
                            widget.height()
                        )
                    },
                )?;
            }
        }
        clip = widget.parent();
    }
    Ok(())
}

/// Every node of the exercise's tree.
fn every_path(view: &PracticeView) -> Vec<Vec<usize>> {
    view.exercise()
        .and_then(|exercise| {
            exercise
                .tree()
                .map(|tree| (0..tree.len()).map(|id| tree.path(id)).collect())
        })
        .unwrap_or_default()
}

/// How far apart the first and the last leaf are on the picture.
fn tree_span(view: &PracticeView) -> f64 {
    let leaves: Vec<f64> = every_path(view)
        .iter()
        .filter(|path| path.len() == 3)
        .filter_map(|path| view.node_centre(path).map(|((x, _), _)| x))
        .collect();
    leaves.iter().copied().fold(f64::MIN, f64::max)
        - leaves.iter().copied().fold(f64::MAX, f64::min)
}

/// At the size the window opens with, a level 2 and a level 3 alpha-beta
/// tree show whole, every node's shape inside the window.
fn the_tree_fits_its_area(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    view.choose_kind(Kind::AlphaBeta);
    for level in [2, 3] {
        view.choose_level(level, None);
        view.make_exercise(7);
        pass_time(Duration::from_millis(300));
        for path in every_path(&view) {
            node_shows(&view, &path).map_err(|error| format!("level {level}: {error}"))?;
        }
    }
    Ok(())
}

/// Ctrl+plus and the Zoom In button draw the tree larger, Ctrl+minus
/// smaller, Ctrl+0 fits it to its area again.
fn zoom_keys_and_buttons(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    view.choose_kind(Kind::AlphaBeta);
    view.choose_level(3, None);
    view.make_exercise(7);
    pass_time(Duration::from_millis(300));
    let area = view.tree_area();
    let fitted = tree_span(&view);
    let changed = |what: &str, larger: bool, from: f64| {
        wait_until(what, PATIENCE, || {
            let span = tree_span(&view);
            if larger {
                span > from * 1.1
            } else {
                span < from / 1.1
            }
        })
        .map(|_| tree_span(&view))
        .map_err(|error| {
            format!(
                "{error}: the leaves span {:.0} px, before {from:.0}",
                tree_span(&view)
            )
        })
    };
    press_over(&area, "ctrl+plus")?;
    let larger = changed("Ctrl+plus to zoom in", true, fitted)?;
    let zoom_in = harness::descendants(&view)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Button>().ok())
        .find(|button| button.icon_name().as_deref() == Some("zoom-in-symbolic"))
        .ok_or("no Zoom In button")?;
    move_onto(&zoom_in, None)?;
    xdotool(&["click", "1"])?;
    let largest = changed("Zoom In to zoom in", true, larger)?;
    press_over(&area, "ctrl+minus")?;
    changed("Ctrl+minus to zoom out", false, largest)?;
    press_over(&area, "ctrl+0")?;
    wait_until("Ctrl+0 to fit the tree again", PATIENCE, || {
        (tree_span(&view) - fitted).abs() < 1.0
    })
    .map_err(|error| {
        format!(
            "{error}: the leaves span {:.0} px, fitted {fitted:.0}",
            tree_span(&view)
        )
    })?;
    Ok(())
}

/// Zoomed in, the tree larger than its area: as F5 plays the solution,
/// the node each step explains is in view, up to the first leaf of the
/// root's last child.
fn the_view_follows_the_solution(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_practice(app, window)?;
    view.choose_kind(Kind::AlphaBeta);
    view.choose_level(3, None);
    view.make_exercise(7);
    pass_time(Duration::from_millis(300));
    let area = view.tree_area();
    for _ in 0..4 {
        press_over(&area, "ctrl+plus")?;
    }
    press_over(&area, "F5")?;
    let mut step = String::new();
    loop {
        wait_until("the next step", PATIENCE, || {
            let now = view.verdict_text();
            now.starts_with("Step ") && now != step
        })?;
        step = view.verdict_text();
        // Scrolled once the step is drawn.
        pass_time(Duration::from_millis(150));
        let path = view.selected_path().ok_or("no node selected")?;
        node_shows(&view, &path).map_err(|error| format!("at {step:?}: {error}"))?;
        if path == [2, 0, 0] {
            return Ok(());
        }
    }
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;
    let checks: [(&str, Check); 11] = [
        (
            "a corrupt record is kept aside and a new one started",
            a_corrupt_record_is_kept_aside_and_a_new_one_started,
        ),
        (
            "keys and clicks answer, and Check points at the first wrong step",
            keys_and_clicks_answer_and_check_points_at_the_first_wrong_step,
        ),
        ("a leaf is edited in place", a_leaf_is_edited_in_place),
        (
            "the command line gives the same exercise",
            the_command_line_gives_the_same_exercise,
        ),
        (
            "the board answers by keys and clicks",
            the_board_answers_by_keys_and_clicks,
        ),
        (
            "the horizon exercises are answered in their fields",
            the_horizon_exercises_are_answered_in_their_fields,
        ),
        (
            "the horizon exercises ask for columns and refuse a tree",
            the_horizon_exercises_ask_for_columns_and_refuse_a_tree,
        ),
        (
            "F5 plays the solution step by step",
            f5_plays_the_solution_step_by_step,
        ),
        ("the tree fits its area", the_tree_fits_its_area),
        ("zoom keys and buttons", zoom_keys_and_buttons),
        (
            "the view follows the solution",
            the_view_follows_the_solution,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks.into_iter().filter(|(name, _)| chosen(name)) {
        results.report(name, check(&app, &window));
    }
    window.close();
    results.finish()
}
