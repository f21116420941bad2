//! Helpers for the tests of the forms with more than two seats (melee and
//! team play): positions with any schools, and the invariants that random
//! games must keep.
#![allow(dead_code)]

use std::collections::BTreeMap;

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::warp::CAUSALITY_PENALTY;
use tash_kalar_rules::{
    Actor, Board, CardId, Choice, Deck, Form, Game, Match, Observation, Phase, Position, Record, School, Square,
};

pub fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap_or_else(|| panic!("unknown card {id}"))
}

/// Board text from a list like `"e6:b e4:g f6:r+"`.
pub fn layout(pieces: &str) -> String {
    let mut b = Board::empty();
    for item in pieces.split_whitespace() {
        let (s, p) = item.split_once(':').unwrap_or_else(|| panic!("bad item {item}"));
        let mut chars = p.chars();
        let color = chars.next().and_then(Color::from_letter).unwrap_or_else(|| panic!("bad piece {p}"));
        let rank = match chars.next() {
            None => Rank::Common,
            Some('+') => Rank::Heroic,
            Some('*') => Rank::Legendary,
            _ => panic!("bad piece {p}"),
        };
        b.set(Square::parse(s).unwrap(), Some(tash_kalar_rules::Piece::new(color, rank)));
    }
    b.to_text()
}

/// A position of `form` with these schools and pieces; seat 0 to act with
/// 2 actions holding `cards` (sorted into beings, legends and flares).
pub fn position(form: Form, schools: &[School], pieces: &str, cards: &[&str]) -> Position {
    let mut p = Position::with_schools(form, &layout(pieces), schools).expect("a position");
    give(&mut p, 0, cards);
    p
}

/// Puts cards in a seat's hand.
pub fn give(p: &mut Position, seat: usize, cards: &[&str]) {
    for id in cards {
        let c = card(id);
        let s = &mut p.seats[seat];
        if c.is_legend() {
            s.legends.push(c);
        } else if c.is_flare() {
            s.flares.push(c);
        } else {
            s.beings.push(c);
        }
    }
}

/// Every piece on the board as `square:piece`, in square order.
pub fn listing(g: &Game) -> String {
    g.board().pieces().map(|(s, p)| format!("{s}:{p}")).collect::<Vec<_>>().join(" ")
}

fn sorted(mut v: Vec<CardId>) -> Vec<CardId> {
    v.sort();
    v
}

/// Each seat's deck, and the legends and the flares, hold every card of
/// their deck exactly once, wherever it is (hand, deck, discard pile, or the
/// card being resolved).
pub fn check_cards(g: &Game) {
    // (a warp effect's card is the pending being, still among the beings)
    let effect = g.effect().filter(|r| r.stage != tash_kalar_rules::effect::Stage::Warp).map(|r| r.card);
    for (i, s) in g.seats().iter().enumerate() {
        let mut mine: Vec<CardId> =
            s.beings.iter().chain(&s.discard).copied().chain(s.deck.cards()).chain(s.frozen).collect();
        if let Some(c) = effect.filter(|c| !c.is_legend() && !c.is_flare() && g.turn().seat as usize == i) {
            mine.push(c);
        }
        // a card the Frozen Chest took, to be frozen once its effect is over
        if let Some(c) = g.effect().and_then(|r| r.freezing).filter(|&c| Some(c) != effect) {
            if g.turn().seat as usize == i {
                mine.push(c);
            }
        }
        assert_eq!(sorted(mine), sorted(s.school.deck().ids().collect()), "seat {i}'s cards");
    }
    for (deck, pile, discard, held) in [
        (
            Deck::Legends,
            g.legend_pile(),
            g.legend_discard(),
            g.seats().iter().flat_map(|s| s.legends.to_vec()).collect::<Vec<_>>(),
        ),
        (Deck::Flares, g.flare_pile(), g.flare_discard(), g.seats().iter().flat_map(|s| s.flares.to_vec()).collect()),
    ] {
        let mut all: Vec<CardId> = pile.cards().chain(discard.iter().copied()).chain(held).collect();
        if let Some(c) = effect.filter(|c| c.deck() == deck) {
            all.push(c);
        }
        let expected = if g.form().legends() || deck == Deck::Flares { deck.ids().collect() } else { Vec::new() };
        assert_eq!(sorted(all), sorted(expected), "{deck:?}");
    }
}

