//! The static evaluation as features times weights: what a position at the
//! search horizon is worth, in one place for every shape, k and gravity.
//!
//! Each `Feature` is counted for both sides; an `Evaluation` holds a weight
//! per feature, and a position's value for a side is the sum over the
//! features of (the side's count - the opponent's count) x weight, clamped
//! to +-`EVAL_LIMIT` so it never looks like a win.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Side};
use crate::geometry::{Geometry, Shape, bits};
use crate::score::EVAL_LIMIT;

/// The most stones an open line can hold before it is a win: k - 1 for the
/// longest line the shapes allow (k = 6).
pub const MAX_OPEN_STONES: usize = 5;

/// A property of a position counted for each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feature {
    /// Winning lines that only this side has stones in, holding exactly
    /// this many of them (1 to k - 1).
    OpenLines(u8),
    /// The side's stones on the centre: with gravity the centre column (the
    /// two middle ones on an even width), else the centre cell (the two or
    /// four middle cells where a side is even; `Geometry::centre_cells`).
    Centre,
    /// Empty cells where the side's stone would complete a line, reachable
    /// now or not.
    Threats,
    /// With gravity: the side's threats on the rows that win the zugzwang
    /// at the end for it, counted from the bottom (row 1): odd rows for X,
    /// who moves first, even rows for O. When the board fills up column by
    /// column, X gets the odd rows and O the even ones, so a threat on its
    /// own parity is one the opponent will have to let it play (Allis 1988,
    /// "A knowledge-based approach of Connect-Four", the rules of
    /// zugzwang). Always 0 without gravity.
    ParityThreats,
}

/// How many features there are: the length of a weight vector.
pub const FEATURE_COUNT: usize = MAX_OPEN_STONES + 3;

impl Feature {
    /// Every feature, in the order weights are listed.
    pub const ALL: [Feature; FEATURE_COUNT] = [
        Feature::OpenLines(1),
        Feature::OpenLines(2),
        Feature::OpenLines(3),
        Feature::OpenLines(4),
        Feature::OpenLines(5),
        Feature::Centre,
        Feature::Threats,
        Feature::ParityThreats,
    ];

    /// The feature's place in `ALL` and in a weight vector.
    pub fn index(self) -> usize {
        match self {
            Feature::OpenLines(stones) => usize::from(stones) - 1,
            Feature::Centre => MAX_OPEN_STONES,
            Feature::Threats => MAX_OPEN_STONES + 1,
            Feature::ParityThreats => MAX_OPEN_STONES + 2,
        }
    }

