//! Round robins: every game counted once, the strong players never lose on
//! 3x3, a seed replays the same tournament on any number of threads, and a
//! cancelled one keeps what it finished.

use super::common;

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::compare::Contender;
use tictactoe_tools::play::GameEnd;
use tictactoe_tools::tournament::{
    CROSS_COLUMNS, GAMES_COLUMNS, GameSummary, JsonWriter, STANDINGS_COLUMNS, Tally,
    TournamentError,
};
use tictactoe_tools::tournament::{Tournament, TournamentResults};

use common::parse_csv;

fn contenders(names: &str) -> Vec<Contender> {
    names.split(',').map(|name| name.parse().unwrap()).collect()
}

/// The results, and the games as the tournament handed them out.
fn play(tournament: &Tournament) -> (TournamentResults, Vec<GameSummary>) {
    let mut games = Vec::new();
    let results = tournament
        .run_with_games(&CancelFlag::new(), |_| {}, |game| games.push(game.clone()))
        .unwrap();
    (results, games)
}

/// Checks that the games, the cross table and the standings agree.
fn assert_totals_add_up(results: &TournamentResults, games: &[GameSummary]) {
    let n = results.entrants.len();
    assert_eq!(results.games_played, games.len() as u64);
    // Every game once: each (X, O, game number) appears at most once.
    let keys: HashSet<_> = games.iter().map(|g| (g.x, g.o, g.game)).collect();
    assert_eq!(keys.len(), games.len());
    // The cross table from the games, counted again here.
    let mut cross = vec![vec![(Tally::default(), Tally::default()); n]; n];
    for game in games {
        assert_ne!(game.x, game.o);
        let (x, o) = match game.result {
            GameEnd::Won(Side::Max) => ((1, 0, 0), (0, 0, 1)),
            GameEnd::Won(_) => ((0, 0, 1), (1, 0, 0)),
            GameEnd::Draw => ((0, 1, 0), (0, 1, 0)),
        };
        let add = |tally: &mut Tally, (w, d, l): (u64, u64, u64)| {
            tally.wins += w;
            tally.draws += d;
            tally.losses += l;
        };
        add(&mut cross[game.x][game.o].0, x);
        add(&mut cross[game.o][game.x].1, o);
    }
    for (row, (records, counted)) in results.cross.iter().zip(&cross).enumerate() {
        for (column, (&record, &counted)) in records.iter().zip(counted).enumerate() {
            assert_eq!((record.as_x, record.as_o), counted, "{row} {column}");
            // Each side of a pairing sees the other's mirror.
            let other = results.cross[column][row];
            assert_eq!(record.as_x.wins, other.as_o.losses);
            assert_eq!(record.as_x.draws, other.as_o.draws);
            assert_eq!(record.as_o.wins, other.as_x.losses);
        }
    }
    let games: u64 = results.standings.iter().map(|s| s.total.games()).sum();
    assert_eq!(games, 2 * results.games_played, "two entrants per game");
    let points: f64 = results.standings.iter().map(|s| s.points).sum();
    assert_eq!(points, results.games_played as f64, "one point per game");
    let wins: u64 = results.standings.iter().map(|s| s.total.wins).sum();
    let losses: u64 = results.standings.iter().map(|s| s.total.losses).sum();
    assert_eq!(wins, losses);
    for s in &results.standings {
        assert_eq!(s.total.games(), s.as_x.games() + s.as_o.games());
        assert_eq!(s.points, s.total.points());
    }
    // Best first.
    for pair in results.standings.windows(2) {
        assert!(pair[0].points >= pair[1].points);
        assert!(pair[0].rank <= pair[1].rank);
    }
}

#[test]
fn every_game_is_counted_once_and_the_totals_add_up() {
    let tournament = Tournament::new(
        contenders("random,rules,alphabeta:2,mcts"),
        Shape::TIC_TAC_TOE,
        3,
        11,
    );
    let (results, games) = play(&tournament);
    assert_eq!(results.games_total, 4 * 3 * 3);
    assert_eq!(results.games_played, results.games_total);
    assert!(!results.partial);
    assert!(results.failures.is_empty());
    assert_totals_add_up(&results, &games);
    for s in &results.standings {
        assert_eq!(s.total.games(), 3 * 2 * 3, "{}", s.label);
        assert_eq!(s.as_x.games(), 3 * 3);
        assert!(s.moves > 0 && s.mean_time_us.is_some());
        assert_eq!(s.time_limited_moves, 0);
    }
}

