//! Weights files: an evaluation's weights as a person edits them, for one
//! board. JSON, such as
//!
//! ```json
//! {"board": {"width": 7, "height": 6, "in_a_row": 4, "gravity": true},
//!  "weights": {"open-1": 1, "open-2": 4, "open-3": 9, "threats": 8}}
//! ```
//!
//! Features not named weigh 0. Refused whole, never half-read: a file that
//! is no JSON object of this form, a feature no evaluation has or one that
//! counts nothing on its board, a weight beyond +-`MAX_WEIGHT`, or a board
//! other than the one played.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use tictactoe_engine::evaluation::{Evaluation, Feature};
use tictactoe_engine::geometry::Shape;
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::i18n::{fill, gettext};

use crate::whole::{self, ReadError};

/// A weights file is small: a few features and a board.
const MAX_BYTES: u64 = 64 << 10;

/// The largest weight a file may give a feature: enough to outweigh any
/// other, small enough that no sum of them overflows.
pub const MAX_WEIGHT: i32 = 10_000;

/// The file as JSON has it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightsFile {
    board: Shape,
    weights: BTreeMap<String, i32>,
}

/// Why a weights file was refused.
#[derive(Debug)]
pub enum WeightsError {
    Read(ReadError),
    /// Not JSON of the form above: the reader's message.
    Malformed(String),
    UnknownFeature(String),
    /// A feature with a weight that counts nothing on the file's board.
    NotOnBoard {
        feature: Feature,
        board: Shape,
    },
    TooHeavy {
        feature: Feature,
        weight: i32,
    },
    /// The file is for `file`, the board played is `played`.
    WrongBoard {
        file: Shape,
        played: Shape,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Read(error) => write!(f, "{error}"),
            WeightsError::Malformed(message) => f.write_str(message),
            WeightsError::UnknownFeature(name) => f.write_str(&fill(
                &gettext("no feature is named '{name}'; the features: {features}"),
                &[
                    ("name", &escape_text(name, ECHO_CHARS)),
                    ("features", &feature_names()),
                ],
            )),
            WeightsError::NotOnBoard { feature, board } => f.write_str(&fill(
                &gettext("the feature '{feature}' counts nothing on a board of {board}"),
                &[("feature", feature), ("board", &board.words())],
            )),
            WeightsError::TooHeavy { feature, weight } => f.write_str(&fill(
                &gettext("the weight {weight} of '{feature}' is beyond -{max} to {max}"),
                &[
                    ("weight", weight),
                    ("feature", feature),
                    ("max", &MAX_WEIGHT),
                ],
            )),
            WeightsError::WrongBoard { file, played } => f.write_str(&fill(
                &gettext("the weights are for a board of {file}, and the board is {played}"),
                &[("file", &file.words()), ("played", &played.words())],
            )),
        }
    }
}

/// "open-1, open-2, ..., parity-threats".
fn feature_names() -> String {
    Feature::ALL
        .iter()
        .map(|feature| feature.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The evaluation the weights file at `path` holds, for a game on `board`.
pub fn read_weights(path: &Path, board: Shape) -> Result<Evaluation, WeightsError> {
    let text = whole::read_text(path, MAX_BYTES).map_err(WeightsError::Read)?;
    let (file_board, evaluation) = parse_weights(&text)?;
    if file_board != board {
        return Err(WeightsError::WrongBoard {
            file: file_board,
            played: board,
        });
    }
    Ok(evaluation)
}

/// The board and the evaluation a weights file's text gives.
pub fn parse_weights(text: &str) -> Result<(Shape, Evaluation), WeightsError> {
    let file: WeightsFile = serde_json::from_str(text)
        .map_err(|error| WeightsError::Malformed(whole::json_error(&error)))?;
    let mut weights = Vec::new();
    for (name, weight) in file.weights {
        let feature: Feature = name
            .parse()
            .map_err(|_| WeightsError::UnknownFeature(name.clone()))?;
        if weight.abs() > MAX_WEIGHT {
            return Err(WeightsError::TooHeavy { feature, weight });
        }
        if weight != 0 && !feature.applies_to(file.board) {
            return Err(WeightsError::NotOnBoard {
                feature,
                board: file.board,
            });
        }
        weights.push((feature, weight));
    }
    Ok((file.board, Evaluation::from_weights(weights)))
}

/// The weights file of `evaluation` for `board`: every feature that counts
/// on the board, with its weight, so a person sees what there is to edit.
pub fn weights_text(evaluation: &Evaluation, board: Shape) -> String {
    let file = WeightsFile {
        board,
        weights: evaluation
            .weights()
            .filter(|(feature, _)| feature.applies_to(board))
            .map(|(feature, weight)| (feature.name().to_owned(), weight))
            .collect(),
    };
    serde_json::to_string_pretty(&file).expect("plain data") + "\n"
}

/// Writes `evaluation`'s weights for `board` to `path`, whole or not at all.
pub fn write_weights(path: &Path, evaluation: &Evaluation, board: Shape) -> std::io::Result<()> {
    whole::write_whole(path, weights_text(evaluation, board).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::evaluation::NamedEvaluation;

    #[test]
    fn weights_read_back_as_written() {
        for named in NamedEvaluation::ALL {
            let evaluation = named.evaluation();
            let text = weights_text(&evaluation, Shape::CONNECT_FOUR);
            let (board, read) = parse_weights(&text).unwrap();
            assert_eq!(board, Shape::CONNECT_FOUR);
            // Open lines of four or five stones are wins on this board.
            let counted = |evaluation: &Evaluation| -> Vec<(Feature, i32)> {
                evaluation
                    .weights()
                    .filter(|(feature, _)| feature.applies_to(board))
                    .collect()
            };
            assert_eq!(counted(&read), counted(&evaluation), "{text}");
        }
    }

    #[test]
    fn bad_weights_are_refused_with_their_reason() {
        let board = r#""board": {"width": 7, "height": 6, "in_a_row": 4, "gravity": true}"#;
        let refused = |weights: &str| {
            parse_weights(&format!("{{{board}, \"weights\": {{{weights}}}}}"))
                .unwrap_err()
                .to_string()
        };
        assert!(refused(r#""open-7": 1"#).contains("no feature is named 'open-7'"));
        assert!(refused(r#""open-4": 1"#).contains("counts nothing"));
        assert!(refused(r#""centre": 20000"#).contains("beyond"));
        assert!(refused(r#""centre": "a lot""#).contains("line 1"));
        let tic_tac_toe = r#"{"board": 3, "weights": {"parity-threats": 2}}"#;
        assert!(matches!(
            parse_weights(tic_tac_toe),
            Err(WeightsError::NotOnBoard { .. })
        ));
    }
}
