//! The learning players: MENACE's boxes and the TD learner's table counted
//! against an enumeration of the game, their learning rules on hand-made
//! games, their state files, and what training reaches.

use super::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use common::reachable_positions;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::menace::Menace;
use tictactoe_engine::learners::menace::{BOXES_AS_O, BOXES_AS_X, MenaceMove};
use tictactoe_engine::learners::{Learner, LearnerState, ResultForSide, position};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::symmetry::SymmetricKeys;
use tictactoe_files::learner_state::{LearnerFile, StateError, set_aside};
use tictactoe_tools::play::lost_lines;
use tictactoe_tools::training::{Block, Opponent, Sides, Training, train};
use tictactoe_words::Words;
use tictactoe_words::report::{ReportWords, TextStyle};

/// The unfinished positions with `side` to move, counted up to symmetry
/// with the search's own symmetric keys (not the learners' codes).
fn positions_to_move(side: Side, stones: &[u32]) -> BTreeSet<u64> {
    reachable_positions()
        .into_iter()
        .filter(|board| board.outcome() == Outcome::Ongoing)
        .filter(|board| board.side_to_move() == side && stones.contains(&board.stone_count()))
        .map(|board| SymmetricKeys::of(&board).canonical().key)
        .collect()
}

fn training(opponent: Opponent, sides: Sides, games: u64, seed: u64) -> Training {
    Training {
        opponent,
        sides,
        games,
        block: (games / 20).max(1),
        seed,
        threads: 0,
        teacher: Default::default(),
    }
}

fn against(kind: PlayerKind) -> Opponent {
    Opponent::Player(kind, PlayerOptions::default())
}

fn trained(kind: PlayerKind, setup: &Training) -> (LearnerState, Vec<Block>) {
    let mut state = LearnerState::fresh(kind, Shape::TIC_TAC_TOE).unwrap();
    let mut curve = Vec::new();
    train(&mut state, setup, &CancelFlag::new(), |block| {
        curve.push(*block)
    })
    .unwrap();
    (state, curve)
}

fn menace(state: &LearnerState) -> &Menace {
    match &state.learner {
        Learner::Menace(menace) => menace,
        Learner::Td(_) | Learner::Neural(_) => panic!("not menace"),
    }
}

#[test]
fn menace_needs_michies_304_boxes_as_x_and_289_as_o() {
    // X's 1st to 4th moves: 0, 2, 4 and 6 stones; its 5th (8 stones) is
    // forced and has no box.
    let as_x = positions_to_move(Side::Max, &[0, 2, 4, 6]);
    assert_eq!(as_x.len(), BOXES_AS_X);
    assert_eq!(BOXES_AS_X, 304);
    let as_o = positions_to_move(Side::Min, &[1, 3, 5, 7]);
    assert_eq!(as_o.len(), BOXES_AS_O);
    // Every box training makes is one of those, and training both sides
    // against random replies makes nearly all (the rest lie off the lines
    // MENACE comes to prefer).
    let (state, _) = trained(
        PlayerKind::Menace,
        &training(against(PlayerKind::Random), Sides::Both, 40_000, 3),
    );
    let boxes: BTreeSet<u64> = menace(&state)
        .boxes()
        .keys()
        .map(|&code| SymmetricKeys::of(&position::board(code)).canonical().key)
        .collect();
    assert_eq!(
        boxes.len(),
        menace(&state).boxes().len(),
        "one box per position"
    );
    let all: BTreeSet<u64> = as_x.union(&as_o).copied().collect();
    assert!(boxes.is_subset(&all));
    assert!(boxes.len() >= 580, "{}", boxes.len());
}

