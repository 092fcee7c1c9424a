//! The messages between the game thread and whoever drives it.

use std::fmt;
use std::time::Duration;

use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::Evaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::feasibility::finishing_difficulty;

/// Every game and every hint gets a new id from one counter; every event
/// names the game (or hint) it belongs to, so nothing from an ended game is
/// shown in a newer one.
pub type GameId = u64;

/// Everything needed to start a game.
pub struct GameSetup {
    pub size: Shape,
    /// The position the game starts from, the empty board unless
    /// `starting_at` says otherwise; its side to move moves first. A board
    /// of another size than `size` is refused by the game thread.
    pub start: Board,
    /// Max's player (X), then Min's (O).
    pub players: [Box<dyn Player>; 2],
    /// Pause before each computer move after the first, so a person can
    /// follow a computer-vs-computer game (0 to 2,000 ms).
    pub pause: Duration,
    /// What `with_time_limit` built the players from, so that `starting_at`
    /// can seed them again for the start position; `None` for players the
    /// caller built.
    recipe: Option<PlayerRecipe>,
}

/// The longest pause between computer moves.
pub const MAX_PAUSE: Duration = Duration::from_millis(2000);

/// Players that deepen iteratively (alpha-beta with the table, and the
/// perfect player off 3x3) stop here and play their deepest finished
/// search, so a full-depth game on 5x5 still moves.
pub const SEARCH_TIME_LIMIT: Duration = Duration::from_secs(5);

/// A hint off 3x3 (`alphabeta-tt` at full depth) stops here and reports its
/// deepest finished search: its note then says which depth it kept, and its
/// scores are estimates. On 3x3 a hint is a table lookup and never waits.
pub const HINT_TIME_LIMIT: Duration = Duration::from_secs(5);

/// A hint on a board with gravity (the perfect player: the opening book,
/// else the solver for half of this and alpha-beta's estimates of the
/// moves it did not solve in the other half) answers within a second, so
/// that it keeps up with a game from its first move.
pub const GRAVITY_HINT_TIME_LIMIT: Duration = Duration::from_millis(900);

impl GameSetup {
    /// Builds both players from their kinds and difficulties for a game
    /// from the empty board. The seed makes every random choice of the game
    /// repeatable: each player's seed is derived from it, the player's side
    /// and the start position's stone count, so the same seed replays the
    /// same game from the same position (see `starting_at`).
    pub fn new(
        size: Shape,
        players: [(PlayerKind, Difficulty); 2],
        seed: u64,
        pause: Duration,
    ) -> GameSetup {
        GameSetup::with_time_limit(size, players, seed, pause, SEARCH_TIME_LIMIT)
    }

    /// `new` with another time limit for the players that deepen
    /// iteratively (`SEARCH_TIME_LIMIT` in `new`).
    pub fn with_time_limit(
        size: Shape,
        players: [(PlayerKind, Difficulty); 2],
        seed: u64,
        pause: Duration,
        time_limit: Duration,
    ) -> GameSetup {
        let recipe = PlayerRecipe {
            players,
            seed,
            time_limit,
            search: SearchSettings::default(),
            evaluations: [None; 2],
        };
        let mut setup = GameSetup::with_players(size, recipe.build(&Board::new(size)), pause);
        setup.recipe = Some(recipe);
        setup
    }

    /// A game from the empty board between players the caller built, as
    /// they are: `starting_at` does not seed them again.
    pub fn with_players(size: Shape, players: [Box<dyn Player>; 2], pause: Duration) -> GameSetup {
        GameSetup {
            size,
            start: Board::new(size),
            players,
            pause: pause.min(MAX_PAUSE),
            recipe: None,
        }
    }

    /// The same game with the players of the alpha-beta family searching
    /// with `settings` (move order and conventions). Call it before
    /// `with_learners`.
    pub fn with_search_settings(mut self, settings: SearchSettings) -> GameSetup {
        if let Some(recipe) = &mut self.recipe {
            recipe.search = settings;
            self.players = recipe.build(&self.start);
        }
        self
    }

    /// The same game with Max's and Min's depth-limited searches
    /// evaluating their horizons with `evaluations` (Max's first). Call it
    /// before `with_learners`.
    pub fn with_evaluations(mut self, evaluations: [Option<Evaluation>; 2]) -> GameSetup {
        if let Some(recipe) = &mut self.recipe {
            recipe.evaluations = evaluations;
            self.players = recipe.build(&self.start);
        }
        self
    }

    /// The same game with the learners `states` that learned on its board
    /// playing the sides their kinds were chosen for, seeded as `new`
    /// seeds players for the start position (a state of another board is
    /// passed over: a learner without one plays as it would untrained).
    /// Call it after `starting_at`, which then keeps the players as they
    /// are.
    pub fn with_learners<'a>(
        mut self,
        states: impl IntoIterator<Item = &'a LearnerState>,
    ) -> GameSetup {
        let Some(recipe) = self.recipe.take() else {
            return self;
        };
        let shape = self.start.shape();
        for state in states.into_iter().filter(|state| state.shape() == shape) {
            for side in [Side::Max, Side::Min] {
                let (kind, difficulty) = recipe.players[side.index()];
                if kind == state.kind() {
                    let seed = PlayerRecipe::seed_for(recipe.seed, self.start.stone_count(), side);
                    self.players[side.index()] = state.player(&PlayerOptions {
                        difficulty,
                        seed,
                        ..PlayerOptions::default()
                    });
                }
            }
        }
        self
    }

    /// The same game started from `start` instead of the empty board, with
    /// the players built by `new` (or `with_time_limit`) seeded for it: a given seed replays the
    /// same game from a given position, and from the empty board (0 stones)
    /// the seeds are those `new` gives. A finished `start` ends the game at
    /// once with its result.
    pub fn starting_at(mut self, start: Board) -> GameSetup {
        if let Some(recipe) = &self.recipe {
            self.players = recipe.build(&start);
        }
        self.start = start;
        self
    }
}

