//! Analysis: a position's chance to win and best choices, a recorded
//! game's mistakes.

use tash_kalar_bots::analysis::{analyse_game, analyse_position, mistakes, AnalysisConfig};
use tash_kalar_rules::{Actor, CardId, Choice, Game, Match, Mover, Position, Record};

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

/// Blue's last turn at 17 all, one action, a Titan pattern on the board and
/// the Titan in hand; red would win the tie on upgraded pieces: summoning
/// the legend wins, anything else loses.
fn legend_wins() -> Position {
    let mut p = Position::duel("9/2r+r+2r+2/9/9/4b+4/4b+4/3bbb3/9/9").unwrap();
    p.seats[0].legends = vec![card("legends.titan")];
    p.seats[0].score = 17;
    p.seats[1].score = 17;
    p.actions = 1;
    p.end = Some((0, 0));
    p
}

const TITAN: &str = "summon legends.titan e6 r0";

fn config(seed: u64) -> AnalysisConfig {
    AnalysisConfig { iterations: 300, threads: 1, seed, best: 3, progress: None }
}

/// The record of the game from `p` with `first` played, then the first
/// legal choice of every step (chance's too) to the end.
fn played_out(p: Position, first: &str) -> Record {
    let mut m = Match::from_position(p).unwrap();
    m.act_text(Mover::Seat(0), first).unwrap();
    while let Some(by) = Mover::of(m.game().actor()) {
        let legal = m.game().legal_choices();
        let c = legal.iter().copied().find(|c| *c == Choice::EndTurn).unwrap_or(legal[0]);
        m.act(by, c).unwrap();
    }
    m.record().clone()
}

#[test]
fn the_winning_summon_is_best_and_its_chance_is_near_certain() {
    let g = legend_wins().to_game().unwrap();
    let a = analyse_position(&g, &config(1)).expect("blue is to choose");
    assert_eq!(a.seat, 0);
    assert_eq!(a.best[0].choice.to_string(), TITAN, "{:?}", a.best);
    assert!(a.chance > 0.9, "{}", a.chance);
    assert!(a.best.len() <= 3 && !a.best.is_empty());
    assert!(a.best.windows(2).all(|w| w[0].visits >= w[1].visits), "most searched first");
    assert!(a.best.iter().all(|b| (0.0..=1.0).contains(&b.chance)));
    // the other choices lose: their chances are far below
    assert!(a.best[1..].iter().all(|b| b.chance < 0.5), "{:?}", a.best);
}

#[test]
fn the_same_seed_gives_the_same_analysis() {
    let g = legend_wins().to_game().unwrap();
    for seed in [3, 4] {
        assert_eq!(analyse_position(&g, &config(seed)), analyse_position(&g, &config(seed)));
    }
}

#[test]
fn nobody_to_choose_means_nothing_to_analyse() {
    let mut m = Match::from_position(legend_wins()).unwrap();
    m.act_text(Mover::Seat(0), TITAN).unwrap();
    while let Some(by) = Mover::of(m.game().actor()) {
        let legal = m.game().legal_choices();
        m.act(by, legal.iter().copied().find(|c| *c == Choice::EndTurn).unwrap_or(legal[0])).unwrap();
    }
    assert!(m.game().is_over());
    assert_eq!(analyse_position(m.game(), &config(1)), None);
    // chance to draw: a new game's first step deals the cards
    let g = Game::new(
        tash_kalar_rules::Form::Duel,
        &[tash_kalar_rules::School::Highland, tash_kalar_rules::School::Sylvan],
    )
    .unwrap();
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(analyse_position(&g, &config(1)), None);
}

#[test]
fn a_game_thrown_away_shows_its_mistake_and_a_game_won_shows_none() {
    let lost = played_out(legend_wins(), "place a5");
    let mut told = 0;
    let analysed = analyse_game(&lost, &config(2), &mut |_| told += 1).unwrap();
    assert_eq!(told, analysed.len());
    let first = &analysed[0];
    assert_eq!((first.index, first.seat, first.played.to_string()), (0, 0, "place a5".to_string()));
    assert_eq!(first.position.best[0].choice.to_string(), TITAN);
    assert!(first.loss() > 0.5, "placing gave the win away: {first:?}");
    assert_eq!(mistakes(&analysed, 3)[0].index, 0);

    let won = played_out(legend_wins(), TITAN);
    let analysed = analyse_game(&won, &config(2), &mut |_| {}).unwrap();
    assert!(analysed[0].loss() < 0.1, "{:?}", analysed[0]);
    assert!(mistakes(&analysed, 3).iter().all(|m| m.loss() < 0.1));
}

#[test]
fn a_record_that_does_not_replay_is_refused() {
    let mut record = played_out(legend_wins(), TITAN);
    record.moves.insert(1, tash_kalar_rules::record::Move { by: Mover::Seat(1), choice: Choice::EndTurn });
    assert!(analyse_game(&record, &config(1), &mut |_| {}).is_err());
}

#[test]
fn a_positions_search_counts_its_iterations_for_whoever_shows_them() {
    let counter = tash_kalar_bots::mcts::Progress::default();
    counter.0.store(7, std::sync::atomic::Ordering::Relaxed);
    let config = AnalysisConfig { iterations: 120, progress: Some(counter.clone()), ..config(3) };
    let game = legend_wins().to_game().unwrap();
    assert!(analyse_position(&game, &config).is_some());
    // reset as the search starts, then once an iteration, all spent
    assert_eq!(counter.0.load(std::sync::atomic::Ordering::Relaxed), 120);
}
