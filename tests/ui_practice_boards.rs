//! Practice on the main window's board, the way a person goes: a Connect
//! Four game between two people started in the main window and played by
//! the columns' digit keys; Ctrl+P opens Practice and its This Position
//! button, clicked, refuses the still open position in words (the
//! exercise shown stays); played on to a late position, This Position
//! makes a best-move exercise on it, a column's digit over Practice's board
//! answers it, and Ctrl+Return checks it, the verdict the checker's words.
//! Needs a display and xdotool:
//! `xvfb-run -a cargo test --release --test ui_practice_boards`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    PATIENCE, Results, chosen, click_widget, ensure, open_practice_by_key, open_window, press_in,
    press_over, start, use_test_environment, wait_until,
};
use tictactoe::ui::TictactoeWindow;
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::exercise::positions::best_move_empty_limit;
use tictactoe_tools::exercise::words::verdict_words;
use tictactoe_tools::exercise::{Kind, Verdict};

/// True if the side to move in `board` wins with one of its moves.
fn wins_in_one(board: &Board) -> bool {
    board.legal_moves().any(|cell| {
        let mut next = *board;
        next.play(cell).is_ok() && next.outcome() != Outcome::Ongoing
    })
}

/// The column (from 0) to play next in `board`: the first from the left
/// that neither ends the game nor leaves the other side a win in one, so
/// that the game runs on to a late position.
fn quiet_column(board: &Board) -> Result<usize, String> {
    (0..board.shape().width())
        .find(|&column| {
            board.drop_cell(column).is_ok_and(|cell| {
                let mut next = *board;
                next.play(cell).is_ok() && next.outcome() == Outcome::Ongoing && !wins_in_one(&next)
            })
        })
        .ok_or_else(|| format!("every column ends the game or hands a win in {board}"))
}

/// Plays by digit keys over the main window's board until `empty` empty
/// cells are left.
fn play_until(window: &TictactoeWindow, empty: u32) -> Result<(), String> {
    let view = window.board_view();
    while view.board().empty().count_ones() > empty {
        let board = view.board();
        let column = quiet_column(&board)?;
        press_over(&view, &(column + 1).to_string())?;
        wait_until("the stone", PATIENCE, || {
            view.board().stone_count() > board.stone_count()
        })
        .map_err(|error| format!("{error}: key {} in {board}", column + 1))?;
    }
    Ok(())
}

fn connect_four_positions_are_practised_from_the_game(
    window: &TictactoeWindow,
) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Human, Difficulty::Hard),
        Shape::CONNECT_FOUR,
        Duration::ZERO,
    )?;
    play_until(window, 38)?;

    // An open position: refused in words, the exercise shown staying.
    let view = open_practice_by_key(window)?;
    view.choose_kind(Kind::BestMove);
    let drawn = view.exercise().ok_or("Practice shows no exercise")?;
    let drawn_board = *drawn
        .position()
        .ok_or("a best-move exercise without a position")?;
    ensure(drawn_board.shape() == Shape::CONNECT_FOUR, || {
        format!(
            "the drawn position is on {:?}, not the game's board",
            drawn_board.shape()
        )
    })?;
    let button = view.position_button();
    ensure(button.is_sensitive() && button.is_mapped(), || {
        "This Position is no usable button".into()
    })?;
    click_widget(&button)?;
    let limit = best_move_empty_limit(PlayerKind::AlphaBeta, Shape::CONNECT_FOUR);
    let refusal = format!(
        "this position has 38 empty cells: a search to the end takes too long here; play on until {limit} or fewer are left"
    );
    wait_until("This Position to say why not", PATIENCE, || {
        view.verdict_text().contains(&refusal)
    })
    .map_err(|error| format!("{error}: it says {:?}", view.verdict_text()))?;
    ensure(view.exercise().as_ref() == Some(&drawn), || {
        "the refused position replaced the exercise shown".into()
    })?;
    view.close();

    // A late position: a best-move exercise on it, answered by a digit.
    play_until(window, limit)?;
    let game_position = window.board_view().board();
    let view = open_practice_by_key(window)?;
    view.choose_kind(Kind::BestMove);
    click_widget(&view.position_button())?;
    wait_until(
        "a best-move exercise on the game's position",
        PATIENCE,
        || {
            view.exercise()
                .is_some_and(|exercise| exercise.position() == Some(&game_position))
        },
    )
    .map_err(|error| format!("{error}: it says {:?}", view.verdict_text()))?;
    let exercise = view.exercise().ok_or("no exercise")?;
    let best = exercise.solution().best_move.ok_or("no best move")?;
    let column = best % Shape::CONNECT_FOUR.width();
    let board_view = view.board_view();
    wait_until("Practice's board to be laid out", PATIENCE, || {
        board_view.is_mapped() && board_view.width() > 0
    })?;
    board_view.grab_focus();
    press_over(&board_view, &(column + 1).to_string())?;
    wait_until("the digit to answer the column", PATIENCE, || {
        view.answer().best_move == Some(best)
    })
    .map_err(|error| format!("{error}: the answer is {:?}", view.answer().best_move))?;
    press_in(&view, &["ctrl+Return"])?;
    let verdict = exercise
        .check(&view.answer())
        .map_err(|unfit| format!("the answer does not fit: {unfit:?}"))?;
    let words = verdict_words(&exercise, &verdict);
    wait_until("Ctrl+Return to check", PATIENCE, || {
        view.verdict_text() == words
    })
    .map_err(|error| format!("{error}: it says {:?}, not {words:?}", view.verdict_text()))?;
    // The move alone is right; the outcome not given is the first wrong step.
    ensure(
        matches!(&verdict, Verdict::Wrong(mistake) if mistake.step > 0),
        || format!("the right column was found wrong: {words}"),
    )?;
    ensure(words.contains("outcome"), || words.clone())
}

fn main() -> ExitCode {
    use_test_environment();
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    type Check = fn(&TictactoeWindow) -> Result<(), String>;
    let checks: [(&str, Check); 1] = [(
        "Connect Four positions are practised from the game",
        connect_four_positions_are_practised_from_the_game,
    )];
    let mut results = Results::default();
    for (name, check) in checks.into_iter().filter(|(name, _)| chosen(name)) {
        results.report(name, check(&window));
    }
    results.finish()
}
