//! The catalogue of players (`PlayerKind`), their strength (`Difficulty`)
//! and the settings a player is built with: names and facts only, no
//! algorithm (`players` has them).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::by_name::deserialize_by_name;
use super::evaluation::Evaluation;

use super::geometry::Shape;

/// Every kind of player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    Human,
    Random,
    Rules,
    Minimax,
    AlphaBeta,
    AlphaBetaTt,
    AlphaBetaRandom,
    Mcts,
    Perfect,
    Menace,
    Td,
    Neural,
    Pvs,
    Mtdf,
    Pns,
}

impl PlayerKind {
    /// Every kind, as the command line lists them and the window's pickers
    /// offer them (`offered`).
    pub const ALL: [PlayerKind; 15] = [
        PlayerKind::Human,
        PlayerKind::Random,
        PlayerKind::Rules,
        PlayerKind::Minimax,
        PlayerKind::AlphaBeta,
        PlayerKind::AlphaBetaTt,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::Mcts,
        PlayerKind::Perfect,
        PlayerKind::Menace,
        PlayerKind::Td,
        PlayerKind::Neural,
        PlayerKind::Pvs,
        PlayerKind::Mtdf,
        PlayerKind::Pns,
    ];

    /// Every player that does not learn: the players of contests and the
    /// explorer's list.
    pub const NON_LEARNERS: [PlayerKind; 12] = [
        PlayerKind::Human,
        PlayerKind::Random,
        PlayerKind::Rules,
        PlayerKind::Minimax,
        PlayerKind::AlphaBeta,
        PlayerKind::AlphaBetaTt,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::Mcts,
        PlayerKind::Perfect,
        PlayerKind::Pvs,
        PlayerKind::Mtdf,
        PlayerKind::Pns,
    ];

    /// The players the window's pickers offer on `shape`: every one that
    /// plays it (MENACE and TD on 3x3 only; the neural player on every
    /// board, with the board's own network).
    pub fn offered(shape: Shape) -> Vec<PlayerKind> {
        PlayerKind::ALL
            .into_iter()
            .filter(|kind| kind.check_shape(shape).is_ok())
            .collect()
    }

    /// Whether the player plays on `shape`, or why not: MENACE and TD keep
    /// something for every position, which only 3x3 allows.
    pub fn check_shape(self, shape: Shape) -> Result<(), NotOnThisBoard> {
        if self.keeps_every_position() && shape != Shape::TIC_TAC_TOE {
            Err(NotOnThisBoard(shape))
        } else {
            Ok(())
        }
    }

    /// True for MENACE and TD: a matchbox or a value for every 3x3
    /// position (up to symmetry).
    pub fn keeps_every_position(self) -> bool {
        matches!(self, PlayerKind::Menace | PlayerKind::Td)
    }

    /// True for the players that learn from games.
    pub fn learns(self) -> bool {
        matches!(
            self,
            PlayerKind::Menace | PlayerKind::Td | PlayerKind::Neural
        )
    }

