//! The game thread's protocol, driven headless.

mod common;

use std::time::{Duration, Instant};

use common::{events_until_over, next_event, open_positions, random_open_position};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tictactoe::game::{
    Event, GameId, GameResult, GameSetup, GameThread, HINT_TIME_LIMIT, MAX_PAUSE,
};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::report::{Certainty, Note, SearchReport};
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::Words;
use tictactoe_words::report::ReportWords;

fn setup(size: Shape, max: PlayerKind, min: PlayerKind, seed: u64) -> GameSetup {
    GameSetup::new(
        size,
        [(max, Difficulty::Hard), (min, Difficulty::Hard)],
        seed,
        Duration::ZERO,
    )
}

fn result_of(events: &[Event]) -> GameResult {
    match events.last() {
        Some(Event::GameOver { result, .. }) => result.clone(),
        other => panic!("no game over: {other:?}"),
    }
}

/// The cells of the moves played, in order.
fn played_cells(events: &[Event]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MovePlayed { cell, .. } => Some(*cell),
            _ => None,
        })
        .collect()
}

#[test]
fn computer_games_reach_game_over_with_a_report_per_move() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    for (seed, (max, min)) in [
        (PlayerKind::Random, PlayerKind::Rules),
        (PlayerKind::Mcts, PlayerKind::AlphaBeta),
        (PlayerKind::Minimax, PlayerKind::Random),
        (PlayerKind::AlphaBetaTt, PlayerKind::Perfect),
    ]
    .into_iter()
    .enumerate()
    {
        let game = thread.start(setup(Shape::TIC_TAC_TOE, max, min, seed as u64));
        let seen = events_until_over(&events, game);
        assert!(seen.iter().all(|e| e.game() == game));
        assert!(matches!(seen[0], Event::Started { players, .. } if players == [max, min]));
        let moves = seen
            .iter()
            .filter(|e| matches!(e, Event::MovePlayed { .. }))
            .count();
        let reports = seen
            .iter()
            .filter(|e| matches!(e, Event::Report { .. }))
            .count();
        assert!(
            moves >= 5 && moves == reports,
            "{max} vs {min}: {moves} moves, {reports} reports"
        );
        let Some(Event::GameOver {
            board,
            result,
            line,
            ..
        }) = seen.last()
        else {
            unreachable!()
        };
        assert_eq!(board.stone_count() as usize, moves);
        match result {
            GameResult::Won(side) => {
                assert!(line.iter().all(|&c| board.cell(c) == Some(*side)) && line.len() >= 3)
            }
            GameResult::Draw => assert!(line.is_empty()),
            GameResult::Resigned(side) => panic!("nobody here resigns, yet {side:?} did"),
            GameResult::Aborted(reason) => panic!("aborted: {reason}"),
        }
    }
}

#[test]
fn a_seeded_game_replays_its_pinned_moves() {
    // Moves of real runs; the seeded generators are ChaCha8, so these hold
    // across rand versions and platforms. The command line's game 1 with
    // `--seed 7` is the same game (tests/cli/main.rs pins it too).
    let mut thread = GameThread::spawn();
    let events = thread.events();
    for (max, min, moves) in [
        (
            PlayerKind::Random,
            PlayerKind::Rules,
            vec![0, 4, 5, 8, 2, 1, 3, 7],
        ),
        (PlayerKind::Random, PlayerKind::Mcts, vec![0, 4, 5, 7, 2, 1]),
    ] {
        let game = thread.start(setup(Shape::TIC_TAC_TOE, max, min, 7));
        let played = played_cells(&events_until_over(&events, game));
        assert_eq!(played, moves, "{max} vs {min}");
    }
}

#[test]
fn perfect_players_always_draw_each_other() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let optimal = [
        PlayerKind::Perfect,
        PlayerKind::AlphaBetaTt,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::AlphaBeta,
    ];
    for (seed, max) in optimal.into_iter().enumerate() {
        for min in optimal {
            let game = thread.start(setup(Shape::TIC_TAC_TOE, max, min, seed as u64));
            assert_eq!(
                result_of(&events_until_over(&events, game)),
                GameResult::Draw,
                "{max} vs {min}"
            );
        }
    }
}

