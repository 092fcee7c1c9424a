use std::time::Instant;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::board::{Board, Side};
use crate::engine::search::game_over;
use crate::engine::{CancelFlag, Player, PlayerKind, SearchReport};
use crate::i18n::translatable;

/// The rules, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    Win,
    Block,
    Centre,
    OppositeCorner,
    Corner,
    Random,
}

impl Rule {
    pub const ALL: [Rule; 6] = [
        Rule::Win,
        Rule::Block,
        Rule::Centre,
        Rule::OppositeCorner,
        Rule::Corner,
        Rule::Random,
    ];

    /// The rule whose `describe` reads `description`: a report keeps only
    /// the words, which its JSON shows.
    pub fn described_as(description: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|rule| rule.describe() == description)
    }

    /// One word, short enough for a cell of the 5x5 board.
    pub fn short_name(self) -> &'static str {
        match self {
            Rule::Win => translatable("win"),
            Rule::Block => translatable("block"),
            Rule::Centre => translatable("centre"),
            Rule::OppositeCorner => translatable("opposite"),
            Rule::Corner => translatable("corner"),
            Rule::Random => translatable("any"),
        }
    }

    /// The rule in words, as reports keep it (in English: the JSON shows
    /// it); `gettext` it for people.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::Win => translatable("win: complete a line"),
            Rule::Block => translatable("block: stop the opponent's line"),
            Rule::Centre => translatable("take the centre"),
            Rule::OppositeCorner => translatable("take the corner opposite the opponent's corner"),
            Rule::Corner => translatable("take a corner"),
            Rule::Random => translatable("random free cell"),
        }
    }
}

/// The rule player: win if you can, block the opponent's win, take the
/// centre, take the corner opposite an opponent's corner, take any corner,
/// else play at random. Random choices among equal cells are seeded.
pub struct RulesPlayer {
    rng: ChaCha8Rng,
}

impl RulesPlayer {
    pub fn new(seed: u64) -> RulesPlayer {
        RulesPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The first rule that applies and the cells it allows.
    pub fn applicable_rule(board: &Board) -> (Rule, Vec<usize>) {
        let side = board.side_to_move();
        let free = |cell: &usize| board.cell(*cell).is_none();
        let completing = |who: Side| -> Vec<usize> {
            board
                .legal_moves()
                .filter(|&cell| completes(board, cell, who))
                .collect()
        };
        let geometry = board.geometry();
        let candidates = [
            (Rule::Win, completing(side)),
            (Rule::Block, completing(side.opponent())),
            (
                Rule::Centre,
                geometry.centre_cells().into_iter().filter(free).collect(),
            ),
            (
                Rule::OppositeCorner,
                geometry
                    .corners()
                    .into_iter()
                    .filter(|&corner| board.cell(corner) == Some(side.opponent()))
                    .map(|corner| geometry.opposite_corner(corner))
                    .filter(free)
                    .collect(),
            ),
            (
                Rule::Corner,
                geometry.corners().into_iter().filter(free).collect(),
            ),
        ];
        candidates
            .into_iter()
            .find(|(_, cells)| !cells.is_empty())
            .unwrap_or_else(|| (Rule::Random, board.legal_moves().collect()))
    }
}

/// True if `who` playing the empty `cell` completes a line.
fn completes(board: &Board, cell: usize, who: Side) -> bool {
    let mut board = *board;
    board.toggle(cell, who);
    board.completes_line(cell, who)
}

impl Player for RulesPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Rules
    }

    fn choose_move(&mut self, board: &Board, _cancel: &CancelFlag) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(self.kind(), board);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let (rule, cells) = RulesPlayer::applicable_rule(board);
        report.best = cells.choose(&mut self.rng).copied();
        report.rule = Some(rule.describe());
        report.choices = cells;
        report.finish(started);
        report
    }
}
