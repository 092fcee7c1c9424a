//! The `Player` trait and the catalogue of players.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::board::{Board, ECHO_CHARS, escape_text};
use super::geometry::BoardSize;
use super::learners::{self, LearnerState};
use super::players;
use super::report::SearchReport;
use super::search::CancelFlag;
use crate::i18n::{fill, gettext};

/// Something that decides moves. One implementation per algorithm.
pub trait Player: Send {
    fn kind(&self) -> PlayerKind;

    /// Human players take their moves from outside; the game asks the
    /// person instead of calling `choose_move`.
    fn is_human(&self) -> bool {
        false
    }

    /// Decides a move for the side to move in `board`. Stops early, with
    /// `aborted` set, once `cancel` is set. On a finished game (won or
    /// full) there is no move to make: every player returns a report with
    /// `best: None` and a note that the game is over.
    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport;
}

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
}

impl PlayerKind {
    /// Every kind, as the command line lists them and the window's pickers
    /// offer them (`offered`).
    pub const ALL: [PlayerKind; 11] = [
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
    ];

    /// Every player that does not learn: the players of contests and the
    /// explorer's list.
    pub const NON_LEARNERS: [PlayerKind; 9] = [
        PlayerKind::Human,
        PlayerKind::Random,
        PlayerKind::Rules,
        PlayerKind::Minimax,
        PlayerKind::AlphaBeta,
        PlayerKind::AlphaBetaTt,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::Mcts,
        PlayerKind::Perfect,
    ];

    /// The players the window's pickers offer on `size`: the learners on
    /// 3x3 only.
    pub fn offered(size: BoardSize) -> Vec<PlayerKind> {
        PlayerKind::ALL
            .into_iter()
            .filter(|kind| kind.check_size(size).is_ok())
            .collect()
    }

    /// Whether the player plays on `size`, or why not: the learners play
    /// on 3x3 only.
    pub fn check_size(self, size: BoardSize) -> Result<(), String> {
        if self.learns() {
            learners::supports(size)
        } else {
            Ok(())
        }
    }

    /// True for the players that learn from games (3x3 only).
    pub fn learns(self) -> bool {
        matches!(self, PlayerKind::Menace | PlayerKind::Td)
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
        }
    }

    /// The name people read, in their language: "Minimax".
    pub fn display_name(self) -> String {
        match self {
            PlayerKind::Human => gettext("Human"),
            PlayerKind::Random => gettext("Random"),
            PlayerKind::Rules => gettext("Rules"),
            PlayerKind::Minimax => gettext("Minimax"),
            PlayerKind::AlphaBeta => gettext("Alpha-beta"),
            PlayerKind::AlphaBetaTt => gettext("Alpha-beta + ordering + table"),
            PlayerKind::AlphaBetaRandom => gettext("Alpha-beta, random among best"),
            PlayerKind::Mcts => gettext("Monte Carlo tree search"),
            PlayerKind::Perfect => gettext("Perfect (lookup table)"),
            PlayerKind::Menace => gettext("MENACE (matchboxes)"),
            PlayerKind::Td => gettext("Temporal-difference learner"),
        }
    }

    /// What the player does, in a sentence, in the user's language.
    pub fn description(self) -> String {
        match self {
            PlayerKind::Human => gettext("You: click a cell or use the keyboard."),
            PlayerKind::Random => gettext("Plays a uniformly random free cell."),
            PlayerKind::Rules => gettext(
                "Win, block, centre, corner opposite the opponent's corner, any corner, else random.",
            ),
            PlayerKind::Minimax => {
                gettext("Plain full-width minimax without pruning: the reference.")
            }
            PlayerKind::AlphaBeta => {
                gettext("Negamax with alpha-beta pruning in natural move order.")
            }
            PlayerKind::AlphaBetaTt => gettext(
                "Alpha-beta with move ordering, a Zobrist transposition table, and iterative deepening under a time limit.",
            ),
            PlayerKind::AlphaBetaRandom => gettext(
                "Alpha-beta that scores every move exactly and picks at random among the best.",
            ),
            PlayerKind::Mcts => gettext("Monte Carlo tree search (UCT) with random playouts."),
            PlayerKind::Perfect => {
                gettext("Looks up every 3x3 position in a precomputed table of best moves.")
            }
            PlayerKind::Menace => gettext(
                "Michie's matchboxes: draws a bead from the position's box; learns by adding and taking away beads. 3x3 only.",
            ),
            PlayerKind::Td => gettext(
                "Learns how good each position is from games it plays and picks the move it values most. 3x3 only.",
            ),
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
        )
    }

    /// True for the algorithms that cut off moves (alpha-beta): their
    /// reports count cutoffs.
    pub fn uses_cutoffs(self) -> bool {
        matches!(
            self,
            PlayerKind::AlphaBeta | PlayerKind::AlphaBetaTt | PlayerKind::AlphaBetaRandom
        )
    }

    /// True for the algorithms with a transposition table: their reports
    /// count table hits.
    pub fn uses_table(self) -> bool {
        matches!(self, PlayerKind::AlphaBetaTt | PlayerKind::AlphaBetaRandom)
    }

    /// True for the players that deepen iteratively under a time limit
    /// (alphabeta-tt, and perfect off 3x3, which searches with it): they
    /// keep their deepest search finished in time instead of stopping.
    pub fn deepens_iteratively(self) -> bool {
        matches!(self, PlayerKind::AlphaBetaTt | PlayerKind::Perfect)
    }

    /// Builds a player of this kind.
    pub fn create(self, options: &PlayerOptions) -> Box<dyn Player> {
        let depth = options.difficulty.depth();
        match self {
            PlayerKind::Human => Box::new(players::Human),
            PlayerKind::Random => Box::new(players::RandomPlayer::new(options.seed)),
            PlayerKind::Rules => Box::new(players::RulesPlayer::new(options.seed)),
            PlayerKind::Minimax => Box::new(players::MinimaxPlayer::new(depth)),
            PlayerKind::AlphaBeta => Box::new(players::AlphaBetaPlayer::new(depth)),
            PlayerKind::AlphaBetaTt => {
                Box::new(players::AlphaBetaTtPlayer::new(depth, options.time_limit))
            }
            PlayerKind::AlphaBetaRandom => {
                Box::new(players::AlphaBetaRandomPlayer::new(depth, options.seed))
            }
            PlayerKind::Mcts => Box::new(players::MctsPlayer::new(options.playouts, options.seed)),
            PlayerKind::Perfect => Box::new(players::PerfectPlayer::new(options.time_limit)),
            // Untrained: `LearnerState::player` builds one that learned.
            PlayerKind::Menace | PlayerKind::Td => LearnerState::fresh(self)
                .expect("a learner")
                .player(options.seed),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PlayerKind {
    type Err = String;

    fn from_str(name: &str) -> Result<PlayerKind, String> {
        PlayerKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| PlayerKind::unknown(name, PlayerKind::ALL))
    }
}

impl PlayerKind {
    /// Refuses `name`, which no player has, naming the players `offered`.
    pub fn unknown(name: &str, offered: impl IntoIterator<Item = PlayerKind>) -> String {
        let names: Vec<_> = offered.into_iter().map(PlayerKind::name).collect();
        format!(
            "unknown player '{}': choose one of {}",
            escape_text(name, ECHO_CHARS),
            names.join(", ")
        )
    }
}

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

/// For people: "full depth", "depth 3".
impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.depth() {
            None => f.write_str(&gettext("full depth")),
            Some(depth) => f.write_str(&fill(&gettext("depth {depth}"), &[("depth", &depth)])),
        }
    }
}

