//! The game thread when something fails outside a player's move choice, or
//! a player stops without being asked: the game ends with an error, once,
//! and the thread goes on serving.

mod common;

use std::cell::Cell;
use std::time::Duration;

use common::events_until_over;
use tictactoe::game::{Event, GameResult, GameSetup, GameThread};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::players::PnsPlayer;
use tictactoe_engine::report::{Note, SearchReport};
use tictactoe_engine::search::CancelFlag;

/// A player whose `kind` panics from its `panic_at`-th call on: a bug
/// outside its move choice.
struct BrokenKind {
    calls: Cell<u32>,
    panic_at: u32,
    inner: Box<dyn Player>,
}

impl Player for BrokenKind {
    fn kind(&self) -> PlayerKind {
        self.calls.set(self.calls.get() + 1);
        if self.calls.get() >= self.panic_at {
            panic!("deliberate failure outside the search");
        }
        PlayerKind::Random
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.inner.choose_move(board, cancel)
    }
}

/// A player whose search always stops as if cancelled, although nobody
/// cancelled it.
struct GivesUp;

impl Player for GivesUp {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Minimax
    }

    fn choose_move(&mut self, board: &Board, _cancel: &CancelFlag) -> SearchReport {
        let stopped = CancelFlag::new();
        stopped.cancel();
        let report = PlayerKind::Minimax
            .create(&PlayerOptions::default())
            .choose_move(board, &stopped);
        assert!(report.aborted);
        report
    }
}

fn random() -> Box<dyn Player> {
    PlayerKind::Random.create(&PlayerOptions::default())
}

fn errors(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Error { message, .. } => Some(message.clone()),
            _ => None,
        })
        .collect()
}

fn over(events: &[Event]) -> GameResult {
    match events.last() {
        Some(Event::GameOver { result, .. }) => result.clone(),
        other => panic!("the game is not over: {other:?}"),
    }
}

fn perfect_game_draws(thread: &mut GameThread) {
    let events = thread.events();
    let game = thread.start(GameSetup::new(
        Shape::TIC_TAC_TOE,
        [
            (PlayerKind::Perfect, Difficulty::Hard),
            (PlayerKind::Perfect, Difficulty::Hard),
        ],
        1,
        Duration::ZERO,
    ));
    assert_eq!(over(&events_until_over(&events, game)), GameResult::Draw);
}

#[test]
fn a_panic_outside_the_search_ends_the_game_and_the_thread_serves_on() {
    // 1: while starting the game; 3: while announcing the first turn or
    // before the first search, with the game running.
    for panic_at in [1, 3, 4] {
        let mut thread = GameThread::spawn();
        let events = thread.events();
        let game = thread.start(GameSetup::with_players(
            Shape::TIC_TAC_TOE,
            [
                Box::new(BrokenKind {
                    calls: Cell::new(0),
                    panic_at,
                    inner: random(),
                }),
                random(),
            ],
            Duration::ZERO,
        ));
        let seen = events_until_over(&events, game);
        assert_eq!(
            errors(&seen),
            vec![
                "internal error in the game thread: deliberate failure outside the search"
                    .to_string()
            ],
            "panic at call {panic_at}"
        );
        assert_eq!(over(&seen), GameResult::Aborted("internal error".into()));
        perfect_game_draws(&mut thread);
    }
}

#[test]
fn a_player_that_stops_unasked_fails_once() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let game = thread.start(GameSetup::with_players(
        Shape::TIC_TAC_TOE,
        [Box::new(GivesUp), random()],
        Duration::ZERO,
    ));
    let seen = events_until_over(&events, game);
    assert_eq!(
        errors(&seen),
        vec!["internal error: minimax stopped its search without being asked to".to_string()]
    );
    let thinking = seen
        .iter()
        .filter(|e| matches!(e, Event::Thinking { .. }))
        .count();
    assert_eq!(thinking, 1, "asked once, not again and again");
    assert_eq!(over(&seen), GameResult::Aborted("internal error".into()));
    std::thread::sleep(Duration::from_millis(50));
    assert!(events.is_empty(), "nothing more after the game ended");
    perfect_game_draws(&mut thread);
}

#[test]
fn a_player_at_its_node_limit_plays_its_most_promising_move_and_says_so() {
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let game = thread.start(GameSetup::with_players(
        Shape::TIC_TAC_TOE,
        [Box::new(PnsPlayer::with_node_limit(None, 100)), random()],
        Duration::ZERO,
    ));
    let seen = events_until_over(&events, game);
    let notes: Vec<_> = seen
        .iter()
        .filter_map(|e| match e {
            Event::Report { report, .. } if report.player == PlayerKind::Pns => {
                Some(report.note.clone())
            }
            _ => None,
        })
        .collect();
    // Its first move is past the limit; later ones prove in fewer nodes.
    assert_eq!(notes[0], Some(Note::NodeLimit { nodes: 100 }));
    assert!(errors(&seen).is_empty(), "{:?}", errors(&seen));
    assert!(
        !matches!(over(&seen), GameResult::Aborted(_)),
        "{:?}",
        over(&seen)
    );
    perfect_game_draws(&mut thread);
}
