//! `tictactoe exercise`: an exercise printed for a worksheet (its text
//! form, a drawing of its tree or its position, the question), and with
//! `--answer` the answer checked: exit 0 when correct, 1 at the first
//! wrong step, 2 for bad input. `--json` one object; `--dot` and `--svg`
//! the tree's picture.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::args::{ExerciseArgs, read_position};
use super::output::{grid, refuse, stopped};
use super::stop;
use tictactoe_engine::abstract_tree::Decision;
use tictactoe_engine::abstract_tree::generate::Shape;
use tictactoe_engine::abstract_tree::search::{alpha_beta, expectimax};
use tictactoe_engine::abstract_tree::text::parse;
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape as BoardShape;
use tictactoe_engine::player_kind::{PlayerKind, SearchSettings};
use tictactoe_engine::players::mcts::EXPLORATION;
use tictactoe_tools::exercise::answer::Answer;
use tictactoe_tools::exercise::positions::{
    BestMoveProblem, HORIZON_MAX_DEPTH, HorizonProblem, MctsProblem,
};
use tictactoe_tools::exercise::words::{
    answer_error_words, exercise_error_words, problem_words, question_words, unfit_words,
    verdict_words,
};
use tictactoe_tools::exercise::{Asks, Conventions, Exercise, Kind, Problem, Verdict, level};
use tictactoe_tools::tree_drawing::{Shown, abstract_drawing, dot, layout, outline, svg};
use tictactoe_words::abstract_tree::parse_error_words;

/// The level without `--level`.
const DEFAULT_LEVEL: u8 = 2;