/// The pieces of each color in play stay as the form set them (fewer in a
/// melee: one of each color on every opponent's score board; fewer once
/// the Everfrost Deathbringer took some out of the game) and the board
/// never holds more.
pub fn check_pieces(g: &Game) {
    // every state of a real game is valid, this turn's record included
    if let Err(e) = g.validate() {
        panic!("a state reached in play is refused: {e}");
    }
    let n = g.seat_count();
    let set = g.form().pieces_for(n);
    let everfrost = g.seats().iter().any(|s| s.school == School::Everfrost);
    for s in g.seats() {
        let c = s.color;
        let expected = g.pieces_in_play(c);
        let out = g.out_of_play(c);
        assert_eq!((expected.0 + out.0, expected.1 + out.1), set, "{c:?}: in play and out make the set");
        if !everfrost {
            assert_eq!(expected, set, "{c:?} pieces in play");
        }
        // (a piece kept on the Merchant of Time is in play, off the board)
        let stored = |legendary: bool| {
            g.seats()
                .iter()
                .filter_map(|s| s.stored)
                .filter(|p| p.color == c && (p.rank == Rank::Legendary) == legendary)
                .count() as u32
        };
        let two = g.board().count(c, Rank::Common) + g.board().count(c, Rank::Heroic) + stored(false);
        let leg = g.board().count(c, Rank::Legendary) + stored(true);
        assert!(two <= expected.0 as u32 && leg <= expected.1 as u32, "{c:?} has too many pieces on the board");
        assert_eq!(g.supply(c, Rank::Common) as u32 + two, expected.0 as u32);
        assert_eq!(g.supply(c, Rank::Legendary) as u32 + leg, expected.1 as u32);
    }
    for (_, p) in g.board().pieces() {
        assert!(g.seats().iter().any(|s| s.color == p.color), "a {:?} piece with nobody playing it", p.color);
    }
    assert!(g.pieces_accounted_for());
    // Nethervoid: a Gateway is a common or heroic piece of its seat's color
    // (in team play the team's), and only a Nethervoid seat has one
    for (i, s) in g.seats().iter().enumerate() {
        let Some(at) = s.gateway else { continue };
        assert_eq!(s.school, School::Nethervoid, "seat {i} has a Gateway");
        let p = g.board().get(at);
        assert!(
            p.is_some_and(|p| p.color == s.color && p.rank != Rank::Legendary),
            "seat {i}'s Gateway on {at}: {p:?}"
        );
    }
}

/// A view for each seat shows its own hand and nobody else's (a teammate's
/// neither), and serializes; the game with everything the seat cannot see
/// dealt anew looks the same to it; and the view rebuilds the seat's
/// observation. Returns how many of those redeals changed the game (so that
/// the check is not empty).
pub fn check_views(g: &Game) -> usize {
    let mut changed = 0;
    for seat in 0..g.seat_count() as u8 {
        let v = g.view(seat);
        let mut turn = 0usize;
        let redealt = g.determinize(seat, &mut |cards| {
            turn += 1;
            let n = cards.len().max(1);
            cards.rotate_left(turn % n);
            cards.reverse();
        });
        assert_eq!(redealt.view(seat), v, "seat {seat}'s view depends on hidden cards");
        // and the view alone, as an outside engine receives it, is the seat's observation
        let rebuilt = Observation::from_view(&v).unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        assert_eq!(rebuilt, g.observe(seat), "seat {seat}'s view rebuilds another observation");
        changed += (&redealt != g) as usize;
        for s in &v.seats {
            assert_eq!(s.hand.is_some(), s.seat == seat, "seat {seat} sees seat {}'s hand", s.seat);
        }
        let json = serde_json::to_value(&v).expect("a view serializes");
        assert!(json["seats"].is_array());
    }
    changed
}

