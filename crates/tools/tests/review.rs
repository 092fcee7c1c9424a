//! Game review (`tictactoe_tools::review`): every grade of every move in
//! every reachable 3x3 position against a solution of the game worked out
//! here, every 3x3 game reviewed whole, the threat and fork detector
//! against a brute-force definition, the sentences, and estimates on 4x4.

use super::common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::geometry::bits;
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::score::win_score;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};
use tictactoe_engine::threats::{Fork, forks, winning_cells};
use tictactoe_tools::review::words::{
    graded_words, move_title, value_words, values_words, why_words,
};
use tictactoe_tools::review::{DEFAULT_TIME_LIMIT, Grade, Judge, Review, review_move};

/// A position's result under perfect play, worked out here without the
/// engine's scores: the winner (none for a draw) and how many stones the
/// board holds when the game ends. The side to move takes a win, the
/// fastest; else a draw; else the slowest loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Solved {
    winner: Option<Side>,
    end: u32,
}

impl Solved {
    /// How good it is for `side`, comparable: a win beats a draw beats a
    /// loss; a sooner win, a later loss is better.
    fn rank(self, side: Side) -> (i32, i32) {
        match self.winner {
            Some(winner) if winner == side => (2, -(self.end as i32)),
            Some(_) => (0, self.end as i32),
            None => (1, 0),
        }
    }
}

fn key(board: &Board) -> (u64, u64) {
    (board.stones(Side::Max), board.stones(Side::Min))
}

fn solve(board: &Board, memo: &mut HashMap<(u64, u64), Solved>) -> Solved {
    if let Some(&solved) = memo.get(&key(board)) {
        return solved;
    }
    let solved = match board.outcome() {
        Outcome::Won(winner, _) => Solved {
            winner: Some(winner),
            end: board.stone_count(),
        },
        Outcome::Draw => Solved {
            winner: None,
            end: board.stone_count(),
        },
        Outcome::Ongoing => {
            let side = board.side_to_move();
            board
                .legal_moves()
                .map(|cell| {
                    let mut child = *board;
                    child.play(cell).unwrap();
                    solve(&child, memo)
                })
                .max_by_key(|solved| solved.rank(side))
                .unwrap()
        }
    };
    memo.insert(key(board), solved);
    solved
}

/// The grade by its definition: a win turned into a loss is a blunder; a
/// win given up to a draw or a draw to a loss a mistake; a win kept but
/// later, or a loss that comes sooner, slower; anything else best.
fn expected_grade(mover: Side, could: Solved, did: Solved) -> Grade {
    let result = |solved: Solved| solved.rank(mover).0;
    match (result(could), result(did)) {
        (2, 0) => Grade::Blunder,
        (could_result, did_result) if did_result < could_result => Grade::Mistake,
        (2, 2) if did.end > could.end => Grade::Slower,
        (0, 0) if did.end < could.end => Grade::Slower,
        _ => Grade::Best,
    }
}

/// Every open reachable position's every legal move, with its grade by
/// definition, keyed by the position's stones and the cell.
fn grades_by_definition() -> HashMap<((u64, u64), usize), Grade> {
    let mut memo = HashMap::new();
    let mut grades = HashMap::new();
    for board in common::open_positions() {
        let could = solve(&board, &mut memo);
        for cell in board.legal_moves() {
            let mut after = board;
            after.play(cell).unwrap();
            let did = solve(&after, &mut memo);
            grades.insert(
                (key(&board), cell),
                expected_grade(board.side_to_move(), could, did),
            );
        }
    }
    grades
}

fn judge() -> Judge {
    Judge::new(DEFAULT_TIME_LIMIT, CancelFlag::new())
}

#[test]
fn every_move_of_every_position_is_graded_by_the_definition() {
    let grades = grades_by_definition();
    let mut judge = judge();
    let mut memo = HashMap::new();
    let mut counts: HashMap<Grade, usize> = HashMap::new();
    let table = PerfectTable::global();
    for board in common::reachable_positions() {
        // The table the judge reads holds the solution worked out here.
        let solved = solve(&board, &mut memo);
        let score = solved
            .winner
            .map_or(0, |winner| win_score(winner, solved.end));
        assert_eq!(table.value(&board), Some(score), "{board}");
        if board.outcome() != Outcome::Ongoing {
            continue;
        }
        for cell in board.legal_moves() {
            let review = review_move(&mut judge, 0, &board, cell)
                .unwrap()
                .expect("not cancelled");
            let expected = grades[&(key(&board), cell)];
            assert_eq!(review.grade, expected, "{board}, cell {}", cell + 1);
            assert!(review.exact(), "3x3 is exact");
            *counts.entry(expected).or_default() += 1;
        }
    }
    for grade in Grade::ALL {
        assert!(counts.get(&grade).copied().unwrap_or(0) > 0, "{grade:?}");
    }
}

