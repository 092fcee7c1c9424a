//! Game review and the coach, driven as a person would, keys and clicks
//! sent by `xdotool` through the X server: two people play on 3x3 with the
//! coach on for O; O's mistake is said at once with the review's sentence
//! and taken back with Take Back, then played again and kept with Play On;
//! the finished game opens in the Game Review window by Ctrl+R, every move
//! graded as the perfect table grades it, the graph's words the review's;
//! a click on a move in the list shows it; Ctrl+L asks for a better move
//! for the mistake, and a key on the board answers best or still a
//! mistake; the session tally gains O's best moves. On Connect Four the
//! coach names O's unblocking column and says its judgement is estimated,
//! and the finished game's review asks for a better column, answered by
//! the digits as columns. Needs a display and
//! xdotool: `xvfb-run -a cargo test --release --test ui_review`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    Results, ensure, move_onto, open_window, point_into, press_over, start, use_test_environment,
    wait_until, xdotool,
};
use tictactoe::ui::{ReviewView, TictactoeApplication, TictactoeWindow};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::review::words::{
    second_try_question, second_try_words, values_words, verdict_words,
};
use tictactoe_tools::review::{Accuracy, DEFAULT_TIME_LIMIT, Grade, Judge, Review, review_move};

const PATIENCE: Duration = Duration::from_secs(20);

/// X in the centre, O on an edge: O's mistake, which X can punish.
const CENTRE: usize = 4;
const EDGE: usize = 1;

fn judge() -> Judge {
    Judge::new(DEFAULT_TIME_LIMIT, CancelFlag::new())
}

/// Presses the digit of `cell` over the main window, where digits play.
fn play(window: &TictactoeWindow, cell: usize) -> Result<(), String> {
    let before = window.record().map_or(0, |record| record.len());
    press_over(&window.board_view(), &(cell + 1).to_string())?;
    wait_until("the move to be played", PATIENCE, || {
        window
            .record()
            .is_some_and(|record| record.len() == before + 1)
    })?;
    Ok(())
}

fn click(widget: &impl IsA<gtk::Widget>) -> Result<(), String> {
    wait_until("the widget to be laid out", PATIENCE, || {
        widget.is_mapped() && widget.width() > 0
    })?;
    harness::pass_time(Duration::from_millis(200));
    move_onto(widget, None)?;
    xdotool(&["click", "1"])
}

/// Clicks the window's button for `action`.
fn click_action_button(window: &TictactoeWindow, action: &str) -> Result<(), String> {
    let button = harness::descendants(window)
        .into_iter()
        .find(|widget| {
            widget
                .downcast_ref::<gtk::Button>()
                .is_some_and(|button| button.action_name().as_deref() == Some(action))
        })
        .ok_or_else(|| format!("no button for {action}"))?;
    click(&button)
}

/// The coach's sentence for O's move on `cell` after X's centre.
fn expected_coach_words(cell: usize) -> Result<String, String> {
    let mut before = Board::new(Shape::TIC_TAC_TOE);
    before.play(CENTRE).map_err(|error| format!("{error:?}"))?;
    let review = review_move(&mut judge(), 1, &before, cell)
        .map_err(|error| format!("{error:?}"))?
        .ok_or("the judge was cancelled")?;
    ensure(review.grade.is_error(), || {
        format!("O on {} is graded {:?}", cell + 1, review.grade)
    })?;
    Ok(verdict_words(&review))
}

/// The tally's best moves of two people's games so far, X's and O's.
fn people_tally(window: &TictactoeWindow) -> [Accuracy; 2] {
    window
        .session_tally()
        .results()
        .iter()
        .find(|results| results.accuracy[Side::Min.index()].moves > 0)
        .map(|results| results.accuracy)
        .unwrap_or_default()
}

