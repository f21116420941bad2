//! The new search ([`MctsBot`]) against the old ones ([`MctsV1Bot`],
//! [`MctsV2Bot`]) on small positions where one choice is clearly best and seeing the reply, or the
//! end of the game, is what finds it. Each test checks that the new search
//! finds the choice with a modest budget (1000 iterations, three seeds) and
//! says what the old one (and the greedy bot) do there: the old search
//! loses the legend; the greedy bot invokes the losing flare; on the other
//! positions the old search finds the choice too (its short turns reach the
//! reply, or its evaluation already prefers it), and the tests keep the new
//! search honest there.

mod common;
use common::Gate;

use tash_kalar_bots::economy::Economy;
use tash_kalar_bots::eval::evaluate_end_seats;
use tash_kalar_bots::mcts::{horizon_values, Judge};
use tash_kalar_bots::mcts_v1::{MctsV1Bot, MctsV1Config};
use tash_kalar_bots::mcts_v2::{MctsV2Bot, MctsV2Config};
use tash_kalar_bots::GreedyBot;
use tash_kalar_bots::{Bot, MctsBot, MctsConfig};
use tash_kalar_rules::{Actor, CardId, Choice, Form, Game, Position, TaskBoard, TaskId};

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

fn new_bot(iterations: u32, seed: u64) -> MctsBot {
    MctsBot::new(MctsConfig { iterations: Some(iterations), ..MctsConfig::default() }, seed)
}

fn old_bot(iterations: u32, seed: u64) -> MctsV1Bot {
    MctsV1Bot::new(MctsV1Config { iterations: Some(iterations), ..MctsV1Config::default() }, seed)
}

/// Plays the bot for the seat to act until the game ends or another seat
/// acts (the positions here have no chance steps inside a turn), returning
/// the choices made.
fn play_turn(g: &mut Game, bot: &mut dyn Bot) -> Vec<String> {
    let seat = g.turn().seat;
    let mut made = Vec::new();
    while g.actor() == Actor::Seat(seat) {
        let c = bot.choose(&g.observe(seat));
        made.push(c.to_string());
        g.act(c).unwrap();
    }
    made
}

fn texts(g: &Game) -> Vec<String> {
    g.legal_choices().iter().map(Choice::to_string).collect()
}

/// Blue (to act, one action) has a legendary piece on f5, and red's only
/// card is a Champion whose pattern (d5 d4 e4 e3) summons it on e5, next to
/// the legend, to destroy it (2 points for red). Blue may summon its own
/// Champion on g3 to destroy a red heroic piece on h2 (a point now, the
/// greedy choice), or its Swordmaster on c6 to destroy red's d5 and break
/// the pattern: the defence.
fn legend_threatened() -> Game {
    let mut p = Position::duel("9/9/9/9/3r1b*3/1b1rr4/1bb1rb3/2b2bbr+1/6b2").unwrap();
    p.seats[0].beings = vec![card("imperial.champion")];
    p.seats[1].beings = vec![card("imperial.champion")];
    p.to_game().unwrap()
}

/// The end is triggered: blue (17) plays, then red (17) plays the last turn
/// with no cards, only placing. Blue wins the tie on upgraded pieces. Its
/// flare (red has 6 more pieces) would place two common pieces that complete
/// the patterns of both beings in its hand, a fine turn of summons, but the
/// flare's point puts red on 18, ahead when the game ends after red's turn.
fn flare_loses() -> Game {
    let mut p = Position::duel("9/1r1r1r1r1/2r+1r+1r+2/3r5/9/9/2bb5/9/9").unwrap();
    p.seats[0].flares = vec![card("flares.05")];
    p.seats[0].beings = vec![card("imperial.summoner")];
    p.actions = 0;
    p.seats[0].score = 17;
    p.seats[1].score = 16;
    p.end = Some((1, 1));
    p.to_game().unwrap()
}

fn task(id: &str) -> TaskId {
    TaskId::parse(id).unwrap()
}

/// The High Form, the end triggered: blue (6) plays, then red (7) the last
/// turn. Blue meets two current tasks: the diagonals (3 points) and a line
/// dominance (row 5, 2 points); red meets the line dominance too (column f)
/// and has more upgraded pieces (it wins a tie). Claiming the diagonals
/// (more points now) leaves red the line dominance: 9 all, red wins the
/// tie. Claiming the line dominance wins 8 to 7.
fn task_race() -> Game {
    let mut p =
        Position::for_form(Form::HighForm, "2b2r3/1b3r3/2b2r3/1b1b+1r3/bbb1b1bb1/3b+5/2b2r+3/1b3r+3/5r+3").unwrap();
    let mut tb = TaskBoard {
        current: [task("tasks.diagonals"), task("tasks.line_dominance"), task("tasks.devastation")]
            .into_iter()
            .collect(),
        next: Some(task("tasks.destruction")),
        ..TaskBoard::default()
    };
    // the scores: claimed points (6 and 7)
    tb.claimed[0] = [task("tasks.heroic_devastation"), task("tasks.color_conquest")].into_iter().collect();
    tb.claimed[1] =
        [task("tasks.red_legends"), task("tasks.green_legends"), task("tasks.red_summoning")].into_iter().collect();
    p.tasks = Some(tb);
    p.actions = 0;
    p.end = Some((1, 1));
    p.to_game().unwrap()
}