#[test]
fn td_values_are_one_per_unfinished_position_up_to_symmetry() {
    let after_a_move = positions_to_move(Side::Max, &[2, 4, 6, 8])
        .union(&positions_to_move(Side::Min, &[1, 3, 5, 7]))
        .copied()
        .collect::<BTreeSet<u64>>();
    let (state, _) = trained(
        PlayerKind::Td,
        &training(Opponent::Itself, Sides::Both, 200_000, 1),
    );
    let Learner::Td(td) = &state.learner else {
        panic!("not td")
    };
    let learned: BTreeSet<u64> = td
        .values()
        .map(|(code, _)| SymmetricKeys::of(&position::board(code)).canonical().key)
        .collect();
    assert_eq!(learned.len(), td.values().count());
    assert!(learned.is_subset(&after_a_move));
    // Self-play with exploration reaches nearly all of them: the few
    // left take four or more unlikely moves in a row.
    assert_eq!(after_a_move.len(), 626);
    assert!(learned.len() >= 620, "{}", learned.len());
}

#[test]
fn beads_follow_michies_rules() {
    let mut menace = Menace::new(false);
    let empty = Board::new(Shape::TIC_TAC_TOE);
    // Corner (0), edge (1), centre (4): 4 beads each; the other cells are
    // the same moves up to symmetry and hold none.
    assert_eq!(
        Menace::starting_box(0),
        [4, 4, 0, 0, 4, 0, 0, 0, 0],
        "the empty board's box"
    );
    let corner = (0, 0);
    let centre_reply = position::canonical(&"x../.o./...".parse().unwrap()).code;
    // X's second move: 3 beads per distinct free cell.
    let second = Menace::starting_box(centre_reply);
    assert!(second.iter().all(|&n| n == 0 || n == 3));
    let played = [corner, (centre_reply, 8)];
    menace.learn(&played, ResultForSide::Win);
    assert_eq!(menace.boxes()[&0], [7, 4, 0, 0, 4, 0, 0, 0, 0]);
    assert_eq!(menace.boxes()[&centre_reply][8], second[8] + 3);
    menace.learn(&played, ResultForSide::Draw);
    assert_eq!(menace.boxes()[&0][0], 8);
    assert_eq!(menace.boxes()[&centre_reply][8], second[8] + 4);
    menace.learn(&played, ResultForSide::Loss);
    assert_eq!(menace.boxes()[&0][0], 7);
    assert_eq!(menace.box_view(&empty).total(), 15);
    assert_eq!(menace.first_box_beads(), 15);
    // A bead is never taken below none.
    for _ in 0..10 {
        menace.learn(&[(0, 1)], ResultForSide::Loss);
    }
    assert_eq!(menace.boxes()[&0][1], 0);
}

#[test]
fn a_hand_played_game_rewards_only_the_boxes_used() {
    // MENACE as X against a fixed line of O replies that loses to it:
    // X draws from its boxes; every box used gains 3 beads of its colour.
    let mut state = LearnerState::fresh(PlayerKind::Menace, Shape::TIC_TAC_TOE).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let Learner::Menace(menace) = &mut state.learner else {
        unreachable!()
    };
    let mut board = Board::new(Shape::TIC_TAC_TOE);
    let mut drawn = Vec::new();
    while board.outcome() == Outcome::Ongoing {
        let cell = if board.side_to_move() == Side::Max {
            match menace.choose(&board, &mut rng) {
                MenaceMove::Bead { code, bead, cell } => {
                    drawn.push((code, bead));
                    cell
                }
                MenaceMove::Forced(cell) => cell,
                MenaceMove::Resign => panic!("new boxes are full"),
            }
        } else {
            board.legal_moves().next().unwrap()
        };
        board.play(cell).unwrap();
    }
    let before: Vec<u16> = drawn
        .iter()
        .map(|&(code, bead)| menace.boxes()[&code][usize::from(bead)])
        .collect();
    let ending = match board.outcome() {
        Outcome::Won(Side::Max, _) => ResultForSide::Win,
        Outcome::Won(..) => ResultForSide::Loss,
        _ => ResultForSide::Draw,
    };
    menace.learn(&drawn, ending);
    let change = match ending {
        ResultForSide::Win => 3,
        ResultForSide::Draw => 1,
        ResultForSide::Loss => -1,
    };
    for (&(code, bead), before) in drawn.iter().zip(before) {
        assert_eq!(
            i32::from(menace.boxes()[&code][usize::from(bead)]),
            i32::from(before) + change
        );
    }
    let untouched = menace
        .boxes()
        .iter()
        .filter(|(code, _)| !drawn.iter().any(|(used, _)| used == *code))
        .count();
    assert_eq!(untouched, 0, "boxes are made only when faced");
}

