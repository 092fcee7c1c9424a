//! The window, driven in-process as a person would drive it: through the
//! pickers' models, the Start and Quit buttons, and the board's own click
//! and key handlers. GTK lives on the main thread, so this test has its own
//! `main` (`harness = false`) and runs its checks in order. Needs a display:
//! `xvfb-run -a cargo test --release --test ui`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use gtk::{gdk, gio, glib, prelude::*};
use tictactoe::ui::{LogKind, TictactoeApplication, TictactoeWindow};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{
    Difficulty, Fail, MoveOrder, PlayerKind, PlayerOptions, Prune,
};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::tree_steps::{position_along, principal_variation};
use tictactoe_words::cell_marks::cell_marks;

mod harness;

use harness::{
    Results, chosen, ensure, explore, explore_log_row, open_window, pass_time, play_3x3,
    press_over, select_log_row, start, use_test_environment, wait_until,
};

type Check = fn(&TictactoeWindow) -> Result<(), String>;

/// Starts a 3x3 game of a person (X) against Random with a long pause,
/// which leaves time to act while O is to move.
fn start_against_slow_random(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Random, Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        Duration::from_millis(2000),
    )
}

/// Starts two full-depth minimax players on 5x5, whose searches last far
/// longer than any check.
fn start_endless_search(window: &TictactoeWindow) -> Result<(), String> {
    let minimax = (PlayerKind::Minimax, Difficulty::Hard);
    start(
        window,
        minimax,
        minimax,
        Shape::FIVE_BY_FIVE,
        Duration::ZERO,
    )
}

/// Runs the main loop until the game is over; returns how long that took.
fn wait_for_game_over(window: &TictactoeWindow, timeout: Duration) -> Result<Duration, String> {
    wait_until("the game to end", timeout, || !window.game_running())
}

/// Starts a 3x3 game of two people and waits for X's first move.
fn start_two_people(window: &TictactoeWindow) -> Result<(), String> {
    let person = (PlayerKind::Human, Difficulty::Hard);
    start(window, person, person, Shape::TIC_TAC_TOE, Duration::ZERO)?;
    wait_for_human(window, Side::Max)
}

/// Waits until the window asks the person playing `side` for a move.
fn wait_for_human(window: &TictactoeWindow, side: Side) -> Result<(), String> {
    let prompt = format!("{} to move, played by you", side.label());
    expect_status(window, &prompt)
}

/// Clicks the middle of `cell`, through the handler a real click reaches.
fn click(window: &TictactoeWindow, cell: usize) {
    let board_view = window.board_view();
    let (x, y) = board_view.cell_centre(cell);
    board_view.click(x, y);
}

/// A key press on the focused board, bubbling up to the window if the
/// board leaves it, as GTK delivers it.
fn press(window: &TictactoeWindow, key: gdk::Key) {
    let none = gdk::ModifierType::empty();
    if window.board_view().key_pressed(key, none) == glib::Propagation::Proceed {
        window.key_pressed(key, none);
    }
}

fn wait_for_stones(window: &TictactoeWindow, stones: u32) -> Result<Board, String> {
    wait_until(
        &format!("{stones} stones on the board"),
        Duration::from_secs(5),
        || window.board_view().board().stone_count() == stones,
    )?;
    Ok(window.board_view().board())
}

fn expect_status(window: &TictactoeWindow, expected: &str) -> Result<(), String> {
    wait_until(
        &format!("a status with {expected:?}"),
        Duration::from_secs(1),
        || window.status_text().contains(expected),
    )
    .map(|_| ())
    .map_err(|error| format!("{error}; the status says {:?}", window.status_text()))
}

fn computer_against_computer_plays_to_the_end(window: &TictactoeWindow) -> Result<(), String> {
    play_3x3(
        window,
        (PlayerKind::Rules, Difficulty::Hard),
        (PlayerKind::AlphaBetaTt, Difficulty::Hard),
    )?;
    let board = window.board_view().board();
    let status = window.status_text();
    match board.outcome() {
        Outcome::Ongoing => return Err(format!("the game ended at {board}, unfinished")),
        Outcome::Won(side, _) => {
            ensure(status.contains(&format!("{} wins", side.label())), || {
                format!("won by {}, but the status says {status:?}", side.mark())
            })?
        }
        Outcome::Draw => ensure(status.starts_with("Game over: a draw"), || {
            format!("a draw, but the status says {status:?}")
        })?,
    }
    let log = window.search_log();
    let headers = log.count(LogKind::Move);
    ensure(headers == board.stone_count() as usize, || {
        format!(
            "{} moves but {headers} header rows:\n{}",
            board.stone_count(),
            log.text()
        )
    })?;
    ensure(log.count(LogKind::Detail) >= headers, || {
        format!("too few candidate rows:\n{}", log.text())
    })?;
    ensure(log.text().contains("rule: "), || {
        format!("the rules player's rule is missing:\n{}", log.text())
    })?;

    // Monte Carlo rows show how often each move was tried.
    play_3x3(
        window,
        (PlayerKind::Mcts, Difficulty::Hard),
        (PlayerKind::Random, Difficulty::Hard),
    )?;
    ensure(log.text().contains(" visits, mean result "), || {
        format!("the Monte Carlo visits are missing:\n{}", log.text())
    })
}

fn quit_ends_a_slow_search_at_once(window: &TictactoeWindow) -> Result<(), String> {
    start_endless_search(window)?;
    wait_until("the search to start", Duration::from_secs(2), || {
        window.is_thinking()
    })?;
    pass_time(Duration::from_millis(200));

    // The window answers during the search: a click is refused at once.
    click(window, 0);
    expect_status(window, "It is X's turn, played by Minimax")?;
    ensure(window.is_thinking(), || {
        "the search stopped by itself".into()
    })?;

    window.end_button().emit_clicked();
    // The search never ends by itself: the game over is Quit stopping it.
    // How fast is `cargo bench --bench responsiveness`'s Quit figure, which
    // a loaded machine would spoil here.
    wait_for_game_over(window, Duration::from_secs(10))?;
    expect_status(window, "Game over: ended by the player.")?;
    ensure(!window.is_thinking(), || "the busy sign still shows".into())?;
    // The stopped search leaves its row, and the log ends in the status's words.
    let log = window.search_log().text();
    ensure(
        log.contains("1. X Minimax stopped after ")
            && log.ends_with("Game over: ended by the player.\n"),
        || format!("the log after End game:\n{log}"),
    )?;
    ensure(window.board_view().board().stone_count() == 0, || {
        "a move was played after Quit".into()
    })?;

    // The window still answers, and says why a click changes nothing now.
    click(window, 0);
    expect_status(window, "The game was ended: press Start")?;
    ensure(!window.end_button().is_sensitive(), || {
        "End game is still enabled without a game".into()
    })
}

fn human_moves_by_click_and_refusals(window: &TictactoeWindow) -> Result<(), String> {
    start_against_slow_random(window)?;
    wait_for_human(window, Side::Max)?;
    click(window, 4);
    let board = wait_for_stones(window, 1)?;
    ensure(board.cell(4) == Some(Side::Max), || {
        format!("the click played elsewhere: {board}")
    })?;
    let description = window.board_view().description();
    ensure(description.contains("row 2: empty, X, empty"), || {
        format!("the accessible description is {description:?}")
    })?;
    ensure(
        window.search_log().text().contains("1. X Human plays 5"),
        || {
            format!(
                "the log misses the human move:\n{}",
                window.search_log().text()
            )
        },
    )?;

    expect_status(window, "Min (O) to move, played by Random")?;
    click(window, 0);
    expect_status(
        window,
        "It is O's turn, played by Random: wait for its move.",
    )?;
    ensure(window.board_view().board() == board, || {
        "a click on O's turn changed the board".into()
    })?;

    let board = wait_for_stones(window, 2)?;
    wait_for_human(window, Side::Max)?;
    click(window, 4);
    expect_status(window, "Cell 5 is taken by X: choose a free cell.")?;
    ensure(window.status_line().is_error(), || {
        "a refusal is not shown as an error".into()
    })?;
    ensure(window.board_view().board() == board, || {
        "a click on a taken cell changed the board".into()
    })
}