/// Waits for the next `ToMove` and checks whose turn it is.
fn expect_turn(events: &async_channel::Receiver<Event>, side: Side, human: bool) {
    loop {
        match next_event(events) {
            Event::ToMove {
                side: s, human: h, ..
            } => {
                assert_eq!((s, h), (side, human));
                return;
            }
            Event::Error { message, .. } => panic!("unexpected error: {message}"),
            _ => {}
        }
    }
}

fn expect_error(events: &async_channel::Receiver<Event>) -> String {
    match next_event(events) {
        Event::Error { message, .. } => message,
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn human_moves_are_applied_and_illegal_ones_refused() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let game = thread.start(setup(
        Shape::TIC_TAC_TOE,
        PlayerKind::Human,
        PlayerKind::Human,
        0,
    ));
    assert!(matches!(next_event(&events), Event::Started { .. }));
    expect_turn(&events, Side::Max, true);
    thread.human_move(game, 4);
    match next_event(&events) {
        Event::MovePlayed {
            side, cell, board, ..
        } => {
            assert_eq!((side, cell), (Side::Max, 4));
            assert_eq!(board.to_string(), ".../.x./...");
        }
        other => panic!("{other:?}"),
    }
    expect_turn(&events, Side::Min, true);
    thread.human_move(game, 4);
    assert_eq!(expect_error(&events), "cell 5 is already taken");
    thread.human_move(game, 9);
    assert_eq!(
        expect_error(&events),
        "cell 10 is off the board (cells are 1-9)"
    );
    thread.human_move(game + 1, 0);
    assert_eq!(
        expect_error(&events),
        format!("game {} is not running", game + 1)
    );
    // Nothing changed: O is still to move, and the next legal move is O's.
    thread.human_move(game, 0);
    match next_event(&events) {
        Event::MovePlayed { side, board, .. } => {
            assert_eq!(side, Side::Min);
            assert_eq!(board.to_string(), "o../.x./...");
        }
        other => panic!("{other:?}"),
    }
    for (side, cell) in [(Side::Max, 1), (Side::Min, 3), (Side::Max, 7)] {
        expect_turn(&events, side, true);
        thread.human_move(game, cell);
        assert!(matches!(next_event(&events), Event::MovePlayed { .. }));
    }
    // x at 4, 1, 7: X won the middle column.
    match next_event(&events) {
        Event::GameOver { result, line, .. } => {
            assert_eq!(result, GameResult::Won(Side::Max));
            assert_eq!(line, vec![1, 4, 7]);
        }
        other => panic!("{other:?}"),
    }
    thread.human_move(game, 8);
    assert_eq!(expect_error(&events), format!("game {game} is not running"));
}

#[test]
fn a_human_cannot_move_for_the_computer() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let setup = GameSetup::new(
        Shape::TIC_TAC_TOE,
        [
            (PlayerKind::Human, Difficulty::Hard),
            (PlayerKind::Random, Difficulty::Hard),
        ],
        1,
        MAX_PAUSE,
    );
    let game = thread.start(setup);
    expect_turn(&events, Side::Max, true);
    thread.human_move(game, 0);
    assert!(matches!(next_event(&events), Event::MovePlayed { .. }));
    expect_turn(&events, Side::Min, false);
    // The computer waits out its pause; a human move now is refused.
    thread.human_move(game, 1);
    assert_eq!(
        expect_error(&events),
        "it is not a human's turn: O is played by Random"
    );
    let ended_at = Instant::now();
    thread.end_game();
    let seen = events_until_over(&events, game);
    // Waited out, the pause would end the game almost a whole MAX_PAUSE
    // later; half of it is room for a loaded machine (how soon it really
    // ends is `cargo bench --bench stopping`'s to measure).
    assert!(ended_at.elapsed() < MAX_PAUSE / 2, "the pause is cut short");
    assert_eq!(
        result_of(&seen),
        GameResult::Aborted("ended by the player".into())
    );
    assert!(!seen.iter().any(|e| matches!(e, Event::MovePlayed { .. })));
}