/// A MENACE whose first box is empty: all its beads lost.
#[test]
fn an_empty_box_resigns_unless_refilled() {
    let mut state = common::with_empty_first_box(false);
    let setup = training(against(PlayerKind::Random), Sides::X, 3, 1);
    let mut curve = Vec::new();
    train(&mut state, &setup, &CancelFlag::new(), |block| {
        curve.push(*block)
    })
    .unwrap();
    let total = curve.iter().fold((0, 0), |(lost, resigned), block| {
        (lost + block.losses, resigned + block.resignations)
    });
    assert_eq!(total, (3, 3), "every game resigned at once: {curve:?}");
    assert_eq!(menace(&state).first_box_beads(), 0);
    // As a player, it says so.
    let mut player = state.player(&PlayerOptions::default());
    let report = player.choose_move(&Board::new(Shape::TIC_TAC_TOE), &CancelFlag::new());
    assert!(
        report
            .note
            .as_ref()
            .unwrap()
            .words()
            .contains("MENACE resigns"),
        "{report:?}"
    );
    assert!(report.resigned && report.best.is_none(), "{report:?}");
    // The variant fills the box again and plays.
    let mut state = common::with_empty_first_box(true);
    let mut curve = Vec::new();
    train(&mut state, &setup, &CancelFlag::new(), |block| {
        curve.push(*block)
    })
    .unwrap();
    assert!(curve.iter().all(|block| block.resignations == 0));
    assert!(menace(&state).first_box_beads() > 0);
}

#[test]
fn reports_show_the_box_and_the_learned_values() {
    let board: Board = "x../.o./...".parse().unwrap();
    let mut menace = PlayerKind::Menace.create(&PlayerOptions::default());
    let report = menace.choose_move(&board, &CancelFlag::new());
    let lines = report.detail_lines(TextStyle::COMMAND_LINE);
    assert_eq!(
        lines[0], "note: drew one bead from a box of 12",
        "{lines:?}"
    );
    // X at 0, O in the centre: 1 = 3, 2 = 6, 5 = 7, and 8.
    assert_eq!(lines.len(), 1 + 4, "{lines:?}");
    assert!(
        lines[1..].iter().all(|line| line.ends_with(": 3 beads")),
        "{lines:?}"
    );
    assert!(report.moves.iter().any(|m| Some(m.cell) == report.best));
    let mut td = PlayerKind::Td.create(&PlayerOptions::default());
    let board: Board = "xx./oo./...".parse().unwrap();
    let report = td.choose_move(&board, &CancelFlag::new());
    assert_eq!(report.best, Some(2));
    let lines = report.detail_lines(TextStyle::WINDOW);
    assert!(
        lines.contains(&"cell 3: learned value +1.000".to_owned()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"cell 6: learned value −0.100".to_owned()),
        "{lines:?}"
    );
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["moves"][0]["learned"], 1.0);
    assert_eq!(json["moves"][0]["certainty"], "learned");
}

#[test]
fn learners_play_3x3_only() {
    assert!(PlayerKind::Menace.check_shape(Shape::TIC_TAC_TOE).is_ok());
    assert_eq!(
        PlayerKind::Menace
            .check_shape(Shape::FOUR_BY_FOUR)
            .unwrap_err()
            .words(),
        "MENACE and TD play on 3x3 only (they keep something for every position), not on 4x4, 4 in a row"
    );
    for kind in [PlayerKind::Menace, PlayerKind::Td] {
        let mut player = kind.create(&PlayerOptions::default());
        let report = player.choose_move(&Board::new(Shape::FIVE_BY_FIVE), &CancelFlag::new());
        assert_eq!(report.best, None);
        assert!(report.note.unwrap().words().contains("3x3 only"));
    }
}

