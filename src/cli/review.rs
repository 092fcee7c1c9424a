//! `tictactoe review`: a game's moves graded against perfect play, from a
//! saved game or from moves on standard input, a line per move as it is
//! graded (or one JSON object), then each side's share of best moves.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use serde::Serialize;

use super::args::ReviewArgs;
use super::output::{read_saved_game, refuse, say, stopped};
use super::{stop, streams};
use tictactoe_engine::board::{Board, BoardError, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::geometry::bits;
use tictactoe_engine::threats::Fork;
use tictactoe_tools::exercise::positions::Outcome;
use tictactoe_tools::review::words::{accuracy_words, graded_words, value_words, why_words};
use tictactoe_tools::review::{
    Accuracy, DEFAULT_TIME_LIMIT, GameReviewer, Judge, MoveReview, ReviewError, Value,
};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::position::{move_number, move_numbering};

/// The bytes of a move read from standard input that are kept, for its
/// echo: a cell is at most two digits, the rest shows what was meant.
const MAX_TOKEN_BYTES: usize = 4 * ECHO_CHARS;

/// Reviews the game and prints it. A file that is no saved game exits
/// with 1, a bad move on standard input with 2, both before anything is
/// judged.
pub(super) fn run(args: ReviewArgs) -> ExitCode {
    let shape = match args.board.given() {
        Ok(shape) => shape,
        Err(message) => return refuse(&message),
    };
    let (start, moves) = match &args.game {
        Some(path) => match read_saved_game(path, "review", shape) {
            Ok(game) => (game.record.start(), game.record.played().to_vec()),
            Err(code) => return code,
        },
        None => {
            let shape = shape.unwrap_or_default();
            match read_moves(shape) {
                Ok(moves) => (Board::new(shape), moves),
                Err(code) => return code,
            }
        }
    };
    let time_limit = args.time.unwrap_or(DEFAULT_TIME_LIMIT);
    let mut judge = Judge::new(time_limit, stop::flag());
    let searched = start.shape() != Shape::TIC_TAC_TOE;
    let mut out = std::io::stdout().lock();
    if !args.json {
        out!(
            out,
            "{}",
            heading(&start, moves.len(), searched, time_limit)
        );
    }
    let mut game = GameJson::new(&start, &moves, searched.then_some(time_limit));
    let mut accuracy = [Accuracy::default(); 2];
    // None: stopped while the start was judged.
    if let Some(mut reviewer) = GameReviewer::new(&start, &mut judge) {
        let mut stones = start.stone_count();
        game.values.push(ValueJson::of(reviewer.value(), stones));
        if !args.json {
            out!(
                out,
                "{:>2}  {:<4}  {:<width$}  {}",
                "",
                "",
                "start",
                value_words(reviewer.value(), stones),
                width = if searched { 21 } else { 9 }
            );
        }
        for &cell in &moves {
            let review = match reviewer.review(cell) {
                Ok(review) => review,
                Err(ReviewError::Cancelled) => break,
                // The moves were checked as they were read.
                Err(ReviewError::IllegalMove { ply, error }) => {
                    say!("error: move {}: {}", ply + 1, error.words());
                    return ExitCode::FAILURE;
                }
            };
            stones += 1;
            accuracy[review.side.index()].add(review.grade);
            game.values.push(ValueJson::of(review.played, stones));
            if args.json {
                game.reviews.push(MoveJson::of(&review));
            } else {
                out!(out, "{}", move_line(&review, searched));
            }
        }
    }
    let reviewed = game.values.len().saturating_sub(1);
    let partial = game.values.is_empty() || reviewed < moves.len();
    let estimated = !game.values.iter().all(|value| value.exact);
    if args.json {
        game.exact = !estimated;
        game.partial = partial;
        game.accuracy = [0, 1].map(|side| AccuracyJson::of(accuracy[side]));
        out!(
            out,
            "{}",
            serde_json::to_string_pretty(&game).expect("plain data serialises")
        );
    } else {
        for side in [Side::Max, Side::Min] {
            out!(out, "{}", accuracy_words(side, accuracy[side.index()]));
        }
        if estimated {
            out!(
                out,
                "Some values are estimates: alphabeta-tt could not prove them within {} a \
                 position, so the grades beside them may be wrong (more time: --time).",
                seconds_text(time_limit)
            );
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    if partial {
        return stopped_early(reviewed, moves.len());
    }
    ExitCode::SUCCESS
}

/// What the command says when it stopped before the end.
fn stopped_early(reviewed: usize, moves: usize) -> ExitCode {
    let reason = stop::reason().unwrap_or(stop::Reason::OutputClosed);
    stopped(
        reason,
        format_args!("stopped after reviewing {reviewed} of {moves} moves"),
    )
}

/// "Review of a 3x3 game of 7 moves from the empty board: ..."
fn heading(start: &Board, moves: usize, searched: bool, time_limit: Duration) -> String {
    let (width, height) = (start.shape().width(), start.shape().height());
    let from = if start.stone_count() == 0 {
        "the empty board".to_owned()
    } else {
        start.to_string()
    };
    let noun = if moves == 1 { "move" } else { "moves" };
    let values = if searched {
        format!(
            "values by alphabeta-tt within {} a position, marked (estimated) where it could \
             not prove them",
            seconds_text(time_limit)
        )
    } else {
        "values from the solved game, exact".to_owned()
    };
    format!(
        "Review of a {width}x{height} game of {moves} {noun} from {from}: {values}. Values on X's \
         scale after each move; {}.",
        move_numbering(start.shape())
    )
}

/// "2 s", "0.5 s".
fn seconds_text(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

/// " 3. O 7   Mistake    X wins in 3 moves  O threatens ..."
/// The columns are as wide as their longest words: estimated ones are
/// found only off 3x3 (`searched`).
fn move_line(review: &MoveReview, searched: bool) -> String {
    let stones = review.before.stone_count() + 1;
    let (grade, value) = if searched { (21, 30) } else { (9, 17) };
    format!(
        "{:>2}. {} {:<2}  {:<grade$}  {:<value$}  {}",
        review.ply + 1,
        review.side.mark(),
        move_number(review.before.shape(), review.cell),
        graded_words(review),
        value_words(review.played, stones),
        why_words(review)
    )
}

/// The moves on standard input, each checked as it is read: a game of at
/// most a board's cells. A bad or illegal move is refused (2) before any
/// is judged; a read error or a closed input exits with 1.
fn read_moves(size: Shape) -> Result<Vec<usize>, ExitCode> {
    const HOW: &str = "give --game FILE, or the moves on standard input as cells from 1 \
                       (columns from 1 on a board with gravity) separated by spaces, commas \
                       or lines (such as 5 1 9)";
    if streams::stdin_closed_at_start() {
        say(format_args!(
            "error: reading standard input: it is closed; {HOW}"
        ));
        return Err(ExitCode::FAILURE);
    }
    let mut board = Board::new(size);
    let mut moves = Vec::new();
    let mut input = std::io::stdin().lock();
    let mut token = Vec::new();
    loop {
        // Nothing is under way while the input is awaited: Ctrl+C then ends
        // the command at once.
        let read = match stop::while_idle(|| read_token(&mut input, &mut token)) {
            Some(read) => read,
            None => return Err(stopped_early(0, moves.len())),
        };
        let length = match read {
            Ok(Some(length)) => length,
            Ok(None) => break,
            Err(error) => {
                say(format_args!(
                    "error: reading standard input after move {}: {error}",
                    moves.len()
                ));
                return Err(ExitCode::FAILURE);
            }
        };
        let number = moves.len() + 1;
        let cell = checked_move(&board, &token, length)
            .map_err(|problem| refuse(&format!("move {number}: {problem}")))?;
        board.play(cell).expect("the move was checked");
        moves.push(cell);
    }
    if moves.is_empty() {
        return Err(refuse(&format!("no moves given: {HOW}")));
    }
    Ok(moves)
}

/// The cell (from 0) that `token` (`length` bytes in all) names, if it is
/// a cell from 1 free in `board` (on a board with gravity, a column from 1
/// with room); else what is wrong, in words.
fn checked_move(board: &Board, token: &[u8], length: u64) -> Result<usize, String> {
    let gravity = board.shape().gravity();
    let (count, unit) = if gravity {
        (board.shape().width(), "column")
    } else {
        (board.cells(), "cell")
    };
    let number = std::str::from_utf8(token)
        .ok()
        .filter(|_| length as usize == token.len())
        .and_then(|text| text.parse::<usize>().ok())
        .filter(|number| (1..=count).contains(number));
    let Some(number) = number else {
        let echo = escape_text(&String::from_utf8_lossy(token), ECHO_CHARS);
        let order = if gravity {
            "from the left"
        } else {
            "row by row"
        };
        return Err(format!(
            "'{echo}' is not a {unit}: {unit}s are numbered 1-{count}, {order}"
        ));
    };
    let cell = if gravity {
        board.drop_cell(number - 1)
    } else {
        Ok(number - 1)
    };
    match cell.and_then(|cell| board.validate_move(cell).map(|()| cell)) {
        Ok(cell) => Ok(cell),
        Err(BoardError::GameOver(outcome)) => Err(format!(
            "the game was already over ({}) after {} moves; a game ends there",
            outcome.words(),
            board.stone_count()
        )),
        Err(error) => Err(error.words()),
    }
}

/// Reads the next move: bytes up to a space, comma or line end, at most
/// `MAX_TOKEN_BYTES` of them kept in `token` (the rest read and dropped).
/// Returns the move's full length, or `None` at the end of the input.
fn read_token(input: &mut impl BufRead, token: &mut Vec<u8>) -> std::io::Result<Option<u64>> {
    let separates = |byte: &u8| byte.is_ascii_whitespace() || *byte == b',';
    token.clear();
    let mut length = 0u64;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok((length > 0).then_some(length));
        }
        let skipped = if length == 0 {
            buffer.iter().take_while(|byte| separates(byte)).count()
        } else {
            0
        };
        let rest = &buffer[skipped..];
        let (chunk, ended) = match rest.iter().position(separates) {
            Some(end) => (&rest[..end], true),
            None => (rest, false),
        };
        let room = MAX_TOKEN_BYTES.saturating_sub(token.len());
        token.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len() as u64;
        let used = skipped + chunk.len();
        input.consume(used);
        if ended && length > 0 {
            return Ok(Some(length));
        }
    }
}

/// The review as `--json` prints it: cells from 0, values on X's scale.
#[derive(Debug, Serialize)]
struct GameJson {
    size: String,
    start: String,
    moves: Vec<usize>,
    /// The search's time per position, off 3x3 (3x3 is looked up).
    #[serde(skip_serializing_if = "Option::is_none")]
    time_limit_s: Option<f64>,
    /// Every value proven.
    exact: bool,
    /// The value at the start and after each move reviewed.
    values: Vec<ValueJson>,
    reviews: Vec<MoveJson>,
    /// X's, then O's.
    #[serde(serialize_with = "accuracy_by_side")]
    accuracy: [AccuracyJson; 2],
    /// Stopped before every move was reviewed.
    partial: bool,
}

fn accuracy_by_side<S: serde::Serializer>(
    accuracy: &[AccuracyJson; 2],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(2))?;
    for side in [Side::Max, Side::Min] {
        map.serialize_entry(side.name(), &accuracy[side.index()])?;
    }
    map.end()
}

impl GameJson {
    fn new(start: &Board, moves: &[usize], time_limit: Option<Duration>) -> GameJson {
        let shape = start.shape();
        GameJson {
            size: format!("{}x{}", shape.width(), shape.height()),
            start: start.to_string(),
            moves: moves.to_vec(),
            time_limit_s: time_limit.map(|limit| limit.as_secs_f64()),
            exact: true,
            values: Vec::with_capacity(moves.len() + 1),
            reviews: Vec::with_capacity(moves.len()),
            accuracy: [AccuracyJson::of(Accuracy::default()); 2],
            partial: false,
        }
    }
}

#[derive(Debug, Serialize)]
struct ValueJson {
    /// On X's scale.
    score: i32,
    exact: bool,
    /// The proven outcome as the exercises mark it ("X3", "D"); null for
    /// an estimate.
    outcome: Option<String>,
}

impl ValueJson {
    fn of(value: Value, stones: u32) -> ValueJson {
        ValueJson {
            score: value.score,
            exact: value.exact,
            outcome: value
                .exact
                .then(|| Outcome::of_score(value.score, stones).to_string()),
        }
    }
}

#[derive(Debug, Serialize)]
struct MoveJson {
    /// Counted from 1.
    #[serde(rename = "move")]
    number: usize,
    side: Side,
    cell: usize,
    grade: &'static str,
    /// The best moves in the position before (every one on 3x3, the
    /// search's choice off it).
    best: Vec<usize>,
    /// Both values behind the grade proven.
    exact: bool,
    facts: FactsJson,
    /// The sentence that says why.
    why: String,
}

impl MoveJson {
    fn of(review: &MoveReview) -> MoveJson {
        let facts = &review.reasons;
        MoveJson {
            number: review.ply + 1,
            side: review.side,
            cell: review.cell,
            grade: review.grade.name(),
            best: bits(review.best.best).collect(),
            exact: review.exact(),
            facts: FactsJson {
                wins: facts.wins,
                missed_wins: bits(facts.missed_wins).collect(),
                blocked: bits(facts.blocked).collect(),
                unblocked: bits(facts.unblocked).collect(),
                fork_made: bits(facts.fork_made).collect(),
                fork_allowed: facts.fork_allowed.map(ForkJson::of),
                fork_missed: facts.fork_missed.map(ForkJson::of),
            },
            why: why_words(review),
        }
    }
}

/// `Reasons` with cell lists for masks.
#[derive(Debug, Serialize)]
struct FactsJson {
    wins: bool,
    missed_wins: Vec<usize>,
    blocked: Vec<usize>,
    unblocked: Vec<usize>,
    fork_made: Vec<usize>,
    fork_allowed: Option<ForkJson>,
    fork_missed: Option<ForkJson>,
}

#[derive(Debug, Serialize)]
struct ForkJson {
    cell: usize,
    threats: Vec<usize>,
}

impl ForkJson {
    fn of(fork: Fork) -> ForkJson {
        ForkJson {
            cell: fork.cell,
            threats: bits(fork.threats).collect(),
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize)]
struct AccuracyJson {
    best: u32,
    moves: u32,
    /// Rounded; null without moves.
    percent: Option<u32>,
}

impl AccuracyJson {
    fn of(accuracy: Accuracy) -> AccuracyJson {
        AccuracyJson {
            best: accuracy.best,
            moves: accuracy.moves,
            percent: accuracy.percent(),
        }
    }
}