fn the_coach_says_a_mistake_at_once_and_takes_it_back(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let earlier = people_tally(window);
    let person = (PlayerKind::Human, Difficulty::Hard);
    window.picker(Side::Min).select(PlayerKind::Human);
    window.picker(Side::Min).coach_check().set_active(true);
    window.picker(Side::Max).coach_check().set_active(false);
    start(window, person, person, Shape::TIC_TAC_TOE, Duration::ZERO)?;
    ensure(window.picker(Side::Min).coaching(), || {
        "the coach is not on for O".to_owned()
    })?;
    play(window, CENTRE)?;
    ensure(window.coach_text().is_none(), || {
        "the coach spoke for X, whose coach is off".to_owned()
    })?;
    play(window, EDGE)?;
    let expected = expected_coach_words(EDGE)?;
    wait_until("the coach to speak", PATIENCE, || {
        window.coach_text().is_some()
    })?;
    let said = window.coach_text().unwrap_or_default();
    ensure(said.starts_with(&expected), || {
        format!("the coach said {said:?}, not {expected:?}")
    })?;
    ensure(window.is_paused(), || {
        "the game went on under the coach".to_owned()
    })?;
    click_action_button(window, "win.coach-take-back")?;
    wait_until("Take Back to take the move back", PATIENCE, || {
        window
            .record()
            .is_some_and(|record| record.played() == [CENTRE])
    })?;
    ensure(window.coach_text().is_none(), || {
        "the coach's words stay".to_owned()
    })?;
    // Again, and kept this time.
    play(window, EDGE)?;
    wait_until("the coach to speak again", PATIENCE, || {
        window.coach_text().is_some()
    })?;
    click_action_button(window, "win.coach-play-on")?;
    wait_until("Play On to go on with the game", PATIENCE, || {
        window.coach_text().is_none() && window.game_running()
    })?;
    // X forks and wins: 1 threatens 9, O blocks, X 7 threatens 3 and 4.
    for cell in [0, 8, 6, 3, 2] {
        play(window, cell)?;
        if window.coach_text().is_some() {
            click_action_button(window, "win.coach-play-on")?;
        }
    }
    wait_until("the game to end", PATIENCE, || {
        !window.game_running() && !window.is_paused()
    })?;
    wait_until("the tally to count O's best moves", PATIENCE, || {
        people_tally(window) != earlier
    })?;
    let tallied = people_tally(window);
    let review = Review::of_game(
        &Board::new(Shape::TIC_TAC_TOE),
        window.record().ok_or("no game")?.played(),
        &mut judge(),
    )
    .map_err(|error| format!("{error:?}"))?;
    let mut expected = earlier;
    for (total, side) in expected.iter_mut().zip([Side::Max, Side::Min]) {
        total.merge(review.accuracy(side));
    }
    ensure(tallied == expected, || {
        format!(
            "the tally has {tallied:?}, before the game {earlier:?}, the review {:?} and {:?}",
            review.accuracy(Side::Max),
            review.accuracy(Side::Min)
        )
    })
}

fn open_review(app: &TictactoeApplication, window: &TictactoeWindow) -> Result<ReviewView, String> {
    let accels = app.accels_for_action("win.review");
    ensure(accels.iter().any(|each| each == "<Control>r"), || {
        format!("win.review has the shortcuts {accels:?}")
    })?;
    ensure(window.review_button().is_visible(), || {
        "no Review button beside the status line after the game".to_owned()
    })?;
    point_into(
        &window.title().unwrap_or_default(),
        (window.width() / 2, window.height() - 20),
    )?;
    xdotool(&["key", "ctrl+r"])?;
    wait_until("Ctrl+R to open the Game Review window", PATIENCE, || {
        window
            .review_view()
            .is_some_and(|view| view.is_visible() && view.review().is_some())
    })?;
    window
        .review_view()
        .ok_or_else(|| "no review window".to_owned())
}