fn temporary_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tictactoe-learners-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn states_round_trip_through_their_files() {
    let dir = temporary_dir("round-trip");
    for (kind, setup) in [
        (
            PlayerKind::Menace,
            training(against(PlayerKind::Random), Sides::Both, 500, 2),
        ),
        (
            PlayerKind::Td,
            training(Opponent::Itself, Sides::Both, 500, 2),
        ),
    ] {
        let (state, _) = trained(kind, &setup);
        assert_eq!(LearnerState::from_json(&state.to_json()), Ok(state.clone()));
        let path = dir.join(kind.name()).join("state.json");
        state.write(&path).unwrap();
        assert_eq!(LearnerState::read(&path).unwrap(), state);
        // Nothing but the file itself is left in the directory.
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn corrupt_or_hand_edited_states_are_refused_and_set_aside_not_overwritten() {
    let dir = temporary_dir("corrupt");
    let (state, _) = trained(
        PlayerKind::Menace,
        &training(against(PlayerKind::Random), Sides::X, 50, 1),
    );
    let good = state.to_json();
    let cases = [
        ("not JSON", "{ half a file".to_owned(), "(line 1, column 3)"),
        (
            "another format",
            good.replace("tictactoe-learner", "tictactoe-game"),
            "format is 'tictactoe-game'",
        ),
        (
            "a newer version",
            good.replace("\"version\": 1", "\"version\": 2"),
            "version 2",
        ),
        (
            "an unknown field",
            good.replace("\"games\"", "\"gamez\""),
            "unknown field `gamez`",
        ),
        (
            "a position not in canonical form",
            good.replace("\".../.../...\"", "\"..x/.../...\""),
            "not an unfinished 3x3 position in canonical form",
        ),
        (
            "beads on a cell the same as another",
            r#"{"format": "tictactoe-learner", "version": 1, "learner": "menace", "games": 0,
                "boxes": {".../.../...": [4, 4, 9, 0, 4, 0, 0, 0, 0]}}"#
                .to_owned(),
            "not a box MENACE keeps",
        ),
        (
            "td's values under menace's name",
            good.replace("\"boxes\"", "\"values\""),
            "",
        ),
    ];
    let count = cases.len();
    for (what, text, expected) in cases {
        assert_ne!(text, good, "{what}: the edit applies");
        let path = dir.join("menace.json");
        fs::write(&path, &text).unwrap();
        let error = LearnerState::read(&path).unwrap_err();
        assert!(matches!(error, StateError::Invalid(_)), "{what}: {error:?}");
        assert!(!error.is_missing());
        assert!(error.to_string().contains(expected), "{what}: {error}");
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            text,
            "{what}: untouched"
        );
        let aside = set_aside(&path).unwrap();
        assert!(!path.exists());
        let name = aside.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("menace.json.corrupt-"), "{name}");
        assert_eq!(fs::read_to_string(&aside).unwrap(), text);
        // A fresh state saved under the name leaves the corrupt one be.
        state.write(&path).unwrap();
        assert_eq!(fs::read_to_string(&aside).unwrap(), text);
    }
    // Seven cases set aside within the same second get seven names.
    let kept = fs::read_dir(&dir).unwrap().count();
    assert_eq!(kept, count + 1);
    let missing = LearnerState::read(&dir.join("none.json")).unwrap_err();
    assert!(missing.is_missing());
    let td = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE)
        .unwrap()
        .to_json();
    let out_of_range = td.replace("\"values\": {}", "\"values\": { \".../.x./...\": 1.5 }");
    assert!(
        LearnerState::from_json(&out_of_range)
            .unwrap_err()
            .contains("1.5 is not between 0 and 1")
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_seed_replays_training_exactly() {
    for kind in [PlayerKind::Menace, PlayerKind::Td] {
        let setup = training(against(PlayerKind::AlphaBetaRandom), Sides::Both, 400, 9);
        let (first, first_curve) = trained(kind, &setup);
        let (again, again_curve) = trained(kind, &setup);
        assert_eq!(first, again, "{kind}");
        assert_eq!(first_curve, again_curve, "{kind}");
        let other = Training { seed: 10, ..setup };
        assert_ne!(trained(kind, &other).0, first, "{kind}: another seed");
    }
}

#[test]
fn td_self_play_learns_never_to_lose_as_x_or_o() {
    let (state, curve) = trained(
        PlayerKind::Td,
        &training(Opponent::Itself, Sides::Both, 200_000, 1),
    );
    let mut player = state.player(&PlayerOptions::default());
    for side in [Side::Max, Side::Min] {
        let lost = lost_lines(player.as_mut(), side, Board::new(Shape::TIC_TAC_TOE));
        assert_eq!(lost, Vec::<Board>::new(), "{side:?}");
    }
    assert_eq!(curve.last().unwrap().lost_lines, Some([0, 0]));
    // An untrained learner loses some lines.
    let mut fresh = PlayerKind::Td.create(&PlayerOptions::default());
    assert!(!lost_lines(fresh.as_mut(), Side::Min, Board::new(Shape::TIC_TAC_TOE)).is_empty());
}

#[test]
fn menace_learns_to_draw_against_perfect_play_and_to_beat_random() {
    let (state, curve) = trained(
        PlayerKind::Menace,
        &training(against(PlayerKind::AlphaBetaRandom), Sides::X, 20_000, 1),
    );
    let last = curve.last().unwrap();
    assert_eq!(last.played(), 1_000);
    assert!(last.draws >= 950, "{last:?}");
    assert_eq!(last.wins, 0, "perfect play is never beaten");
    // Every draw adds a bead to the first box.
    assert!(menace(&state).first_box_beads() > 12 + 15_000);
    let (_, curve) = trained(
        PlayerKind::Menace,
        &training(against(PlayerKind::Random), Sides::X, 2_000, 1),
    );
    let late = curve.last().unwrap();
    let first = curve.first().unwrap();
    assert!(late.wins > first.wins, "{curve:?}");
    assert!(late.wins * 10 >= late.played() * 7, "{late:?}");
}

#[test]
fn michies_rules_can_run_the_first_box_dry_and_refilling_cures_it() {
    // Seed 3: early losses to perfect play take all 12 beads of the first
    // box, and MENACE resigns every game after.
    let setup = training(against(PlayerKind::AlphaBetaRandom), Sides::X, 20_000, 3);
    let (state, curve) = trained(PlayerKind::Menace, &setup);
    let last = curve.last().unwrap();
    assert_eq!(last.resignations, last.played(), "{last:?}");
    assert_eq!(menace(&state).first_box_beads(), 0);
    let mut refilling = LearnerState {
        learner: Learner::Menace(Menace::new(true)),
        games: 0,
    };
    let mut last = None;
    train(&mut refilling, &setup, &CancelFlag::new(), |block| {
        last = Some(*block)
    })
    .unwrap();
    let last = last.unwrap();
    assert!(last.draws >= 950, "{last:?}");
    assert_eq!(last.resignations, 0);
}

#[test]
fn training_stops_when_cancelled_keeping_the_curve() {
    let mut state = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).unwrap();
    let setup = training(Opponent::Itself, Sides::Both, 1_000, 1);
    let cancel = CancelFlag::new();
    let mut curve = Vec::new();
    let result = train(&mut state, &setup, &cancel, |block| {
        curve.push(*block);
        if curve.len() == 3 {
            cancel.cancel();
        }
    });
    assert!(result.is_err());
    assert_eq!(curve.len(), 3);
    assert_eq!(state.games, 150);
}