/// The status line's size never depends on its message or its busy sign,
/// so a new message is a redraw, not a new layout of the whole window:
/// GtkPaned (GTK 4.8) measures its children anew at every height it tries,
/// tens of milliseconds for a frame whenever a label changed.
fn status_line_keeps_its_size_for_two_lines(window: &TictactoeWindow) -> Result<(), String> {
    let line = window.status_line();
    let shown = (line.text(), line.is_error());
    let result = check_status_line(&line);
    match shown {
        (text, true) => line.show_error(&text),
        (text, false) => line.show_message(&text),
    }
    result
}

fn check_status_line(line: &tictactoe::ui::StatusLine) -> Result<(), String> {
    use gtk::Orientation::{Horizontal, Vertical};
    let size = |line: &tictactoe::ui::StatusLine| {
        [
            line.measure(Horizontal, -1),
            line.measure(Horizontal, 40),
            line.measure(Vertical, -1),
            line.measure(Vertical, 200),
            line.measure(Vertical, 2000),
        ]
    };
    line.show_message("X to move.");
    let short = size(line);
    line.show_message("A message long enough to need a second line at 200 px.");
    ensure(size(line) == short, || {
        format!(
            "a two-line message measures {:?}, a short one {short:?}",
            size(line)
        )
    })?;
    // A longer one takes the lines it needs, at the width it gets.
    line.show_message(&"A message long enough to need a second line. ".repeat(8));
    let long = size(line);
    ensure(long[3].0 > short[3].0 && long[2] == short[2], || {
        format!("a long message measures {long:?}, a short one {short:?}")
    })?;
    // Laid out taller, then two lines again for a short one.
    pass_time(Duration::from_millis(200));
    line.show_message("X to move.");
    ensure(size(line) == short, || {
        format!("after a long message a short one measures {:?}", size(line))
    })?;
    line.set_busy(true);
    let busy = size(line);
    line.set_busy(false);
    ensure(busy == short, || {
        format!("busy it measures {busy:?}, idle {short:?}")
    })?;
    // Two lines of text fit: taller than one line of its font.
    let (_, one_line) = line.create_pango_layout(Some("Xg")).pixel_size();
    ensure(short[2].0 >= 2 * one_line, || {
        format!("{} px high, one line is {one_line} px", short[2].0)
    })?;

    line.show_error("Cell 5 is taken.");
    ensure(line.is_error(), || {
        "show_error did not mark an error".into()
    })?;
    line.show_message("X to move.");
    ensure(!line.is_error() && line.text() == "X to move.", || {
        format!(
            "the line shows {:?}, error {}",
            line.text(),
            line.is_error()
        )
    })
}

fn keyboard_plays_digits_arrows_and_enter(window: &TictactoeWindow) -> Result<(), String> {
    start_two_people(window)?;
    press(window, gdk::Key::_5);
    wait_for_human(window, Side::Min)?;
    // The focus cell follows the last key: from 4, right is 5.
    press(window, gdk::Key::Right);
    press(window, gdk::Key::Return);
    wait_for_human(window, Side::Max)?;
    press(window, gdk::Key::Up);
    press(window, gdk::Key::space);
    let board = wait_for_stones(window, 3)?;
    wait_for_human(window, Side::Min)?;
    ensure(board.to_string() == "..x/.xo/...", || {
        format!("the keys played {board}")
    })?;
    press(window, gdk::Key::_3);
    expect_status(window, "Cell 3 is taken by X: choose a free cell.")?;

    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Human, Difficulty::Hard),
        Shape::FOUR_BY_FOUR,
        Duration::ZERO,
    )?;
    wait_for_human(window, Side::Max)?;
    // Digits name 3x3 cells only; arrows reach every cell of bigger boards.
    press(window, gdk::Key::_1);
    pass_time(Duration::from_millis(50));
    ensure(window.board_view().board().stone_count() == 0, || {
        "a digit played on 4x4".into()
    })?;
    for key in [
        gdk::Key::Down,
        gdk::Key::Down,
        gdk::Key::Right,
        gdk::Key::Right,
    ] {
        press(window, key);
    }
    press(window, gdk::Key::Return);
    let board = wait_for_stones(window, 1)?;
    ensure(board.cell(15) == Some(Side::Max), || {
        format!("Enter played elsewhere: {board}")
    })
}

/// Scores set on the board show in its empty cells and in its description
/// while visible, and go with Scores on board off, when cleared, and when a
/// new game starts.
fn the_board_shows_scores_in_empty_cells(window: &TictactoeWindow) -> Result<(), String> {
    start_two_people(window)?;
    press(window, gdk::Key::_5);
    wait_for_human(window, Side::Min)?;
    let board_view = window.board_view();
    // Every first move draws; the search chooses cell 1.
    let search = PlayerKind::Minimax
        .create(&PlayerOptions::default())
        .choose_move(&Board::new(Shape::TIC_TAC_TOE), &CancelFlag::new());
    board_view.set_marks(cell_marks(&search, Shape::TIC_TAC_TOE));
    // A frame with the marks drawn.
    pass_time(Duration::from_millis(50));
    let shown = |board_view: &tictactoe::ui::BoardView| -> Vec<usize> {
        board_view.marks().iter().map(|mark| mark.cell).collect()
    };
    ensure(shown(&board_view) == [0, 1, 2, 3, 5, 6, 7, 8], || {
        format!(
            "scores in cells {:?}, the taken centre among them",
            shown(&board_view)
        )
    })?;
    let told = "Scores of the last search: cell 1: draw, chosen; cell 2: draw; cell 3: draw; \
                cell 4: draw; cell 6: draw;";
    ensure(board_view.description().contains(told), || {
        format!("the board tells {:?}", board_view.description())
    })?;
    board_view.set_marks_visible(false);
    ensure(
        board_view.marks().is_empty() && !board_view.description().contains("Scores"),
        || format!("hidden scores still tell {:?}", board_view.description()),
    )?;
    board_view.set_marks_visible(true);
    ensure(shown(&board_view).len() == 8, || {
        "the scores did not come back".into()
    })?;
    board_view.clear_marks();
    ensure(board_view.marks().is_empty(), || {
        "cleared scores still show".into()
    })?;
    board_view.set_marks(cell_marks(&search, Shape::TIC_TAC_TOE));
    start_two_people(window)?;
    ensure(board_view.marks().is_empty(), || {
        format!(
            "a new game shows the old scores in {:?}",
            shown(&board_view)
        )
    })
}

fn a_won_game_refuses_moves_and_copies_its_log(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Human, Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        Duration::ZERO,
    )?;
    for (cell, side) in [0, 3, 1, 4, 2]
        .into_iter()
        .zip([Side::Max, Side::Min].into_iter().cycle())
    {
        wait_for_human(window, side)?;
        click(window, cell);
    }
    wait_for_game_over(window, Duration::from_secs(2))?;
    expect_status(window, "Game over: Max (X) wins, played by Human.")?;
    let board = window.board_view().board();
    click(window, 8);
    expect_status(
        window,
        "The game is over (X won): press Start for a new one, or Undo.",
    )?;
    ensure(window.board_view().board() == board, || {
        "a click after the end changed the board".into()
    })?;

    WidgetExt::activate_action(window, "win.copy-log", None).map_err(|error| error.to_string())?;
    let copied = std::rc::Rc::new(std::cell::RefCell::new(None));
    let clipboard = window.clipboard();
    glib::spawn_future_local(glib::clone!(
        #[strong]
        copied,
        async move {
            copied.replace(Some(clipboard.read_text_future().await));
        }
    ));
    wait_until("the clipboard", Duration::from_secs(2), || {
        copied.borrow().is_some()
    })?;
    let text = match copied.take() {
        Some(Ok(Some(text))) => text.to_string(),
        other => return Err(format!("the clipboard held {other:?}")),
    };
    ensure(
        text == window.search_log().text()
            && text.ends_with("5. X Human plays 3\nGame over: Max (X) wins, played by Human.\n"),
        || format!("the clipboard holds {text:?}"),
    )
}