#[test]
fn ending_a_5x5_game_stops_the_search() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    for kind in [PlayerKind::Minimax, PlayerKind::AlphaBetaTt] {
        let game = thread.start(setup(Shape::FIVE_BY_FIVE, kind, kind, 0));
        while !matches!(next_event(&events), Event::Thinking { .. }) {}
        std::thread::sleep(Duration::from_millis(100));
        // These searches of the empty 5x5 board run for hours: the game
        // over within events_until_over's 20 s is the search stopped. How
        // fast (a figure a loaded machine would spoil) is measured by
        // `cargo bench --bench stopping`.
        thread.end_game();
        let seen = events_until_over(&events, game);
        assert_eq!(
            result_of(&seen),
            GameResult::Aborted("ended by the player".into())
        );
    }
    thread.start(setup(
        Shape::FIVE_BY_FIVE,
        PlayerKind::Minimax,
        PlayerKind::Minimax,
        0,
    ));
    std::thread::sleep(Duration::from_millis(50));
    assert!(
        common::within(Duration::from_secs(20), move || drop(thread)).is_some(),
        "shutdown stops the search and joins the thread"
    );
}

#[test]
fn a_search_stopped_by_ending_the_game_leaves_its_report_then_game_over() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    // Minimax from the empty 5x5 board runs for minutes: it is mid-search.
    let game = thread.start(setup(
        Shape::FIVE_BY_FIVE,
        PlayerKind::Minimax,
        PlayerKind::Minimax,
        0,
    ));
    while !matches!(next_event(&events), Event::Thinking { .. }) {}
    std::thread::sleep(Duration::from_millis(100));
    thread.end_game();
    let seen = events_until_over(&events, game);
    let [
        ..,
        Event::Report { report, .. },
        Event::GameOver { result, .. },
    ] = &seen[..]
    else {
        panic!("no report before the game over: {seen:#?}");
    };
    assert!(report.aborted);
    assert!(report.stats.nodes > 0);
    assert_eq!(report.player, PlayerKind::Minimax);
    let summary = report.summary(tictactoe_words::report::TextStyle::WINDOW);
    assert!(summary.starts_with("X Minimax stopped after "), "{summary}");
    assert_eq!(*result, GameResult::Aborted("ended by the player".into()));
    assert_eq!(result.to_string(), "ended by the player");
    assert!(
        !seen.iter().any(|e| matches!(e, Event::MovePlayed { .. })),
        "the stopped search's move is not played"
    );
    // Nothing follows the game over.
    std::thread::sleep(Duration::from_millis(100));
    assert!(events.try_recv().is_err(), "an event after the game over");
}

/// A player that fails the way a bug would.
struct PanickingPlayer;

impl Player for PanickingPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Rules
    }

    fn choose_move(&mut self, _board: &Board, _cancel: &CancelFlag) -> SearchReport {
        panic!("deliberate test failure")
    }
}