/// Games played elsewhere (the window's) teach MENACE exactly what its own
/// draws would have: for 2,000 random games, the beads of each move's
/// cell, found again from the position, are the beads it drew.
#[test]
fn menace_learns_from_a_game_played_elsewhere_as_from_its_own_draws() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut drawing = Menace::new(false);
    let mut state = LearnerState::fresh(PlayerKind::Menace, Shape::TIC_TAC_TOE).unwrap();
    for game in 0..2_000u64 {
        let menace_side = if game % 2 == 0 { Side::Max } else { Side::Min };
        let start = Board::new(Shape::TIC_TAC_TOE);
        let (mut board, mut moves, mut drawn) = (start, Vec::new(), Vec::new());
        let mut resigned = false;
        while board.outcome() == Outcome::Ongoing {
            let cell = if board.side_to_move() == menace_side {
                match drawing.choose(&board, &mut rng) {
                    MenaceMove::Bead { code, bead, cell } => {
                        drawn.push((code, bead));
                        cell
                    }
                    MenaceMove::Forced(cell) => cell,
                    MenaceMove::Resign => {
                        resigned = true;
                        break;
                    }
                }
            } else {
                let free: Vec<usize> = board.legal_moves().collect();
                free[rand::Rng::random_range(&mut rng, 0..free.len())]
            };
            board.play(cell).unwrap();
            moves.push(cell);
        }
        let winner = match board.outcome() {
            _ if resigned => Some(menace_side.opponent()),
            Outcome::Won(side, _) => Some(side),
            _ => None,
        };
        let ending = match winner {
            Some(side) if side == menace_side => ResultForSide::Win,
            Some(_) => ResultForSide::Loss,
            None => ResultForSide::Draw,
        };
        drawing.learn(&drawn, ending);
        state
            .learn_from_game(&start, &moves, &[menace_side], winner)
            .unwrap();
        assert_eq!(menace(&state), &drawing, "after game {game}: {moves:?}");
    }
    assert_eq!(state.games, 2_000);
}