    /// Stable name, used on the command line and in weights files.
    pub fn name(self) -> &'static str {
        match self {
            Feature::OpenLines(1) => "open-1",
            Feature::OpenLines(2) => "open-2",
            Feature::OpenLines(3) => "open-3",
            Feature::OpenLines(4) => "open-4",
            Feature::OpenLines(_) => "open-5",
            Feature::Centre => "centre",
            Feature::Threats => "threats",
            Feature::ParityThreats => "parity-threats",
        }
    }

    /// Whether the feature can count anything on `shape`: open lines of
    /// fewer stones than k, parity threats with gravity only.
    pub fn applies_to(self, shape: Shape) -> bool {
        match self {
            Feature::OpenLines(stones) => usize::from(stones) < shape.in_a_row(),
            Feature::ParityThreats => shape.gravity(),
            Feature::Centre | Feature::Threats => true,
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name no feature has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFeature(pub String);

impl FromStr for Feature {
    type Err = UnknownFeature;

    fn from_str(name: &str) -> Result<Feature, UnknownFeature> {
        Feature::ALL
            .into_iter()
            .find(|feature| feature.name() == name)
            .ok_or_else(|| UnknownFeature(name.to_owned()))
    }
}

/// Each feature's count for the two sides, indexed by `Side::index` and
/// `Feature::index`.
pub type FeatureCounts = [[i32; FEATURE_COUNT]; 2];

/// A weight for every feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Evaluation {
    weights: [i32; FEATURE_COUNT],
}

impl Evaluation {
    /// `chosen`, or where none was chosen the board's own
    /// (`NamedEvaluation::default_for`).
    pub fn chosen_or_default(chosen: Option<Evaluation>, shape: Shape) -> Evaluation {
        chosen.unwrap_or_else(|| NamedEvaluation::default_for(shape).evaluation())
    }

    /// The evaluation with these weights; features not named weigh 0.
    pub fn from_weights(weights: impl IntoIterator<Item = (Feature, i32)>) -> Evaluation {
        let mut vector = [0; FEATURE_COUNT];
        for (feature, weight) in weights {
            vector[feature.index()] = weight;
        }
        Evaluation { weights: vector }
    }

    /// True when a feature other than the open lines has a weight: then
    /// the stones are read, not only the lines' counts.
    fn beyond_lines(&self) -> bool {
        self.weights[MAX_OPEN_STONES..]
            .iter()
            .any(|&weight| weight != 0)
    }

    /// The weight of `feature`.
    pub fn weight(&self, feature: Feature) -> i32 {
        self.weights[feature.index()]
    }

    /// Every feature with its weight, in `Feature::ALL`'s order.
    pub fn weights(&self) -> impl Iterator<Item = (Feature, i32)> + '_ {
        Feature::ALL
            .into_iter()
            .map(|feature| (feature, self.weight(feature)))
    }

    /// The value of the position of `mine` against `theirs` for the side
    /// `mine` belongs to (`side`), clamped to +-`EVAL_LIMIT`, from the
    /// features' counts: what `Scorer` computes faster.
    pub fn value(&self, geometry: &Geometry, mine: u64, theirs: u64, side: Side) -> i32 {
        self.total(&counts(geometry, mine, theirs, side))
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// `value` of `board` for `side`.
    pub fn value_of(&self, board: &Board, side: Side) -> i32 {
        self.value(
            board.geometry(),
            board.stones(side),
            board.stones(side.opponent()),
            side,
        )
    }

    /// The unclamped sum of (the side's count - the opponent's) x weight.
    fn total(&self, counts: &FeatureCounts) -> i32 {
        Feature::ALL
            .into_iter()
            .map(|feature| self.term(feature, counts).contribution)
            .sum()
    }

    fn term(&self, feature: Feature, counts: &FeatureCounts) -> Term {
        let (mine, theirs) = (counts[0][feature.index()], counts[1][feature.index()]);
        let weight = self.weight(feature);
        Term {
            feature,
            mine,
            theirs,
            weight,
            contribution: (mine - theirs) * weight,
        }
    }

    /// How the value of `board` for `side` comes about: each feature that
    /// applies to the board with both sides' counts, its weight and its
    /// contribution. The contributions add up to `total`; `value` is the
    /// total clamped, the same as `value_of`.
    pub fn breakdown(&self, board: &Board, side: Side) -> Breakdown {
        let geometry = board.geometry();
        let counts = counts(
            geometry,
            board.stones(side),
            board.stones(side.opponent()),
            side,
        );
        let terms: Vec<Term> = Feature::ALL
            .into_iter()
            .filter(|feature| feature.applies_to(board.shape()))
            .map(|feature| self.term(feature, &counts))
            .collect();
        let total = terms.iter().map(|term| term.contribution).sum();
        Breakdown {
            side,
            terms,
            total,
            value: i32::clamp(total, -EVAL_LIMIT, EVAL_LIMIT),
        }
    }
}

/// An evaluation made ready for the searches, which read it at every
/// horizon: the open lines' part from a table (index `own << 3 | other`,
/// the side's and the opponent's stones on a line), the rest from the
/// features' counts only when a feature beyond the open lines has a
/// weight. Built once per search (the table is too big to copy with every
/// player's options). Its values are `Evaluation::value`'s.
#[derive(Debug, Clone, Copy)]
pub struct Scorer {
    evaluation: Evaluation,
    line_values: [i32; 64],
    beyond_lines: bool,
    /// The open lines weigh the squares of their stones (`lines`, the
    /// default): `value` computes them, a loop the compiler vectorises,
    /// where a table lookup per line takes twice the instructions.
    squares: bool,
}

impl Scorer {
    pub fn of(evaluation: Evaluation) -> Scorer {
        let open = |stones: usize| {
            if stones == 0 || stones > MAX_OPEN_STONES {
                0
            } else {
                evaluation.weights[stones - 1]
            }
        };
        let mut line_values = [0; 64];
        for own in 0..8 {
            for other in 0..8 {
                line_values[own << 3 | other] = match (own, other) {
                    (own, 0) => open(own),
                    (0, other) => -open(other),
                    _ => 0,
                };
            }
        }
        let squares = (1..=MAX_OPEN_STONES).all(|stones| open(stones) == (stones * stones) as i32);
        Scorer {
            evaluation,
            line_values,
            beyond_lines: evaluation.beyond_lines(),
            squares,
        }
    }

    /// `Evaluation::value` for the side that just moved, whose stones are
    /// `mine` (its side is read off the stone counts only when a feature
    /// needs it). Kept out of line so the searches that call it at their
    /// horizon stay small.
    #[inline(never)]
    pub fn value_after_move(&self, geometry: &Geometry, mine: u64, theirs: u64) -> i32 {
        if self.beyond_lines {
            let side = side_that_moved(mine, theirs);
            return self.evaluation.value(geometry, mine, theirs, side);
        }
        let mut score = 0;
        if self.squares {
            for &line in &geometry.lines {
                let (own, other) = (
                    (mine & line).count_ones() as i32,
                    (theirs & line).count_ones() as i32,
                );
                if other == 0 {
                    score += own * own;
                } else if own == 0 {
                    score -= other * other;
                }
            }
            return score.clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        for &line in &geometry.lines {
            let own = (mine & line).count_ones() as usize;
            let other = (theirs & line).count_ones() as usize;
            score += self.line_values[(own & 7) << 3 | (other & 7)];
        }
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// `Evaluation::value_of`.
    pub fn value_of(&self, board: &Board, side: Side) -> i32 {
        let (mine, theirs) = (board.stones(side), board.stones(side.opponent()));
        if self.beyond_lines {
            self.evaluation.value(board.geometry(), mine, theirs, side)
        } else {
            self.value_after_move(board.geometry(), mine, theirs)
        }
    }

    /// `value` from the stones on each line (`own` and `other` for each),
    /// for the searches that keep them in step (`LineCounts`); `mine` and
    /// `theirs` are read only for the features beyond the open lines.
    #[inline]
    pub(crate) fn value_from_counts(
        &self,
        line_counts: impl Iterator<Item = (u8, u8)>,
        geometry: &Geometry,
        mine: u64,
        theirs: u64,
        side: Side,
    ) -> i32 {
        if self.beyond_lines {
            return self.evaluation.value(geometry, mine, theirs, side);
        }
        let mut score = 0;
        for (own, other) in line_counts {
            score += self.line_values[(own as usize & 7) << 3 | (other as usize & 7)];
        }
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

/// One feature's part in a value: the counts of the side the value is for
/// (`mine`) and of its opponent, the weight, and (mine - theirs) x weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    pub feature: Feature,
    pub mine: i32,
    pub theirs: i32,
    pub weight: i32,
    pub contribution: i32,
}

/// A value taken apart: `Evaluation::breakdown`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    /// The side the value is for.
    pub side: Side,
    pub terms: Vec<Term>,
    /// The sum of the contributions.
    pub total: i32,
    /// The total clamped to +-`EVAL_LIMIT`: the value the searches use.
    pub value: i32,
}

/// Counts every feature for `mine` (of `side`, index 0) and `theirs`
/// (index 1).
pub fn counts(geometry: &Geometry, mine: u64, theirs: u64, side: Side) -> FeatureCounts {
    let k = geometry.shape.in_a_row() as u32;
    let mut counts = [[0; FEATURE_COUNT]; 2];
    let mut threats = [0u64; 2];
    for &line in &geometry.lines {
        let own = (mine & line).count_ones();
        let other = (theirs & line).count_ones();
        for (index, stones, missing) in [(0, own, line & !mine), (1, other, line & !theirs)] {
            let opposed = if index == 0 { other } else { own };
            if opposed != 0 || stones == 0 || stones >= k {
                continue;
            }
            counts[index][Feature::OpenLines(stones as u8).index()] += 1;
            if stones == k - 1 {
                threats[index] |= missing;
            }
        }
    }
    let centre = centre(geometry);
    let parity = [
        parity_rows(geometry, side),
        parity_rows(geometry, side.opponent()),
    ];
    for (index, stones) in [(0, mine), (1, theirs)] {
        counts[index][Feature::Centre.index()] = (stones & centre).count_ones() as i32;
        counts[index][Feature::Threats.index()] = threats[index].count_ones() as i32;
        counts[index][Feature::ParityThreats.index()] =
            (threats[index] & parity[index]).count_ones() as i32;
    }
    counts
}

/// The centre cells `Feature::Centre` counts.
pub fn centre(geometry: &Geometry) -> u64 {
    if geometry.shape.gravity() {
        let middle = if geometry.width % 2 == 1 {
            vec![geometry.width / 2]
        } else {
            vec![geometry.width / 2 - 1, geometry.width / 2]
        };
        bits(geometry.full)
            .filter(|cell| middle.contains(&(cell % geometry.width)))
            .fold(0, |mask, cell| mask | 1 << cell)
    } else {
        geometry
            .centre_cells()
            .into_iter()
            .fold(0, |mask, cell| mask | 1 << cell)
    }
}

/// The cells on the rows whose parity favours `side` (odd rows from the
/// bottom for X, even for O); none without gravity.
fn parity_rows(geometry: &Geometry, side: Side) -> u64 {
    if !geometry.shape.gravity() {
        return 0;
    }
    let wanted = match side {
        Side::Max => 1,
        Side::Min => 0,
    };
    // Row 0 is the top: the row from the bottom is `height - row`.
    bits(geometry.full)
        .filter(|cell| (geometry.height - cell / geometry.width) % 2 == wanted)
        .fold(0, |mask, cell| mask | 1 << cell)
}

/// The evaluations offered by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NamedEvaluation {
    /// Every open line counts the square of its stones: 1, 4, 9, ...
    Lines,
    /// The stones on the centre, nothing else: a crude one for contrast.
    Centre,
    /// `lines`, plus the threats and the threats on the side's rows.
    Threats,
}

impl NamedEvaluation {
    pub const ALL: [NamedEvaluation; 3] = [
        NamedEvaluation::Lines,
        NamedEvaluation::Centre,
        NamedEvaluation::Threats,
    ];

    /// The evaluation a search uses where none is chosen. With gravity,
    /// `threats`: at depth 5 it throws away fewer of the Connect Four test
    /// sets' values than `lines` (7.6 % against 9.9 % of Middle-Medium, 1.0
    /// % against 1.4 % of End-Easy; benches/RESULTS.md). Elsewhere `lines`,
    /// the evaluation every search used before evaluations had names.
    pub fn default_for(shape: Shape) -> NamedEvaluation {
        if shape.gravity() {
            NamedEvaluation::Threats
        } else {
            NamedEvaluation::Lines
        }
    }

    /// Stable name, used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            NamedEvaluation::Lines => "lines",
            NamedEvaluation::Centre => "centre",
            NamedEvaluation::Threats => "threats",
        }
    }

    /// The named evaluation with `evaluation`'s weights, if one has them
    /// (a weights file's usually do not).
    pub fn of(evaluation: Evaluation) -> Option<NamedEvaluation> {
        NamedEvaluation::ALL
            .into_iter()
            .find(|named| named.evaluation() == evaluation)
    }

    /// The weights.
    pub fn evaluation(self) -> Evaluation {
        let squares = (1..=MAX_OPEN_STONES as u8)
            .map(|stones| (Feature::OpenLines(stones), i32::from(stones * stones)));
        match self {
            NamedEvaluation::Lines => Evaluation::from_weights(squares),
            NamedEvaluation::Centre => Evaluation::from_weights([(Feature::Centre, 1)]),
            NamedEvaluation::Threats => Evaluation::from_weights(squares.chain([
                (Feature::Threats, THREAT_WEIGHT),
                (Feature::ParityThreats, PARITY_THREAT_WEIGHT),
            ])),
        }
    }
}

