//! Running players: asking one for a move with its failures caught, under a
//! time limit, and playing a whole game between two computer players in the
//! calling thread. The game thread (src/game) asks its players through
//! `ask` and `checked_move`; tournaments play their games with `play_game`.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde::{Serialize, Serializer};

use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::player::Player;
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext};

/// How often a time-limited search looks whether its caller cancelled it.
const CANCEL_POLL: Duration = Duration::from_millis(10);

/// Asks `player` for its choice in `board`. A panic in it becomes an error
/// message, so the caller goes on; once `cancel` is set the report counts
/// as aborted, even if the search had just finished.
pub fn ask(
    player: &mut dyn Player,
    board: &Board,
    cancel: &CancelFlag,
) -> Result<SearchReport, String> {
    let kind = player.kind();
    catch_unwind(AssertUnwindSafe(|| player.choose_move(board, cancel)))
        .map(|mut report| {
            report.aborted |= cancel.is_cancelled();
            report
        })
        .map_err(|panic| {
            fill(
                // Translators: {player} is a player's short name, such as
                // alphabeta; {message} the failure's own words, in English.
                &gettext("internal error in {player}: {message}"),
                &[
                    ("player", &kind.name()),
                    ("message", &panic_message(&panic)),
                ],
            )
        })
}

/// `ask`, stopping the search after `limit` as well as when `cancel` is
/// set (the report is then aborted). `cancel` itself is only read, so a
/// search that runs out of time leaves the caller's flag as it was.
/// Without a limit it is `ask`.
pub fn ask_within(
    player: &mut dyn Player,
    board: &Board,
    cancel: &CancelFlag,
    limit: Option<Duration>,
) -> Result<SearchReport, String> {
    let Some(limit) = limit else {
        return ask(player, board, cancel);
    };
    let deadline = Instant::now() + limit;
    let stop = CancelFlag::new();
    let (finished, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let watcher = stop.clone();
        scope.spawn(move || {
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match wait.recv_timeout(left.min(CANCEL_POLL)) {
                    Err(RecvTimeoutError::Timeout) => {
                        if cancel.is_cancelled() || Instant::now() >= deadline {
                            watcher.cancel();
                            return;
                        }
                    }
                    // The search ended.
                    _ => return,
                }
            }
        });
        let report = ask(player, board, &stop);
        drop(finished);
        report
    })
}

/// The move a finished (not aborted) report chose, checked against the
/// rules: an error when the player chose none or an illegal one.
pub fn checked_move(board: &Board, report: &SearchReport) -> Result<usize, String> {
    match report.best {
        None => Err(fill(
            &gettext("internal error: {player} chose no move"),
            &[("player", &report.player.name())],
        )),
        Some(cell) => board.validate_move(cell).map(|()| cell).map_err(|error| {
            fill(
                &gettext("internal error: {player} chose an illegal move: {error}"),
                &[("player", &report.player.name()), ("error", &error.words())],
            )
        }),
    }
}

/// A panic's message, or "unknown panic".
pub fn panic_message(panic: &Box<dyn Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// How a game played to its end between two players came out, as a
/// tournament counts it: a side completed a line, or the board filled. A
/// game that does not reach its end is a `GameStopped`; one side's view
/// of a result is the learners' `ResultForSide`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEnd {
    Won(Side),
    Draw,
}

impl GameEnd {
    /// "x", "o" or "draw", as JSON and CSV name it.
    pub fn name(self) -> &'static str {
        match self {
            GameEnd::Won(side) => side.name(),
            GameEnd::Draw => "draw",
        }
    }
}

impl Serialize for GameEnd {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// What one side's searches cost over a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchEffort {
    /// Moves the side chose.
    pub moves: u64,
    /// Their search time added up, in microseconds.
    pub time_us: u64,
    /// Their nodes added up.
    pub nodes: u64,
    /// Moves whose search the time limit cut short (iterative deepening
    /// kept a shallower depth than asked for).
    pub time_limited: u64,
}

impl SearchEffort {
    fn count_move(&mut self, report: &SearchReport, time_limited: bool) {
        self.moves += 1;
        self.time_us += report.elapsed_us;
        self.nodes += report.stats.nodes;
        self.time_limited += u64::from(time_limited);
    }
}

/// Two efforts added up: a player's over several games.
impl std::ops::AddAssign for SearchEffort {
    fn add_assign(&mut self, other: SearchEffort) {
        self.moves += other.moves;
        self.time_us += other.time_us;
        self.nodes += other.nodes;
        self.time_limited += other.time_limited;
    }
}

/// A game played to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedGame {
    /// The cells played, in order.
    pub moves: Vec<usize>,
    pub end: GameEnd,
    /// Max's (X's) effort, then Min's (O's).
    pub effort: [SearchEffort; 2],
}

/// Why a game did not reach its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameStopped {
    /// The cancel flag was set.
    Cancelled,
    /// A player failed: it panicked, chose no move or an illegal one, or
    /// stopped its search without being asked to. The message says which.
    Failed(String),
}