#[test]
fn a_game_played_elsewhere_teaches_both_sides_and_a_bad_one_nothing() {
    // X wins on the diagonal: 0, 4, 8.
    let start = Board::new(Shape::TIC_TAC_TOE);
    let moves = [0, 1, 4, 2, 8];
    let mut state = LearnerState::fresh(PlayerKind::Menace, Shape::TIC_TAC_TOE).unwrap();
    state
        .learn_from_game(&start, &moves, &[Side::Max, Side::Min], Some(Side::Max))
        .unwrap();
    let mut board = start;
    for &cell in &moves {
        let before = menace(&LearnerState::fresh(PlayerKind::Menace, Shape::TIC_TAC_TOE).unwrap())
            .box_view(&board);
        let after = menace(&state).box_view(&board);
        let change = i64::from(after.total()) - i64::from(before.total());
        let expected = if board.side_to_move() == Side::Max {
            3
        } else {
            -1
        };
        assert_eq!(change, expected, "the box of {board} after {moves:?}");
        board.play(cell).unwrap();
    }
    // TD: O's reply at 2 let X win at once; its value for O sinks.
    let mut td = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).unwrap();
    for _ in 0..20 {
        td.learn_from_game(&start, &moves, &[Side::Min], Some(Side::Max))
            .unwrap();
    }
    let Learner::Td(table) = &td.learner else {
        unreachable!()
    };
    let before_reply: Board = "xo./.x./...".parse().unwrap();
    let reply = table.candidates(&before_reply);
    let value_of_2 = reply.iter().find(|c| c.cell == 2).unwrap().value;
    assert!(value_of_2 < 0.1, "{reply:?}");
    assert_eq!(td.games, 20);
    // An illegal line teaches nothing.
    let unchanged = state.clone();
    let error = state
        .learn_from_game(&start, &[0, 0], &[Side::Max], None)
        .unwrap_err()
        .words();
    assert!(
        error.contains("taken") || error.contains("occupied"),
        "{error}"
    );
    assert_eq!(state, unchanged);
    let four = Board::new(Shape::FOUR_BY_FOUR);
    assert!(
        state
            .learn_from_game(&four, &[], &[Side::Max], None)
            .is_err()
    );
}

/// A TD state file holding `values`, the JSON text of its entries.
fn td_file(values: &str) -> String {
    format!(
        r#"{{"format": "tictactoe-learner", "version": 1, "learner": "td", "games": 1,
            "values": {{{values}}}}}"#
    )
}

