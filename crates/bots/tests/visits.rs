//! The search's speed-ups change no visit: at fixed seeds `mcts` with the
//! linear evaluation makes, visit for visit, the decisions recorded at
//! `bde332d` (before issue 26's sixth part made its iteration cheaper;
//! without the summon's credit, which came after),
//! and the default `mcts` (the value network judging the duel and the
//! High Form) those recorded with the committed network.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::{play_until_turn, BotSpec, GreedyBot, MctsBot};
use tash_kalar_rules::{Actor, Form, Game, School};

/// The search's five most visited root choices and their visits, at
/// positions of every form the bench measures, from games between greedy
/// players.
fn decisions(spec: &str) -> Vec<String> {
    let (n, s, y, h) = (School::Northern, School::Southern, School::Sylvan, School::Highland);
    let setups: [(Form, &[School], u16, u64); 6] = [
        (Form::Duel, &[n, s], 5, 1),
        (Form::Duel, &[y, h], 14, 2),
        (Form::HighForm, &[s, y], 9, 3),
        (Form::HighForm, &[h, n], 16, 6),
        (Form::Melee, &[n, s, y], 8, 4),
        (Form::Melee, &[h, y, s], 15, 5),
    ];
    let Ok(BotSpec::Mcts(config)) = spec.parse() else { panic!("{spec} is an mcts spec") };
    let mut out = Vec::new();
    for (form, schools, turn, seed) in setups {
        let mut g = Game::new(form, schools).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_until_turn(&mut g, &mut GreedyBot::new(seed), turn, &mut rng);
        let Actor::Seat(seat) = g.actor() else { panic!("a seat to act") };
        let visits = MctsBot::new(config.clone(), 11).search(&g.observe(seat));
        let top: Vec<String> = visits.iter().take(5).map(|(c, n)| format!("{c} {n}")).collect();
        out.push(top.join(", "));
    }
    out
}

/// `mcts:iterations=600,value=linear` at seed 11, recorded at `bde332d`
/// (then the default; `summoned=0`: the summon's credit, issue 26's
/// fourteenth part, came later).
const LINEAR: [&str; 6] = [
    "summon imperial.summoner f4 r180 76, place f6 36, place g6 29, place e4 25, place h4 24",
    "summon highland.ritual_keeper e5 r90 175, summon highland.hill_giant d6 r270 123, place i4 19, place h6 12, place c1 11",
    "place e1 48, place e4 45, place d4 42, place e5 33, place d3 31",
    "summon imperial.knight d5 m90 114, place e9 45, place b6 43, place e4 36, place h2 27",
    "place c7 29, place h5 24, place g2 22, place h6 20, place h7 19",
    "place g5 30, place f3 25, place e9 25, place i5 22, place b7 20",
];

#[test]
fn the_linear_search_decides_as_it_did_before_its_iteration_was_made_cheaper() {
    assert_eq!(decisions("mcts:iterations=600,value=linear,summoned=0"), LINEAR);
}

#[test]
fn the_default_search_decides_as_recorded_with_the_committed_network() {
    // re-recorded whenever the committed value network or the search's
    // judging changes (last: the summon credited the card's worth in hand,
    // issue 26's fourteenth part): the network judges the duel's and the
    // High Form's horizons; the melee's are the linear evaluation's
    let default = decisions("mcts:iterations=600");
    assert_eq!(
        default,
        [
            "summon imperial.summoner f4 r180 182, place h4 55, place f4 48, place f6 16, place g3 15",
            "summon highland.legend_slayer h5 r90 215, summon highland.hill_giant d6 r270 45, summon highland.legend_slayer e5 r270 33, summon highland.ritual_keeper g6 r0 29, summon highland.ritual_keeper g3 r0 20",
            "summon imperial.time_mage e4 r270 229, summon imperial.time_mage g2 r90 48, summon imperial.time_mage g4 r0 16, place e5 15, summon imperial.messenger g1 r180 11",
            "summon imperial.knight d5 m90 196, summon imperial.knight b6 m0 162, summon imperial.knight d4 r90 46, summon imperial.assassin d6 r270 30, summon legends.earth_elemental b5 r0 22",
            "summon imperial.messenger e2 r270 122, summon imperial.cavalry_captain g5 r0 111, summon imperial.messenger f5 r0 38, summon imperial.cannon f4 m90 35, summon imperial.cannon f4 m0 33",
            "summon imperial.assassin h6 r0 178, summon imperial.messenger g5 r180 32, summon imperial.messenger d6 r270 19, place h6 18, summon imperial.herald h7 r180 17",
        ]
    );
}