/// The kinds, difficulties, seed and time limit the players of a game are
/// built from.
#[derive(Debug, Clone, Copy)]
struct PlayerRecipe {
    players: [(PlayerKind, Difficulty); 2],
    seed: u64,
    time_limit: Duration,
    search: SearchSettings,
    /// Max's evaluation, then Min's.
    evaluations: [Option<Evaluation>; 2],
}

impl PlayerRecipe {
    /// Every side and stone count has its own offset; the empty board's
    /// are 0 and 1, the offsets games always had, so old seeds replay
    /// their games.
    fn seed_for(seed: u64, stones: u32, side: Side) -> u64 {
        let offset = 2 * u64::from(stones) + side.index() as u64;
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(offset)
    }

    /// Both players for the start position `start`.
    fn build(&self, start: &Board) -> [Box<dyn Player>; 2] {
        [Side::Max, Side::Min].map(|side| {
            let (kind, difficulty) = self.players[side.index()];
            kind.create(&PlayerOptions {
                difficulty: finishing_difficulty(kind, difficulty, start),
                seed: PlayerRecipe::seed_for(self.seed, start.stone_count(), side),
                time_limit: Some(self.time_limit),
                search: self.search,
                evaluation: self.evaluations[side.index()],
                ..PlayerOptions::default()
            })
        })
    }
}

impl fmt::Debug for GameSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameSetup")
            .field("size", &self.size)
            .field("start", &self.start)
            .field("max", &self.players[0].kind())
            .field("min", &self.players[1].kind())
            .field("pause", &self.pause)
            .finish()
    }
}

/// Commands into the game thread.
#[derive(Debug)]
pub enum Command {
    /// Starts a game, ending a running one first. The flag lets the sender
    /// stop the game's searches without waiting for the thread.
    Start {
        game: GameId,
        setup: GameSetup,
        cancel: CancelFlag,
    },
    /// A person's move in a game.
    HumanMove { game: GameId, cell: usize },
    /// Asks for the best moves in `board`, answered by an `Event::Hint`
    /// with the same id; the running game is left as it is. `time_limit`
    /// bounds the search off 3x3, and the flag lets the sender stop it.
    Hint {
        game: GameId,
        board: Board,
        time_limit: Duration,
        cancel: CancelFlag,
    },
    /// Ends the game at once.
    EndGame { game: GameId },
    /// Ends the thread.
    Shutdown,
}

/// How the game thread's game ended: a result, a resignation (which a
/// game played out by `tictactoe_tools::play` has not), or cut short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameResult {
    Won(Side),
    /// This side gave up (MENACE at an empty box): the other side wins.
    Resigned(Side),
    Draw,
    /// Ended before a result: by the player, a new game, a refused start
    /// position, or an error.
    Aborted(String),
}

impl GameResult {
    /// The side that won, by a line or by the other's resignation; `None`
    /// for a draw or an aborted game.
    pub fn winner(&self) -> Option<Side> {
        match self {
            GameResult::Won(side) => Some(*side),
            GameResult::Resigned(side) => Some(side.opponent()),
            GameResult::Draw | GameResult::Aborted(_) => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Won(side) => write!(f, "{} wins", side.mark()),
            GameResult::Resigned(side) => {
                write!(
                    f,
                    "{} resigns, {} wins",
                    side.mark(),
                    side.opponent().mark()
                )
            }
            GameResult::Draw => write!(f, "draw"),
            // The reason says it: "ended by the player", "internal error".
            GameResult::Aborted(reason) => f.write_str(reason),
        }
    }
}

/// Events out of the game thread.
#[derive(Debug, Clone)]
pub enum Event {
    /// A game started from `board`, the empty board unless the setup
    /// gave another start position.
    Started {
        game: GameId,
        size: Shape,
        players: [PlayerKind; 2],
        board: Board,
    },
    /// `side` is to move; `human` says whether a person is expected.
    ToMove {
        game: GameId,
        side: Side,
        player: PlayerKind,
        human: bool,
    },
    /// A computer player started searching.
    Thinking {
        game: GameId,
        side: Side,
        player: PlayerKind,
    },
    /// What a computer player's search did. A search stopped by ending
    /// the game (or starting a new one) still reports, with `aborted` set,
    /// just before that game's `GameOver`; its move is not played.
    Report {
        game: GameId,
        report: Box<SearchReport>,
    },
    MovePlayed {
        game: GameId,
        side: Side,
        cell: usize,
        board: Board,
    },
    /// The answer to a `Command::Hint`: every free cell's score, the best
    /// move and its variation, as a player's report reads. A hint stopped
    /// by `cancel_hint` (or by a newer request) still reports, with
    /// `aborted` set.
    Hint {
        game: GameId,
        report: Box<SearchReport>,
    },
    /// The game ended; `line` holds the winning line's cells, if any.
    GameOver {
        game: GameId,
        result: GameResult,
        line: Vec<usize>,
        board: Board,
    },
    /// A command was refused or something went wrong; nothing changed
    /// unless a `GameOver` follows.
    Error { game: GameId, message: String },
}

impl Event {
    /// The game (or hint) the event belongs to.
    pub fn game(&self) -> GameId {
        match self {
            Event::Started { game, .. }
            | Event::ToMove { game, .. }
            | Event::Thinking { game, .. }
            | Event::Report { game, .. }
            | Event::MovePlayed { game, .. }
            | Event::Hint { game, .. }
            | Event::GameOver { game, .. }
            | Event::Error { game, .. } => *game,
        }
    }
}