#[test]
fn a_panicking_player_ends_its_game_and_the_next_game_runs() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let broken = GameSetup::with_players(
        Shape::TIC_TAC_TOE,
        [
            Box::new(PanickingPlayer),
            PlayerKind::Random.create(&Default::default()),
        ],
        Duration::ZERO,
    );
    let game = thread.start(broken);
    let seen = events_until_over(&events, game);
    let errors: Vec<_> = seen
        .iter()
        .filter_map(|e| match e {
            Event::Error { message, .. } => Some(message.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        errors,
        vec!["internal error in rules: deliberate test failure"]
    );
    assert_eq!(
        result_of(&seen),
        GameResult::Aborted("internal error".into())
    );
    let next = thread.start(setup(
        Shape::TIC_TAC_TOE,
        PlayerKind::Perfect,
        PlayerKind::Perfect,
        0,
    ));
    assert_eq!(
        result_of(&events_until_over(&events, next)),
        GameResult::Draw
    );
}

fn position(text: &str) -> Board {
    text.parse().expect("a legal position")
}

#[test]
fn a_game_from_a_mid_game_position_plays_legal_moves_to_its_end() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let mut rng = StdRng::seed_from_u64(5);
    for size in Shape::SQUARES {
        // The big boards with fast players: the point is the protocol.
        let (max, min) = match size {
            Shape::TIC_TAC_TOE => (PlayerKind::Perfect, PlayerKind::Random),
            _ => (PlayerKind::Rules, PlayerKind::Random),
        };
        for (seed, moves) in [1, 2, 5, 8].into_iter().enumerate() {
            let start = random_open_position(size, moves, &mut rng);
            let game = thread.start(setup(size, max, min, seed as u64).starting_at(start));
            let seen = events_until_over(&events, game);
            assert!(
                matches!(seen[0], Event::Started { board, .. } if board == start),
                "{start}: {:?}",
                seen[0]
            );
            // Replayed from the start position, every move is legal and
            // its board is the game's.
            let mut board = start;
            for event in &seen {
                if let Event::MovePlayed {
                    side,
                    cell,
                    board: after,
                    ..
                } = event
                {
                    assert_eq!(board.play(*cell), Ok(*side), "{start}: {cell}");
                    assert_eq!(*after, board);
                }
            }
            assert!(!played_cells(&seen).is_empty(), "{start}: no move played");
            let Some(Event::GameOver {
                result,
                board: last,
                ..
            }) = seen.last()
            else {
                unreachable!()
            };
            assert_eq!(*last, board);
            match board.outcome() {
                Outcome::Won(side, _) => assert_eq!(*result, GameResult::Won(side)),
                Outcome::Draw => assert_eq!(*result, GameResult::Draw),
                Outcome::Ongoing => panic!("{start}: over at {board} with {result}"),
            }
        }
    }
}

#[test]
fn the_side_to_move_follows_from_the_start_position() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    for (start, side, cell, after) in [
        ("x../.o./...", Side::Max, 8, "x../.o./..x"),
        ("x../.o./..x", Side::Min, 2, "x.o/.o./..x"),
    ] {
        let game = thread.start(
            setup(Shape::TIC_TAC_TOE, PlayerKind::Human, PlayerKind::Human, 0)
                .starting_at(position(start)),
        );
        assert!(matches!(next_event(&events), Event::Started { .. }));
        expect_turn(&events, side, true);
        thread.human_move(game, cell);
        match next_event(&events) {
            Event::MovePlayed {
                side: moved, board, ..
            } => {
                assert_eq!(moved, side);
                assert_eq!(board.to_string(), after);
            }
            other => panic!("{other:?}"),
        }
        expect_turn(&events, side.opponent(), true);
        thread.end_game();
        events_until_over(&events, game);
    }
}

#[test]
fn a_finished_start_position_ends_at_once_with_its_result() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    for (start, result, line) in [
        ("xxx/oo./...", GameResult::Won(Side::Max), vec![0, 1, 2]),
        ("xx./ooo/x..", GameResult::Won(Side::Min), vec![3, 4, 5]),
        ("xo./xo./x..", GameResult::Won(Side::Max), vec![0, 3, 6]),
        ("xox/xoo/oxx", GameResult::Draw, vec![]),
        (
            "xxxx/ooo./..../....",
            GameResult::Won(Side::Max),
            vec![0, 1, 2, 3],
        ),
    ] {
        let start = position(start);
        // Players that would move at once if they were asked.
        let game = thread.start(
            setup(start.shape(), PlayerKind::Random, PlayerKind::Random, 0).starting_at(start),
        );
        let seen = events_until_over(&events, game);
        match &seen[..] {
            [
                Event::Started { board, .. },
                Event::GameOver {
                    result: over,
                    line: won,
                    board: last,
                    ..
                },
            ] => {
                assert_eq!((*board, *last), (start, start));
                assert_eq!((over, won), (&result, &line), "{start}");
            }
            other => panic!("{start}: {other:#?}"),
        }
    }
}

