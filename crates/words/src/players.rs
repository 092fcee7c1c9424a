//! The players' words: their names and descriptions for people, their
//! strength, the rules player's rules, and the refusals of a player, a
//! difficulty or a board a player cannot play.

use tictactoe_engine::learners::LearnError;
use tictactoe_engine::player_kind::{
    Difficulty, Fail, MoveOrder, NotOnThisBoard, PlayerKind, Prune, SearchSettings,
    UnknownDifficulty, UnknownPlayer,
};
use tictactoe_engine::report::Rule;

use super::Words;
use super::escape::{ECHO_CHARS, escape_text};
use super::i18n::{fill, gettext, translatable};

/// A player's name and description, in the user's language.
pub trait PlayerWords {
    /// The name people read: "Minimax".
    fn display_name(self) -> String;
    /// What the player does, in a sentence.
    fn description(self) -> String;
}

impl PlayerWords for PlayerKind {
    /// The name people read, in their language: "Minimax".
    fn display_name(self) -> String {
        match self {
            PlayerKind::Human => gettext("Human"),
            PlayerKind::Random => gettext("Random"),
            PlayerKind::Rules => gettext("Rules"),
            PlayerKind::Minimax => gettext("Minimax"),
            PlayerKind::AlphaBeta => gettext("Alpha-beta"),
            PlayerKind::AlphaBetaTt => gettext("Alpha-beta + ordering + table"),
            PlayerKind::AlphaBetaRandom => gettext("Alpha-beta, random among best"),
            PlayerKind::Mcts => gettext("Monte Carlo tree search"),
            PlayerKind::Perfect => gettext("Perfect (table or solver)"),
            PlayerKind::Menace => gettext("MENACE (matchboxes)"),
            PlayerKind::Td => gettext("Temporal-difference learner"),
            PlayerKind::Neural => gettext("Neural network + search"),
            PlayerKind::Pvs => gettext("Principal variation search"),
            PlayerKind::Mtdf => gettext("MTD(f)"),
            PlayerKind::Pns => gettext("Proof-number search"),
        }
    }

    /// What the player does, in a sentence, in the user's language.
    fn description(self) -> String {
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
            PlayerKind::Perfect => gettext(
                "Looks up every 3x3 position in a table of best moves and solves boards with gravity; elsewhere it searches with alpha-beta.",
            ),
            PlayerKind::Menace => gettext(
                "Michie's matchboxes: draws a bead from the position's box; learns by adding and taking away beads. 3x3 only.",
            ),
            PlayerKind::Td => gettext(
                "Learns how good each position is from games it plays and picks the move it values most. 3x3 only.",
            ),
            PlayerKind::Neural => gettext(
                "A small network, trained by playing itself, guides a tree search (PUCT, as in AlphaZero).",
            ),
            PlayerKind::Pvs => gettext(
                "Alpha-beta with the table that searches every move after the first with a null window, and again in full when it turns out better.",
            ),
            PlayerKind::Mtdf => gettext(
                "Null-window searches of the root with the table, each from the last one's bound, until the value is pinned down.",
            ),
            PlayerKind::Pns => gettext(
                "Solves the position without a depth limit: grows the tree where the fewest positions are left to prove a win or disprove it.",
            ),
        }
    }
}

/// For people: "full depth", "depth 3".
impl Words for Difficulty {
    fn words(&self) -> String {
        match self.depth() {
            None => gettext("full depth"),
            Some(depth) => fill(&gettext("depth {depth}"), &[("depth", &depth)]),
        }
    }
}

/// The command line's refusal of a player's name, naming those offered (in
/// English, as every argument error).
impl Words for UnknownPlayer {
    fn words(&self) -> String {
        let names: Vec<_> = self.offered.iter().map(|kind| kind.name()).collect();
        format!(
            "unknown player '{}': choose one of {}",
            escape_text(&self.name, ECHO_CHARS),
            names.join(", ")
        )
    }
}

/// The command line's refusal of a difficulty (in English).
impl Words for UnknownDifficulty {
    fn words(&self) -> String {
        format!(
            "unknown depth '{}': use easy, medium, hard or a number from 1 to 25",
            escape_text(&self.0, ECHO_CHARS)
        )
    }
}

/// "MENACE and TD play on 3x3 only ...".
impl Words for NotOnThisBoard {
    fn words(&self) -> String {
        fill(
            &gettext(
                "MENACE and TD play on 3x3 only (they keep something for every position), not on {size}",
            ),
            &[("size", &self.0.words())],
        )
    }
}

/// Why a game could not be learned from.
impl Words for LearnError {
    fn words(&self) -> String {
        match self {
            LearnError::NotOnThisBoard(refusal) => refusal.words(),
            LearnError::Move(error) => error.words(),
            LearnError::SelfPlayOnly => gettext(
                "the neural network learns only from its own self-play (the Training window), whose targets are its search's visits",
            ),
        }
    }
}

/// The rules player's rules in words: stable English, which JSON shows
/// too, marked for the catalogue; `gettext` them for people.
pub trait RuleWords {
    /// One word, short enough for a cell of the 5x5 board.
    fn short_name(self) -> &'static str;
    /// The rule in a few words.
    fn describe(self) -> &'static str;
}