/// A MENACE state file holding `boxes`, the JSON text of its entries.
fn menace_file(boxes: &str) -> String {
    format!(
        r#"{{"format": "tictactoe-learner", "version": 1, "learner": "menace", "games": 1,
            "boxes": {{{boxes}}}}}"#
    )
}

#[test]
fn a_position_given_twice_in_any_spelling_is_refused() {
    let empty_box = "[4, 4, 0, 0, 4, 0, 0, 0, 0]";
    let cases = [
        (
            "the same key twice",
            td_file(r#""x../.../...": 0.5, "x../.../...": 0.9"#),
            "position 'x../.../...' is given twice",
        ),
        (
            "upper and lower case",
            td_file(r#""x../.../...": 0.5, "X../.../...": 0.9"#),
            "'x../.../...' and 'X../.../...' are the same position, given twice",
        ),
        (
            "dots and dashes, with and without slashes",
            menace_file(&format!(
                r#"".........": {empty_box}, "---/---/---": {empty_box}"#
            )),
            "'.........' and '---/---/---' are the same position, given twice",
        ),
        (
            "spaces around",
            td_file(r#""xo./.../...": 0.5, " xo./.../... ": 0.9"#),
            "are the same position, given twice",
        ),
    ];
    for (what, text, expected) in cases {
        let error = LearnerState::from_json(&text).unwrap_err();
        assert!(error.contains(expected), "{what}: {error}");
    }
}

#[test]
fn positions_the_learner_never_faces_are_refused() {
    let cases = [
        (
            "a TD value for the empty board, which no move leads to",
            td_file(r#"".../.../...": 0.5"#),
            "value of .../.../...: TD keeps none for the empty board",
        ),
        (
            "a box for X's last move, into the only free cell",
            menace_file(r#""xox/xoo/ox.": [0, 0, 0, 0, 0, 0, 0, 0, 1]"#),
            "",
        ),
        (
            "a finished position",
            td_file(r#""xxx/oo./...": 0.5"#),
            "not an unfinished 3x3 position",
        ),
    ];
    for (what, text, expected) in cases {
        let error = LearnerState::from_json(&text).unwrap_err();
        assert!(error.contains(expected), "{what}: {error}");
    }
    // What the learners do keep is read.
    LearnerState::from_json(&td_file(r#""x../.../...": 0.5"#)).unwrap();
    LearnerState::from_json(&menace_file(
        r#"".../.../...": [4, 4, 0, 0, 4, 0, 0, 0, 0]"#,
    ))
    .unwrap();
}

#[test]
fn a_state_files_text_is_escaped_and_cut_in_its_errors() {
    // Raw control characters are no JSON; its escapes put them in a text.
    let escape = "\\u001b]0;owned\\u0007\\u001b[2J";
    let long = "a".repeat(5000);
    let good = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE)
        .unwrap()
        .to_json();
    let cases = [
        good.replace("\"games\"", &format!("\"{escape}\"")),
        good.replace("\"games\"", &format!("\"{long}\"")),
        good.replace(
            "\"learner\": \"td\"",
            &format!("\"learner\": \"{escape}{long}\""),
        ),
        td_file(&format!(r#""{escape}x../.../...": 0.5"#)),
        td_file(&format!(r#""{long}": 0.5"#)),
        td_file("\"\u{2028}x../.../...\": 0.5, \"x../.../...\": 0.5"),
        menace_file(&format!(r#"".../.../...": "{escape}{long}""#)),
    ];
    for text in cases {
        let error = LearnerState::from_json(&text).unwrap_err();
        assert!(
            !error.chars().any(|c| c.is_control() || c == '\u{2028}'),
            "{error:?}"
        );
        assert!(error.len() <= 300, "{} bytes: {error:.300}", error.len());
    }
}

#[test]
fn the_count_of_games_stops_at_its_largest_rather_than_wrap() {
    let start = Board::new(Shape::TIC_TAC_TOE);
    for kind in [PlayerKind::Menace, PlayerKind::Td] {
        let mut state = LearnerState::fresh(kind, Shape::TIC_TAC_TOE).unwrap();
        state.games = u64::MAX;
        state
            .learn_from_game(&start, &[0, 1, 4, 2, 8], &[Side::Max], Some(Side::Max))
            .unwrap();
        assert_eq!(state.games, u64::MAX, "{kind:?} in a game");
        let setup = training(against(PlayerKind::Random), Sides::X, 3, 1);
        let mut last = None;
        train(&mut state, &setup, &CancelFlag::new(), |block| {
            last = Some(block.games)
        })
        .unwrap();
        assert_eq!(last, Some(3));
        assert_eq!(state.games, u64::MAX, "{kind:?} in training");
    }
}

#[test]
fn a_named_pipe_a_directory_or_a_device_is_refused_at_once() {
    let dir = temporary_dir("not-files");
    let fifo = dir.join("menace.json");
    common::make_fifo(&fifo);
    let read = common::within(std::time::Duration::from_secs(5), {
        let fifo = fifo.clone();
        move || LearnerState::read(&fifo).map_err(|error| error.to_string())
    });
    assert_eq!(
        read.expect("reading a named pipe returned"),
        Err("it is a named pipe (FIFO), not a regular file".to_owned())
    );
    for (path, expected) in [
        (dir.clone(), "it is a directory, not a file"),
        (
            PathBuf::from("/dev/null"),
            "it is a device, not a regular file",
        ),
    ] {
        let error = LearnerState::read(&path).unwrap_err();
        assert!(matches!(error, StateError::Read(_)), "{error:?}");
        assert!(!error.is_missing());
        assert_eq!(error.to_string(), expected);
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_state_saved_through_a_symbolic_link_keeps_the_link() {
    let dir = temporary_dir("link");
    fs::create_dir(dir.join("kept")).unwrap();
    let target = dir.join("kept/td.json");
    let link = dir.join("td.json");
    std::os::unix::fs::symlink("kept/td.json", &link).unwrap();
    let mut state = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).unwrap();
    // The link's file does not exist yet: the save makes it.
    state.write(&link).unwrap();
    state.games = 7;
    state.write(&link).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(LearnerState::read(&target).unwrap(), state);
    assert_eq!(fs::read_dir(dir.join("kept")).unwrap().count(), 1);
    let _ = fs::remove_dir_all(&dir);
}

/// A learner's file names the board it learned on: a network for Connect
/// Four reads back as one, a file without a board is 3x3's, and MENACE's
/// or TD's file claiming another board is refused.
#[test]
fn learner_files_name_their_board() {
    let state = LearnerState::fresh(PlayerKind::Neural, Shape::CONNECT_FOUR).unwrap();
    let text = state.to_json();
    assert!(text.contains("\"width\": 7"), "{text}");
    let read = LearnerState::from_json(&text).unwrap();
    assert_eq!(read.shape(), Shape::CONNECT_FOUR);
    assert_eq!(read, state);
    let menace = LearnerState::fresh(PlayerKind::Menace, Shape::TIC_TAC_TOE).unwrap();
    let text = menace.to_json();
    assert!(text.contains("\"board\": 3"), "{text}");
    let without = text.replace("  \"board\": 3,\n", "");
    assert_ne!(without, text);
    assert_eq!(LearnerState::from_json(&without).unwrap(), menace);
    assert_eq!(
        LearnerState::from_json(&text.replace("\"board\": 3", "\"board\": 4")).unwrap_err(),
        "MENACE and TD play on 3x3 only (they keep something for every position), not on 4x4, 4 in a row"
    );
    // A 3x3 network's file claiming Connect Four does not fit it.
    let network = LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE)
        .unwrap()
        .to_json();
    let claimed = network.replace(
        "\"board\": 3",
        "\"board\": {\"width\": 7, \"height\": 6, \"in_a_row\": 4, \"gravity\": true}",
    );
    assert_ne!(claimed, network);
    assert!(LearnerState::from_json(&claimed).is_err());
}