#[test]
fn perfect_and_the_full_depth_searches_never_lose_on_3x3() {
    let tournament = Tournament::new(
        Contender::computer_players(Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        6,
        2026,
    );
    let (results, games) = play(&tournament);
    assert_totals_add_up(&results, &games);
    for s in &results.standings {
        let kind = results.entrants[s.entrant].player;
        if matches!(
            kind,
            PlayerKind::Perfect
                | PlayerKind::AlphaBetaTt
                | PlayerKind::AlphaBetaRandom
                | PlayerKind::Pvs
                | PlayerKind::Mtdf
                | PlayerKind::Pns
        ) {
            assert_eq!(s.total.losses, 0, "{} lost: {:?}", s.label, s.total);
            assert!(s.rating.unwrap() > 0.0);
        }
    }
    let random = results
        .standings
        .iter()
        .find(|s| results.entrants[s.entrant].player == PlayerKind::Random)
        .unwrap();
    assert!(random.total.losses > 0, "the games were played for real");
    assert_eq!(random.rank, results.standings.len(), "random comes last");
    assert!(random.rating.unwrap() < 0.0);
}

#[test]
fn a_seed_replays_the_same_tournament_on_one_or_two_threads() {
    let mut tournament = Tournament::new(
        contenders("random,rules,alphabeta-random,mcts"),
        Shape::TIC_TAC_TOE,
        4,
        99,
    );
    tournament.threads = Some(1);
    let (one, one_games) = play(&tournament);
    tournament.threads = Some(2);
    let (two, two_games) = play(&tournament);
    assert_eq!((one.threads, two.threads), (1, 2));
    assert_eq!(one_games, two_games);
    assert_eq!(one.cross, two.cross);
    let ranking = |results: &TournamentResults| {
        results
            .standings
            .iter()
            .map(|s| (s.rank, s.entrant, s.total, s.rating, s.moves))
            .collect::<Vec<_>>()
    };
    assert_eq!(ranking(&one), ranking(&two));
    // The seed matters: another one plays other games.
    tournament.seed = 100;
    assert_ne!(play(&tournament).1, one_games);
}

#[test]
fn cancelling_keeps_the_finished_games_and_flags_the_results_partial() {
    let mut tournament = Tournament::new(
        contenders("random,rules,alphabeta,mcts,perfect"),
        Shape::TIC_TAC_TOE,
        20,
        3,
    );
    tournament.threads = Some(2);
    let cancel = CancelFlag::new();
    let stopper = cancel.clone();
    let reported = AtomicU64::new(0);
    let mut games = Vec::new();
    let results = tournament
        .run_with_games(
            &cancel,
            |progress| {
                assert_eq!(progress.games_total, 400);
                let before = reported.swap(progress.games_done, Ordering::Relaxed);
                assert_eq!(
                    progress.games_done,
                    before + 1,
                    "one call per game, in order"
                );
                if progress.games_done == 25 {
                    stopper.cancel();
                }
            },
            |game| games.push(game.clone()),
        )
        .unwrap();
    assert!(results.partial);
    assert!(
        results.games_played >= 25 && results.games_played < 400,
        "{}",
        results.games_played
    );
    assert_eq!(reported.load(Ordering::Relaxed), results.games_played);
    assert_totals_add_up(&results, &games);
    // Cancelled before it starts: nothing played.
    let results = tournament.run(&cancel, |_| panic!("no game")).unwrap();
    assert!(results.partial);
    assert_eq!(results.games_played, 0);
    assert!(results.standings.iter().all(|s| s.rating.is_none()));
}

#[test]
fn what_cannot_be_played_is_refused() {
    let cancel = CancelFlag::new();
    let refused = |names: &str, games| {
        let entrants = names.split(',').map(|name| name.parse().unwrap()).collect();
        Tournament::new(entrants, Shape::TIC_TAC_TOE, games, 1)
            .run(&cancel, |_| {})
            .unwrap_err()
    };
    assert_eq!(refused("perfect", 1), TournamentError::TooFewEntrants);
    assert_eq!(
        refused("alphabeta:3,perfect,alphabeta:3", 1),
        TournamentError::Duplicate("Alpha-beta, depth 3".into())
    );
    assert_eq!(
        refused("alphabeta:3,alphabeta:4", 0),
        TournamentError::NoGames
    );
    let human = vec![
        Contender::new(PlayerKind::Human, Difficulty::Hard),
        Contender::new(PlayerKind::Perfect, Difficulty::Hard),
    ];
    let error = Tournament::new(human, Shape::TIC_TAC_TOE, 1, 1)
        .run(&cancel, |_| {})
        .unwrap_err();
    assert_eq!(error, TournamentError::Human);
    let mut threads = Tournament::new(contenders("random,rules"), Shape::TIC_TAC_TOE, 1, 1);
    threads.threads = Some(0);
    // rayon takes 0 for "one per core".
    assert!(threads.run(&cancel, |_| {}).is_ok());
}

#[test]
fn json_and_csv_carry_the_results() {
    let tournament = Tournament::new(
        contenders("random,alphabeta:2,perfect"),
        Shape::TIC_TAC_TOE,
        2,
        5,
    );
    let mut json = JsonWriter::begin(Vec::new(), &tournament).unwrap();
    let mut games = Vec::new();
    let results = tournament
        .run_with_games(
            &CancelFlag::new(),
            |_| {},
            |game| {
                json.game(game).unwrap();
                games.push(game.clone());
            },
        )
        .unwrap();
    let json = json.end(&results).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(json["size"], 3);
    assert_eq!(json["seed"], 5);
    assert_eq!(json["games_played"], 12);
    assert_eq!(json["partial"], false);
    assert_eq!(json["entrants"][1]["label"], "alphabeta, depth 2");
    assert_eq!(json["entrants"][1]["family"], "alphabeta");
    assert_eq!(json["games"].as_array().unwrap().len(), 12);
    let result = json["games"][0]["result"].as_str().unwrap();
    assert!(["x", "o", "draw"].contains(&result));
    assert_eq!(
        json["cross"][0][1]["as_x"]["wins"],
        results.cross[0][1].as_x.wins
    );
    assert_eq!(json["standings"].as_array().unwrap().len(), 3);
    assert_eq!(json["standings"][0]["rank"], 1);

    let standings = parse_csv(&results.standings_csv());
    assert_eq!(standings[0], STANDINGS_COLUMNS);
    assert_eq!(standings.len(), 4);
    for (record, s) in standings[1..].iter().zip(&results.standings) {
        assert_eq!(record.len(), STANDINGS_COLUMNS.len());
        assert_eq!(record[1], s.label);
        assert_eq!(record[6], s.total.games().to_string());
        assert_eq!(record[18].parse::<f64>().unwrap(), s.points);
    }
    let cross = parse_csv(&results.cross_table_csv());
    assert_eq!(cross[0], CROSS_COLUMNS);
    assert_eq!(cross.len(), 1 + 3 * 2, "every ordered pair");
    assert_eq!(games.len(), 12);
    for game in &games {
        let record = &parse_csv(&results.game_csv(game))[0];
        assert_eq!(record.len(), GAMES_COLUMNS.len());
        assert_eq!(record[0], results.entrants[game.x].label);
        let moves: Vec<usize> = record[5].split(' ').map(|c| c.parse().unwrap()).collect();
        assert_eq!(moves, game.moves);
    }
}

#[test]
fn moves_a_time_limit_cut_short_are_counted() {
    // Proving the empty 4x4 board takes alphabeta-tt some 10 ms: with 1 ms
    // a move it keeps a shallower depth, at least on its first move.
    let mut entrants = contenders("alphabeta-tt,random");
    entrants[0].options.time_limit = Some(std::time::Duration::from_millis(1));
    let (results, games) = play(&Tournament::new(entrants, Shape::FOUR_BY_FOUR, 1, 4));
    assert_totals_add_up(&results, &games);
    let by_entrant = |entrant: usize| {
        results
            .standings
            .iter()
            .find(|s| s.entrant == entrant)
            .unwrap()
            .time_limited_moves
    };
    assert!(by_entrant(0) > 0);
    assert_eq!(by_entrant(1), 0, "random has no depth to cut");
}