#[test]
fn a_start_position_of_another_size_is_refused_and_the_next_start_is_served() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let game = thread.start(
        setup(
            Shape::TIC_TAC_TOE,
            PlayerKind::Perfect,
            PlayerKind::Perfect,
            0,
        )
        .starting_at(Board::new(Shape::FOUR_BY_FOUR)),
    );
    match &events_until_over(&events, game)[..] {
        [
            Event::Error { message, .. },
            Event::GameOver { result, board, .. },
        ] => {
            assert_eq!(
                message,
                "the start position is 4x4, 4 in a row but the game is 3x3, 3 in a row"
            );
            assert_eq!(
                *result,
                GameResult::Aborted("start position refused".into())
            );
            assert_eq!(*board, Board::new(Shape::TIC_TAC_TOE));
        }
        other => panic!("{other:#?}"),
    }
    let next = thread.start(
        setup(Shape::FOUR_BY_FOUR, PlayerKind::Rules, PlayerKind::Rules, 0)
            .starting_at(Board::new(Shape::FOUR_BY_FOUR)),
    );
    let seen = events_until_over(&events, next);
    assert!(matches!(seen[0], Event::Started { .. }));
    assert!(!matches!(result_of(&seen), GameResult::Aborted(_)));
}

#[test]
fn a_seed_replays_the_same_game_from_the_same_position() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let start = position("x../.o./...");
    let mut play = |seed| {
        let game = thread.start(
            setup(
                Shape::TIC_TAC_TOE,
                PlayerKind::Random,
                PlayerKind::Mcts,
                seed,
            )
            .starting_at(start),
        );
        played_cells(&events_until_over(&events, game))
    };
    // A real run's moves: the players' seeds come from the game's seed,
    // their side and the start position's two stones.
    let pinned = vec![2, 1, 5, 7];
    assert_eq!(play(7), pinned);
    assert_eq!(play(7), pinned);
    assert_ne!(play(8), pinned, "another seed plays another game");
}

/// Waits for the answer to the hint `id`; nothing else may come first.
fn hint_report(events: &async_channel::Receiver<Event>, id: GameId) -> Box<SearchReport> {
    match next_event(events) {
        Event::Hint { game, report } if game == id => report,
        other => panic!("expected hint {id}, got {other:?}"),
    }
}

#[test]
fn a_3x3_hint_gives_the_perfect_tables_value_of_every_free_cell() {
    let table = PerfectTable::global();
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let positions = open_positions();
    assert_eq!(positions.len(), 4520);
    for board in positions {
        let report = hint_report(&events, thread.hint(board));
        assert!(!report.aborted, "{board}");
        let values: Vec<(usize, Option<i32>)> = board
            .legal_moves()
            .map(|cell| {
                let mut child = board;
                child.play(cell).unwrap();
                (cell, table.value(&child))
            })
            .collect();
        let mut scores: Vec<(usize, Option<i32>)> =
            report.moves.iter().map(|m| (m.cell, m.score)).collect();
        scores.sort();
        assert_eq!(scores, values, "{board}");
        assert!(report.moves.iter().all(|m| m.certainty == Certainty::Exact));
        assert_eq!(report.score, table.value(&board), "{board}");
        let best = report.best.expect("a move on an open board");
        assert!(table.best_moves(&board) & 1 << best != 0, "{board}: {best}");
    }
}

#[test]
fn a_hint_on_a_finished_board_has_no_move_and_says_the_game_is_over() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    for (text, outcome) in [
        ("xxx/oo./...", "X won"),
        ("xox/xoo/oxx", "draw"),
        ("xxxx/ooo./..../....", "X won"),
        ("oooo./xxx../x..../...../.....", "O won"),
    ] {
        let board = position(text);
        let report = hint_report(&events, thread.hint(board));
        assert_eq!(report.best, None, "{text}");
        assert_eq!(
            report.note.as_ref().map(Words::words).as_deref(),
            Some(format!("no move: the game is over ({outcome})").as_str())
        );
        assert!(!report.aborted);
    }
}