fn the_review_grades_every_move_and_asks_for_a_better_one(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_review(app, window)?;
    let review = view.review().ok_or("no review")?;
    let played = window.record().ok_or("no game")?.played().to_vec();
    let expected = Review::of_game(&Board::new(Shape::TIC_TAC_TOE), &played, &mut judge())
        .map_err(|error| format!("{error:?}"))?;
    ensure(*review == expected, || {
        "the window's review is not the tools'".to_owned()
    })?;
    ensure(review.moves[1].grade == Grade::Mistake, || {
        format!("O's edge is graded {:?}", review.moves[1].grade)
    })?;
    let described = view.graph_words();
    ensure(described == values_words(&review), || {
        format!("the graph's words are {described:?}")
    })?;
    let rows = view.move_list().model().map_or(0, |model| model.n_items());
    ensure(rows as usize == played.len(), || {
        format!("{rows} rows for {} moves", played.len())
    })?;
    // The last move is shown first; a click on the second row shows O's.
    let row = harness::descendants(&view.move_list())
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
        .find(|label| label.label().starts_with("Move 2:"))
        .ok_or("no row for move 2")?;
    click(&row)?;
    let verdict = verdict_words(&review.moves[1]);
    wait_until("the click to show move 2", PATIENCE, || {
        view.verdict_text().contains(&verdict)
    })?;
    // Learn from Mistakes: O's edge again, answered by keys on the board.
    press_over(&view.board(), "ctrl+l")?;
    wait_until("Ctrl+L to ask for a better move", PATIENCE, || {
        view.board_words().contains("find a better move than 2")
    })?;
    let shown = view.verdict_text();
    ensure(
        !shown.contains("Better:") && !shown.contains(&verdict),
        || format!("the question's answer shows above it: {shown:?}"),
    )?;
    let before = review.moves[1].before;
    let best_cell = tictactoe_engine::geometry::bits(review.moves[1].best.best)
        .next()
        .ok_or("no best move")?;
    let wrong_cell = before
        .legal_moves()
        .find(|&cell| {
            review_move(&mut judge(), 1, &before, cell)
                .ok()
                .flatten()
                .is_some_and(|attempt| attempt.grade.is_error())
                && cell != EDGE
        })
        .ok_or("no other mistake")?;
    // The wrong cell by its number, the best by a click on it, as on the
    // main window's board.
    for (cell, grade, clicked) in [
        (wrong_cell, "Still a mistake", false),
        (best_cell, "Best move!", true),
    ] {
        if clicked {
            let board = view.board();
            move_onto(&board, Some(board.cell_centre(cell)))?;
            xdotool(&["click", "1"])?;
        } else {
            press_over(&view.board(), &(cell + 1).to_string())?;
        }
        let attempt = review_move(&mut judge(), 1, &before, cell)
            .map_err(|error| format!("{error:?}"))?
            .ok_or("cancelled")?;
        let expected = second_try_words(&attempt);
        ensure(expected.starts_with(grade), || {
            format!("the words {expected:?}")
        })?;
        wait_until("the second try's answer", PATIENCE, || {
            view.answer_text().as_deref() == Some(expected.as_str())
        })
        .map_err(|error| format!("{error}: the window says {:?}", view.answer_text()))?;
    }
    ensure(view.verdict_text().contains(&verdict), || {
        format!(
            "answered, the window still hides why: {:?}",
            view.verdict_text()
        )
    })?;
    // O's edge was the game's only mistake: Next Mistake says so.
    press_over(&view.board(), "ctrl+l")?;
    wait_until(
        "Next Mistake to say the mistakes are done",
        PATIENCE,
        || {
            view.answer_text()
                .is_some_and(|answer| answer.contains("last mistake"))
        },
    )
    .map_err(|error| format!("{error}: the window says {:?}", view.answer_text()))?;
    ensure(!view.board_words().contains("find a better move"), || {
        format!("the same mistake is asked again: {:?}", view.board_words())
    })?;
    view.close();
    Ok(())
}

/// A drawn game of nine moves, cells from 0: every cell filled.
const DRAW: [usize; 9] = [4, 0, 2, 6, 3, 5, 7, 1, 8];

