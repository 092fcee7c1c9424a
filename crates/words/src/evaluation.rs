//! The evaluations' words: the named evaluations and the features by the
//! names people read, beside the stable names the files and the command
//! line use.

use tictactoe_engine::evaluation::{Feature, NamedEvaluation};

use super::i18n::{fill, gettext};

/// A named evaluation as people read it: "Threats".
pub fn evaluation_name(named: NamedEvaluation) -> String {
    match named {
        NamedEvaluation::Lines => gettext("Lines"),
        NamedEvaluation::Centre => gettext("Centre"),
        NamedEvaluation::Threats => gettext("Threats"),
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