/// Every control is reached by Tab and by Shift+Tab, round and round.
fn tab_and_shift_tab_cycle_through_every_control(window: &TictactoeWindow) -> Result<(), String> {
    let expected: Vec<(&str, gtk::Widget)> = vec![
        ("Start", window.start_button().upcast()),
        ("the seed field", window.seed_entry().upcast()),
        ("the board", window.board_view().upcast()),
        (
            "the copy button",
            window.search_log().copy_button().upcast(),
        ),
        ("the log", window.search_log().list_view().upcast()),
    ];
    for direction in [
        gtk::DirectionType::TabForward,
        gtk::DirectionType::TabBackward,
    ] {
        window.start_button().grab_focus();
        let mut visited: Vec<gtk::Widget> = Vec::new();
        for _ in 0..60 {
            window.emit_move_focus(direction);
            let Some(focus) = gtk::prelude::GtkWindowExt::focus(window) else {
                continue;
            };
            if visited.last() != Some(&focus) {
                visited.push(focus);
            }
        }
        for (name, widget) in &expected {
            ensure(
                visited
                    .iter()
                    .any(|focus| focus == widget || focus.is_ancestor(widget)),
                || format!("{direction:?} never reached {name}; it visited {visited:?}"),
            )?;
        }
        // Round and round: the start button comes back, more than once.
        let returns = visited
            .iter()
            .filter(|focus| *focus == &window.start_button().upcast::<gtk::Widget>())
            .count();
        ensure(returns >= 2, || {
            format!("{direction:?} stopped cycling: {visited:?}")
        })?;
    }
    Ok(())
}

/// Digits play the 3x3 board wherever the focus is, except in text fields,
/// and say why when they cannot.
fn digits_play_wherever_the_focus_is(window: &TictactoeWindow) -> Result<(), String> {
    start_two_people(window)?;
    window.start_button().grab_focus();
    window.key_pressed(gdk::Key::_5, gdk::ModifierType::empty());
    let board = wait_for_stones(window, 1)?;
    ensure(board.cell(4) == Some(Side::Max), || {
        format!("5 with the focus on Start played {board}")
    })?;
    wait_for_human(window, Side::Min)?;
    window.seed_entry().grab_focus();
    let propagation = window.key_pressed(gdk::Key::_1, gdk::ModifierType::empty());
    pass_time(Duration::from_millis(50));
    ensure(
        propagation == glib::Propagation::Proceed && window.board_view().board().stone_count() == 1,
        || "a digit typed into the seed field played a move".into(),
    )?;
    window.board_view().grab_focus();
    Ok(())
}

/// Keys pressed faster than the game thread answers are all played, in
/// order; a key left over when the game ends is named, not lost.
fn fast_keys_play_in_order(window: &TictactoeWindow) -> Result<(), String> {
    start_two_people(window)?;
    for key in [
        gdk::Key::_1,
        gdk::Key::_2,
        gdk::Key::_4,
        gdk::Key::_3,
        gdk::Key::_7,
        gdk::Key::_6,
    ] {
        press(window, key);
    }
    wait_for_game_over(window, Duration::from_secs(2))?;
    let board = window.board_view().board();
    ensure(board.to_string() == "xoo/x../x..", || {
        format!("the keys 1 2 4 3 7 6 played {board}")
    })?;
    expect_status(
        window,
        "Not played: cell 6, chosen ahead; the game is over.",
    )
}

/// A click beside the grid, while a person is to move, says so.
fn a_click_beside_the_grid_says_why(window: &TictactoeWindow) -> Result<(), String> {
    start_two_people(window)?;
    window.board_view().click(1.0, 1.0);
    expect_status(window, "That click was beside the grid")?;
    ensure(window.board_view().board().stone_count() == 0, || {
        "a click beside the grid played".into()
    })
}

/// Esc asks before it ends a game; a second Esc ends it.
fn esc_asks_before_ending_a_game(window: &TictactoeWindow) -> Result<(), String> {
    let app = window.application().ok_or("no application")?;
    let accels = app.accels_for_action("win.request-end");
    ensure(accels.iter().any(|accel| accel == "Escape"), || {
        format!("Esc is not bound to asking: {accels:?}")
    })?;
    start_endless_search(window)?;
    WidgetExt::activate_action(window, "win.request-end", None).map_err(|e| e.to_string())?;
    expect_status(window, "Press Esc again within 3 seconds to end this game")?;
    pass_time(Duration::from_millis(200));
    ensure(window.game_running(), || "one Esc ended the game".into())?;
    WidgetExt::activate_action(window, "win.request-end", None).map_err(|e| e.to_string())?;
    wait_for_game_over(window, Duration::from_secs(2))?;
    expect_status(window, "Game over: ended by the player.")
}

/// Ctrl+E, pressed with the pointer over the board, ends a running game to
/// set up a position only when pressed twice, as Esc does: the first press
/// asks, and the game goes on.
fn ctrl_e_asks_before_ending_a_game(window: &TictactoeWindow) -> Result<(), String> {
    start_endless_search(window)?;
    let board = window.board_view();
    press_over(&board, "ctrl+e")?;
    expect_status(
        window,
        "Press Ctrl+E again within 3 seconds to end this game and set up a position",
    )?;
    pass_time(Duration::from_millis(200));
    let editor = window.position_editor();
    ensure(window.game_running() && !editor.is_visible(), || {
        "one Ctrl+E ended the game".into()
    })?;
    ensure(!window.edit_button().is_active(), || {
        "the Edit toggle shows edit mode while the game goes on".into()
    })?;
    press_over(&board, "ctrl+e")?;
    wait_for_game_over(window, Duration::from_secs(2))?;
    wait_until("edit mode", Duration::from_secs(2), || editor.is_visible())?;
    press_over(&board, "ctrl+e")?;
    wait_until("edit mode to end", Duration::from_secs(2), || {
        !editor.is_visible()
    })
    .map(|_| ())
}

/// Controls changed during a game say that they wait for the next Start;
/// the game goes on as it began.
fn changed_controls_wait_for_the_next_start(window: &TictactoeWindow) -> Result<(), String> {
    start_against_slow_random(window)?;
    ensure(window.pending_text().is_none(), || {
        "the note shows for an unchanged game".into()
    })?;
    window.picker(Side::Min).select(PlayerKind::Rules);
    ensure(
        window.pending_text().as_deref() == Some("Changes apply from the next Start."),
        || format!("after a change the note says {:?}", window.pending_text()),
    )?;
    window.picker(Side::Min).select(PlayerKind::Random);
    ensure(window.pending_text().is_none(), || {
        "the note stays after the change was undone".into()
    })?;
    window.board_picker().preset_dropdown().set_selected(1);
    ensure(
        window.pending_text().is_some()
            && window.board_view().board().shape() == Shape::TIC_TAC_TOE,
        || "a new size mid-game hid the note or changed the board".into(),
    )?;
    window.board_picker().preset_dropdown().set_selected(0);
    Ok(())
}