/// Blue has one action left in the game (the end is triggered: red plays
/// the last turn, with no cards): its Champion on e5 (or its Knight) destroys
/// the red heroic piece on f5, the point that wins; discarding (or placing)
/// scores nothing. (On an open board with red holding no cards, a search
/// that sees blue's next turn may rightly put the summon off, so the end
/// makes the point due now.)
fn summon_or_discard() -> Game {
    let mut p = Position::duel("9/9/9/5r3/3bbr+3/3bb4/4b4/9/9").unwrap();
    p.seats[0].beings = vec![card("imperial.champion"), card("imperial.knight"), card("imperial.assassin")];
    p.seats[0].deck = tash_kalar_rules::pile::Pile::shuffled([
        card("imperial.bomb"),
        card("imperial.herald"),
        card("imperial.messenger"),
    ]);
    p.actions = 1;
    p.end = Some((1, 1));
    p.to_game().unwrap()
}

const SEEDS: [u64; 3] = [0, 1, 2];

#[test]
fn the_new_search_defends_the_threatened_legend_and_the_old_one_does_not() {
    let g = legend_threatened();
    let defence = ["summon imperial.champion c4 r0"];
    for seed in SEEDS {
        let mut h = g.clone();
        let made = play_turn(&mut h, &mut new_bot(1000, seed));
        // in the turn (before or after a placement elsewhere: the same end)
        assert!(made.iter().any(|m| defence.contains(&m.as_str())), "seed {seed}: {made:?}");
        // red has no pattern left: the legend on f5 is safe
        assert!(!h.legal_choices().iter().any(|c| matches!(c, Choice::Summon { .. })), "{made:?}");
        // the old search takes the point and loses the legend
        let old = old_bot(1000, seed).choose(&g.observe(0));
        assert_eq!(old.to_string(), "summon imperial.champion g3 r0", "seed {seed}");
    }
}

#[test]
fn the_threatened_legend_is_out_of_what_the_network_saw_and_judged_linearly() {
    // both decks empty and the end not triggered: no self-play position is
    // like it, so the default search's network leaves it to the evaluation
    let g = legend_threatened();
    let config = MctsConfig::default();
    let Judge::Net(net) = &config.value else { panic!("the network is the default: {:?}", config.value) };
    let linear = evaluate_end_seats(&g, &config.weights, &config.end);
    let mut values = linear.clone();
    assert!(!net.judge(&g, &mut values, &config.end));
    assert_eq!(values, linear);
    assert_eq!(horizon_values(&g, &config), linear);
}

#[test]
fn the_new_search_does_not_invoke_the_flare_that_gives_the_game_away() {
    let g = flare_loses();
    // the greedy bot likes what the flare places and invokes it: red wins
    let mut h = g.clone();
    let made = play_turn(&mut h, &mut GreedyBot::new(1));
    assert_eq!(made[0], "flare r");
    finish_game(&mut h);
    assert_eq!(h.outcome().and_then(|o| o.winner()), Some(1));
    for seed in SEEDS {
        let mut h = g.clone();
        let made = play_turn(&mut h, &mut new_bot(1000, seed));
        assert!(!made.iter().any(|c| c.starts_with("flare")), "seed {seed}: {made:?}");
        finish_game(&mut h);
        assert_eq!(h.outcome().and_then(|o| o.winner()), Some(0), "seed {seed}: {made:?}");
        // the old search also holds back here (its turn is one step long)
        let old = play_turn(&mut g.clone(), &mut old_bot(1000, seed));
        assert!(!old.iter().any(|c| c.starts_with("flare")), "seed {seed}: {old:?}");
    }
}

#[test]
fn the_new_search_claims_the_task_that_wins_on_the_last_turn() {
    let g = task_race();
    assert_eq!((g.seat(0).score, g.seat(1).score), (6, 7));
    for seed in SEEDS {
        let mut h = g.clone();
        let made = play_turn(&mut h, &mut new_bot(1000, seed));
        assert_eq!(made.last().map(String::as_str), Some("claim tasks.line_dominance"), "seed {seed}");
        finish_game(&mut h);
        assert_eq!(h.outcome().and_then(|o| o.winner()), Some(0), "seed {seed}: {made:?}");
    }
    // so does the old search (the claim is its own decision, one step from red's turn)
    for seed in SEEDS {
        let made = play_turn(&mut g.clone(), &mut old_bot(1000, seed));
        assert_eq!(made.last().map(String::as_str), Some("claim tasks.line_dominance"), "seed {seed}");
    }
    // the other claim loses the tie after red's last turn
    let mut h = g.clone();
    h.act_text("end").unwrap();
    h.act_text("claim tasks.diagonals").unwrap();
    finish_game(&mut h);
    assert_eq!(h.outcome().and_then(|o| o.winner()), Some(1));
}