fn the_review_shows_the_last_move_of_a_full_board(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    // A review window left open by a failed check would take the keys.
    if let Some(view) = window.review_view() {
        view.close();
    }
    let person = (PlayerKind::Human, Difficulty::Hard);
    window.picker(Side::Min).coach_check().set_active(false);
    window.picker(Side::Max).coach_check().set_active(false);
    start(window, person, person, Shape::TIC_TAC_TOE, Duration::ZERO)?;
    for cell in DRAW {
        play(window, cell)?;
    }
    wait_until("the game to end", PATIENCE, || !window.game_running())?;
    let view = open_review(app, window)?;
    let list = view.move_list();
    let scrolled = list.parent().ok_or("the move list has no parent")?;
    let shown = last_row_shows(&view, &list, &scrolled);
    view.close();
    shown
}

/// The last move is selected: its row shows whole in the list, and its
/// verdict says the grade once.
fn last_row_shows(
    view: &ReviewView,
    list: &gtk::ListView,
    scrolled: &gtk::Widget,
) -> Result<(), String> {
    let row_bounds = |title: &str| {
        harness::descendants(list)
            .into_iter()
            .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
            .find(|label| label.label().starts_with(title))
            .and_then(|label| label.compute_bounds(scrolled))
            .filter(|bounds| bounds.height() > 0.0)
    };
    wait_until("the list to be laid out", PATIENCE, || {
        row_bounds("Move 1:").is_some()
    })?;
    harness::pass_time(Duration::from_millis(300));
    let bounds = row_bounds("Move 9:").ok_or("the row of move 9 is out of view")?;
    ensure(
        bounds.y() >= 0.0 && bounds.y() + bounds.height() <= scrolled.height() as f32,
        || {
            format!(
                "the row of move 9 is at {}-{} of a list {} high",
                bounds.y(),
                bounds.y() + bounds.height(),
                scrolled.height()
            )
        },
    )?;
    let verdict = view.verdict_text();
    ensure(
        verdict.starts_with("Move 9:") && verdict.to_lowercase().matches("best move").count() == 1,
        || format!("move 9's verdict: {verdict:?}"),
    )
}

/// A Connect Four game by columns from 1: X builds column 1, O plays
/// column 4 twice and then column 7, leaving X's column 1 open, where X
/// wins.
const CONNECT_FOUR_GAME: [usize; 7] = [1, 4, 1, 4, 1, 7, 1];
/// O's move in column 7, the mistake.
const UNBLOCKED: usize = 5;
/// A review of Connect Four judges each position for up to 3 seconds.
const REVIEW_PATIENCE: Duration = Duration::from_secs(60);

/// Presses `column`'s digit (from 1) over the main window: on a board with
/// gravity the digits are the columns.
fn drop_in(window: &TictactoeWindow, column: usize) -> Result<(), String> {
    play(window, column - 1)
}

/// Two people on Connect Four, the coach on for O before its last move:
/// O's column 7 leaves X's three in column 1 open, and the coach says so,
/// by column, and that the judgement is an estimate (the position before
/// it is not solved in time).
fn the_coach_speaks_by_column_and_estimates_on_connect_four(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    if let Some(view) = window.review_view() {
        view.close();
    }
    let person = (PlayerKind::Human, Difficulty::Hard);
    window.picker(Side::Min).select(PlayerKind::Human);
    window.picker(Side::Min).coach_check().set_active(false);
    window.picker(Side::Max).coach_check().set_active(false);
    start(window, person, person, Shape::CONNECT_FOUR, Duration::ZERO)?;
    let (before, last) = CONNECT_FOUR_GAME.split_at(UNBLOCKED);
    for &column in before {
        drop_in(window, column)?;
    }
    window.picker(Side::Min).coach_check().set_active(true);
    drop_in(window, last[0])?;
    wait_until("the coach to speak", REVIEW_PATIENCE, || {
        window.coach_text().is_some()
    })?;
    let said = window.coach_text().unwrap_or_default();
    ensure(
        said.starts_with("Mistake (estimated): X threatens to win on column 1"),
        || format!("the coach said {said:?}"),
    )?;
    click_action_button(window, "win.coach-play-on")?;
    wait_until("Play On to go on with the game", PATIENCE, || {
        window.coach_text().is_none() && window.game_running()
    })?;
    window.picker(Side::Min).coach_check().set_active(false);
    drop_in(window, last[1])?;
    wait_until("X to win", PATIENCE, || !window.game_running())?;
    Ok(())
}

