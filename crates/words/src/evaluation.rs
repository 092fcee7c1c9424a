//! The evaluations' words: the named evaluations and the features by the
//! names people read, beside the stable names the files and the command
//! line use.

use tictactoe_engine::evaluation::{Evaluation, Feature, NamedEvaluation, UnknownEvaluation};

use super::Words;
use super::escape::{ECHO_CHARS, escape_text};
use super::i18n::{fill, gettext};
use super::report::TextStyle;

/// A named evaluation as people read it: "Threats".
pub fn evaluation_name(named: NamedEvaluation) -> String {
    match named {
        NamedEvaluation::Lines => gettext("Lines"),
        NamedEvaluation::Centre => gettext("Centre"),
        NamedEvaluation::Threats => gettext("Threats"),
    }
}

/// A chosen evaluation in a player's label: its name in `style`
/// ("threats" on the command line, "Threats" in the window), or "own
/// weights" for weights no named evaluation has.
pub fn evaluation_label(evaluation: Evaluation, style: TextStyle) -> String {
    match (NamedEvaluation::of(evaluation), style.display_names) {
        (Some(named), true) => evaluation_name(named),
        (Some(named), false) => named.name().to_owned(),
        (None, true) => gettext("own weights"),
        (None, false) => "own weights".to_owned(),
    }
}

/// The command line's refusal of an evaluation's name (in English), with
/// the names offered.
impl Words for UnknownEvaluation {
    fn words(&self) -> String {
        let names: Vec<&str> = NamedEvaluation::ALL
            .iter()
            .map(|named| named.name())
            .collect();
        format!(
            "no evaluation is named '{}'; the evaluations: {}",
            escape_text(&self.0, ECHO_CHARS),
            names.join(", ")
        )
    }
}

/// What a named evaluation weighs, in a sentence.
pub fn evaluation_description(named: NamedEvaluation) -> String {
    match named {
        NamedEvaluation::Lines => gettext("Each open line counts the square of its stones."),
        NamedEvaluation::Centre => gettext("The stones on the centre, nothing else."),
        NamedEvaluation::Threats => gettext(
            "Lines, and the threats: empty cells that would complete a line, those on the side's own rows counted twice.",
        ),
    }
}

/// A feature as people read it: "Open lines of 2".
pub fn feature_name(feature: Feature) -> String {
    match feature {
        Feature::OpenLines(stones) => {
            fill(&gettext("Open lines of {stones}"), &[("stones", &stones)])
        }
        Feature::Centre => gettext("Centre"),
        Feature::Threats => gettext("Threats"),
        Feature::ParityThreats => gettext("Threats on own rows"),
    }
}

/// What a feature counts, in a sentence.
pub fn feature_description(feature: Feature) -> String {
    match feature {
        Feature::OpenLines(stones) => fill(
            &gettext(
                "Winning lines that hold exactly {stones} of the side's stones and none of the opponent's",
            ),
            &[("stones", &stones)],
        ),
        Feature::Centre => gettext("The side's stones on the centre column or cell"),
        Feature::Threats => gettext("Empty cells where the side's stone would complete a line"),
        Feature::ParityThreats => gettext(
            "Threats on the rows that win the zugzwang at the end: odd rows from the bottom for X, even ones for O",
        ),
    }
}
