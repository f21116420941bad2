//! `mcts-v2` is the search as it was when issue 26 began, kept unchanged:
//! at a fixed seed it makes the decisions `mcts` made then (recorded
//! before the search changed), visit for visit.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_bots::mcts_v2::MctsV2Bot;
use tash_kalar_bots::{from_spec, play_until_turn, BotSpec, GreedyBot};
use tash_kalar_rules::{Actor, Form, Game, School};

/// The search's three most visited root choices and their visits, at a few
/// positions from games between greedy players.
fn decisions(spec: &str) -> Vec<String> {
    let (n, s, y) = (School::Northern, School::Southern, School::Sylvan);
    let setups: [(Form, &[School], u16, u64); 5] = [
        (Form::Duel, &[n, s], 5, 1),
        (Form::Duel, &[y, n], 12, 2),
        (Form::HighForm, &[s, y], 9, 3),
        (Form::Melee, &[n, s, y], 8, 4),
        (Form::Duel, &[s, n], 20, 5),
    ];
    let Ok(BotSpec::MctsV2(config)) = spec.parse() else { panic!("{spec} is an mcts-v2 spec") };
    let mut out = Vec::new();
    for (form, schools, turn, seed) in setups {
        let mut g = Game::new(form, schools).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_until_turn(&mut g, &mut GreedyBot::new(seed), turn, &mut rng);
        let Actor::Seat(seat) = g.actor() else { panic!("a seat to act") };
        let visits = MctsV2Bot::new(config.clone(), 11).search(&g.observe(seat));
        let top: Vec<String> = visits.iter().take(3).map(|(c, n)| format!("{c} {n}")).collect();
        out.push(top.join(", "));
    }
    out
}

#[test]
fn mcts_v2_decides_as_mcts_did_before_issue_26() {
    // `mcts:iterations=400` at seed 11, before the changes of issue 26
    assert_eq!(
        decisions("mcts-v2:iterations=400"),
        [
            "summon imperial.summoner f4 r180 83, summon imperial.summoner f6 r0 23, place g4 14",
            "summon imperial.champion e5 r180 190, place f1 4, place d3 4",
            "summon imperial.time_mage g2 r90 44, summon imperial.messenger d2 r270 35, place d3 30",
            "place g3 27, place f1 17, place a3 17",
            "place h8 108, summon imperial.cannon g5 r90 23, summon imperial.cannon f5 m0 20",
        ]
    );
    // options are the old search's too: `mcts:iterations=300,threads=2,c=0.3,playout=0`
    assert_eq!(
        decisions("mcts-v2:iterations=300,threads=2,c=0.3,playout=0"),
        [
            "summon imperial.summoner f4 r180 24, place f4 21, summon imperial.summoner f6 r0 19",
            "summon imperial.champion e5 r180 128, summon legends.hell_bull f6 r0 10, summon imperial.summoner f7 r0 10",
            "place f5 18, place e1 18, place g1 18",
            "place g1 15, place b2 15, place d3 14",
            "summon imperial.cannon g5 r90 24, place h8 22, summon imperial.cannon f5 r180 19",
        ]
    );
}

#[test]
fn mcts_v2_is_a_bot_spec_of_its_own() {
    let bot = from_spec("mcts-v2:iterations=20", 1).unwrap();
    assert_eq!(bot.name(), "mcts-v2");
    assert_eq!("mcts-v2:iterations=20".parse::<BotSpec>().unwrap().to_string(), "mcts-v2:iterations=20");
}

/// The same positions searched by the new search, its three most visited
/// root choices and their visits.
fn new_decisions(spec: &str) -> Vec<String> {
    let (n, s, y) = (School::Northern, School::Southern, School::Sylvan);
    let setups: [(Form, &[School], u16, u64); 5] = [
        (Form::Duel, &[n, s], 5, 1),
        (Form::Duel, &[y, n], 12, 2),
        (Form::HighForm, &[s, y], 9, 3),
        (Form::Melee, &[n, s, y], 8, 4),
        (Form::Duel, &[s, n], 20, 5),
    ];
    let Ok(BotSpec::Mcts(config)) = spec.parse() else { panic!("{spec} is an mcts spec") };
    let mut out = Vec::new();
    for (form, schools, turn, seed) in setups {
        let mut g = Game::new(form, schools).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_until_turn(&mut g, &mut GreedyBot::new(seed), turn, &mut rng);
        let Actor::Seat(seat) = g.actor() else { panic!("a seat to act") };
        let visits = tash_kalar_bots::MctsBot::new(config.clone(), 11).search(&g.observe(seat));
        let top: Vec<String> = visits.iter().take(3).map(|(c, n)| format!("{c} {n}")).collect();
        out.push(top.join(", "));
    }
    out
}

#[test]
fn the_new_search_with_mcts_v2s_playout_and_no_economy_searches_as_mcts_v2() {
    // what the new search changed beyond the playout's judging and the
    // economy (the logarithm's table, the root's own map of edges, the
    // priors kept in the nodes) changes no visit (judged, as mcts-v2, by
    // the linear evaluation: the value network is the new search's default)
    let v2_like = "all_summons=1,judged_steps=24,judged_expansion=0,held_legend=0,held_flare=0,return_legend=0,return_flare=0,flare_cost=0,summoned=0,value=linear";
    assert_eq!(new_decisions(&format!("mcts:iterations=400,{v2_like}")), decisions("mcts-v2:iterations=400"));
    assert_eq!(
        new_decisions(&format!("mcts:iterations=300,threads=2,c=0.3,playout=0,{v2_like}")),
        decisions("mcts-v2:iterations=300,threads=2,c=0.3,playout=0")
    );
}
