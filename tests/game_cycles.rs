//! Rapid start/end cycles, in a test binary of their own so that no other
//! test's game thread is counted.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use tictactoe_engine::geometry::Shape;

use tictactoe::game::{Event, GameSetup, GameThread};
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};

fn game_threads() -> usize {
    std::fs::read_dir("/proc/self/task")
        .expect("Linux /proc")
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
        .filter(|name| name.trim() == "game")
        .count()
}

/// Waits up to a second for the count of game threads to reach `expected`
/// (a new thread names itself only once it runs).
fn settles_at(expected: usize) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(1);
    while game_threads() != expected {
        if std::time::Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    true
}

#[test]
fn a_thousand_start_end_cycles_leave_no_thread_and_no_stray_event() {
    let mut thread = GameThread::spawn();
    assert!(settles_at(1), "one game thread runs");
    let events = thread.events();
    let kinds = [
        PlayerKind::Minimax,
        PlayerKind::AlphaBetaTt,
        PlayerKind::Mcts,
        PlayerKind::Human,
    ];
    let mut last = 0;
    for cycle in 0..1000usize {
        let kind = kinds[cycle % kinds.len()];
        let size = Shape::SQUARES[cycle % 3];
        last = thread.start(GameSetup::new(
            size,
            [(kind, Difficulty::Hard); 2],
            cycle as u64,
            Duration::ZERO,
        ));
        if cycle % 2 == 0 {
            thread.end_game();
        }
    }
    thread.end_game();
    let seen = common::events_until_over(&events, last);
    // Each game's events end with its game over; nothing of it comes later.
    let mut over = HashMap::new();
    for (index, event) in seen.iter().enumerate() {
        if let Some(ended_at) = over.get(&event.game()) {
            panic!("event {index} {event:?} after game over at {ended_at}");
        }
        if matches!(event, Event::GameOver { .. }) {
            over.insert(event.game(), index);
        }
    }
    assert_eq!(over.len(), 1000, "every game ended exactly once");
    drop(thread);
    assert!(settles_at(0), "the game thread is gone");
    assert!(events.try_recv().is_err());
}
