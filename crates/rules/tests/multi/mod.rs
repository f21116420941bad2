//! Helpers for the tests of the forms with more than two seats (melee and
//! team play): positions with any schools, and the invariants that random
//! games must keep.
#![allow(dead_code)]

use std::collections::BTreeMap;

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::{
    record, Actor, Board, CardId, Deck, Form, Game, Match, Observation, Phase, Position, Record, School, Square,
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
    let effect = g.effect().map(|r| r.card);
    for (i, s) in g.seats().iter().enumerate() {
        let mut mine: Vec<CardId> = s.beings.iter().chain(&s.discard).copied().chain(s.deck.cards()).collect();
        if let Some(c) = effect.filter(|c| !c.is_legend() && !c.is_flare() && g.turn().seat as usize == i) {
            mine.push(c);
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
/// melee: one of each color on every opponent's score board) and the board
/// never holds more.
pub fn check_pieces(g: &Game) {
    let n = g.seat_count();
    let expected = g.form().pieces_for(n);
    for s in g.seats() {
        let c = s.color;
        assert_eq!(g.pieces_in_play(c), expected, "{c:?} pieces in play");
        let two = g.board().count(c, Rank::Common) + g.board().count(c, Rank::Heroic);
        let leg = g.board().count(c, Rank::Legendary);
        assert!(two <= expected.0 as u32 && leg <= expected.1 as u32, "{c:?} has too many pieces on the board");
        assert_eq!(g.supply(c, Rank::Common) as u32 + two, expected.0 as u32);
        assert_eq!(g.supply(c, Rank::Legendary) as u32 + leg, expected.1 as u32);
    }
    for (_, p) in g.board().pieces() {
        assert!(g.seats().iter().any(|s| s.color == p.color), "a {:?} piece with nobody playing it", p.color);
    }
    assert!(g.pieces_accounted_for());
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
        && t.destroyed == [[0; 3]; 4]
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
    let mut m = Match::new(form, schools, Some(0)).expect("a new game");
    let mut steps = 0;
    check(m.game());
    while m.game().actor() != Actor::Nobody {
        let v = m.game().legal_choices();
        assert!(!v.is_empty(), "no choices in {:?}", m.game().phase());
        let c = v[rng.gen_range(0..v.len())];
        m.apply(c).unwrap_or_else(|e| panic!("{e}"));
        steps += 1;
        assert!(steps < 200_000, "the game does not end");
        check(m.game());
    }
    let text = m.record().to_text();
    let parsed = Record::parse(&text).expect("the record reads back");
    assert_eq!(&parsed, m.record());
    assert_eq!(&record::replay(&parsed).expect("the record replays"), m.game());
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

/// Counts of something by key, for coverage assertions.
pub type Tally = BTreeMap<&'static str, usize>;
