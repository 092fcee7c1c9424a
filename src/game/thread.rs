//! The game thread and its handle.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::protocol::{
    Command, Event, GRAVITY_HINT_TIME_LIMIT, GameId, GameResult, GameSetup, HINT_TIME_LIMIT,
};
use super::work::spawn_thread;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::geometry::bits;
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::play::{ask, checked_move, panic_message, stopped_unasked};
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::players::PlayerWords;

/// The handle the window or the command line holds. Dropping it shuts the
/// thread down and joins it.
pub struct GameThread {
    commands: Sender<Command>,
    events: async_channel::Receiver<Event>,
    /// The newest game and the flag that stops its searches.
    current: Option<(GameId, CancelFlag)>,
    /// The flag that stops the newest hint's search.
    hint: Option<CancelFlag>,
    /// Games and hints take their ids from this one counter, so an event's
    /// id names the one request it answers.
    next_id: GameId,
    thread: Option<JoinHandle<()>>,
}

impl GameThread {
    pub fn spawn() -> GameThread {
        let (commands, command_receiver) = mpsc::channel();
        let (event_sender, events) = async_channel::unbounded();
        let thread = spawn_thread("game", move || {
            GameLoop::new(command_receiver, event_sender).run()
        })
        .expect("the game thread starts");
        GameThread {
            commands,
            events,
            current: None,
            hint: None,
            next_id: 1,
            thread: Some(thread),
        }
    }

    /// The events of all games. Receive them with `recv().await` on the UI
    /// side or `recv_blocking()` elsewhere.
    pub fn events(&self) -> async_channel::Receiver<Event> {
        self.events.clone()
    }

    /// The newest game started, running or not.
    pub fn current_game(&self) -> Option<GameId> {
        self.current.as_ref().map(|(game, _)| *game)
    }

    /// Starts a new game, ending the running one (and stopping a running
    /// hint) first; returns its id.
    pub fn start(&mut self, setup: GameSetup) -> GameId {
        self.cancel_hint();
        self.cancel_current();
        let game = self.fresh_id();
        let cancel = CancelFlag::new();
        self.current = Some((game, cancel.clone()));
        self.send(Command::Start {
            game,
            setup,
            cancel,
        });
        game
    }

    /// The flag that stops the current game's searches, for another thread
    /// to stop a search at once (the command line's Ctrl+C): the thread
    /// then reports the stopped search and waits, as after `end_game`'s
    /// flag, for the command that ends the game.
    pub fn current_cancel_flag(&self) -> Option<CancelFlag> {
        self.current.as_ref().map(|(_, cancel)| cancel.clone())
    }

    /// Sends a person's move; a running hint stops first, so the move
    /// does not wait for it.
    pub fn human_move(&self, game: GameId, cell: usize) {
        self.cancel_hint();
        self.send(Command::HumanMove { game, cell });
    }

    /// Ends the current game at once: a running search (the game's or a
    /// hint's) stops within milliseconds, before the thread even reads the
    /// command.
    pub fn end_game(&mut self) {
        self.cancel_hint();
        if let Some(game) = self.cancel_current() {
            self.send(Command::EndGame { game });
        }
    }

    /// Asks for the best moves in `board`; the answer is an `Event::Hint`
    /// with the returned id. The running game is left as it is. A hint
    /// still running stops first (it reports, aborted), as it does when a
    /// game starts, a person moves or the game is ended. The thread serves
    /// commands in order: a hint asked while a computer searches waits for
    /// its move.
    pub fn hint(&mut self, board: Board) -> GameId {
        let time_limit = if board.shape().gravity() {
            GRAVITY_HINT_TIME_LIMIT
        } else {
            HINT_TIME_LIMIT
        };
        self.hint_with_time_limit(board, time_limit)
    }

    /// `hint` with another time limit for the search off 3x3
    /// (`HINT_TIME_LIMIT` in `hint`, `GRAVITY_HINT_TIME_LIMIT` on a board
    /// with gravity).
    pub fn hint_with_time_limit(&mut self, board: Board, time_limit: Duration) -> GameId {
        self.cancel_hint();
        let game = self.fresh_id();
        let cancel = CancelFlag::new();
        self.hint = Some(cancel.clone());
        self.send(Command::Hint {
            game,
            board,
            time_limit,
            cancel,
        });
        game
    }