/// A seed typed in replays a game exactly; a bad one starts nothing; the
/// session's results add up per pairing.
fn seeds_replay_and_results_add_up(window: &TictactoeWindow) -> Result<(), String> {
    let players = (PlayerKind::Random, Difficulty::Hard);
    let mut finals = Vec::new();
    for _ in 0..2 {
        window.seed_entry().set_text("12345");
        start(window, players, players, Shape::TIC_TAC_TOE, Duration::ZERO)?;
        wait_for_game_over(window, Duration::from_secs(5))?;
        finals.push(window.search_log().text());
        ensure(window.last_seed() == Some(12345), || {
            format!("the game's seed is {:?}", window.last_seed())
        })?;
    }
    let replayed = moves_in(&finals[0]);
    ensure(
        replayed.len() >= 5 && replayed == moves_in(&finals[1]),
        || {
            format!(
                "seed 12345 played twice differently:\n{}\n{}",
                finals[0], finals[1]
            )
        },
    )?;
    ensure(finals[0].contains("seed 12345"), || {
        format!("the game row does not show the seed:\n{}", finals[0])
    })?;
    let tally = window.session_tally().results();
    let pairing = "X Random vs O Random";
    let games: u32 = tally
        .iter()
        .filter(|entry| entry.pairing == pairing)
        .map(|entry| entry.x_wins + entry.o_wins + entry.draws)
        .sum();
    ensure(games >= 2, || format!("the tally holds {tally:?}"))?;

    window.seed_entry().set_text("");
    WidgetExt::activate_action(window, "win.reuse-seed", None).map_err(|e| e.to_string())?;
    ensure(window.seed_entry().text() == "12345", || {
        format!("Reuse last filled in {:?}", window.seed_entry().text())
    })?;
    window.seed_entry().set_text("twelve");
    let log_before = window.search_log().text();
    window.start_button().emit_clicked();
    pass_time(Duration::from_millis(100));
    window.seed_entry().set_text("");
    ensure(
        !window.game_running() && window.search_log().text() == log_before,
        || "a bad seed started a game".into(),
    )?;
    expect_status(window, "The seed must be a whole number")
}

/// The moves a log records, "1. X Random plays 5", without the times that
/// differ between two runs of the same game.
fn moves_in(log: &str) -> Vec<String> {
    log.lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_digit()))
        .map(|line| line.split(',').next().unwrap_or_default().to_owned())
        .collect()
}

/// In a window as narrow as half a small screen, the log goes under the
/// board, and back beside it when the window widens.
fn a_narrow_window_puts_the_log_under_the_board(window: &TictactoeWindow) -> Result<(), String> {
    let (minimum_width, _, _, _) = window.measure(gtk::Orientation::Horizontal, -1);
    // As a person drags the window narrower: past the width where the log
    // fits beside the board, then on to 640 px.
    window.set_default_size(minimum_width - 100, 800);
    wait_until(
        "the log to go under the board",
        Duration::from_secs(3),
        || window.paned().orientation() == gtk::Orientation::Vertical,
    )?;
    window.set_default_size(640, 800);
    wait_until(
        "the window to be 640 px wide",
        Duration::from_secs(3),
        || window.width() <= 640,
    )
    .map_err(|error| {
        format!(
            "{error}: the window is {} px wide, its minimum {minimum_width} px",
            window.width()
        )
    })?;
    let (narrow_minimum, _, _, _) = window.measure(gtk::Orientation::Horizontal, -1);
    ensure(narrow_minimum <= 640, || {
        format!("the narrow window needs {narrow_minimum} px")
    })?;
    window.set_default_size(1120, 720);
    wait_until(
        "the log to go beside the board",
        Duration::from_secs(3),
        || window.paned().orientation() == gtk::Orientation::Horizontal,
    )
    .map(|_| ())
}

/// About opens libadwaita's About window over the window, with the
/// project's website and where to report an issue.
fn about_links_the_website_and_issues(window: &TictactoeWindow) -> Result<(), String> {
    activate(window, "app.about")?;
    let about = gtk::Window::list_toplevels()
        .into_iter()
        .find_map(|each| each.downcast::<adw::AboutWindow>().ok())
        .ok_or("About opened no About window")?;
    let (website, issues) = (about.website(), about.issue_url());
    about.close();
    ensure(
        about.transient_for().as_ref() == Some(window.upcast_ref::<gtk::Window>()),
        || "the About window is not over the main window".to_owned(),
    )?;
    ensure(
        website.starts_with("https://") && issues.starts_with(website.as_str()),
        || format!("About links {website:?} and issues at {issues:?}"),
    )
}

fn game_threads() -> usize {
    std::fs::read_dir("/proc/self/task")
        .map(|tasks| {
            tasks
                .filter_map(Result::ok)
                .filter(|task| {
                    std::fs::read_to_string(task.path().join("comm"))
                        .is_ok_and(|name| name.trim() == "game")
                })
                .count()
        })
        .unwrap_or(0)
}

/// Ctrl+Q in the middle of a search closes the window and stops the thread.
fn quitting_closes_the_window_and_stops_the_game_thread(
    app: &TictactoeApplication,
    window: TictactoeWindow,
) -> Result<(), String> {
    for (action, accel) in [("app.quit", "<Control>q"), ("win.start", "<Control>n")] {
        let accels = app.accels_for_action(action);
        ensure(accels.iter().any(|a| a == accel), || {
            format!("{action} has the shortcuts {accels:?}")
        })?;
    }
    start(
        &window,
        (PlayerKind::Minimax, Difficulty::Hard),
        (PlayerKind::Human, Difficulty::Hard),
        Shape::FIVE_BY_FIVE,
        Duration::ZERO,
    )?;
    wait_until("the search to start", Duration::from_secs(2), || {
        window.is_thinking()
    })?;
    ensure(game_threads() == 1, || {
        format!("{} game threads before quitting", game_threads())
    })?;
    let window_left = window.downgrade();
    drop(window);
    app.activate_action("quit", None);
    wait_until("the window to close", Duration::from_secs(2), || {
        app.windows().is_empty() && window_left.upgrade().is_none()
    })?;
    ensure(game_threads() == 0, || "the game thread still runs".into())
}

/// Runs a window action as its shortcut or button would.
fn activate(window: &TictactoeWindow, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(window, action, None).map_err(|error| format!("{action}: {error}"))
}

/// Whether `action` can be used now: the class's own actions as their
/// buttons show it (GTK 4.8 cannot read them otherwise), the window's
/// on/off actions from its action group.
fn action_enabled(window: &TictactoeWindow, action: &str) -> bool {
    let button: Option<gtk::Widget> = match action {
        "win.start" => Some(window.start_button().upcast()),
        "win.undo" => Some(window.undo_button().upcast()),
        "win.redo" => Some(window.redo_button().upcast()),
        "win.hint" => Some(window.hint_button().upcast()),
        _ => None,
    };
    match button {
        Some(button) => button.is_sensitive(),
        None => gio::prelude::ActionGroupExt::is_action_enabled(
            window,
            action.trim_start_matches("win."),
        ),
    }
}

/// Undo during a search ends it at once; nothing of it reaches the board or
/// the log; Redo replays the move taken back, and the computer answers.
fn undo_during_a_search_leaves_no_trace(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Minimax, Difficulty::Hard),
        Shape::FIVE_BY_FIVE,
        Duration::ZERO,
    )?;
    wait_for_human(window, Side::Max)?;
    click(window, 12);
    wait_until("O's search to start", Duration::from_secs(2), || {
        window.is_thinking()
    })?;
    let log_before = window.search_log().text();
    let asked = Instant::now();
    activate(window, "win.undo")?;
    wait_for_human(window, Side::Max)?;
    let took = asked.elapsed();
    ensure(took < Duration::from_millis(500), || {
        format!("Undo took {took:?} to give the turn back")
    })?;
    pass_time(Duration::from_millis(300));
    ensure(
        window.board_view().board().stone_count() == 0 && !window.is_thinking(),
        || format!("after Undo the board shows {}", window.board_view().board()),
    )?;
    let log = window.search_log().text();
    ensure(
        log.strip_prefix(log_before.as_str()) == Some("Took back move 1.\n"),
        || format!("the log after Undo:\n{log}"),
    )?;
    ensure(action_enabled(window, "win.redo"), || {
        "Redo is disabled after Undo".into()
    })?;
    // Redo replays the person's move; the computer is asked again.
    activate(window, "win.redo")?;
    wait_for_stones(window, 1)?;
    wait_until("O's search to start again", Duration::from_secs(2), || {
        window.is_thinking()
    })?;
    ensure(
        window.board_view().board().cell(12) == Some(Side::Max),
        || format!("Redo played elsewhere: {}", window.board_view().board()),
    )
}