/// At the start of a turn a position holds the whole game: its text reads
/// back to the same game.
pub fn check_position_round_trip(g: &Game) {
    let t = g.turn();
    let fresh = g.phase() == Phase::Main
        && t.beings_summoned == 0
        && t.destroyed == [[0; 3]; tash_kalar_rules::COLORS]
        && !t.discard_used
        && !t.flare_used
        && !t.passed
        && t.extra_beings == 0
        && t.extra_legends == 0
        && t.actions >= 1
        && t.actions == if t.number == 1 { 1 } else { 2 };
    if !fresh {
        return;
    }
    let p = Position::of(g).expect("a position at the main phase");
    let text = p.to_text();
    let back = Position::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back, p, "{text}");
    assert_eq!(&back.to_game().unwrap_or_else(|e| panic!("{e}\n{text}")), g, "{text}");
}

/// Plays random legal choices to the end through a [`Match`], calling
/// `check` after every choice; the record then replays to the same game
/// and reads back from its text. Returns the finished game.
pub fn random_game(form: Form, schools: &[School], rng: &mut ChaCha8Rng, mut check: impl FnMut(&Game)) -> Game {
    random_game_steps(form, schools, rng, true, |_, g| check(g))
}

/// One step of a random game: the game before, the choices it listed and
/// the one taken.
pub struct Step<'a> {
    pub before: &'a Game,
    pub legal: &'a [Choice],
    pub choice: Choice,
}

/// As [`random_game`], calling `check` with the new game and the step that
/// led to it (none for the dealt game); the record's round trip only if
/// `replay_record`.
pub fn random_game_steps(
    form: Form,
    schools: &[School],
    rng: &mut ChaCha8Rng,
    replay_record: bool,
    mut check: impl FnMut(Option<Step>, &Game),
) -> Game {
    let mut m = Match::new(form, schools, Some(0)).expect("a new game");
    let mut steps = 0;
    check(None, m.game());
    while m.game().actor() != Actor::Nobody {
        let before = m.game().clone();
        let legal = before.legal_choices();
        assert!(!legal.is_empty(), "no choices in {:?}", before.phase());
        let choice = legal[rng.gen_range(0..legal.len())];
        crate::common::act(&mut m, choice).unwrap_or_else(|e| panic!("listed {choice} refused: {e}"));
        steps += 1;
        assert!(steps < 200_000, "the game does not end");
        check(Some(Step { before: &before, legal: &legal, choice }), m.game());
    }
    if replay_record {
        let text = m.record().to_text();
        let parsed = Record::parse(&text).expect("the record reads back");
        assert_eq!(&parsed, m.record());
        assert_eq!(&tash_kalar_rules::replay(&parsed).expect("the record replays"), m.game());
    }
    m.game().clone()
}

/// Mixed schools for a table of `n` seats, chosen by `rng`.
pub fn mixed_schools(n: usize, rng: &mut ChaCha8Rng) -> Vec<School> {
    let mut all = School::ALL.to_vec();
    for i in (1..all.len()).rev() {
        all.swap(i, rng.gen_range(0..=i));
    }
    all.truncate(n);
    all
}