/// Plays `start` to its end between `players` (Max's, then Min's), each
/// asked in turn in the calling thread, without pauses. `time_limited`
/// tells, from a move's report, whether a time limit cut its search short
/// (counted in the efforts). Stops, without a result, once `cancel` is set.
pub fn play_game(
    start: Board,
    players: &mut [Box<dyn Player>; 2],
    cancel: &CancelFlag,
    time_limited: impl Fn(&SearchReport) -> bool,
) -> Result<PlayedGame, GameStopped> {
    let mut board = start;
    let mut moves = Vec::with_capacity(board.empty().count_ones() as usize);
    let mut effort = [SearchEffort::default(); 2];
    loop {
        let end = match board.outcome() {
            Outcome::Ongoing => None,
            Outcome::Won(winner, _) => Some(GameEnd::Won(winner)),
            Outcome::Draw => Some(GameEnd::Draw),
        };
        if let Some(end) = end {
            return Ok(PlayedGame { moves, end, effort });
        }
        if cancel.is_cancelled() {
            return Err(GameStopped::Cancelled);
        }
        let side = board.side_to_move();
        let report =
            ask(players[side.index()].as_mut(), &board, cancel).map_err(GameStopped::Failed)?;
        if cancel.is_cancelled() {
            return Err(GameStopped::Cancelled);
        }
        if report.aborted {
            return Err(GameStopped::Failed(stopped_unasked(&report)));
        }
        let cell = checked_move(&board, &report).map_err(GameStopped::Failed)?;
        effort[side.index()].count_move(&report, time_limited(&report));
        board.play(cell).expect("the move was checked");
        moves.push(cell);
    }
}

/// The message for a search that stopped with nobody cancelling it.
pub fn stopped_unasked(report: &SearchReport) -> String {
    fill(
        // Translators: {player} is a player's short name, such as
        // alphabeta.
        &gettext("internal error: {player} stopped its search without being asked to"),
        &[("player", &report.player.name())],
    )
}

/// Plays `player` as `side` from `start` against every sequence of
/// replies the other side can make, and returns the finished positions
/// where it lost (none: it never loses from `start`). Each of its own
/// moves is asked afresh, so a player that chooses at random is examined
/// on the choices it happens to make.
pub fn lost_lines(player: &mut dyn Player, side: Side, start: Board) -> Vec<Board> {
    fn walk(player: &mut dyn Player, side: Side, board: Board, lost: &mut Vec<Board>) {
        match board.outcome() {
            Outcome::Ongoing => {}
            Outcome::Won(winner, _) => {
                if winner != side {
                    lost.push(board);
                }
                return;
            }
            Outcome::Draw => return,
        }
        if board.side_to_move() == side {
            let report = player.choose_move(&board, &CancelFlag::new());
            let cell =
                checked_move(&board, &report).expect("the player moves in an unfinished game");
            let mut next = board;
            next.play(cell).expect("the move was checked");
            walk(player, side, next, lost);
        } else {
            for cell in board.legal_moves() {
                let mut next = board;
                next.play(cell).expect("a free cell");
                walk(player, side, next, lost);
            }
        }
    }
    let mut lost = Vec::new();
    walk(player, side, start, &mut lost);
    lost
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::geometry::Shape;
    use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};

    /// A player whose search fails the way a bug would.
    struct Panicking;

    impl Player for Panicking {
        fn kind(&self) -> PlayerKind {
            PlayerKind::AlphaBetaTt
        }

        fn choose_move(&mut self, _board: &Board, _cancel: &CancelFlag) -> SearchReport {
            panic!("deliberate test failure")
        }
    }

    #[test]
    fn a_game_between_perfect_players_is_a_draw_with_every_move_counted() {
        let options = PlayerOptions::default();
        let mut players = [
            PlayerKind::Perfect.create(&options),
            PlayerKind::AlphaBeta.create(&options),
        ];
        let start = Board::new(Shape::TIC_TAC_TOE);
        let game = play_game(start, &mut players, &CancelFlag::new(), |_| false).unwrap();
        assert_eq!(game.end, GameEnd::Draw);
        assert_eq!(game.moves.len(), 9);
        assert_eq!(game.effort[0].moves, 5);
        assert_eq!(game.effort[1].moves, 4);
        assert!(game.effort[1].nodes > 0, "alphabeta searched");
    }

    #[test]
    fn a_failing_player_or_a_cancel_stops_the_game() {
        let start = Board::new(Shape::TIC_TAC_TOE);
        let mut players: [Box<dyn Player>; 2] = [
            Box::new(Panicking),
            PlayerKind::Random.create(&PlayerOptions::default()),
        ];
        assert_eq!(
            play_game(start, &mut players, &CancelFlag::new(), |_| false),
            Err(GameStopped::Failed(
                "internal error in alphabeta-tt: deliberate test failure".into()
            ))
        );
        let cancel = CancelFlag::new();
        cancel.cancel();
        assert_eq!(
            play_game(start, &mut players, &cancel, |_| false),
            Err(GameStopped::Cancelled)
        );
    }

    #[test]
    fn a_time_limit_stops_a_search_without_touching_the_callers_flag() {
        // Plain minimax on the empty 4x4 board runs for hours.
        let mut player = PlayerKind::Minimax.create(&PlayerOptions::default());
        let cancel = CancelFlag::new();
        let board = Board::new(Shape::FOUR_BY_FOUR);
        let started = Instant::now();
        let report = ask_within(
            player.as_mut(),
            &board,
            &cancel,
            Some(Duration::from_millis(50)),
        )
        .unwrap();
        assert!(report.aborted);
        assert!(!cancel.is_cancelled());
        assert!(started.elapsed() < Duration::from_secs(5));
        // A short search finishes as if there were no limit.
        let board: Board = "xo./.x./...".parse().unwrap();
        let report = ask_within(
            player.as_mut(),
            &board,
            &cancel,
            Some(Duration::from_secs(60)),
        )
        .unwrap();
        assert!(!report.aborted);
        assert_eq!(report.best, Some(8));
    }
}