/// Against a computer, Undo goes back to the person's previous turn, and
/// Redo forward to the next; a new move drops what Redo would replay.
fn undo_and_redo_against_a_computer(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Rules, Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        Duration::ZERO,
    )?;
    wait_for_human(window, Side::Max)?;
    click(window, 0);
    wait_for_stones(window, 2)?;
    wait_for_human(window, Side::Max)?;
    let two_moves = window.board_view().board();
    // Ctrl+Z in a text field undoes its typing, not a move.
    let seed = window.seed_entry();
    seed.set_text("");
    seed.grab_focus();
    seed.insert_text("77", &mut -1);
    activate(window, "win.undo")?;
    pass_time(Duration::from_millis(50));
    let typed = seed.text();
    seed.set_text("");
    ensure(
        window.board_view().board() == two_moves && typed.is_empty(),
        || {
            format!(
                "Ctrl+Z in the seed field left {typed:?} and the board {}",
                window.board_view().board()
            )
        },
    )?;
    window.board_view().grab_focus();
    activate(window, "win.undo")?;
    wait_for_human(window, Side::Max)?;
    ensure(window.board_view().board().stone_count() == 0, || {
        format!("Undo left {}", window.board_view().board())
    })?;
    activate(window, "win.redo")?;
    wait_for_human(window, Side::Max)?;
    ensure(window.board_view().board() == two_moves, || {
        format!(
            "Redo shows {}, not {two_moves}",
            window.board_view().board()
        )
    })?;
    activate(window, "win.undo")?;
    wait_for_human(window, Side::Max)?;
    click(window, 8);
    wait_for_stones(window, 2)?;
    wait_for_human(window, Side::Max)?;
    let record = window.record().ok_or("no record")?;
    ensure(
        record.played().first() == Some(&8) && record.taken_back().is_empty(),
        || format!("after a new move the record is {record:?}"),
    )?;
    ensure(!action_enabled(window, "win.redo"), || {
        "Redo is still enabled after a new move".into()
    })
}

/// Plays a quick computer game to its end.
fn play_computer_game(window: &TictactoeWindow) -> Result<usize, String> {
    play_3x3(
        window,
        (PlayerKind::AlphaBeta, Difficulty::Hard),
        (PlayerKind::AlphaBetaTt, Difficulty::Hard),
    )?;
    Ok(window.record().ok_or("no record")?.len())
}

/// With the focus in the log on a search's row, End returns to the game and
/// Home browses to its first position, as everywhere else: the list does
/// not take them to its last or first row.
fn end_and_home_in_the_log_browse_the_game(window: &TictactoeWindow) -> Result<(), String> {
    let moves = play_computer_game(window)?;
    let last = window.record().ok_or("no record")?.position();
    let log = window.search_log();
    let list = log.list_view();
    let selection = list
        .model()
        .and_downcast::<gtk::SingleSelection>()
        .ok_or("the log has no single selection")?;
    let select_move_two = || -> Result<(), String> {
        let row = log
            .text()
            .lines()
            .position(|line| line.starts_with("2. O"))
            .ok_or_else(|| format!("no row for move 2:\n{}", log.text()))?;
        log.select_row(row as u32);
        list.grab_focus();
        expect_status(window, "Before move 2")
    };
    select_move_two()?;
    press_over(&list, "End")?;
    wait_until("the game shown again", Duration::from_secs(1), || {
        !window.status_text().contains("Before move")
    })
    .map_err(|error| format!("{error}; the status says {:?}", window.status_text()))?;
    ensure(
        selection.selected() == gtk::INVALID_LIST_POSITION && window.board_view().board() == last,
        || {
            format!(
                "after End row {} is selected and the board shows {}",
                selection.selected(),
                window.board_view().board()
            )
        },
    )?;
    select_move_two()?;
    press_over(&list, "Home")?;
    expect_status(window, &format!("Move 0 of {moves} (browsing)"))?;
    ensure(selection.selected() == gtk::INVALID_LIST_POSITION, || {
        format!("after Home row {} is selected", selection.selected())
    })
}

/// Alt+Left, Home and End browse the finished game; a search's row in the
/// log shows its position with its scores; the scores are on the board and
/// in what a screen reader hears.
fn browsing_and_the_log_show_earlier_positions(window: &TictactoeWindow) -> Result<(), String> {
    let moves = play_computer_game(window)?;
    let record = window.record().ok_or("no record")?;
    let last = record.position();
    activate(window, "win.browse-back")?;
    expect_status(window, &format!("Move {} of {moves} (browsing)", moves - 1))?;
    ensure(
        Some(window.board_view().board()) == record.position_at(moves - 1),
        || format!("Alt+Left shows {}", window.board_view().board()),
    )?;
    press(window, gdk::Key::Home);
    expect_status(window, &format!("Move 0 of {moves} (browsing)"))?;
    ensure(window.board_view().board().stone_count() == 0, || {
        format!("Home shows {}", window.board_view().board())
    })?;
    // A click while browsing changes nothing, and says why.
    click(window, 4);
    expect_status(window, "You are looking at an earlier position")?;
    activate(window, "win.browse-forward")?;
    expect_status(window, &format!("Move 1 of {moves} (browsing)"))?;
    ensure(!window.board_view().marks().is_empty(), || {
        "move 1's search shows no scores".into()
    })?;
    press(window, gdk::Key::End);
    ensure(window.board_view().board() == last, || {
        format!("End shows {}", window.board_view().board())
    })?;

    // The header row of move 2 shows the position before it, with scores.
    let log = window.search_log();
    let row = log
        .text()
        .lines()
        .position(|line| line.starts_with("2. O"))
        .ok_or_else(|| format!("no row for move 2:\n{}", log.text()))?;
    log.select_row(row as u32);
    expect_status(
        window,
        "Before move 2: what Alpha-beta + ordering + table (O) saw",
    )?;
    let shown = window.board_view().board();
    ensure(Some(shown) == record.position_at(1), || {
        format!("the selected search shows {shown}")
    })?;
    let marks = window.board_view().marks();
    let free = shown.empty().count_ones() as usize;
    ensure(
        marks.len() == free && marks.iter().any(|mark| mark.chosen),
        || format!("{free} free cells but marks {marks:?}"),
    )?;
    let description = window.board_view().description();
    ensure(description.contains(&marks[0].words), || {
        format!("the description lacks the scores: {description:?}")
    })?;
    // Scores on board off: the marks go, from the description too.
    activate(window, "win.show-scores")?;
    let hidden = window.board_view().marks().is_empty()
        && !window.board_view().description().contains(&marks[0].words);
    activate(window, "win.show-scores")?;
    ensure(hidden, || "Scores on board off left the marks".into())?;
    log.unselect();
    ensure(window.board_view().board() == last, || {
        format!(
            "letting go of the row shows {}",
            window.board_view().board()
        )
    })?;

    // Continue from here: a new game from the browsed position.
    activate(window, "win.browse-back")?;
    activate(window, "win.browse-back")?;
    let from = window.board_view().board();
    window.picker(Side::Max).select(PlayerKind::Human);
    window.picker(Side::Min).select(PlayerKind::Human);
    activate(window, "win.continue")?;
    let to_move = from.side_to_move();
    wait_for_human(window, to_move)?;
    ensure(window.board_view().board() == from, || {
        format!(
            "continued from {} instead of {from}",
            window.board_view().board()
        )
    })?;
    let log = window.search_log().text();
    ensure(log.contains(&format!("continued from {from}")), || {
        format!("the log does not say where the game continued:\n{log}")
    })
}