/// Deathmatch Melee: points and used-up colors only grow (`before` holds
/// them from the last call); a seat's score is its lowest color; reaching
/// the end score triggers the end (by the next turn); nobody may resign.
pub fn check_melee(g: &Game, before: &mut Vec<([i16; tash_kalar_rules::COLORS], Vec<Color>)>) {
    let colors: Vec<Color> = g.seats().iter().map(|s| s.color).collect();
    for (i, s) in g.seats().iter().enumerate() {
        let enemies: Vec<Color> = colors.iter().copied().filter(|&c| c != s.color).collect();
        let lowest = enemies.iter().map(|c| s.points[c.index()]).min().unwrap();
        assert_eq!(s.score, lowest, "seat {i}: the score is the lowest color");
        for c in Color::ALL {
            if !enemies.contains(&c) {
                assert_eq!(s.points[c.index()], 0, "seat {i} scores only in opponents' colors");
                assert!(!s.improvised.contains(c));
            }
        }
        let used: Vec<Color> = s.improvised.colors().collect();
        if let Some((points, was_used)) = before.get(i) {
            // (but for the causality penalty at the end)
            let penalty = if g.is_over() { g.causality_penalty(i as u8) } else { 0 };
            assert!(points.iter().zip(&s.points).all(|(a, b)| a - penalty <= *b), "seat {i}'s points fell");
            assert!(was_used.iter().all(|c| used.contains(c)), "seat {i} got an improvised color back");
        }
        if before.len() <= i {
            before.push((s.points, used));
        } else {
            before[i] = (s.points, used);
        }
    }
    // a flare's point to an opponent counts when the turn is done; and so
    // does Etherweave's causality penalty, which the active seat may have
    // dropped since the last turn ended (summoning or losing its pending
    // being), so its own check allows for the penalty it may have had then
    if g.phase() == Phase::Main && g.turn().number > 1 && !g.turn().flare_used {
        let penalty = |i: u8| {
            if i == g.turn().seat && g.seat(i).school == School::Etherweave {
                CAUSALITY_PENALTY
            } else {
                g.causality_penalty(i)
            }
        };
        let reached =
            g.seats().iter().enumerate().any(|(i, s)| s.points.iter().any(|&p| p - penalty(i as u8) >= g.end_score()));
        if reached {
            let points: Vec<[i16; tash_kalar_rules::COLORS]> = g.seats().iter().map(|s| s.points).collect();
            assert!(g.end_state().last.is_some(), "{} points in a color trigger the end: {points:?}", g.end_score());
        }
    }
    assert!(!g.can_resign(), "no resignation in a melee");
}

/// Team play: teammates share a color and a score; one teammate at a time
/// holds the team's legends; exactly the bottom 6 cards of a deck (or all,
/// if fewer) are sideways until the end is triggered; a deck of sideways
/// cards only means the end was triggered.
pub fn check_team(g: &Game) {
    let s = g.seats();
    assert_eq!(s.len(), 4);
    assert_eq!(s[0].color, s[0].school.color());
    assert_eq!(s[1].color, s[1].school.color());
    assert_eq!(s[2].color, s[0].color);
    assert_eq!(s[3].color, s[1].color);
    assert_ne!(s[0].color, s[1].color);
    assert_eq!(s[0].score, s[2].score, "team scores");
    assert_eq!(s[1].score, s[3].score, "team scores");
    for team in 0..2 {
        assert!(s[team].legends.is_empty() || s[team + 2].legends.is_empty(), "both teammates hold legends");
    }
    for (i, seat) in s.iter().enumerate() {
        // fewer only once the deck ran down to its sideways cards (which
        // triggered the end) and a card went on top of it, upright (the
        // Kiskin Spirit)
        let sideways = seat.deck.sideways as usize;
        let full = seat.deck.len().min(6);
        assert!(sideways <= full, "seat {i} has {sideways} sideways cards in a deck of {}", seat.deck.len());
        assert!(sideways == full || g.end_state().last.is_some(), "seat {i}'s sideways cards: {sideways}, not {full}");
        if seat.deck.upright() == 0 && g.turn().number > 0 {
            assert!(g.end_state().last.is_some(), "seat {i} has only sideways cards left");
        }
    }
    if let Some(tb) = g.tasks() {
        assert!(tb.claimed[2].is_empty() && tb.claimed[3].is_empty(), "claims go to the team's pile");
    }
    if let Actor::Seat(a) = g.actor() {
        let t = g.turn();
        if t.passed
            && matches!(g.phase(), Phase::Main | Phase::Effect | Phase::Placing)
            && (g.phase() != Phase::Main || t.actions > 0)
        {
            assert_eq!(a, (t.seat + 2) % 4, "the teammate has control");
            let v = g.legal_choices();
            if g.phase() == Phase::Main {
                assert!(v.iter().all(|c| matches!(c, Choice::Place(_) | Choice::PickUp(_) | Choice::EndTurn)), "{v:?}");
            }
        } else if !matches!(g.phase(), Phase::StartPieces { .. }) {
            assert_eq!(a, t.seat);
        }
    }
}

/// Counts of something by key, for coverage assertions.
pub type Tally = BTreeMap<&'static str, usize>;