    /// Stable short name, used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Random => "random",
            PlayerKind::Rules => "rules",
            PlayerKind::Minimax => "minimax",
            PlayerKind::AlphaBeta => "alphabeta",
            PlayerKind::AlphaBetaTt => "alphabeta-tt",
            PlayerKind::AlphaBetaRandom => "alphabeta-random",
            PlayerKind::Mcts => "mcts",
            PlayerKind::Perfect => "perfect",
            PlayerKind::Menace => "menace",
            PlayerKind::Td => "td",
            PlayerKind::Neural => "neural",
            PlayerKind::Pvs => "pvs",
            PlayerKind::Mtdf => "mtdf",
            PlayerKind::Pns => "pns",
        }
    }

    /// True for the players whose strength is set by a search depth.
    pub fn uses_depth(self) -> bool {
        matches!(
            self,
            PlayerKind::Minimax
                | PlayerKind::AlphaBeta
                | PlayerKind::AlphaBetaTt
                | PlayerKind::AlphaBetaRandom
                | PlayerKind::Pvs
                | PlayerKind::Mtdf
        )
    }

    /// True for the players whose strength a difficulty sets: those that
    /// search to a depth, and the neural player (its simulations).
    pub fn uses_difficulty(self) -> bool {
        self.uses_depth() || self == PlayerKind::Neural
    }

    /// True for the algorithms that cut off moves (alpha-beta): their
    /// reports count cutoffs.
    pub fn uses_cutoffs(self) -> bool {
        matches!(
            self,
            PlayerKind::AlphaBeta
                | PlayerKind::AlphaBetaTt
                | PlayerKind::AlphaBetaRandom
                | PlayerKind::Pvs
                | PlayerKind::Mtdf
        )
    }

    /// True for the searches that take a `SearchSettings`: a move order
    /// and the conventions of the alpha-beta family.
    pub fn uses_search_settings(self) -> bool {
        matches!(
            self,
            PlayerKind::AlphaBetaTt | PlayerKind::Pvs | PlayerKind::Mtdf
        )
    }

    /// True for the algorithms with a transposition table: their reports
    /// count table hits.
    pub fn uses_table(self) -> bool {
        matches!(
            self,
            PlayerKind::AlphaBetaTt
                | PlayerKind::AlphaBetaRandom
                | PlayerKind::Pvs
                | PlayerKind::Mtdf
        )
    }

    /// True for the players that deepen iteratively under a time limit
    /// (alphabeta-tt, pvs, mtdf, and perfect off 3x3, which searches with
    /// alphabeta-tt): they keep their deepest search finished in time
    /// instead of stopping.
    pub fn deepens_iteratively(self) -> bool {
        matches!(
            self,
            PlayerKind::AlphaBetaTt | PlayerKind::Perfect | PlayerKind::Pvs | PlayerKind::Mtdf
        )
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PlayerKind {
    type Err = UnknownPlayer;

    fn from_str(name: &str) -> Result<PlayerKind, UnknownPlayer> {
        PlayerKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| UnknownPlayer {
                name: name.to_owned(),
                offered: PlayerKind::ALL.to_vec(),
            })
    }
}

impl<'de> Deserialize<'de> for PlayerKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_by_name(deserializer, &PlayerKind::ALL, PlayerKind::name)
    }
}

impl Serialize for PlayerKind {
    /// As its short name.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A name no player has, and the players that could have been named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownPlayer {
    pub name: String,
    pub offered: Vec<PlayerKind>,
}

/// A player or an option that needs 3x3: MENACE and TD hold every
/// position, best-first order the solved game. This is the board asked
/// for instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotOnThisBoard(pub Shape);

/// How deep the search players look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Difficulty {
    /// Depth 1: sees wins in one and the static evaluation, nothing more.
    Easy,
    /// Depth 3.
    Medium,
    /// Full depth: plays perfectly.
    #[default]
    Hard,
    /// A depth limit in plies.
    Depth(u32),
}

impl Difficulty {
    /// The depth limit; `None` means to the end of the game.
    pub fn depth(self) -> Option<u32> {
        match self {
            Difficulty::Easy => Some(1),
            Difficulty::Medium => Some(3),
            Difficulty::Hard => None,
            Difficulty::Depth(depth) => Some(depth),
        }
    }
}

impl Difficulty {
    /// The name the command line takes and its JSON shows: "easy",
    /// "medium", "hard" or the depth, "7".
    pub fn name(self) -> String {
        match self {
            Difficulty::Easy => "easy".to_owned(),
            Difficulty::Medium => "medium".to_owned(),
            Difficulty::Hard => "hard".to_owned(),
            Difficulty::Depth(depth) => depth.to_string(),
        }
    }
}

impl Serialize for Difficulty {
    /// As its name: "easy", "medium", "hard" or the depth, "7".
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

/// A text that names no difficulty: the text as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    /// "easy", "medium", "hard" or a depth from 1 to 25.
    fn from_str(text: &str) -> Result<Difficulty, UnknownDifficulty> {
        match text.to_ascii_lowercase().as_str() {
            "easy" => Ok(Difficulty::Easy),
            "medium" => Ok(Difficulty::Medium),
            "hard" | "full" => Ok(Difficulty::Hard),
            other => match other.parse::<u32>() {
                Ok(depth @ 1..=25) => Ok(Difficulty::Depth(depth)),
                _ => Err(UnknownDifficulty(text.to_owned())),
            },
        }
    }
}

/// Settings a player is built with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerOptions {
    pub difficulty: Difficulty,
    /// Seeds every random choice, so a seed replays a game exactly.
    pub seed: u64,
    /// Monte Carlo playouts per move.
    pub playouts: u32,
    /// Iterative deepening stops after this long, keeping the last finished depth.
    pub time_limit: Option<Duration>,
    /// The move order and conventions of alphabeta-tt, pvs and mtdf.
    pub search: SearchSettings,
    /// What the depth-limited searches' horizon positions are worth; None:
    /// the board's own (`Evaluation::chosen_or_default`).
    pub evaluation: Option<Evaluation>,
}