/// The explorer opens on a search's log row (a double click), holds the
/// search's own tree, expands the principal variation, shows a selected
/// node's position with its path on the small board, greys pruned moves,
/// and steps through the search.
fn the_tree_explorer_shows_a_logged_search(window: &TictactoeWindow) -> Result<(), String> {
    play_computer_game(window)?;
    let record = window.record().ok_or("no record")?;
    let (row, report) = select_log_row(window, "3. X")?;
    let (explorer, opened) = explore_log_row(window, row, &report)?;
    let tree = explorer.tree().ok_or("no tree")?;
    ensure(opened < Duration::from_millis(500), || {
        format!("the explorer took {opened:?} to show its rows")
    })?;
    ensure(tree.nodes_searched() == report.stats.nodes, || {
        format!(
            "the tree has {} nodes, the search {}",
            tree.nodes_searched(),
            report.stats.nodes
        )
    })?;
    ensure(Some(*tree.root_position()) == record.position_at(2), || {
        format!("the tree searched {}", tree.root_position())
    })?;
    // The root row open: it and its children.
    let rows = explorer.row_texts();
    ensure(rows.len() == 1 + tree.children(0).count(), || {
        format!("rows at first: {rows:#?}")
    })?;
    ensure(
        explorer.summary_text().contains(&format!(
            "{} positions below it (the log's count)",
            tictactoe_words::numbers::group(report.stats.nodes)
        )),
        || format!("summary: {}", explorer.summary_text()),
    )?;

    // The best line: its end selected, its position and path on the board.
    explorer
        .activate_action("explorer.expand-pv", None)
        .map_err(|error| error.to_string())?;
    let pv = principal_variation(&tree);
    ensure(explorer.selected_node() == pv.last().copied(), || {
        format!("selected {:?}, the PV is {pv:?}", explorer.selected_node())
    })?;
    let path: Vec<usize> = pv[1..]
        .iter()
        .filter_map(|&id| tree.node(id).cell())
        .collect();
    let expected = position_along(&tree, &pv);
    let small = explorer.board_view();
    ensure(small.board() == expected, || {
        format!("the small board shows {}, not {expected}", small.board())
    })?;
    let description = small.description();
    let first = format!(
        "{} {}",
        tree.root_position().side_to_move().mark(),
        path[0] + 1
    );
    ensure(
        description.contains(&format!("Moves from the searched position: {first}")),
        || format!("the small board says {description:?}"),
    )?;
    ensure(
        explorer
            .step_text()
            .starts_with(&format!("Node {}:", pv.last().unwrap() + 1)),
        || format!("the step after expanding the PV: {}", explorer.step_text()),
    )?;
    let starred = explorer
        .row_texts()
        .iter()
        .filter(|row| row.ends_with("on the principal variation"))
        .count();
    ensure(starred == pv.len(), || {
        format!("{starred} rows marked on the PV of {}", pv.len())
    })?;

    // A cutoff's row opened shows the moves it pruned, greyed, with why.
    let rows = explorer.row_texts();
    let cut = rows
        .iter()
        .position(|row| row.contains("cutoff after"))
        .ok_or_else(|| format!("no cutoff row: {rows:#?}"))?;
    explorer.set_row_expanded(cut as u32, true);
    let rows = explorer.row_texts();
    ensure(
        rows.iter().any(|row| {
            row.contains("pruned: move") && row.contains("already refuted this position")
        }),
        || format!("no pruned row under {}: {rows:#?}", rows[cut]),
    )?;

    // Selecting the first child row shows its position.
    explorer.select_row(1);
    let child = tree.children(0).next().ok_or("the root has no children")?;
    let mut after = *tree.root_position();
    after.toggle(tree.node(child).cell().unwrap(), after.side_to_move());
    ensure(explorer.board_view().board() == after, || {
        format!("row 1 shows {}", explorer.board_view().board())
    })?;

    // Stepping: from the first step, forward enters the root's first child.
    explorer
        .activate_action("explorer.step-first", None)
        .map_err(|error| error.to_string())?;
    explorer
        .activate_action("explorer.step-forward", None)
        .map_err(|error| error.to_string())?;
    ensure(explorer.selected_node() == Some(child), || {
        format!("one step selected {:?}", explorer.selected_node())
    })?;
    ensure(explorer.step_text().starts_with("Node 2:"), || {
        format!("the second step says {}", explorer.step_text())
    })?;
    explorer.close();
    Ok(())
}

/// Ctrl+Shift+E with no search selected explores the shown position with
/// the player to move; a player that does not search is refused in words.
fn the_tree_explorer_explores_the_shown_position(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Random, Difficulty::Hard),
        Shape::FOUR_BY_FOUR,
        Duration::from_millis(2000),
    )?;
    window.search_log().unselect();
    activate(window, "win.explore")?;
    let explorer = window.explorer().ok_or("no explorer opened")?;
    let board = window.board_view().board();
    wait_until("the tree to be recorded", Duration::from_secs(10), || {
        explorer
            .tree()
            .is_some_and(|tree| *tree.root_position() == board)
    })?;
    let tree = explorer.tree().ok_or("no tree")?;
    ensure(
        tree.player() == PlayerKind::AlphaBeta && tree.depth() == 4,
        || format!("recorded {:?} to depth {}", tree.player(), tree.depth()),
    )?;
    ensure(*tree.root_position() == window.board_view().board(), || {
        format!("the explorer searched {}", tree.root_position())
    })?;
    explorer.close();
    drop(explorer);
    // Random's move: nothing to explore, and the status line says so.
    wait_for_stones(window, 0)?;
    click(window, 0);
    wait_for_stones(window, 2)?;
    let log = window.search_log();
    let row = log
        .text()
        .lines()
        .position(|line| line.starts_with("2. O"))
        .ok_or_else(|| format!("no row for Random's move:\n{}", log.text()))?;
    log.select_row(row as u32);
    activate(window, "win.explore")?;
    expect_status(
        window,
        "Random does not search: there is no search tree to record",
    )?;
    ensure(window.explorer().is_none(), || {
        "an explorer opened for Random".into()
    })
}

/// Past the node budget a node is kept without its children; opening its
/// row searches it again and fills in the same rows a full recording has.
fn the_tree_explorer_searches_unkept_subtrees_again(
    window: &TictactoeWindow,
) -> Result<(), String> {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let explorer = explore(window, &board, PlayerKind::AlphaBeta, None)?;
    let full = explorer.tree().ok_or("no tree")?;
    // The root's last child: the budget runs out before its turn.
    let last_row = full.children(0).count() as u32;
    explorer.set_row_expanded(last_row, true);
    let full_rows = explorer.row_texts();
    explorer.set_node_budget(20);
    explorer.explore(&board, PlayerKind::AlphaBeta, None);
    wait_until("the budgeted tree", Duration::from_secs(5), || {
        explorer.tree().is_some_and(|tree| tree.len() < full.len())
    })?;
    let kept = explorer.tree().ok_or("no tree")?;
    let last = kept.children(0).last().ok_or("no root children")?;
    ensure(!kept.node(last).recorded(), || {
        format!(
            "with a budget of 20 the last child kept its children ({} nodes)",
            kept.len()
        )
    })?;
    // Each recording keeps its own budget's worth: the subtree, all of it.
    explorer.set_node_budget(full.len());
    explorer.set_row_expanded(last_row, true);
    wait_until("the subtree searched again", Duration::from_secs(5), || {
        explorer.row_texts().len() == full_rows.len()
    })?;
    let rows = explorer.row_texts();
    explorer.close();
    // The opened node's rows are those of the whole recording.
    let below = |rows: &[String]| rows[last_row as usize + 1..].to_vec();
    ensure(below(&rows) == below(&full_rows), || {
        format!("searched again:\n{rows:#?}\nrecorded whole:\n{full_rows:#?}")
    })
}