pub(super) fn run(args: ExerciseArgs) -> ExitCode {
    let exercise = match make_exercise(&args) {
        Ok(exercise) => exercise,
        Err(message) => return refuse(&message),
    };
    // The one long part, as Ctrl+C or a closed output may stop it.
    if let Problem::Mcts(problem) = &exercise.problem
        && !problem.run_playouts(&stop::flag())
    {
        let reason = stop::reason().unwrap_or(stop::Reason::OutputClosed);
        return stopped(reason, format_args!("the exercise was not made"));
    }
    let answer = match args
        .answer
        .as_deref()
        .map(|text| read_answer(&exercise, text))
    {
        None => None,
        Some(Ok(answer)) => Some(answer),
        Some(Err(message)) => return refuse(&message),
    };
    let verdict = match answer.as_ref().map(|answer| exercise.check(answer)) {
        None => None,
        Some(Ok(verdict)) => Some(verdict),
        Some(Err(unfit)) => {
            return refuse(&format!(
                "the answer does not fit the exercise: {}",
                unfit_words(&unfit)
            ));
        }
    };
    let mut out = std::io::stdout().lock();
    if args.dot || args.svg {
        let Some(drawing) = tree_drawing(&exercise, args.solution) else {
            return refuse(
                "--dot and --svg draw the exercises on trees; for a position's search use `tictactoe tree POSITION --svg`",
            );
        };
        let text = if args.dot {
            dot::write(&drawing)
        } else {
            svg::write(&drawing, &layout(&drawing))
        };
        out!(out, "{}", text.trim_end());
    } else if args.json {
        let mut object = json!({
            "exercise": exercise.to_json(),
            "question": question_words(&exercise),
        });
        if args.solution {
            object["solution"] = exercise.solution().to_json();
        }
        if let Some(verdict) = &verdict {
            object["verdict"] = verdict.to_json(&exercise);
        }
        out!(out, "{object}");
    } else {
        out!(out, "{}", exercise.to_string().trim_end());
        out!(out, "");
        out!(out, "{}", picture(&exercise, args.solution));
        out!(out, "");
        out!(out, "Question: {}", question_words(&exercise));
        if args.solution {
            out!(
                out,
                "Solution: {}",
                exercise.answer_text(&exercise.solution())
            );
        }
        if let (Some(answer), Some(verdict)) = (&answer, &verdict) {
            out!(out, "Answer: {}", exercise.answer_text(answer));
            out!(out, "{}", verdict_words(&exercise, verdict));
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    match verdict {
        Some(Verdict::Wrong(_)) => ExitCode::FAILURE,
        _ => ExitCode::SUCCESS,
    }
}

/// The exercise the options ask for, or why not (a usage error).
fn make_exercise(args: &ExerciseArgs) -> Result<Exercise, String> {
    let kind = args.kind.kind();
    refuse_options_for_other_kinds(args, kind)?;
    let board = args.board.given()?;
    let level_number = args.level.unwrap_or(DEFAULT_LEVEL);
    let level = level(level_number).expect("clap keeps the level within the levels");
    let conventions = Conventions {
        prune: args
            .prune
            .map_or(level.conventions.prune, |choice| choice.prune()),
        fail: args
            .fail
            .map_or(level.conventions.fail, |choice| choice.fail()),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let exercise = match kind {
        Kind::Minimax | Kind::AlphaBeta | Kind::Order => {
            let asks = Asks {
                values: level.asks.values,
                windows: level.asks.windows || args.windows,
            };
            let root = args.root.map_or(Decision::Max, |root| root.decision());
            match &args.tree {
                Some(text) => {
                    let tree = parse(text, root)
                        .map_err(|error| format!("--tree: {}", parse_error_words(&error, text)))?;
                    Exercise::on_tree(kind, tree, conventions, asks)
                }
                None => {
                    let shape = Shape {
                        depth: args.depth.map_or(level.shape.depth, usize::from),
                        branching: args.branching.unwrap_or(level.shape.branching),
                        values: args.values.unwrap_or(level.shape.values),
                        chance: args.chance,
                        root,
                    };
                    Exercise::generated(kind, &shape, seed, conventions, asks).map(|exercise| {
                        Exercise {
                            level: Some(level_number),
                            ..exercise
                        }
                    })
                }
            }
        }
        Kind::BestMove => {
            let board = position_or_drawn(args, board, |shape| {
                BestMoveProblem::drawn(shape, level.empty_cells(shape), seed).board
            })?;
            let player = args
                .player
                .map_or(PlayerKind::AlphaBeta, |player| player.kind());
            if player != PlayerKind::AlphaBetaTt && (args.prune.is_some() || args.fail.is_some()) {
                return Err("--prune and --fail apply to --player alphabeta-tt only: plain alpha-beta and minimax have no such settings".into());
            }
            Exercise::best_move(BestMoveProblem {
                board,
                player,
                settings: SearchSettings {
                    prune: conventions.prune,
                    fail: conventions.fail,
                    ..SearchSettings::default()
                },
            })
            .map(|exercise| with_origin(exercise, args, seed, level_number))
        }
        Kind::Mcts => {
            let board = position_or_drawn(args, board, |shape| {
                MctsProblem::drawn(shape, level.empty_cells(shape), 1, seed).board
            })?;
            Exercise::mcts(MctsProblem::new(
                board,
                seed,
                args.playouts.unwrap_or(level.playouts),
                args.c.unwrap_or(EXPLORATION),
            ))
            .map(|exercise| with_origin(exercise, args, seed, level_number))
        }
        Kind::DepthValue | Kind::DecidingLeaf | Kind::Deeper => {
            let shape = board.filter(|shape| shape.gravity());
            if board.is_some() && shape.is_none() {
                return Err(format!(
                    "--kind {} is asked on a board with gravity: give --board connect-four or add --gravity",
                    kind.name()
                ));
            }
            let drawn = HorizonProblem::drawn(
                kind,
                level_number,
                shape.unwrap_or(BoardShape::CONNECT_FOUR),
                seed,
            );
            let depth = args.depth.map_or(drawn.depth, u32::from);
            if depth > HORIZON_MAX_DEPTH {
                return Err(format!(
                    "--depth {depth}: the horizon's exercises search to depth 1 to {HORIZON_MAX_DEPTH}"
                ));
            }
            let board = position_or_drawn(args, shape.or(Some(BoardShape::CONNECT_FOUR)), |_| {
                drawn.board
            })?;
            Exercise::horizon(
                kind,
                HorizonProblem {
                    board,
                    depth,
                    ..drawn
                },
            )
            .map(|exercise| with_origin(exercise, args, seed, level_number))
        }
    };
    exercise.map_err(exercise_error_words)
}

/// A position exercise with its seed, and its level when it drew the
/// position.
fn with_origin(exercise: Exercise, args: &ExerciseArgs, seed: u64, level: u8) -> Exercise {
    let drawn = args.position.is_none() && args.moves.is_none();
    Exercise {
        seed: (drawn || exercise.kind == Kind::Mcts).then_some(seed),
        level: drawn.then_some(level),
        ..exercise
    }
}

/// The position `--position` or `--moves` gives, on `shape` if the board
/// options name one; else one `drawn` on `shape` (3x3 if none).
fn position_or_drawn(
    args: &ExerciseArgs,
    shape: Option<BoardShape>,
    drawn: impl FnOnce(BoardShape) -> Board,
) -> Result<Board, String> {
    if args.position.is_none() && args.moves.is_none() {
        return Ok(drawn(shape.unwrap_or_default()));
    }
    read_position(args.position.as_deref(), args.moves.as_deref(), shape).1
}

/// Options that say nothing for `kind` are refused rather than ignored.
fn refuse_options_for_other_kinds(args: &ExerciseArgs, kind: Kind) -> Result<(), String> {
    let on_tree = kind.on_tree();
    let given = [
        ("--tree", args.tree.is_some(), on_tree),
        (
            "--depth",
            args.depth.is_some(),
            on_tree || kind.on_horizon(),
        ),
        ("--branching", args.branching.is_some(), on_tree),
        ("--values", args.values.is_some(), on_tree),
        ("--root", args.root.is_some(), on_tree),
        ("--chance", args.chance, kind == Kind::Minimax),
        (
            "--prune",
            args.prune.is_some(),
            matches!(kind, Kind::AlphaBeta | Kind::Order | Kind::BestMove),
        ),
        (
            "--fail",
            args.fail.is_some(),
            matches!(kind, Kind::AlphaBeta | Kind::Order | Kind::BestMove),
        ),
        ("--windows", args.windows, kind == Kind::AlphaBeta),
        ("--position", args.position.is_some(), !on_tree),
        ("--moves", args.moves.is_some(), !on_tree),
        (
            "--board",
            args.board.given().is_ok_and(|shape| shape.is_some()),
            !on_tree,
        ),
        ("--player", args.player.is_some(), kind == Kind::BestMove),
        ("--playouts", args.playouts.is_some(), kind == Kind::Mcts),
        ("--c", args.c.is_some(), kind == Kind::Mcts),
    ];
    match given.iter().find(|(_, given, takes)| *given && !takes) {
        Some((option, ..)) => Err(format!("{option} does not apply to --kind {}", kind.name())),
        None => Ok(()),
    }
}

/// `--answer`'s text (moves numbered as the exercise's board numbers
/// them) or JSON (cells from 0).
fn read_answer(exercise: &Exercise, text: &str) -> Result<Answer, String> {
    let read = if text.trim_start().starts_with('{') {
        Answer::from_json(text)
    } else {
        exercise.read_answer(text)
    };
    read.map_err(|error| format!("--answer: {}", answer_error_words(&error)))
}

/// The tree drawn blank, or with the search on it for `--solution`.
fn tree_drawing(
    exercise: &Exercise,
    solution: bool,
) -> Option<tictactoe_tools::tree_drawing::Drawing> {
    let tree = exercise.tree()?;
    if !solution {
        return Some(abstract_drawing(tree, Shown::Blank));
    }
    Some(match exercise.kind {
        Kind::AlphaBeta | Kind::Order => {
            let search = alpha_beta(tree, exercise.conventions.prune, exercise.conventions.fail)
                .expect("the exercise has no chance node");
            abstract_drawing(tree, Shown::AlphaBeta(&search))
        }
        _ => abstract_drawing(tree, Shown::Values(&expectimax(tree))),
    })
}

/// The tree as an outline, or the position as a grid with its free cells
/// numbered (and Monte Carlo's statistics).
fn picture(exercise: &Exercise, solution: bool) -> String {
    if let Some(drawing) = tree_drawing(exercise, solution) {
        return outline(&drawing);
    }
    let board = exercise
        .position()
        .expect("an exercise is on a tree or a position");
    let mut lines = grid(board, 0);
    lines.extend(problem_words(exercise));
    lines.join("\n")
}