#[test]
fn every_game_is_reviewed_move_by_move_as_its_positions_are_graded() {
    let grades = grades_by_definition();
    let table = PerfectTable::global();
    let mut judge = judge();
    let mut games = 0u32;
    let started = Instant::now();
    let mut moves = Vec::new();
    let mut stack = vec![(Board::new(Shape::TIC_TAC_TOE), 0usize)];
    // Depth first over every game, `moves` the line to the top position.
    while let Some((board, next)) = stack.pop() {
        moves.truncate(board.stone_count() as usize);
        if board.outcome() != Outcome::Ongoing {
            games += 1;
            check_game(&moves, &grades, table, &mut judge);
            continue;
        }
        let Some(cell) = bits(board.empty()).find(|&cell| cell >= next) else {
            continue;
        };
        stack.push((board, cell + 1));
        let mut child = board;
        child.play(cell).unwrap();
        moves.push(cell);
        stack.push((child, 0));
    }
    assert_eq!(games, 255_168);
    eprintln!("255,168 games reviewed in {:?}", started.elapsed());
}

fn check_game(
    moves: &[usize],
    grades: &HashMap<((u64, u64), usize), Grade>,
    table: &PerfectTable,
    judge: &mut Judge,
) {
    let start = Board::new(Shape::TIC_TAC_TOE);
    let review = Review::of_game(&start, moves, judge).unwrap();
    assert_eq!(review.moves.len(), moves.len());
    assert_eq!(review.values.len(), moves.len() + 1);
    let mut board = start;
    let mut best = [0u32; 2];
    let mut played = [0u32; 2];
    for (ply, (reviewed, &cell)) in review.moves.iter().zip(moves).enumerate() {
        assert_eq!(table.value(&board), Some(review.values[ply].score));
        let expected = grades[&(key(&board), cell)];
        assert_eq!(reviewed.grade, expected, "{moves:?}, move {}", ply + 1);
        assert_eq!((reviewed.ply, reviewed.cell), (ply, cell));
        assert_eq!(reviewed.side, board.side_to_move());
        let side = board.side_to_move().index();
        played[side] += 1;
        best[side] += u32::from(expected == Grade::Best);
        board.play(cell).unwrap();
    }
    assert_eq!(table.value(&board), Some(review.values[moves.len()].score));
    for side in [Side::Max, Side::Min] {
        let accuracy = review.accuracy(side);
        assert_eq!(
            (accuracy.best, accuracy.moves),
            (best[side.index()], played[side.index()]),
            "{moves:?}"
        );
    }
    // X moves first: as many moves as O, or one more.
    assert_eq!(played[0], (moves.len() as u32).div_ceil(2));
}

/// The empty cells where `side`'s stone completes a line through it.
fn brute_winning_cells(board: &Board, side: Side) -> u64 {
    board
        .legal_moves()
        .filter(|&cell| {
            let mut after = *board;
            after.toggle(cell, side);
            after.winning_lines(side) & (1 << cell) != 0
        })
        .fold(0, |cells, cell| cells | 1 << cell)
}

/// The moves after which `side` has two or more such cells, not winning.
fn brute_forks(board: &Board, side: Side) -> Vec<Fork> {
    board
        .legal_moves()
        .filter_map(|cell| {
            let mut after = *board;
            after.toggle(cell, side);
            let threats = brute_winning_cells(&after, side);
            let wins = after.winning_lines(side) & (1 << cell) != 0;
            (!wins && threats.count_ones() >= 2).then_some(Fork { cell, threats })
        })
        .collect()
}