/// The Settings popover sets the move order and conventions of the search
/// Record runs, for the players that take them: principal variation search
/// with the moves worst first searches moves again after their null
/// windows fail high, and the rows and summary say so with the node types.
fn the_tree_explorer_records_with_the_chosen_settings(
    window: &TictactoeWindow,
) -> Result<(), String> {
    let board = Board::parse_for_move(".../.x./...").map_err(|e| format!("{e:?}"))?;
    let explorer = explore(window, &board, PlayerKind::Pvs, Some(3))?;
    let (button, [order, prune, fail]) = explorer.settings_controls();
    ensure(button.is_sensitive(), || "Settings is off for pvs".into())?;
    button.popup();
    pass_time(Duration::from_millis(200));
    let choose = |dropdown: &gtk::DropDown, text: &str| -> Result<(), String> {
        let model = dropdown.model().ok_or("a drop-down without choices")?;
        let position = (0..model.n_items())
            .find(|&i| {
                model
                    .item(i)
                    .and_downcast::<gtk::StringObject>()
                    .is_some_and(|item| item.string() == text)
            })
            .ok_or_else(|| format!("no choice {text:?}"))?;
        dropdown.set_selected(position);
        Ok(())
    };
    choose(&order, "moves worst first")?;
    choose(&prune, "prunes only at value > β")?;
    choose(&fail, "fail-hard")?;
    button.popdown();
    WidgetExt::activate_action(&explorer, "explorer.record", None)
        .map_err(|error| error.to_string())?;
    wait_until("the tree with the settings", Duration::from_secs(5), || {
        explorer
            .tree()
            .is_some_and(|tree| tree.settings().order == MoveOrder::WorstFirst)
    })?;
    let tree = explorer.tree().ok_or("no tree")?;
    let settings = tree.settings();
    ensure(
        settings.prune == Prune::Strict && settings.fail == Fail::Hard,
        || format!("recorded with {settings:?}"),
    )?;
    let summary = explorer.summary_text();
    ensure(
        summary.contains("Settings: moves worst first, prunes only at value > β, fail-hard.")
            && summary.contains("Node types: PV "),
        || format!("the summary: {summary}"),
    )?;
    let rows = explorer.row_texts().join("\n");
    ensure(
        rows.contains(" again: ") && rows.contains("node type All, expected Cut"),
        || format!("no move searched again, or no node type:\n{rows}"),
    )?;
    // Minimax takes no settings.
    let players = explorer.offered();
    let minimax = players
        .iter()
        .position(|&kind| kind == PlayerKind::Minimax)
        .ok_or("no minimax offered")?;
    explorer.player_dropdown().set_selected(minimax as u32);
    ensure(!button.is_sensitive(), || {
        "Settings is on for minimax".into()
    })?;
    explorer.close();
    Ok(())
}

/// Pause stops a computer game where it is, for browsing; Resume plays on.
fn pause_and_resume_a_computer_game(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Random, Difficulty::Hard),
        (PlayerKind::Random, Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        Duration::from_millis(800),
    )?;
    wait_for_stones(window, 2)?;
    activate(window, "win.pause")?;
    ensure(
        window.is_paused() && window.pause_button().is_active(),
        || "Pause did not pause".into(),
    )?;
    let paused_at = window.board_view().board();
    pass_time(Duration::from_millis(1500));
    ensure(window.board_view().board() == paused_at, || {
        "the paused game went on".into()
    })?;
    expect_status(window, "Paused after move")?;
    activate(window, "win.browse-back")?;
    expect_status(window, "(browsing)")?;
    press(window, gdk::Key::End);
    // Space resumes when no person is to move.
    press(window, gdk::Key::space);
    ensure(!window.is_paused(), || "Space did not resume".into())?;
    wait_for_stones(window, paused_at.stone_count() + 1).map(|_| ())
}

/// Edit mode names an impossible position in the words of `analyze` and
/// disables Start with that reason; a finished one is shown but cannot be
/// played; a valid one becomes the position Start plays from.
fn edit_mode_sets_up_positions_and_refuses_impossible_ones(
    window: &TictactoeWindow,
) -> Result<(), String> {
    activate(window, "win.edit")?;
    let editor = window.position_editor();
    ensure(editor.is_visible(), || {
        "edit mode shows no position field".into()
    })?;
    let entry = editor.entry();
    entry.set_text("xx.......");
    expect_status(window, "Impossible stone counts: 2 X and 0 O")?;
    let tooltip = window.start_button().tooltip_text().unwrap_or_default();
    ensure(
        !action_enabled(window, "win.start") && tooltip.contains("Impossible stone counts"),
        || format!("Start is enabled or its tooltip says {tooltip:?}"),
    )?;
    ensure(window.board_view().board().stone_count() == 2, || {
        "the board does not show the typed stones".into()
    })?;
    // A click cycles cell 2 from X to O: now a position.
    click(window, 1);
    ensure(entry.text() == "xo./.../...", || {
        format!("the text after a click is {:?}", entry.text())
    })?;
    ensure(action_enabled(window, "win.start"), || {
        "Start stays disabled for a valid position".into()
    })?;
    entry.set_text("x.o.x");
    expect_status(window, "Wrong length: 5 cells")?;
    entry.set_text("x.o/.x");
    expect_status(window, "row 2 has 2 cells, and row 1 has 3")?;
    // Any board the engine plays: 4 columns of 3 rows.
    entry.set_text("x.../..../....");
    expect_status(window, "Min (O) to move in x.../..../....")?;
    let shape = window.board_view().board().shape();
    ensure((shape.width(), shape.height()) == (4, 3), || {
        format!("a 4x3 text shows a board of {shape:?}")
    })?;
    entry.set_text("x.o/.x");
    activate(window, "win.edit")?;
    ensure(editor.is_visible(), || {
        "left edit mode with a malformed text".into()
    })?;
    entry.set_text("xxx/oo./...");
    expect_status(window, "over (X won)")?;
    activate(window, "win.edit")?;
    ensure(!editor.is_visible(), || {
        "a finished position was refused".into()
    })?;
    ensure(!action_enabled(window, "win.start"), || {
        "Start is enabled for a finished position".into()
    })?;

    activate(window, "win.edit")?;
    entry.set_text("x.o/.x./..o");
    activate(window, "win.edit")?;
    ensure(action_enabled(window, "win.start"), || {
        "Start is disabled for a set-up position".into()
    })?;
    window.picker(Side::Max).select(PlayerKind::Human);
    window.picker(Side::Min).select(PlayerKind::Human);
    window.start_button().emit_clicked();
    wait_for_human(window, Side::Max)?;
    ensure(
        window.board_view().board().to_string() == "x.o/.x./..o",
        || format!("Start played from {}", window.board_view().board()),
    )?;
    let log = window.search_log().text();
    ensure(log.contains("from x.o/.x./..o"), || {
        format!("the log does not name the start:\n{log}")
    })?;
    // Back to the empty board for the checks after this one: during the
    // game Edit asks first, the second press ends it.
    activate(window, "win.edit")?;
    activate(window, "win.edit")?;
    editor.clear_button().emit_clicked();
    activate(window, "win.edit")?;
    ensure(
        !editor.is_visible() && window.board_view().board().stone_count() == 0,
        || "Clear and Done left stones".into(),
    )
}