impl Default for PlayerOptions {
    fn default() -> PlayerOptions {
        PlayerOptions {
            difficulty: Difficulty::Hard,
            seed: 0,
            playouts: 20_000,
            time_limit: None,
            search: SearchSettings::default(),
            evaluation: None,
        }
    }
}

/// The order a search tries the moves of a position in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MoveOrder {
    /// The static heuristic reversed: the moves it likes least first.
    WorstFirst,
    /// Cell order, 1 to the last.
    BoardOrder,
    /// The static heuristic (wins, blocks, open lines), the table's move
    /// before it.
    #[default]
    Heuristic,
    /// The solved game's values, best first: the ideal order (3x3 only,
    /// where the perfect table knows every value).
    BestFirst,
}

impl MoveOrder {
    pub const ALL: [MoveOrder; 4] = [
        MoveOrder::WorstFirst,
        MoveOrder::BoardOrder,
        MoveOrder::Heuristic,
        MoveOrder::BestFirst,
    ];

    /// The name the command line takes and JSON shows.
    pub fn name(self) -> &'static str {
        match self {
            MoveOrder::WorstFirst => "worst",
            MoveOrder::BoardOrder => "board",
            MoveOrder::Heuristic => "heuristic",
            MoveOrder::BestFirst => "best",
        }
    }

    /// Whether the order can be had on `size`: best first needs the
    /// solved game, which the engine has for 3x3 only.
    pub fn check_shape(self, size: Shape) -> Result<(), NotOnThisBoard> {
        if self == MoveOrder::BestFirst && size != Shape::TIC_TAC_TOE {
            Err(NotOnThisBoard(size))
        } else {
            Ok(())
        }
    }
}

/// When a node stops searching its moves: once a value reaches beta
/// (`OnEqual`, `value >= beta`, the usual) or only once one exceeds it
/// (`Strict`, `value > beta`, as some textbooks and autograders write it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Prune {
    #[default]
    OnEqual,
    Strict,
}

impl Prune {
    pub const ALL: [Prune; 2] = [Prune::OnEqual, Prune::Strict];

    /// Whether a node whose move reached `value` stops at `beta`.
    #[inline(always)]
    pub fn cuts(self, value: i32, beta: i32) -> bool {
        match self {
            Prune::OnEqual => value >= beta,
            Prune::Strict => value > beta,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Prune::OnEqual => "on-equal",
            Prune::Strict => "strict",
        }
    }
}

/// What a node returns when its value falls outside the window: the best
/// value it saw (`Soft`, a tighter bound) or the window's edge it crossed
/// (`Hard`, alpha or beta).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Fail {
    #[default]
    Soft,
    Hard,
}

impl Fail {
    pub const ALL: [Fail; 2] = [Fail::Soft, Fail::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Fail::Soft => "soft",
            Fail::Hard => "hard",
        }
    }
}

/// How a search of the alpha-beta family orders its moves and which of the
/// textbooks' conventions it follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct SearchSettings {
    pub order: MoveOrder,
    pub prune: Prune,
    pub fail: Fail,
    /// Aspiration windows (alphabeta-tt and pvs, which then deepen from
    /// depth 1): each iteration after the first searches the root in a
    /// window this wide on either side of the previous iteration's value,
    /// and again with that side opened when the value falls outside it.
    /// `None`: the full window.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspiration: Option<u32>,
}

impl SearchSettings {
    /// Every combination of order and conventions.
    pub fn every() -> impl Iterator<Item = SearchSettings> {
        MoveOrder::ALL.into_iter().flat_map(|order| {
            Prune::ALL.into_iter().flat_map(move |prune| {
                Fail::ALL.into_iter().map(move |fail| SearchSettings {
                    order,
                    prune,
                    fail,
                    aspiration: None,
                })
            })
        })
    }
}

/// As their names, both ways: "worst", "strict", "soft".
macro_rules! serialize_by_name {
    ($($kind:ty),*) => {$(
        impl Serialize for $kind {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $kind {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserialize_by_name(deserializer, &<$kind>::ALL, <$kind>::name)
            }
        }
    )*};
}

serialize_by_name!(MoveOrder, Prune, Fail);