#[test]
fn a_hint_leaves_a_game_waiting_for_a_person_waiting() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let start = position("x../.o./...");
    let game = thread.start(
        setup(Shape::TIC_TAC_TOE, PlayerKind::Human, PlayerKind::Human, 0).starting_at(start),
    );
    assert!(matches!(next_event(&events), Event::Started { .. }));
    expect_turn(&events, Side::Max, true);
    let hint = thread.hint(start);
    assert!(hint > game, "hints take their ids from the games' counter");
    let report = hint_report(&events, hint);
    assert_eq!(report.side, Side::Max);
    std::thread::sleep(Duration::from_millis(50));
    assert!(events.is_empty(), "the hint changed nothing in the game");
    // A move right after a hint is served after it.
    thread.hint(start);
    thread.human_move(game, 2);
    assert!(matches!(next_event(&events), Event::Hint { .. }));
    match next_event(&events) {
        Event::MovePlayed {
            game: moved, board, ..
        } => {
            assert_eq!(moved, game);
            assert_eq!(board.to_string(), "x.x/.o./...");
        }
        other => panic!("{other:?}"),
    }
    expect_turn(&events, Side::Min, true);
    assert!(
        thread.start(setup(
            Shape::TIC_TAC_TOE,
            PlayerKind::Human,
            PlayerKind::Human,
            0
        )) > hint
    );
}

#[test]
fn a_big_board_hint_keeps_its_deepest_search_at_the_time_limit() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    // Neither is searched to the end in 200 ms.
    for text in [".........................", "...../.x.../..o../...../....."] {
        let board = position(text);
        let limit = Duration::from_millis(200);
        let asked = Instant::now();
        let report = hint_report(&events, thread.hint_with_time_limit(board, limit));
        let took = asked.elapsed();
        // It keeps to its limit (a search to the end would take hours);
        // how closely is measured by `cargo bench --bench stopping`.
        assert!(took < limit + Duration::from_secs(10), "{text}: {took:?}");
        assert!(!report.aborted);
        assert_eq!(report.player, PlayerKind::AlphaBetaTt);
        let empty = board.empty().count_ones();
        assert_eq!(
            report.note.as_ref().map(Words::words),
            Some(format!(
                "time limit reached: kept depth {} of {empty}",
                report.depth
            ))
        );
        assert!(report.depth >= 1 && report.depth < empty);
        assert!(report.best.is_some());
        assert_eq!(report.certainty, Some(Certainty::Estimate), "{text}");
    }
    // With time enough a hint is searched to the end: the empty 4x4 board
    // is a draw.
    let board = Board::new(Shape::FOUR_BY_FOUR);
    let report = hint_report(&events, thread.hint(board));
    assert_eq!(report.note, None);
    assert_eq!((report.depth, report.score), (16, Some(0)));
    assert_eq!(report.certainty, Some(Certainty::Exact));
}

/// Asks for a hint on the empty 5x5 board, which takes the whole
/// `HINT_TIME_LIMIT`, and waits until its search is under way.
fn long_hint(thread: &mut GameThread) -> GameId {
    assert!(HINT_TIME_LIMIT >= Duration::from_secs(1));
    let hint = thread.hint(Board::new(Shape::FIVE_BY_FIVE));
    std::thread::sleep(Duration::from_millis(100));
    hint
}

/// The hint's report once it stopped, before its own time limit would have
/// ended it (how soon, a figure a loaded machine would spoil, is measured by
/// `cargo bench --bench stopping`).
fn stopped_hint(
    events: &async_channel::Receiver<Event>,
    hint: GameId,
    stopped_at: Instant,
) -> Box<SearchReport> {
    let report = hint_report(events, hint);
    let waited = stopped_at.elapsed();
    assert!(waited < HINT_TIME_LIMIT, "{waited:?}");
    assert!(report.aborted, "stopped, not ended by its time limit");
    report
}

#[test]
fn cancel_hint_stops_a_long_hint_which_reports_aborted() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let hint = long_hint(&mut thread);
    let cancelled_at = Instant::now();
    thread.cancel_hint();
    let report = stopped_hint(&events, hint, cancelled_at);
    assert!(report.stats.nodes > 0);
    // A new hint stops the one running in the same way.
    let first = long_hint(&mut thread);
    let asked_at = Instant::now();
    let second = thread.hint(position("xxx../oo.../...../...../....."));
    stopped_hint(&events, first, asked_at);
    assert!(!hint_report(&events, second).aborted);
}