#[test]
fn threats_and_forks_are_what_placing_stones_finds() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(27);
    let mut boards = common::reachable_positions();
    for size in [Shape::FOUR_BY_FOUR, Shape::FIVE_BY_FIVE] {
        for moves in 0..400 {
            boards.push(common::random_open_position(size, moves % 16, &mut rng));
        }
    }
    let mut found = [0usize; 2];
    for board in &boards {
        for side in [Side::Max, Side::Min] {
            let cells = brute_winning_cells(board, side);
            assert_eq!(winning_cells(board, side), cells, "{board} {side:?}");
            let expected = brute_forks(board, side);
            assert_eq!(
                forks(board, side).collect::<Vec<_>>(),
                expected,
                "{board} {side:?}"
            );
            found[0] += usize::from(cells != 0);
            found[1] += usize::from(!expected.is_empty());
        }
    }
    assert!(found[0] > 1000 && found[1] > 1000, "{found:?}");
}

/// The review of the 3x3 game of `moves` (cells from 1).
fn reviewed(moves: &[usize]) -> Review {
    let cells: Vec<usize> = moves.iter().map(|cell| cell - 1).collect();
    Review::of_game(&Board::new(Shape::TIC_TAC_TOE), &cells, &mut judge()).unwrap()
}

/// The grade and sentence of move `number` (from 1) of the game.
fn sentence(moves: &[usize], number: usize) -> (Grade, String) {
    let review = reviewed(moves);
    let reviewed = &review.moves[number - 1];
    (reviewed.grade, why_words(reviewed))
}

#[test]
fn each_fact_gives_its_sentence() {
    // X 9 blocks O's 1-5-9 and threatens 3 (3-6-9) and 7 (7-8-9).
    assert_eq!(
        sentence(&[8, 5, 6, 1, 9], 5),
        (
            Grade::Best,
            "X now threatens 3 and 7 at once: O can block only one.".to_owned()
        )
    );
    // O holds 1 and 3; X's 7 leaves 2 open.
    assert_eq!(
        sentence(&[5, 1, 9, 3, 7], 5),
        (
            Grade::Mistake,
            "O threatens to win on 2, and this move does not block it. Better: 2.".to_owned()
        )
    );
    // O holds 7 and 9 with 8 free, and plays 6.
    assert_eq!(
        sentence(&[5, 2, 1, 9, 3, 7, 4, 6], 8),
        (
            Grade::Mistake,
            "O could have won at once on 8. Better: 8.".to_owned()
        )
    );
    // O's corner 3 threatens 7; X's forced block there forks 4 and 8.
    assert_eq!(
        sentence(&[1, 5, 9, 3], 4),
        (
            Grade::Mistake,
            "X can now play 7 and threaten 4 and 8 at once: O can block only one. \
             Better: 2, 4, 6 or 8."
                .to_owned()
        )
    );
    // X wins at once on 7, or later after 5.
    assert_eq!(
        sentence(&[1, 2, 4, 3, 5], 5),
        (
            Grade::Slower,
            "X could have won at once on 7; this move still wins, only later. Better: 7."
                .to_owned()
        )
    );
    // O cannot hold, and leaving 3 open loses at once.
    assert_eq!(
        sentence(&[1, 4, 2, 5], 4),
        (
            Grade::Slower,
            "O cannot stop X from winning, but this move loses sooner: in 2 moves instead of \
             4 moves. Better: 3."
                .to_owned()
        )
    );
    // O blocks one of X's two threats, which is the best it can do.
    assert_eq!(
        sentence(&[1, 5, 9, 3, 7, 4], 6),
        (
            Grade::Best,
            "X threatens 4 and 8: no move can block them all.".to_owned()
        )
    );
    assert_eq!(
        sentence(&[1, 4, 2, 5, 3], 5),
        (Grade::Best, "X completes a line and wins.".to_owned())
    );
    let won = reviewed(&[1, 4, 2, 5, 3]);
    assert_eq!(value_words(won.values[5], 5), "X has won");
    assert_eq!(value_words(won.values[4], 4), "X wins in 1 move");
}