impl RuleWords for Rule {
    /// One word, short enough for a cell of the 5x5 board.
    fn short_name(self) -> &'static str {
        match self {
            Rule::Win => translatable("win"),
            Rule::Block => translatable("block"),
            Rule::Centre => translatable("centre"),
            Rule::OppositeCorner => translatable("opposite"),
            Rule::Corner => translatable("corner"),
            Rule::Random => translatable("any"),
            Rule::Evaluation => translatable("lines"),
        }
    }

    /// The rule in words, as reports keep it (in English: the JSON shows
    /// it); `gettext` it for people.
    fn describe(self) -> &'static str {
        match self {
            Rule::Win => translatable("win: complete a line"),
            Rule::Block => translatable("block: stop the opponent's line"),
            Rule::Centre => translatable("take the centre"),
            Rule::OppositeCorner => translatable("take the corner opposite the opponent's corner"),
            Rule::Corner => translatable("take a corner"),
            Rule::Random => translatable("random free cell"),
            Rule::Evaluation => translatable("the move on the most open lines"),
        }
    }
}

/// A move order as the log says it: "moves worst first".
impl Words for MoveOrder {
    fn words(&self) -> String {
        match self {
            MoveOrder::WorstFirst => gettext("moves worst first"),
            MoveOrder::BoardOrder => gettext("moves in board order"),
            MoveOrder::Heuristic => gettext("moves by the heuristic, the table's first"),
            MoveOrder::BestFirst => gettext("moves best first (the solved values)"),
        }
    }
}

/// When a node stops searching: "prunes at value ≥ β".
impl Words for Prune {
    fn words(&self) -> String {
        match self {
            Prune::OnEqual => gettext("prunes at value ≥ β"),
            Prune::Strict => gettext("prunes only at value > β"),
        }
    }
}

/// What a node outside its window returns: "fail-hard".
impl Words for Fail {
    fn words(&self) -> String {
        match self {
            // Translators: a node returns the best value it saw, even
            // outside its window.
            Fail::Soft => gettext("fail-soft"),
            // Translators: a node returns the edge of its window (alpha or
            // beta) when its value falls outside it.
            Fail::Hard => gettext("fail-hard"),
        }
    }
}

/// The settings that differ from the defaults, in words ("moves worst
/// first, fail-hard"); `None` when every one is the default.
pub fn settings_words(settings: SearchSettings) -> Option<String> {
    let defaults = SearchSettings::default();
    let mut parts = Vec::new();
    if settings.order != defaults.order {
        parts.push(settings.order.words());
    }
    if settings.prune != defaults.prune {
        parts.push(settings.prune.words());
    }
    if settings.fail != defaults.fail {
        parts.push(settings.fail.words());
    }
    if let Some(width) = settings.aspiration {
        parts.push(fill(
            // Translators: each iteration of the deepening search looks
            // first in a window this wide around the previous value.
            &gettext("aspiration windows ±{width}"),
            &[("width", &width)],
        ));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

#[cfg(test)]
mod tests {
    use tictactoe_engine::geometry::Shape;
    use tictactoe_engine::player_kind::PlayerOptions;

    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for kind in PlayerKind::ALL {
            assert_eq!(kind.name().parse::<PlayerKind>(), Ok(kind));
            assert_eq!(kind.create(&PlayerOptions::default()).kind(), kind);
        }
        let error = "negascout".parse::<PlayerKind>().unwrap_err().words();
        assert!(
            error.starts_with("unknown player 'negascout': choose one of human, random, rules"),
            "{error}"
        );
        let error = format!("\u{1b}]0;{}", "x".repeat(100))
            .parse::<PlayerKind>()
            .unwrap_err()
            .words();
        assert!(
            error.starts_with(&format!(
                "unknown player '\\u{{1b}}]0;{}…': ",
                "x".repeat(76)
            )),
            "echoed escaped and cut: {error}"
        );
    }

    #[test]
    fn the_window_offers_menace_and_td_on_3x3_only() {
        for size in Shape::SQUARES.into_iter().chain([Shape::CONNECT_FOUR]) {
            for kind in PlayerKind::ALL {
                let on_3x3 = size == Shape::TIC_TAC_TOE;
                assert_eq!(
                    PlayerKind::offered(size).contains(&kind),
                    on_3x3 || !kind.keeps_every_position(),
                    "{kind} on {}",
                    size.words()
                );
                assert_eq!(
                    kind.check_shape(size).is_ok(),
                    on_3x3 || !kind.keeps_every_position()
                );
            }
        }
        assert_eq!(
            PlayerKind::Td
                .check_shape(Shape::FOUR_BY_FOUR)
                .map_err(|error| error.words()),
            Err("MENACE and TD play on 3x3 only (they keep something for every position), not on 4x4, 4 in a row".to_owned())
        );
        assert_eq!(PlayerKind::NON_LEARNERS.len() + 3, PlayerKind::ALL.len());
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
                .words()
                .contains("unknown depth '0'")
        );
        assert!("deep".parse::<Difficulty>().is_err());
        assert_eq!(
            "\u{1b}[2J"
                .parse::<Difficulty>()
                .map_err(|error| error.words()),
            Err(
                "unknown depth '\\u{1b}[2J': use easy, medium, hard or a number from 1 to 25"
                    .to_owned()
            )
        );
        for text in ["easy", "medium", "hard", "7"] {
            assert_eq!(text.parse::<Difficulty>().unwrap().name(), text);
        }
        assert_eq!(Difficulty::Hard.words(), "full depth");
        assert_eq!(Difficulty::Medium.words(), "depth 3");
        assert_eq!(Difficulty::Depth(7).words(), "depth 7");
    }
}