#[test]
fn a_new_game_or_its_end_stops_a_running_hint() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let hint = long_hint(&mut thread);
    let started_at = Instant::now();
    let game = thread.start(setup(
        Shape::TIC_TAC_TOE,
        PlayerKind::Human,
        PlayerKind::Human,
        0,
    ));
    stopped_hint(&events, hint, started_at);
    assert!(matches!(next_event(&events), Event::Started { game: g, .. } if g == game));
    expect_turn(&events, Side::Max, true);
    let hint = long_hint(&mut thread);
    let ended_at = Instant::now();
    thread.end_game();
    stopped_hint(&events, hint, ended_at);
    assert_eq!(
        result_of(&[next_event(&events)]),
        GameResult::Aborted("ended by the player".into())
    );
}

#[test]
fn a_person_who_moves_does_not_wait_for_a_hint() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let game = thread.start(setup(
        Shape::FIVE_BY_FIVE,
        PlayerKind::Human,
        PlayerKind::Human,
        0,
    ));
    expect_turn(&events, Side::Max, true);
    let hint = long_hint(&mut thread);
    let moved_at = Instant::now();
    thread.human_move(game, 12);
    stopped_hint(&events, hint, moved_at);
    assert!(matches!(
        next_event(&events),
        Event::MovePlayed { cell: 12, .. }
    ));
    assert!(moved_at.elapsed() < HINT_TIME_LIMIT);
}

#[test]
fn a_learner_plays_what_it_learned_and_menace_resigns_at_an_empty_box() {
    use tictactoe_engine::learners::LearnerState;
    let empty_box = common::with_empty_first_box(false);
    let thread_setup = setup(
        Shape::TIC_TAC_TOE,
        PlayerKind::Menace,
        PlayerKind::Random,
        5,
    )
    .with_learners([&empty_box]);
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let game = thread.start(thread_setup);
    let seen = events_until_over(&events, game);
    assert!(played_cells(&seen).is_empty(), "{seen:?}");
    assert_eq!(result_of(&seen), GameResult::Resigned(Side::Max));
    let report = seen
        .iter()
        .find_map(|event| match event {
            Event::Report { report, .. } => Some(report),
            _ => None,
        })
        .expect("MENACE reports");
    assert!(report.resigned && report.best.is_none(), "{report:?}");
    assert!(report.note.as_ref().unwrap().words().contains("resigns"));
    // A fresh MENACE as O and the TD learner as X play a whole game, each
    // reporting its box or values.
    let states = [
        LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).unwrap(),
        LearnerState::fresh(PlayerKind::Menace, Shape::TIC_TAC_TOE).unwrap(),
    ];
    let game = thread.start(
        setup(Shape::TIC_TAC_TOE, PlayerKind::Td, PlayerKind::Menace, 6).with_learners(&states),
    );
    let seen = events_until_over(&events, game);
    let reports: Vec<&SearchReport> = seen
        .iter()
        .filter_map(|event| match event {
            Event::Report { report, .. } => Some(report.as_ref()),
            _ => None,
        })
        .collect();
    assert_eq!(reports.len(), played_cells(&seen).len());
    assert!(reports.iter().all(|r| match r.player {
        PlayerKind::Td => r.moves.iter().all(|m| m.learned.is_some()),
        PlayerKind::Menace => r.stones == 7 || r.moves.iter().all(|m| m.beads.is_some()),
        other => panic!("{other:?} played"),
    }));
}

/// Plain alpha-beta at Hard cannot search Connect Four to the end: the
/// game plays it as deep as it can finish, so its moves come, rather than
/// a search that would run for days.
#[test]
fn plain_alpha_beta_at_hard_on_connect_four_moves_at_the_deepest_depth_that_finishes() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let game = thread.start(setup(
        Shape::CONNECT_FOUR,
        PlayerKind::AlphaBeta,
        PlayerKind::AlphaBeta,
        1,
    ));
    let expected = tictactoe_tools::feasibility::deepest_finishing_depth(
        PlayerKind::AlphaBeta,
        &Board::new(Shape::CONNECT_FOUR),
    );
    let report = loop {
        match next_event(&events) {
            Event::Report { game: of, report } if of == game => break report,
            Event::Error { message, .. } => panic!("{message}"),
            _ => {}
        }
    };
    assert!(!report.aborted);
    assert_eq!(report.depth, expected);
    assert!(
        report.best.is_some_and(|cell| cell >= 35),
        "{:?}",
        report.best
    );
    thread.end_game();
}