#[test]
fn a_big_board_marks_estimates_and_keeps_what_it_proves() {
    // 4x4: O's 10 leaves X's 1-5-9-13 open; X's 11 misses it, and O's
    // 2-6-10-14 is then open.
    let moves: Vec<usize> = (0..11).collect();
    let start = Board::new(Shape::FOUR_BY_FOUR);
    let mut hurried = Judge::new(Duration::from_nanos(1), CancelFlag::new());
    let review = Review::of_game(&start, &moves, &mut hurried).unwrap();
    assert!(!review.exact());
    assert!(
        !review.values[0].exact,
        "the empty 4x4 board in a nanosecond"
    );
    let last = review.values[11];
    assert!(last.exact, "one move from O's win is seen at one ply");
    assert_eq!(last.score, win_score(Side::Min, 12));
    for reviewed in &review.moves {
        assert_eq!(
            graded_words(reviewed).ends_with("(estimated)"),
            !reviewed.exact(),
            "move {}",
            reviewed.ply + 1
        );
    }
    assert_eq!(
        why_words(&review.moves[0]),
        format!(
            "As far as the search can tell: {}.",
            value_words(review.values[1], 1)
        )
    );
    assert!(
        value_words(review.values[0], 0).ends_with(" (estimate, 0)")
            || value_words(review.values[0], 0).starts_with("X better (estimate, +"),
        "{}",
        value_words(review.values[0], 0)
    );
    assert_eq!(review.moves[10].grade, Grade::Blunder);
    assert!(review.moves[10].exact());

    let review = Review::of_game(&start, &moves, &mut judge()).unwrap();
    assert!(review.exact(), "alphabeta-tt proves a 4x4 game in time");
    assert_eq!(review.values[0].score, 0, "the empty 4x4 board is a draw");
    assert_eq!(review.moves[9].grade, Grade::Mistake);
    assert_eq!(
        why_words(&review.moves[9]),
        "X threatens to win on 13, and this move does not block it. Better: 13."
    );
}

#[test]
fn connect_four_moves_are_named_by_their_columns() {
    // X 4, O 3, X 5, O 5, X 6 threatens column 7; O plays column 1.
    let board = Board::new(Shape::CONNECT_FOUR);
    let cells: Vec<usize> = [4, 3, 5, 5, 6, 1]
        .iter()
        .scan(board, |board, &column| {
            let cell = board.drop_cell(column - 1).ok()?;
            board.play(cell).ok()?;
            Some(cell)
        })
        .collect();
    let mut judge = Judge::new(Duration::from_millis(200), CancelFlag::new());
    let review = Review::of_game(&board, &cells, &mut judge).unwrap();
    let missed = &review.moves[5];
    assert_eq!(move_title(missed), "Move 6: O on column 1");
    let why = why_words(missed);
    assert!(
        why.starts_with(
            "X threatens to win on column 7, and this move does not block it. Better: column 7"
        ),
        "{why}"
    );
    assert!(
        values_words(&review).contains("After move 1 (X on column 4): "),
        "{}",
        values_words(&review)
    );
}

#[test]
fn connect_four_is_judged_by_the_solver_every_best_column_marked() {
    // 16 stones in: the solver proves each column within the time limit.
    let board = Board::from_columns(Shape::CONNECT_FOUR, "4444445555553333").unwrap();
    let mut judge = Judge::new(Duration::from_millis(400), CancelFlag::new());
    let judged = judge.judge(&board).unwrap();
    let side = board.side_to_move();
    let mut solver = Solver::with_table_bytes(16 << 20);
    let values: Vec<(usize, i32)> = board
        .legal_moves()
        .map(|cell| {
            let mut after = board;
            after.play(cell).unwrap();
            let solved = solver.solve(&after, Strength::Strong, &CancelFlag::new());
            (cell, solved.unwrap().score().unwrap())
        })
        .collect();
    let best = values
        .iter()
        .map(|&(_, score)| side.sign() * score)
        .max()
        .unwrap();
    let best_cells = values
        .iter()
        .filter(|&&(_, score)| side.sign() * score == best)
        .fold(0, |cells, &(cell, _)| cells | 1 << cell);
    assert!(judged.value.exact);
    assert_eq!(judged.value.score, side.sign() * best);
    assert_eq!(judged.best, best_cells, "the columns' values: {values:?}");
}

/// On 7x4 with gravity the opening book judges the first plies exactly at
/// once, where neither the solver nor alphabeta-tt proves anything in a
/// millisecond.
#[test]
fn the_opening_book_judges_the_first_plies_of_7x4_at_once() {
    let shape = Shape::new(7, 4, 4, true).unwrap();
    let mut hurried = Judge::new(Duration::from_millis(1), CancelFlag::new());
    // X drops into column 4, O into column 1.
    let start = Board::new(shape);
    let moves = [start.drop_cell(3).unwrap(), start.drop_cell(0).unwrap()];
    let review = Review::of_game(&start, &moves, &mut hurried).unwrap();
    assert!(review.values.iter().all(|value| value.exact));
    // The empty board is a draw; only the centre column keeps it.
    assert_eq!(review.values[0].score, 0);
}