/// A hint on 3x3 shows the perfect table's values, the same numbers as
/// `tictactoe analyze --player perfect`.
fn hint_on_3x3_agrees_with_analyze(window: &TictactoeWindow) -> Result<(), String> {
    // O to move: only the centre holds the draw, so the values differ.
    let position = "x../.../...";
    activate(window, "win.edit")?;
    window.position_editor().entry().set_text(position);
    activate(window, "win.edit")?;
    activate(window, "win.hint")?;
    wait_until("the hint", Duration::from_secs(2), || {
        window.hint_report().is_some()
    })?;
    let report = window.hint_report().ok_or("no hint")?;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["analyze", "--player", "perfect", "--json", position])
        .output()
        .map_err(|error| error.to_string())?;
    let json: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| format!("analyze's JSON: {error}"))?;
    // analyze's JSON: "scores": {"cell": score, ...}, cells from 0.
    let expected: Vec<(u64, i64)> = json["scores"]
        .as_object()
        .ok_or_else(|| format!("no scores in {json}"))?
        .iter()
        .map(|(cell, score)| (cell.parse().unwrap_or(99), score.as_i64().unwrap_or(9999)))
        .collect();
    let mut hinted: Vec<(u64, i64)> = report
        .moves
        .iter()
        .map(|m| (m.cell as u64, i64::from(m.score.unwrap_or(9999))))
        .collect();
    hinted.sort();
    let mut expected_sorted = expected.clone();
    expected_sorted.sort();
    ensure(hinted == expected_sorted && hinted.len() == 8, || {
        format!("the hint scores {hinted:?}, analyze {expected_sorted:?}")
    })?;
    let marks = window.board_view().marks();
    ensure(
        marks.len() == 8 && marks.iter().filter(|mark| mark.best).count() == 1,
        || format!("the board shows {marks:?}"),
    )?;
    expect_status(window, "Hint for Min (O): cell 5 is best")?;
    ensure(
        window.search_log().text().contains("Hint for Min (O)"),
        || "the log does not record the hint".into(),
    )?;
    // On 5x5 the hint searches, with the busy sign, until stopped.
    activate(window, "win.edit")?;
    window
        .position_editor()
        .entry()
        .set_text("x..../...../...../...../....o");
    activate(window, "win.edit")?;
    activate(window, "win.hint")?;
    wait_until("the hint's search", Duration::from_secs(1), || {
        window.is_thinking()
    })?;
    activate(window, "win.hint")?;
    expect_status(window, "Hint stopped.")?;
    pass_time(Duration::from_millis(300));
    ensure(
        !window.is_thinking()
            && window.hint_report().is_none()
            && window.board_view().marks().is_empty(),
        || "the stopped hint still shows".into(),
    )?;
    // Back to the empty 3x3 board for the checks after this one.
    activate(window, "win.edit")?;
    window.position_editor().entry().set_text(".........");
    activate(window, "win.edit")
}

/// A game of the first file format whose second move takes the centre
/// again (cells from 0 in the file).
const TAKEN_TWICE: &str = r#"{"format": "tictactoe-game", "version": 1, "size": "3x3",
"players": {"x": {"player": "human", "difficulty": "hard"},
"o": {"player": "human", "difficulty": "hard"}}, "seed": 1,
"start": ".../.../...", "moves": [4, 4]}"#;

/// Save writes the game, Open brings it back at its last position; a
/// malformed file is refused by name, one with a move on a taken cell
/// names that cell from 1, and the game on the board stays.
fn save_and_open_and_malformed_files(window: &TictactoeWindow) -> Result<(), String> {
    play_computer_game(window)?;
    let record = window.record().ok_or("no record")?;
    let directory = std::env::temp_dir().join(format!("tictactoe-ui-{}", std::process::id()));
    std::fs::create_dir_all(&directory).map_err(|error| error.to_string())?;
    let path = directory.join("game.json");
    window.save_to(&path);
    expect_status(window, "Saved the game to game.json.")?;

    start_against_slow_random(window)?;
    window.open_file(&path);
    expect_status(window, "Opened game.json")?;
    let opened = window.record().ok_or("no record after Open")?;
    ensure(
        opened.played() == record.played() && opened.start() == record.start(),
        || format!("opened {opened:?}, saved {record:?}"),
    )?;
    ensure(window.board_view().board() == record.position(), || {
        "Open does not show the last position".into()
    })?;

    let bad = directory.join("bad.json");
    let text = std::fs::read_to_string(&path).map_err(|error| error.to_string())?;
    std::fs::write(&bad, text.replace("\"moves\"", "\"movez\""))
        .map_err(|error| error.to_string())?;
    window.open_file(&bad);
    expect_status(window, "Could not open bad.json: ")?;
    ensure(window.status_line().is_error(), || {
        "the refusal is no error".into()
    })?;
    ensure(window.record() == Some(opened.clone()), || {
        "a malformed file changed the game".into()
    })?;
    // A move on a taken cell: the refusal names the cell from 1, as the
    // board does (the centre is cell 5, saved as 4).
    let taken = directory.join("taken.json");
    std::fs::write(&taken, TAKEN_TWICE).map_err(|error| error.to_string())?;
    window.open_file(&taken);
    expect_status(window, "cell 5 is already taken")?;
    ensure(window.record() == Some(opened), || {
        "a file with a taken cell changed the game".into()
    })?;
    let _ = std::fs::remove_dir_all(&directory);
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };

    let checks: [(&str, Check); 29] = [
        (
            "computer against computer plays to the end",
            computer_against_computer_plays_to_the_end,
        ),
        (
            "quit ends a slow search at once",
            quit_ends_a_slow_search_at_once,
        ),
        (
            "human moves by click, and refusals",
            human_moves_by_click_and_refusals,
        ),
        (
            "the status line keeps its size for two lines",
            status_line_keeps_its_size_for_two_lines,
        ),
        (
            "keyboard plays digits, arrows and Enter",
            keyboard_plays_digits_arrows_and_enter,
        ),
        (
            "the board shows scores in empty cells",
            the_board_shows_scores_in_empty_cells,
        ),
        (
            "a won game refuses moves and copies its log",
            a_won_game_refuses_moves_and_copies_its_log,
        ),
        (
            "tab and shift+tab cycle through every control",
            tab_and_shift_tab_cycle_through_every_control,
        ),
        (
            "digits play wherever the focus is",
            digits_play_wherever_the_focus_is,
        ),
        ("fast keys play in order", fast_keys_play_in_order),
        (
            "a click beside the grid says why",
            a_click_beside_the_grid_says_why,
        ),
        (
            "esc asks before ending a game",
            esc_asks_before_ending_a_game,
        ),
        (
            "ctrl+e asks before ending a game",
            ctrl_e_asks_before_ending_a_game,
        ),
        (
            "changed controls wait for the next start",
            changed_controls_wait_for_the_next_start,
        ),
        (
            "seeds replay and results add up",
            seeds_replay_and_results_add_up,
        ),
        (
            "a narrow window puts the log under the board",
            a_narrow_window_puts_the_log_under_the_board,
        ),
        (
            "undo during a search leaves no trace",
            undo_during_a_search_leaves_no_trace,
        ),
        (
            "undo and redo against a computer",
            undo_and_redo_against_a_computer,
        ),
        (
            "browsing and the log show earlier positions",
            browsing_and_the_log_show_earlier_positions,
        ),
        (
            "end and home in the log browse the game",
            end_and_home_in_the_log_browse_the_game,
        ),
        (
            "the tree explorer shows a logged search",
            the_tree_explorer_shows_a_logged_search,
        ),
        (
            "the tree explorer explores the shown position",
            the_tree_explorer_explores_the_shown_position,
        ),
        (
            "the tree explorer searches unkept subtrees again",
            the_tree_explorer_searches_unkept_subtrees_again,
        ),
        (
            "the tree explorer records with the chosen settings",
            the_tree_explorer_records_with_the_chosen_settings,
        ),
        (
            "pause and resume a computer game",
            pause_and_resume_a_computer_game,
        ),
        (
            "edit mode sets up positions and refuses impossible ones",
            edit_mode_sets_up_positions_and_refuses_impossible_ones,
        ),
        (
            "hint on 3x3 agrees with analyze",
            hint_on_3x3_agrees_with_analyze,
        ),
        (
            "save and open, and malformed files",
            save_and_open_and_malformed_files,
        ),
        (
            "about links the website and issues",
            about_links_the_website_and_issues,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks.into_iter().filter(|(name, _)| chosen(name)) {
        let result = check(&window);
        // The next check starts without a running game, whatever happened.
        window.end_button().emit_clicked();
        let _ = wait_for_game_over(&window, Duration::from_secs(2));
        results.report(name, result);
    }
    let last = "quitting closes the window and stops the game thread";
    if chosen(last) {
        results.report(
            last,
            quitting_closes_the_window_and_stops_the_game_thread(&app, window),
        );
    }
    results.finish()
}
