//! The exam against the solver: moves judged, the tally, the sample that
//! ships (its lines and their values, checked against the solver), and
//! the neural player's mistake rates on it.

use std::io::BufRead;

use rayon::prelude::*;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural::NeuralPlayer;
use tictactoe_engine::player_kind::Difficulty;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_tools::exam::{
    SAMPLE_LINES, SampleLine, TEST_SETS, TestSet, Truth, Value, judge_move, sample, sample_line,
    with_values_after,
};
use tictactoe_tools::neural_training::sample_mistakes;
use tictactoe_tools::truth::read_test_line;

/// Makes `data/exam-sample` from the first `SAMPLE_LINES` lines of each of
/// the six sets, found in `$CONNECT_FOUR_SETS` (as `scripts/bench-exam`
/// finds them): `cargo test --release -p tictactoe-tools --test tools --
/// --ignored make_the_exam_sample`. Some ten minutes on two cores,
/// Begin-Hard's positions most of it.
#[test]
#[ignore = "makes the shipped sample from the full test sets"]
fn make_the_exam_sample() {
    let sets = std::env::var("CONNECT_FOUR_SETS").expect("CONNECT_FOUR_SETS: the sets' directory");
    let cancel = CancelFlag::new();
    let mut text = String::new();
    for set in TEST_SETS {
        let file = std::fs::File::open(format!("{sets}/{}", set.file)).expect("the set's file");
        let lines: Vec<String> = std::io::BufReader::new(file)
            .lines()
            .take(SAMPLE_LINES)
            .map(|line| line.expect("a line"))
            .collect();
        let judged: Vec<String> = lines
            .par_iter()
            .map_init(
                || Solver::with_table_bytes(DEFAULT_TABLE_BYTES),
                |solver, text| {
                    let line = read_test_line(Shape::CONNECT_FOUR, text)
                        .expect("a test line")
                        .expect("not blank");
                    sample_line(&with_values_after(solver, line, &cancel).expect("solved"))
                },
            )
            .collect();
        text += &format!("# {}\n", set.file);
        for line in judged {
            text += &line;
            text.push('\n');
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/exam-sample");
    std::fs::write(path, text).expect("the sample written");
}

#[test]
fn the_sample_holds_each_sets_first_lines_with_the_solvers_values() {
    let sample = sample();
    assert_eq!(sample.len(), 6);
    for ((set, lines), expected) in sample.iter().zip(TEST_SETS) {
        assert_eq!(*set, expected);
        assert_eq!(lines.len(), SAMPLE_LINES, "{}", set.name);
    }
    // End-Easy's and Middle-Easy's positions solve in microseconds: their
    // values after each move are the solver's.
    let cancel = CancelFlag::new();
    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES);
    for (_, lines) in &sample[1..3] {
        for line in lines.iter().take(10) {
            let solved = with_values_after(&mut solver, line.line.clone(), &cancel).unwrap();
            assert_eq!(solved.after, line.after, "{}", line.line.moves);
        }
    }
}

/// The first `count` lines of each set of the sample.
fn small_sample(count: usize) -> Vec<(TestSet, Vec<SampleLine>)> {
    sample()
        .into_iter()
        .map(|(set, lines)| (set, lines.into_iter().take(count).collect()))
        .collect()
}

#[test]
fn an_untrained_networks_rates_are_shares_the_same_on_one_and_two_threads() {
    let network = Network::new(Shape::CONNECT_FOUR, 7);
    let sample = small_sample(4);
    let cancel = CancelFlag::new();
    let on_threads = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| sample_mistakes(&network, 0, &sample, &cancel))
            .expect("not cancelled")
    };
    let one = on_threads(1);
    assert_eq!(one, on_threads(2));
    for (rates, set) in one.iter().zip(TEST_SETS) {
        assert_eq!(rates.set, set.name);
        for rate in [rates.bare, rates.searched] {
            // Four positions: a rate is a multiple of a quarter.
            assert!((0.0..=1.0).contains(&rate), "{rates:?}");
            assert_eq!((rate * 4.0).fract(), 0.0, "{rates:?}");
        }
    }
    // An untrained network throws values away somewhere.
    assert!(one.iter().any(|rates| rates.bare > 0.0), "{one:?}");
}

#[test]
fn a_cancelled_exam_gives_no_rates() {
    let network = Network::new(Shape::CONNECT_FOUR, 7);
    let cancel = CancelFlag::new();
    cancel.cancel();
    assert_eq!(
        sample_mistakes(&network, 0, &small_sample(2), &cancel),
        None
    );
}

#[test]
fn a_move_is_judged_by_the_lines_score_and_the_value_after_it() {
    // The line's score (1: a win for the side to move) is the value
    // before the move; the value after it is the one known for the
    // column played.
    let line = read_test_line(Shape::CONNECT_FOUR, "444 1")
        .unwrap()
        .unwrap();
    let mut after = vec![Some(Value::Draw); 7];
    let network = Network::new(Shape::CONNECT_FOUR, 7);
    let mut player = NeuralPlayer::new(network, Difficulty::Easy, 0);
    let cancel = CancelFlag::new();
    let judged = judge_move(&mut player, &line, Truth::Known(&after), &cancel).unwrap();
    assert_eq!(judged.before, Value::Win);
    assert_eq!(judged.after, Value::Draw);
    assert!(judged.is_mistake());
    after[judged.column - 1] = Some(Value::Win);
    let judged = judge_move(&mut player, &line, Truth::Known(&after), &cancel).unwrap();
    assert!(!judged.is_mistake());
}