/// The finished Connect Four game in Game Review: every move graded and
/// named by its column, the estimates said; Learn from Mistakes asks for a
/// better move than O's column 7, and the digits answer by column: 7 is
/// still a mistake, 1 is the best move.
fn the_review_of_a_connect_four_game_answers_by_column(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let played = window.record().ok_or("no game")?.played().to_vec();
    ensure(played.len() == CONNECT_FOUR_GAME.len(), || {
        format!("the game before the review is {played:?}")
    })?;
    let accels = app.accels_for_action("win.review");
    ensure(accels.iter().any(|each| each == "<Control>r"), || {
        format!("win.review has the shortcuts {accels:?}")
    })?;
    press_over(&window.board_view(), "ctrl+r")?;
    wait_until("Ctrl+R to review the game", REVIEW_PATIENCE, || {
        window
            .review_view()
            .is_some_and(|view| view.is_visible() && view.review().is_some())
    })?;
    let view = window.review_view().ok_or("no review window")?;
    let review = view.review().ok_or("no review")?;
    ensure(review.moves.len() == played.len(), || {
        format!("{} moves reviewed", review.moves.len())
    })?;
    let mistake = &review.moves[UNBLOCKED];
    ensure(
        mistake.grade.is_error() && verdict_words(mistake).contains("column 1"),
        || format!("O's column 7 is {:?}", verdict_words(mistake)),
    )?;
    ensure(review.moves[UNBLOCKED + 1].exact(), || {
        "X's winning column is not proven".to_owned()
    })?;
    let summary = view.summary_text();
    ensure(summary.contains("Hollow points are estimates"), || {
        format!("the summary says {summary:?}")
    })?;
    let question = second_try_question(mistake);
    for _ in 0..played.len() {
        press_over(&view.board(), "ctrl+l")?;
        harness::pass_time(Duration::from_millis(300));
        if view.board_words().contains(&question) {
            break;
        }
    }
    ensure(view.board_words().contains(&question), || {
        format!("Learn from Mistakes never asks {question:?}")
    })?;
    // The board is the main window's: it tells which digit drops into
    // which column.
    ensure(view.board_words().contains("numbered 1 to 7"), || {
        format!(
            "the board's words name no columns: {:?}",
            view.board_words()
        )
    })?;
    for (column, grade) in [(7, "Still a mistake"), (1, "Best move!")] {
        press_over(&view.board(), &column.to_string())?;
        wait_until(
            &format!("the answer to column {column}"),
            REVIEW_PATIENCE,
            || {
                view.answer_text()
                    .is_some_and(|answer| answer.starts_with(grade))
            },
        )
        .map_err(|error| format!("{error}: the window says {:?}", view.answer_text()))?;
    }
    view.close();
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;
    let checks: [(&str, Check); 5] = [
        // First: the Game Review window opens for the first time.
        (
            "the review shows the last move of a full board",
            the_review_shows_the_last_move_of_a_full_board,
        ),
        (
            "the coach says a mistake at once and takes it back",
            the_coach_says_a_mistake_at_once_and_takes_it_back,
        ),
        (
            "the review grades every move and asks for a better one",
            the_review_grades_every_move_and_asks_for_a_better_one,
        ),
        (
            "the coach speaks by column and estimates on Connect Four",
            the_coach_speaks_by_column_and_estimates_on_connect_four,
        ),
        (
            "the review of a Connect Four game answers by column",
            the_review_of_a_connect_four_game_answers_by_column,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&app, &window));
    }
    window.close();
    results.finish()
}