#[test]
fn a_connect_four_hint_is_the_solver_within_a_second() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    // Near the end (the End-Easy set's first line): every column's exact
    // value, each as the solver gives it.
    let endgame =
        Board::from_columns(Shape::CONNECT_FOUR, "2252576253462244111563365343671351441").unwrap();
    let report = hint_report(&events, thread.hint(endgame));
    assert_eq!(report.player, PlayerKind::Perfect);
    assert_eq!(report.certainty, Some(Certainty::Exact));
    assert_eq!(report.moves.len(), endgame.legal_moves().count());
    assert!(report.moves.iter().all(|m| m.certainty == Certainty::Exact));
    assert_eq!(
        report.note.as_ref().map(Words::words).as_deref(),
        Some("every move's exact value, solved by the solver")
    );
    // The empty board is in the opening book: every column exact, within
    // a second (the centre wins for X, columns 3 and 5 draw).
    let asked = Instant::now();
    let report = hint_report(&events, thread.hint(Board::new(Shape::CONNECT_FOUR)));
    let took = asked.elapsed();
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(report.certainty, Some(Certainty::Exact));
    assert!(report.moves.iter().all(|m| m.certainty == Certainty::Exact));
    assert_eq!(report.best, Some(38));
    assert_eq!(
        report.note.as_ref().map(Words::words).as_deref(),
        Some("every move's exact value from the opening book")
    );
    // After a first stone no column is solved in time, and the hint says
    // its values are estimates, within a second.
    let asked = Instant::now();
    let opened = Board::from_columns(Shape::CONNECT_FOUR, "4").unwrap();
    let report = hint_report(&events, thread.hint(opened));
    let took = asked.elapsed();
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(report.certainty, Some(Certainty::Estimate));
    assert!(report.best.is_some());
    assert_eq!(
        report.note.as_ref().map(Words::words).as_deref(),
        Some("the solver was stopped: 7 moves have alphabeta-tt's estimates")
    );
    // The empty 7x4 board is in the opening book: exact at once.
    let shape = Shape::new(7, 4, 4, true).unwrap();
    let report = hint_report(&events, thread.hint(Board::new(shape)));
    assert_eq!(report.certainty, Some(Certainty::Exact));
    assert!(report.moves.iter().all(|m| m.certainty == Certainty::Exact));
    assert_eq!(
        report.note.as_ref().map(Words::words).as_deref(),
        Some("every move's exact value from the opening book")
    );
}

/// The window gives a game every learner's states, on every board: a
/// game on Connect Four plays the neural player's Connect Four network,
/// never its 3x3 one (which cannot play it).
#[test]
fn a_game_plays_the_network_of_its_own_board() {
    use tictactoe_engine::learners::network::Network;
    use tictactoe_engine::learners::{Learner, LearnerState};
    let trained = |shape: Shape, seed: u64| LearnerState {
        learner: Learner::Neural(Network::new(shape, seed)),
        games: 5,
    };
    // 3x3's last, as it would take the place of Connect Four's.
    let states = [
        trained(Shape::CONNECT_FOUR, 7),
        trained(Shape::TIC_TAC_TOE, 3),
    ];
    let network = match &states[0].learner {
        Learner::Neural(network) => network.clone(),
        _ => unreachable!("a network"),
    };
    let board = Board::new(Shape::CONNECT_FOUR);
    let mut setup = GameSetup::new(
        Shape::CONNECT_FOUR,
        [
            (PlayerKind::Neural, Difficulty::Easy),
            (PlayerKind::Random, Difficulty::Hard),
        ],
        1,
        Duration::ZERO,
    )
    .with_learners(&states);
    let report = setup.players[0].choose_move(&board, &CancelFlag::new());
    assert!(
        !matches!(report.note, Some(Note::NetworkSize { .. })),
        "{:?}",
        report.note
    );
    assert_eq!(report.best, network.first_choice(&board));
}