#[test]
fn the_new_search_summons_to_score_rather_than_discard() {
    let g = summon_or_discard();
    assert!(texts(&g).iter().any(|c| c.starts_with("discard")));
    for seed in SEEDS {
        let mut h = g.clone();
        let made = play_turn(&mut h, &mut new_bot(1000, seed));
        assert!(made[0].starts_with("summon"), "seed {seed}: {made:?}");
        assert_eq!(h.seat(0).score, 1, "seed {seed}: {made:?}");
        finish_game(&mut h);
        assert_eq!(h.outcome().and_then(|o| o.winner()), Some(0), "seed {seed}: {made:?}");
        // so does the old search here
        let old = old_bot(1000, seed).choose(&g.observe(0));
        assert!(old.to_string().starts_with("summon"), "seed {seed}: {old}");
    }
}

/// Plays the game out with greedy players.
fn finish_game(g: &mut Game) {
    let mut bots = [GreedyBot::new(3), GreedyBot::new(4)];
    loop {
        let c = match g.actor() {
            Actor::Seat(s) => bots[s as usize].choose(&g.observe(s)),
            Actor::Chance => g.legal_choices()[0],
            Actor::Nobody => break,
        };
        g.act(c).unwrap();
    }
    assert!(g.is_over());
}

/// Blue (to act) has just discarded its Time Mage and now chooses what
/// else to return to the bottoms of the decks: the Champion and Assassin
/// (no pattern on the board, while the deck holds beings that are ready),
/// its two legends (the Time Elemental and the Eldest Tree, not ready) and
/// its flare. The legend deck is thin (two cards, and no legend left that
/// blue's board would summon: the Titan's pattern stands but the Titan is
/// out of the game), so a legend returned comes round before the end, to
/// red as likely as not, for nothing: returning the beings is the sense of
/// the discard; returning the legends and the flare gains nothing.
fn legends_to_keep() -> Game {
    let imperial = |cards: &[&str]| cards.iter().map(|c| card(&format!("imperial.{c}"))).collect::<Vec<_>>();
    let mut p = Position::duel("9/2r+r+2r+2/9/9/4b+4/4b+4/3bbb3/9/9").unwrap();
    p.seats[0].beings = imperial(&["champion", "assassin", "time_mage"]);
    p.seats[0].legends = vec![card("legends.time_elemental"), card("legends.the_eldest_tree")];
    p.seats[0].flares = vec![card("flares.05")];
    let deck = ["bomb", "herald", "messenger", "summoner", "cannon", "swordmaster"];
    p.seats[0].deck = tash_kalar_rules::pile::Pile::shuffled(imperial(&deck));
    p.seats[1].deck = tash_kalar_rules::pile::Pile::shuffled(imperial(&deck));
    p.seats[1].legends = vec![card("legends.fire_dragon"), card("legends.leviathan")];
    p.legends = tash_kalar_rules::pile::Pile::shuffled([card("legends.storm_elemental"), card("legends.hell_bull")]);
    p.actions = 1;
    let mut g = p.to_game().unwrap();
    g.act_text("discard imperial.time_mage").unwrap();
    g
}

#[test]
fn the_new_search_keeps_the_legends_a_discard_would_hand_to_the_opponent() {
    let g = legends_to_keep();
    let gives_away =
        |made: &[String]| made.iter().any(|c| c.starts_with("return legends") || c.starts_with("return flares"));
    for seed in SEEDS {
        let made = play_turn(&mut g.clone(), &mut new_bot(1000, seed));
        assert!(!gives_away(&made), "seed {seed}: {made:?}");
        // (whether it returns a being too, for a fresh one, or nothing is a
        // close call: the search with mcts-v2's playout judging, at 1000
        // iterations, and the default at 4000 return nothing at one or two
        // seeds of six; what it must not do is hand over the legends)
        // mcts-v2, with no economy, returns legends or the flare here
        let config = MctsV2Config { iterations: Some(1000), ..MctsV2Config::default() };
        let v2 = play_turn(&mut g.clone(), &mut MctsV2Bot::new(config, seed));
        assert!(gives_away(&v2), "seed {seed}: {v2:?}");
    }
    // and so does the new search without its economy
    let config = MctsConfig { iterations: Some(1000), economy: Economy::NONE, ..MctsConfig::default() };
    let without: usize = SEEDS
        .iter()
        .filter(|&&seed| gives_away(&play_turn(&mut g.clone(), &mut MctsBot::new(config.clone(), seed))))
        .count();
    assert!(without >= 2, "{without} of {}", SEEDS.len());
}