/// `threats`' weights of a threat and of a threat on the side's rows (see
/// docs/evaluation.md for how they were chosen).
const THREAT_WEIGHT: i32 = 8;
const PARITY_THREAT_WEIGHT: i32 = 8;

impl fmt::Display for NamedEvaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name no evaluation has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEvaluation(pub String);

impl FromStr for NamedEvaluation {
    type Err = UnknownEvaluation;

    fn from_str(name: &str) -> Result<NamedEvaluation, UnknownEvaluation> {
        NamedEvaluation::ALL
            .into_iter()
            .find(|named| named.name() == name)
            .ok_or_else(|| UnknownEvaluation(name.to_owned()))
    }
}

/// The side that made the last move, when `mine` did: X has one stone
/// more than O after its move, as many after O's.
#[inline]
pub fn side_that_moved(mine: u64, theirs: u64) -> Side {
    if mine.count_ones() > theirs.count_ones() {
        Side::Max
    } else {
        Side::Min
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(board: &Board, side: Side, feature: Feature) -> (i32, i32) {
        let term = NamedEvaluation::Lines
            .evaluation()
            .breakdown(board, side)
            .terms
            .into_iter()
            .find(|term| term.feature == feature)
            .expect("the feature applies");
        (term.mine, term.theirs)
    }

    #[test]
    fn connect_four_features_count_lines_centre_and_threats_by_row() {
        // X on the bottom row in columns 4, 5 and 6, O above 4 and 5:
        // X threatens columns 3 and 7 on row 1, an odd row, X's own.
        let board = Board::from_columns(Shape::CONNECT_FOUR, "44556").unwrap();
        assert_eq!(count(&board, Side::Max, Feature::OpenLines(3)), (2, 0));
        assert_eq!(count(&board, Side::Max, Feature::Threats), (2, 0));
        assert_eq!(count(&board, Side::Max, Feature::ParityThreats), (2, 0));
        assert_eq!(count(&board, Side::Max, Feature::Centre), (1, 1));
        // Three in a column each: the threats on row 4, an even row,
        // O's and not X's.
        let stacked = Board::from_columns(Shape::CONNECT_FOUR, "121212").unwrap();
        assert_eq!(count(&stacked, Side::Max, Feature::Threats), (1, 1));
        assert_eq!(count(&stacked, Side::Max, Feature::ParityThreats), (0, 1));
        assert_eq!(count(&stacked, Side::Min, Feature::ParityThreats), (1, 0));
    }

    #[test]
    fn parity_threats_are_counted_with_gravity_only() {
        let board: Board = "x.../o.../..../....".parse().unwrap();
        assert!(
            !NamedEvaluation::Lines
                .evaluation()
                .breakdown(&board, Side::Max)
                .terms
                .iter()
                .any(|term| term.feature == Feature::ParityThreats)
        );
    }

    #[test]
    fn lines_weighs_open_lines_by_the_square_of_their_stones() {
        let lines = NamedEvaluation::Lines.evaluation();
        let weights: Vec<(Feature, i32)> = lines.weights().filter(|&(_, w)| w != 0).collect();
        assert_eq!(
            weights,
            (1..=5u8)
                .map(|n| (Feature::OpenLines(n), i32::from(n * n)))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn boards_with_gravity_search_with_threats_unless_told_otherwise() {
        for (shape, named) in [
            (Shape::TIC_TAC_TOE, NamedEvaluation::Lines),
            (Shape::FIVE_BY_FIVE, NamedEvaluation::Lines),
            (Shape::CONNECT_FOUR, NamedEvaluation::Threats),
        ] {
            assert_eq!(NamedEvaluation::default_for(shape), named, "{shape:?}");
            assert_eq!(
                Evaluation::chosen_or_default(None, shape),
                named.evaluation()
            );
            let centre = NamedEvaluation::Centre.evaluation();
            assert_eq!(Evaluation::chosen_or_default(Some(centre), shape), centre);
        }
    }

    #[test]
    fn names_read_back() {
        for feature in Feature::ALL {
            assert_eq!(feature.name().parse(), Ok(feature));
        }
        for named in NamedEvaluation::ALL {
            assert_eq!(named.name().parse(), Ok(named));
        }
        assert!("squares".parse::<NamedEvaluation>().is_err());
    }
}