impl FromStr for Difficulty {
    type Err = String;

    /// "easy", "medium", "hard" or a depth from 1 to 25.
    fn from_str(text: &str) -> Result<Difficulty, String> {
        match text.to_ascii_lowercase().as_str() {
            "easy" => Ok(Difficulty::Easy),
            "medium" => Ok(Difficulty::Medium),
            "hard" | "full" => Ok(Difficulty::Hard),
            other => match other.parse::<u32>() {
                Ok(depth @ 1..=25) => Ok(Difficulty::Depth(depth)),
                _ => Err(format!(
                    "unknown depth '{}': use easy, medium, hard or a number from 1 to 25",
                    escape_text(text, ECHO_CHARS)
                )),
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
}

impl Default for PlayerOptions {
    fn default() -> PlayerOptions {
        PlayerOptions {
            difficulty: Difficulty::Hard,
            seed: 0,
            playouts: 20_000,
            time_limit: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for kind in PlayerKind::ALL {
            assert_eq!(kind.name().parse::<PlayerKind>(), Ok(kind));
            assert_eq!(kind.create(&PlayerOptions::default()).kind(), kind);
        }
        let error = "negascout".parse::<PlayerKind>().unwrap_err();
        assert!(
            error.starts_with("unknown player 'negascout': choose one of human, random, rules"),
            "{error}"
        );
        let error = format!("\u{1b}]0;{}", "x".repeat(100))
            .parse::<PlayerKind>()
            .unwrap_err();
        assert!(
            error.starts_with(&format!(
                "unknown player '\\u{{1b}}]0;{}…': ",
                "x".repeat(76)
            )),
            "echoed escaped and cut: {error}"
        );
    }

    #[test]
    fn the_window_offers_the_learners_on_3x3_only() {
        for size in BoardSize::ALL {
            for kind in PlayerKind::ALL {
                let on_3x3 = size == BoardSize::Three;
                assert_eq!(
                    PlayerKind::offered(size).contains(&kind),
                    on_3x3 || !kind.learns(),
                    "{kind} on {size}"
                );
                assert_eq!(kind.check_size(size).is_ok(), on_3x3 || !kind.learns());
            }
        }
        assert_eq!(
            PlayerKind::Td.check_size(BoardSize::Four),
            Err("the learning players play on 3x3 only, not on 4x4, 4 in a row".to_owned())
        );
        assert_eq!(PlayerKind::NON_LEARNERS.len() + 2, PlayerKind::ALL.len());
    }

    #[test]
    fn difficulty_levels_map_to_depths() {
        assert_eq!("easy".parse::<Difficulty>().unwrap().depth(), Some(1));
        assert_eq!("Medium".parse::<Difficulty>().unwrap().depth(), Some(3));
        assert_eq!("hard".parse::<Difficulty>().unwrap().depth(), None);
        assert_eq!("7".parse::<Difficulty>(), Ok(Difficulty::Depth(7)));
        assert!(
            "0".parse::<Difficulty>()
                .unwrap_err()
                .contains("unknown depth '0'")
        );
        assert!("deep".parse::<Difficulty>().is_err());
        assert_eq!(
            "\u{1b}[2J".parse::<Difficulty>(),
            Err(
                "unknown depth '\\u{1b}[2J': use easy, medium, hard or a number from 1 to 25"
                    .to_owned()
            )
        );
        for text in ["easy", "medium", "hard", "7"] {
            assert_eq!(text.parse::<Difficulty>().unwrap().name(), text);
        }
        assert_eq!(Difficulty::Hard.to_string(), "full depth");
        assert_eq!(Difficulty::Medium.to_string(), "depth 3");
        assert_eq!(Difficulty::Depth(7).to_string(), "depth 7");
    }
}