    /// Stops the newest hint's search; it still reports, with `aborted`
    /// set. Nothing happens when it has already answered.
    pub fn cancel_hint(&self) {
        if let Some(cancel) = &self.hint {
            cancel.cancel();
        }
    }

    fn fresh_id(&mut self) -> GameId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn cancel_current(&mut self) -> Option<GameId> {
        self.current.as_ref().map(|(game, cancel)| {
            cancel.cancel();
            *game
        })
    }

    fn send(&self, command: Command) {
        // The thread only stops after `Shutdown`, which only `drop` sends.
        let _ = self.commands.send(command);
    }
}

impl Drop for GameThread {
    fn drop(&mut self) {
        self.cancel_hint();
        self.cancel_current();
        self.send(Command::Shutdown);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A game in progress on the thread.
struct RunningGame {
    id: GameId,
    board: Board,
    players: [Box<dyn Player>; 2],
    pause: Duration,
    cancel: CancelFlag,
    /// When the next computer move may start (the pause).
    next_move_at: Instant,
}

impl RunningGame {
    fn player(&mut self, side: Side) -> &mut dyn Player {
        self.players[side.index()].as_mut()
    }

    fn human_to_move(&self) -> bool {
        self.players[self.board.side_to_move().index()].is_human()
    }
}

enum Flow {
    Continue,
    Stop,
}

struct GameLoop {
    commands: Receiver<Command>,
    events: async_channel::Sender<Event>,
    game: Option<RunningGame>,
}

impl GameLoop {
    fn new(commands: Receiver<Command>, events: async_channel::Sender<Event>) -> GameLoop {
        GameLoop {
            commands,
            events,
            game: None,
        }
    }

    fn emit(&self, event: Event) {
        // Nobody listening (the window closed) is no reason to stop playing.
        let _ = self.events.send_blocking(event);
    }

    fn run(mut self) {
        loop {
            let waited = match &self.game {
                Some(game) if !game.human_to_move() => {
                    let wait = game.next_move_at.saturating_duration_since(Instant::now());
                    match self.commands.recv_timeout(wait) {
                        Ok(command) => Some(command),
                        Err(RecvTimeoutError::Timeout) => None,
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
                _ => match self.commands.recv() {
                    Ok(command) => Some(command),
                    Err(_) => return,
                },
            };
            // A panic anywhere in a step (a player's own choice is caught
            // closer, in `ask`, for games and hints alike) ends the running
            // game with the message, and the thread goes on serving.
            let game = match &waited {
                Some(
                    Command::Start { game, .. }
                    | Command::HumanMove { game, .. }
                    | Command::EndGame { game },
                ) => Some(*game),
                _ => None,
            };
            let step = catch_unwind(AssertUnwindSafe(|| match waited {
                Some(command) => self.handle(command),
                None => {
                    self.computer_move();
                    Flow::Continue
                }
            }));
            match step {
                Ok(Flow::Continue) => {}
                Ok(Flow::Stop) => return,
                Err(panic) => self.recover(game, &panic_message(&panic)),
            }
        }
    }

    /// After a panic outside a player's choice: the running game (or the
    /// game the command was for) ends with an error, so nobody waits for it.
    fn recover(&mut self, command_game: Option<GameId>, message: &str) {
        let message = fill(
            // Translators: {message} is the failure's own words, in English.
            &gettext("internal error in the game thread: {message}"),
            &[("message", &message)],
        );
        match self.game.take() {
            Some(game) => {
                game.cancel.cancel();
                self.emit(Event::Error {
                    game: game.id,
                    message,
                });
                self.emit(Event::GameOver {
                    game: game.id,
                    result: GameResult::Aborted(gettext("internal error")),
                    line: Vec::new(),
                    board: game.board,
                });
            }
            None => {
                if let Some(id) = command_game {
                    self.emit(Event::Error { game: id, message });
                    self.emit(Event::GameOver {
                        game: id,
                        result: GameResult::Aborted(gettext("internal error")),
                        line: Vec::new(),
                        board: Board::new(tictactoe_engine::geometry::Shape::TIC_TAC_TOE),
                    });
                }
            }
        }
    }

    fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Start {
                game,
                setup,
                cancel,
            } => {
                self.end_game(&gettext("a new game was started"));
                self.start(game, setup, cancel);
            }
            Command::HumanMove { game, cell } => self.human_move(game, cell),
            Command::Hint {
                game,
                board,
                time_limit,
                cancel,
            } => {
                let mut player = hint_player(board.shape(), time_limit);
                self.hint(game, player.as_mut(), &board, &cancel);
            }
            Command::EndGame { game } => {
                if self.game.as_ref().is_some_and(|running| running.id == game) {
                    self.end_game(&gettext("ended by the player"));
                }
            }
            Command::Shutdown => {
                self.game = None;
                return Flow::Stop;
            }
        }
        Flow::Continue
    }

    fn start(&mut self, id: GameId, setup: GameSetup, cancel: CancelFlag) {
        if setup.start.shape() != setup.size {
            self.emit(Event::Error {
                game: id,
                message: fill(
                    &gettext("the start position is {start} but the game is {size}"),
                    &[
                        ("start", &setup.start.shape().words()),
                        ("size", &setup.size.words()),
                    ],
                ),
            });
            self.emit(Event::GameOver {
                game: id,
                result: GameResult::Aborted(gettext("start position refused")),
                line: Vec::new(),
                board: Board::new(setup.size),
            });
            return;
        }
        let players = [setup.players[0].kind(), setup.players[1].kind()];
        self.game = Some(RunningGame {
            id,
            board: setup.start,
            players: setup.players,
            pause: setup.pause,
            cancel,
            next_move_at: Instant::now(),
        });
        self.emit(Event::Started {
            game: id,
            size: setup.size,
            players,
            board: setup.start,
        });
        self.next_turn();
    }

    fn end_game(&mut self, reason: &str) {
        if let Some(game) = self.game.take() {
            game.cancel.cancel();
            self.emit(Event::GameOver {
                game: game.id,
                result: GameResult::Aborted(reason.into()),
                line: Vec::new(),
                board: game.board,
            });
        }
    }

    fn announce_turn(&mut self) {
        let Some(game) = &self.game else { return };
        let side = game.board.side_to_move();
        let player = &game.players[side.index()];
        let event = Event::ToMove {
            game: game.id,
            side,
            player: player.kind(),
            human: player.is_human(),
        };
        self.emit(event);
    }

    fn human_move(&mut self, id: GameId, cell: usize) {
        let refusal = match &self.game {
            Some(game) if game.id == id => {
                let side = game.board.side_to_move();
                if !game.human_to_move() {
                    let kind = game.players[side.index()].kind();
                    Some(fill(
                        &gettext("it is not a human's turn: {side} is played by {player}"),
                        &[("side", &side.mark()), ("player", &kind.display_name())],
                    ))
                } else {
                    game.board
                        .validate_move(cell)
                        .err()
                        .map(|error| error.words())
                }
            }
            _ => Some(fill(&gettext("game {id} is not running"), &[("id", &id)])),
        };
        match refusal {
            Some(message) => self.emit(Event::Error { game: id, message }),
            None => self.play(cell),
        }
    }

    fn computer_move(&mut self) {
        let Some(game) = &mut self.game else { return };
        let (id, side) = (game.id, game.board.side_to_move());
        let kind = game.player(side).kind();
        self.emit(Event::Thinking {
            game: id,
            side,
            player: kind,
        });
        let game = self.game.as_mut().expect("the game is still running");
        let (board, cancel) = (game.board, game.cancel.clone());
        match ask(game.player(side), &board, &cancel) {
            Err(message) => self.fail(message),
            // Cancelled: the command that cancelled it is waiting in the
            // queue and ends this game next. What the search found so far
            // is still worth a row; its move is not played.
            Ok(report) if cancel.is_cancelled() => {
                self.emit(Event::Report {
                    game: id,
                    report: Box::new(report),
                });
            }
            // Stopped with nobody cancelling it: asking again would only
            // repeat that, so it is the player's error.
            Ok(report) if report.aborted => self.fail(stopped_unasked(&report)),
            Ok(report) => self.apply_report(report),
        }
    }

    fn apply_report(&mut self, report: SearchReport) {
        let Some(game) = &self.game else { return };
        let (id, board) = (game.id, game.board);
        if report.resigned {
            let side = report.side;
            self.emit(Event::Report {
                game: id,
                report: Box::new(report),
            });
            self.game = None;
            self.emit(Event::GameOver {
                game: id,
                result: GameResult::Resigned(side),
                line: Vec::new(),
                board,
            });
            return;
        }
        let checked = checked_move(&game.board, &report);
        match checked {
            Ok(cell) => {
                self.emit(Event::Report {
                    game: id,
                    report: Box::new(report),
                });
                self.play(cell);
            }
            Err(message) => self.fail(message),
        }
    }

    /// Ends the game after an internal failure, telling why.
    fn fail(&mut self, message: String) {
        if let Some(game) = &self.game {
            self.emit(Event::Error {
                game: game.id,
                message,
            });
        }
        self.end_game(&gettext("internal error"));
    }

    /// Plays a checked move and announces what follows.
    fn play(&mut self, cell: usize) {
        let Some(game) = &mut self.game else { return };
        let side = game.board.play(cell).expect("the move was validated");
        game.next_move_at = Instant::now() + game.pause;
        let (id, board) = (game.id, game.board);
        self.emit(Event::MovePlayed {
            game: id,
            side,
            cell,
            board,
        });
        self.next_turn();
    }

    /// Asks for the next move, or ends the game when its position is over:
    /// after a move, or from a finished start position.
    fn next_turn(&mut self) {
        let Some(game) = &self.game else { return };
        let (id, board) = (game.id, game.board);
        let (result, line) = match board.outcome() {
            Outcome::Ongoing => return self.announce_turn(),
            Outcome::Won(winner, line) => (GameResult::Won(winner), bits(line).collect()),
            Outcome::Draw => (GameResult::Draw, Vec::new()),
        };
        self.game = None;
        self.emit(Event::GameOver {
            game: id,
            result,
            line,
            board,
        });
    }

    /// Answers the hint `id` with `player`'s report on `board`, or with the
    /// error it failed with. The running game is not touched: a person to
    /// move is still to move, and the next command is served after it.
    fn hint(&self, id: GameId, player: &mut dyn Player, board: &Board, cancel: &CancelFlag) {
        let event = match ask(player, board, cancel) {
            Ok(report) => Event::Hint {
                game: id,
                report: Box::new(report),
            },
            Err(message) => Event::Error { game: id, message },
        };
        self.emit(event);
    }
}

/// A fresh player for each hint, so that nothing searched before changes
/// it: on 3x3 the table gives every free cell's exact value at once; on a
/// board with gravity the perfect player gives each column's exact value
/// from the opening book or the solver (estimates where it was stopped);
/// the other big boards are searched with `alphabeta-tt` to full depth,
/// deepening until `time_limit`.
fn hint_player(size: Shape, time_limit: Duration) -> Box<dyn Player> {
    let kind = if size == Shape::TIC_TAC_TOE || size.gravity() {
        PlayerKind::Perfect
    } else {
        PlayerKind::AlphaBetaTt
    };
    kind.create(&PlayerOptions {
        time_limit: Some(time_limit),
        ..PlayerOptions::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player whose search fails the way a bug would.
    struct Panicking;

    impl Player for Panicking {
        fn kind(&self) -> PlayerKind {
            PlayerKind::AlphaBetaTt
        }

        fn choose_move(&mut self, _board: &Board, _cancel: &CancelFlag) -> SearchReport {
            panic!("deliberate test failure")
        }
    }

    #[test]
    fn a_panic_in_a_hints_search_is_the_hints_error() {
        let (_commands, command_receiver) = mpsc::channel();
        let (event_sender, events) = async_channel::unbounded();
        let game_loop = GameLoop::new(command_receiver, event_sender);
        let board = Board::new(Shape::FOUR_BY_FOUR);
        game_loop.hint(7, &mut Panicking, &board, &CancelFlag::new());
        match events.try_recv() {
            Ok(Event::Error { game, message }) => {
                assert_eq!(game, 7);
                assert_eq!(
                    message,
                    "internal error in alphabeta-tt: deliberate test failure"
                );
            }
            other => panic!("expected the hint's error, got {other:?}"),
        }
        assert!(events.is_empty(), "one event per hint");
    }
}
