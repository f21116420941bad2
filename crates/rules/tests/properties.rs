//! Property test: thousands of seeded random games over every ordered pair
//! of schools, checking the engine's invariants at every step.
//!
//! Environment:
//! - `TK_PROPERTY_GAMES`: games in total, shared among the pairings that the
//!   engine accepts (default 2000);
//! - `TK_PROPERTY_SEED`: the base seed (default 0); game `k` of pairing `p`
//!   uses seed `base + 1_000_000 * p + k`;
//! - `TK_PROPERTY_GAME=northern,southern,SEED`: play only that game (a
//!   failure message names it this way), printing every choice.

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{
    Actor, CardId, Choice, Color, Deck, Form, Game, Orientation, Phase, Position, Rank, School, SetupError, Square,
};

/// No game may take more turns than this. A deck of 18 beings lasts at
/// most 16 refills if a turn draws at least one card; random play also
/// places pieces without drawing, so the bound is generous.
const MAX_TURNS: u16 = 600;
/// Nor more choices (draws, actions and effect steps together).
const MAX_STEPS: usize = 60_000;
/// Where a school's deck has no cards yet nothing can end the game (no
/// draw empties a deck and scores barely move): such games stop here, long
/// enough for the supply to run out and the piece-shortage rule to play.
const EMPTY_DECK_TURNS: u16 = 40;

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    Some(v.trim().parse().unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}")))
}

/// Every ordered pair of schools, with whether the engine accepts it.
fn pairings() -> Vec<([School; 2], Result<Game, SetupError>)> {
    let mut v = Vec::new();
    for a in School::ALL {
        for b in School::ALL {
            v.push(([a, b], Game::new(Form::Duel, &[a, b])));
        }
    }
    v
}

#[derive(Default, Clone, Debug)]
struct Stats {
    games: u64,
    finished: u64,
    resigned: u64,
    /// Games stopped at the bound because a school's deck has no cards yet
    /// (no draw can ever trigger the end).
    capped: u64,
    turns: u64,
    max_turns: u16,
    steps: u64,
    max_steps: usize,
    choices_checked: u64,
    positions_round_tripped: u64,
    /// Main-phase positions whose turn had pending destroyed pieces, which a
    /// position setup cannot carry.
    pending_destruction_positions: u64,
    summons: u64,
    legend_summons: u64,
    flares: u64,
    discards: u64,
    effect_steps: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.finished += o.finished;
        self.resigned += o.resigned;
        self.capped += o.capped;
        self.turns += o.turns;
        self.max_turns = self.max_turns.max(o.max_turns);
        self.steps += o.steps;
        self.max_steps = self.max_steps.max(o.max_steps);
        self.choices_checked += o.choices_checked;
        self.positions_round_tripped += o.positions_round_tripped;
        self.pending_destruction_positions += o.pending_destruction_positions;
        self.summons += o.summons;
        self.legend_summons += o.legend_summons;
        self.flares += o.flares;
        self.discards += o.discards;
        self.effect_steps += o.effect_steps;
    }
}

/// Returns early from a check with a message.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// How random play picks among the legal choices.
#[derive(Copy, Clone, Debug)]
enum Policy {
    /// Every choice equally likely.
    Uniform,
    /// First a kind of choice (place, summon, discard, flare, ...), then one
    /// of that kind: summons, flares and effects come up far more often than
    /// under uniform play, where placing dominates.
    ByKind,
}

fn kind(c: &Choice) -> u8 {
    match c {
        Choice::Draw(_) => 0,
        Choice::StartPieces(_) => 1,
        Choice::Place { .. } => 2,
        Choice::Summon { card, .. } if card.is_legend() => 3,
        Choice::Summon { .. } => 4,
        Choice::Discard(_) => 5,
        Choice::Return(_) => 6,
        Choice::Done => 7,
        Choice::Flare(_) => 8,
        Choice::EndTurn => 9,
        Choice::Resign => 10,
        Choice::Square(_) => 11,
        Choice::Move { .. } => 12,
        Choice::Direction(_) => 13,
        Choice::Option(_) => 14,
        Choice::Skip => 15,
    }
}

fn pick(rng: &mut ChaCha8Rng, policy: Policy, choices: &[Choice]) -> Choice {
    match policy {
        Policy::Uniform => choices[rng.gen_range(0..choices.len())],
        Policy::ByKind => {
            let mut kinds: Vec<u8> = choices.iter().map(kind).collect();
            kinds.sort_unstable();
            kinds.dedup();
            let k = kinds[rng.gen_range(0..kinds.len())];
            let of_kind: Vec<Choice> = choices.iter().copied().filter(|c| kind(c) == k).collect();
            of_kind[rng.gen_range(0..of_kind.len())]
        }
    }
}

fn sorted(mut v: Vec<CardId>) -> Vec<CardId> {
    v.sort();
    v
}

/// Every piece accounted for: per color in play, on the board plus in supply
/// equals the pieces in play, which never change in a duel.
fn check_pieces(g: &Game) -> Result<(), String> {
    let b = g.board();
    for s in g.seats() {
        let c = s.color;
        let (two, leg) = g.pieces_in_play(c);
        ensure!((two, leg) == (16, 3), "{c:?} has {two}/{leg} pieces in play, a duel has 16/3");
        let on_two = b.count(c, Rank::Common) + b.count(c, Rank::Heroic);
        let on_leg = b.count(c, Rank::Legendary);
        ensure!(on_two <= two as u32, "{c:?}: {on_two} two-sided pieces on the board, only {two} in play");
        ensure!(on_leg <= leg as u32, "{c:?}: {on_leg} legendary pieces on the board, only {leg} in play");
        ensure!(
            on_two + g.supply(c, Rank::Common) as u32 == two as u32
                && g.supply(c, Rank::Common) == g.supply(c, Rank::Heroic),
            "{c:?}: two-sided on board {on_two} + supply {} != {two}",
            g.supply(c, Rank::Common)
        );
        ensure!(
            on_leg + g.supply(c, Rank::Legendary) as u32 == leg as u32,
            "{c:?}: legendary on board {on_leg} + supply {} != {leg}",
            g.supply(c, Rank::Legendary)
        );
    }
    for (sq, p) in b.pieces() {
        ensure!(g.seat_of(p.color).is_some(), "a {:?} piece on {sq} but no seat plays {:?}", p.color, p.color);
    }
    ensure!(b.pieces().count() as u32 == b.occupied().count(), "the board's bitboards disagree with its squares");
    Ok(())
}

/// Every card accounted for, each exactly once.
fn check_cards(g: &Game) -> Result<(), String> {
    let resolving = g.effect().map(|r| r.card);
    for (i, s) in g.seats().iter().enumerate() {
        let mut have: Vec<CardId> = s.deck.cards().collect();
        have.extend(&s.beings);
        have.extend(&s.discard);
        if let Some(c) = resolving {
            if i == g.turn().seat as usize && c.deck() == s.school.deck() {
                have.push(c);
            }
        }
        let want: Vec<CardId> = s.school.deck().ids().collect();
        let have = sorted(have);
        ensure!(have == want, "seat {i} ({}): cards {have:?}, its deck is {want:?}", s.school);
        ensure!(s.beings.windows(2).all(|w| w[0] <= w[1]), "seat {i}: beings not sorted: {:?}", s.beings);
        ensure!(s.legends.windows(2).all(|w| w[0] <= w[1]), "seat {i}: legends not sorted");
        ensure!(s.flares.windows(2).all(|w| w[0] <= w[1]), "seat {i}: flares not sorted");
        ensure!(s.legends.iter().all(|c| c.is_legend()), "seat {i}: a non-legend among the legends");
        ensure!(s.flares.iter().all(|c| c.is_flare()), "seat {i}: a non-flare among the flares");
        ensure!(s.deck.shuffled.windows(2).all(|w| w[0] <= w[1]), "seat {i}: the shuffled part is not kept sorted");
    }
    let legends: Vec<CardId> = g.seats().iter().flat_map(|s| s.legends.iter().copied()).collect();
    let flares: Vec<CardId> = g.seats().iter().flat_map(|s| s.flares.iter().copied()).collect();
    for (deck, pile, discard, hands) in [
        (Deck::Legends, g.legend_pile(), g.legend_discard(), legends),
        (Deck::Flares, g.flare_pile(), g.flare_discard(), flares),
    ] {
        let mut have: Vec<CardId> = pile.cards().collect();
        have.extend(discard);
        have.extend(hands);
        if let Some(c) = resolving.filter(|c| c.deck() == deck) {
            have.push(c);
        }
        let want: Vec<CardId> = deck.ids().collect();
        let have = sorted(have);
        ensure!(have == want, "{deck:?}: cards {have:?}, the deck is {want:?}");
    }
    Ok(())
}

/// Points for the enemy pieces destroyed this turn.
fn points(g: &Game) -> i16 {
    let me = g.active_color();
    g.enemies_of(me)
        .map(|c| {
            let d = g.turn().destroyed[c.index()];
            2 * d[2] as i16 + d[1] as i16 + (d[0] / 2) as i16
        })
        .sum()
}

fn scores(g: &Game) -> Vec<i16> {
    g.seats().iter().map(|s| s.score).collect()
}

/// The score each seat must have after `c` is applied to `g`.
fn expected_scores(g: &Game, c: Choice) -> Vec<i16> {
    let mut s = scores(g);
    let me = g.turn().seat as usize;
    if g.phase() == Phase::Main {
        match c {
            Choice::EndTurn => s[me] += points(g),
            Choice::Flare(against) => {
                if let Some(o) = g.seat_of(against) {
                    s[o as usize] += 1;
                }
            }
            Choice::Summon { card, .. } if card.is_legend() => s[me] += 1,
            _ => {}
        }
    }
    s
}

/// The fields of a game that a position carries.
fn same_in_what_matters(a: &Game, b: &Game) -> Result<(), String> {
    ensure!(a.board() == b.board(), "board {} != {}", a.board().to_text(), b.board().to_text());
    ensure!(a.seats() == b.seats(), "seats differ:\n{:?}\n{:?}", a.seats(), b.seats());
    ensure!(a.legend_pile() == b.legend_pile(), "legend piles differ");
    ensure!(a.legend_discard() == b.legend_discard(), "legend discards differ");
    ensure!(a.flare_pile() == b.flare_pile(), "flare piles differ");
    ensure!(a.flare_discard() == b.flare_discard(), "flare discards differ");
    ensure!(a.phase() == b.phase(), "phase {:?} != {:?}", a.phase(), b.phase());
    let (x, y) = (a.turn(), b.turn());
    ensure!(
        (x.seat, x.number, x.actions, x.discard_used, x.flare_used)
            == (y.seat, y.number, y.actions, y.discard_used, y.flare_used),
        "turn {x:?} != {y:?}"
    );
    ensure!(a.end_state() == b.end_state(), "end state {:?} != {:?}", a.end_state(), b.end_state());
    for s in a.seats() {
        ensure!(a.pieces_in_play(s.color) == b.pieces_in_play(s.color), "{:?} pieces in play differ", s.color);
    }
    ensure!(a.legal_choices() == b.legal_choices(), "legal choices differ");
    Ok(())
}

fn check_position_round_trip(g: &Game, stats: &mut Stats) -> Result<(), String> {
    let p = Position::of(g).ok_or("no position at a main phase")?;
    let text = p.to_text();
    let q = Position::from_text(&text).map_err(|e| format!("position text rejected: {e}\n{text}"))?;
    ensure!(q == p, "position text does not read back to the same position:\n{text}");
    ensure!(q.to_text() == text, "position text is not stable:\n{text}");
    let h = q.to_game().map_err(|e| format!("position rejected: {e}\n{text}"))?;
    same_in_what_matters(g, &h).map_err(|e| format!("{e}\nposition:\n{text}"))?;
    stats.positions_round_tripped += 1;
    if g.turn().destroyed.iter().flatten().any(|&n| n > 0) {
        stats.pending_destruction_positions += 1;
    }
    Ok(())
}

/// A few choices that are not listed must be refused, leaving the game as
/// it was.
fn check_refusals(g: &Game, legal: &[Choice], rng: &mut ChaCha8Rng) -> Result<(), String> {
    let sq = |rng: &mut ChaCha8Rng| Square::all().nth(rng.gen_range(0..69)).expect("69 squares");
    let card = |rng: &mut ChaCha8Rng| {
        let all: Vec<CardId> = CardId::all().collect();
        all[rng.gen_range(0..all.len())]
    };
    let orientation = Orientation::from_index(rng.gen_range(0..8)).expect("8 orientations");
    let candidates = [
        Choice::Draw(card(rng)),
        Choice::Place { to: sq(rng), pickup: None },
        Choice::Place { to: sq(rng), pickup: Some(sq(rng)) },
        Choice::Summon { card: card(rng), at: sq(rng), orientation, pickup: None },
        Choice::Discard(card(rng)),
        Choice::Return(card(rng)),
        Choice::Done,
        Choice::Flare(Color::ALL[rng.gen_range(0..4)]),
        Choice::EndTurn,
        Choice::Square(sq(rng)),
        Choice::Move { from: sq(rng), to: sq(rng) },
        Choice::Skip,
        Choice::StartPieces(sq(rng)),
    ];
    for c in candidates {
        if legal.contains(&c) {
            continue;
        }
        let mut h = g.clone();
        ensure!(h.apply(c).is_err(), "{c} is not listed but was accepted");
        ensure!(&h == g, "refusing {c} changed the game");
    }
    Ok(())
}

/// What is checked at one step, before and after the chosen choice.
struct Step<'a> {
    g: &'a Game,
    legal: &'a [Choice],
}

impl Step<'_> {
    /// Checks the listed choices; `deep` adds a second listing and applies
    /// every listed choice to a clone.
    fn check_listing(&self, deep: bool, stats: &mut Stats) -> Result<(), String> {
        let g = self.g;
        let over = g.is_over();
        ensure!(over == (g.actor() == Actor::Nobody), "is_over {over} but actor {:?}", g.actor());
        ensure!(over == (g.phase() == Phase::Over), "is_over {over} but phase {:?}", g.phase());
        ensure!(over == self.legal.is_empty(), "is_over {over} with {} legal choices", self.legal.len());
        if deep {
            let mut again = vec![Choice::Skip; 3];
            g.legal_choices_into(&mut again);
            ensure!(again == self.legal, "listing twice gave different choices");
        }
        if deep {
            let distinct: HashSet<&Choice> = self.legal.iter().collect();
            ensure!(distinct.len() == self.legal.len(), "a choice is listed twice: {:?}", self.legal);
        }
        let chance = g.actor() == Actor::Chance;
        for &c in self.legal {
            ensure!(matches!(c, Choice::Draw(_)) == chance, "{c} listed for actor {:?}", g.actor());
            ensure!(c != Choice::Resign, "resign is listed");
            if deep {
                let text = c.to_string();
                ensure!(text.parse::<Choice>() == Ok(c), "{c} does not read back from its text {text:?}");
                ensure!(g.normalize(c) == c, "{c} is listed in a non-canonical orientation");
            }
        }
        if g.phase() == Phase::Main {
            let actions = self.legal.iter().any(|c| matches!(c, Choice::Place { .. } | Choice::Summon { .. }));
            let ends = self.legal.contains(&Choice::EndTurn);
            let t = g.turn();
            ensure!(t.actions > 0 || !actions, "an action is listed with no actions left");
            ensure!(
                !ends || t.actions == 0 || self.legal.iter().all(|c| c == &Choice::EndTurn),
                "the turn may end with {} actions left and other choices {:?}",
                t.actions,
                self.legal
            );
            ensure!(
                !(t.discard_used && self.legal.iter().any(|c| matches!(c, Choice::Discard(_)))),
                "a second discard action is listed"
            );
            ensure!(
                !(t.flare_used && self.legal.iter().any(|c| matches!(c, Choice::Flare(_)))),
                "a second flare is listed"
            );
            for c in self.legal {
                if let Choice::Flare(against) = *c {
                    let (up, low) = g.flare_criteria(against);
                    ensure!(up || low, "flare against {against:?} listed with neither criterion met");
                    ensure!(against != g.active_color(), "a flare against oneself");
                }
                if let Choice::Summon { card, at, pickup, .. } = *c {
                    let seat = g.seat(g.turn().seat);
                    ensure!(
                        seat.beings.contains(&card) || seat.legends.contains(&card),
                        "{card} summoned but not in hand"
                    );
                    if let Some(p) = g.board().get(at) {
                        ensure!(p.rank <= card.def().rank, "{c} onto a higher-ranked piece");
                    }
                    if let Some(from) = pickup {
                        ensure!(
                            g.supply(g.active_color(), card.def().rank) == 0,
                            "{c} picks up a piece with pieces in supply"
                        );
                        ensure!(g.board().get(from).is_some_and(|p| p.color == g.active_color()), "{c}: no own piece");
                    }
                }
                if let Choice::Place { to, pickup } = *c {
                    let empty = g.board().get(to).is_none() || pickup == Some(to);
                    ensure!(empty, "{c} onto an occupied square");
                    ensure!(
                        pickup.is_some() == (g.supply(g.active_color(), Rank::Common) == 0),
                        "{c} does not follow the supply"
                    );
                }
            }
        }
        if deep {
            for &c in self.legal {
                let mut h = self.g.clone();
                h.apply(c).map_err(|e| format!("listed {c} refused: {e}"))?;
                check_pieces(&h).map_err(|e| format!("after listed {c}: {e}"))?;
                stats.choices_checked += 1;
            }
        }
        Ok(())
    }

    /// Checks the game after `c` was applied.
    fn check_after(&self, c: Choice, h: &Game) -> Result<(), String> {
        let g = self.g;
        check_pieces(h)?;
        check_cards(h)?;
        let want = expected_scores(g, c);
        ensure!(scores(h) == want, "scores {:?} after {c}, expected {want:?} (destroyed {:?})", scores(h), {
            g.turn().destroyed
        });
        // the end, once triggered, stays triggered
        if g.end_state().last.is_some() {
            ensure!(h.end_state().last == g.end_state().last || h.is_over(), "the end trigger changed");
        }
        let same_turn = h.turn().number == g.turn().number && !h.is_over();
        if same_turn && matches!(g.phase(), Phase::Main | Phase::Effect | Phase::Returning) {
            let me = g.active_color();
            for col in Color::ALL {
                let (a, b) = (g.turn().destroyed[col.index()], h.turn().destroyed[col.index()]);
                ensure!((0..3).all(|r| b[r] >= a[r]), "destroyed counts went down: {a:?} -> {b:?}");
                if col == me || h.seat_of(col).is_none() {
                    ensure!(b == [0; 3], "{col:?} pieces counted as destroyed by {me:?}");
                    continue;
                }
                let credited: u32 = (0..3).map(|r| (b[r] - a[r]) as u32).sum();
                let before = g.board().total(col);
                let after = h.board().total(col);
                ensure!(
                    credited <= before.saturating_sub(after),
                    "{credited} {col:?} pieces credited as destroyed after {c}, but the board went from {before} to {after}"
                );
            }
        }
        if h.turn().number != g.turn().number && h.phase() == Phase::Main {
            let t = h.turn();
            ensure!(t.destroyed == [[0; 3]; 4], "a new turn starts with destroyed pieces");
            ensure!(!t.discard_used && !t.flare_used, "a new turn starts with the discard or flare used");
            let first = t.number == 1;
            ensure!(t.actions == if first { 1 } else { 2 }, "turn {} starts with {} actions", t.number, t.actions);
            ensure!(first || t.seat == (g.turn().seat + 1) % g.seat_count() as u8, "turn order broken");
            // the seat that just ended its turn refilled its hand
            if !first {
                let s = h.seat(g.turn().seat);
                ensure!(s.beings.len() >= 3 || s.deck.is_empty(), "seat refilled to {} beings", s.beings.len());
                let legends_left = !h.legend_pile().is_empty() || !h.legend_discard().is_empty();
                ensure!(s.legends.len() >= 2 || !legends_left, "seat refilled to {} legends", s.legends.len());
                let flares_left = !h.flare_pile().is_empty() || !h.flare_discard().is_empty();
                ensure!(!s.flares.is_empty() || !flares_left, "seat refilled to {} flares", s.flares.len());
            }
        }
        // drawing the last card of your deck triggers the end
        if let (Phase::Refill { seat, .. }, Choice::Draw(card)) = (g.phase(), c) {
            let s = h.seat(seat);
            if card.deck() == s.school.deck() && !card.is_legend() && !card.is_flare() && s.deck.is_empty() {
                ensure!(h.end_state().last.is_some() || h.is_over(), "seat {seat} drew its last card: no end");
            }
        }
        if g.phase() == Phase::Main && c == Choice::EndTurn && h.seats().iter().any(|s| s.score >= 18) {
            ensure!(h.end_state().last.is_some() || h.is_over(), "18 points reached but the end is not triggered");
        }
        Ok(())
    }
}

/// When the end was triggered.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Trigger {
    NotYet,
    /// During this turn.
    At(u16),
    /// Before the game's starting position.
    Before,
}

/// The places of a finished game from the scores and tie-breakers, and
/// the turns after the trigger.
fn check_outcome(g: &Game, trigger: Trigger) -> Result<(), String> {
    let o = g.outcome().ok_or("over without an outcome")?;
    if o.resigned.is_some() {
        return Ok(());
    }
    let keys: Vec<(i16, u32, u32)> =
        g.seats().iter().map(|s| (s.score, g.board().upgraded(s.color), g.board().total(s.color))).collect();
    for (i, k) in keys.iter().enumerate() {
        let better = keys.iter().filter(|o| *o > k).count() as u8;
        ensure!(o.places[i] == better, "seat {i} placed {} with key {k:?} among {keys:?}", o.places[i]);
    }
    let last = g.end_state().last.ok_or("finished without a trigger")?;
    ensure!(g.turn().seat == last, "the last turn was seat {}'s, the trigger was seat {last}'s", g.turn().seat);
    match trigger {
        Trigger::NotYet => return Err("finished, but no trigger was seen".into()),
        Trigger::Before => {}
        Trigger::At(t0) => {
            ensure!(
                g.turn().number == t0 + g.seat_count() as u16,
                "the end was triggered on turn {t0} and the game ended on turn {}",
                g.turn().number
            );
            let reached = g.seats().iter().any(|s| s.score >= 18);
            let emptied = g.seats().iter().any(|s| s.deck.is_empty());
            ensure!(reached || emptied, "ended with scores {:?} and cards left in every deck", scores(g));
        }
    }
    Ok(())
}
/// Where a run starts.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Start {
    /// A new game: chance deals, the second player places the start pieces.
    NewGame,
    /// A random mid-game position (random board, hands, piles and scores),
    /// played for a few turns: every card comes up in hand, whatever the
    /// size of the decks.
    Position,
}

impl Start {
    fn variable(self) -> &'static str {
        match self {
            Start::NewGame => "TK_PROPERTY_GAME",
            Start::Position => "TK_PROPERTY_POSITION",
        }
    }
}

/// Shuffles cards and deals them: `sizes` cards to each of the first lists,
/// the rest to the last.
fn deal(rng: &mut ChaCha8Rng, mut cards: Vec<CardId>, sizes: &[usize]) -> Vec<Vec<CardId>> {
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.gen_range(0..=i));
    }
    let mut out = Vec::new();
    for &n in sizes {
        let n = n.min(cards.len());
        out.push(cards.drain(..n).collect());
    }
    out.push(cards);
    out
}

/// A hand size: usually the refill target, sometimes more or fewer.
fn hand_size(rng: &mut ChaCha8Rng, target: usize) -> usize {
    match rng.gen_range(0..10) {
        0 => 0,
        1 => target + rng.gen_range(1..=2),
        2 => rng.gen_range(0..target.max(1)),
        _ => target,
    }
}

/// A pile made of `cards`: mostly shuffled, sometimes with known cards on
/// top and at the bottom.
fn pile(rng: &mut ChaCha8Rng, cards: Vec<CardId>) -> tash_kalar_rules::pile::Pile {
    let top = if rng.gen_bool(0.2) { rng.gen_range(0..=cards.len().min(2)) } else { 0 };
    let bottom = if rng.gen_bool(0.2) { rng.gen_range(0..=(cards.len() - top).min(2)) } else { 0 };
    let parts = deal(rng, cards, &[top, bottom]);
    let mut p = tash_kalar_rules::pile::Pile::ordered(parts[0].iter().copied());
    p.bottom.extend(parts[1].iter().copied());
    p.shuffled.extend(parts[2].iter().copied());
    p.shuffled.sort();
    p
}

/// A random but complete position: every card somewhere, every piece on
/// the board or in supply.
fn random_position(schools: [School; 2], rng: &mut ChaCha8Rng) -> Position {
    let mut squares: Vec<Square> = Square::all().collect();
    for i in (1..squares.len()).rev() {
        squares.swap(i, rng.gen_range(0..=i));
    }
    let mut text_rows = tash_kalar_rules::Board::empty();
    let crowded = rng.gen_bool(0.15);
    for s in schools {
        let color = s.color();
        // now and then a seat has every two-sided piece out (piece shortage)
        let two = if crowded { 16 } else { rng.gen_range(0..=12) };
        let legendary = if rng.gen_bool(0.3) { rng.gen_range(1..=3) } else { 0 };
        for k in 0..two + legendary {
            let Some(sq) = squares.pop() else { break };
            let rank = if k >= two {
                Rank::Legendary
            } else if rng.gen_bool(0.3) {
                Rank::Heroic
            } else {
                Rank::Common
            };
            text_rows.set(sq, Some(tash_kalar_rules::Piece::new(color, rank)));
        }
    }
    let mut p = Position::duel(&text_rows.to_text()).expect("a board text we wrote");
    p.seats = schools.iter().map(|&s| tash_kalar_rules::SeatSetup::new(s)).collect();
    for seat in &mut p.seats {
        let c = seat.school.color();
        let b = &text_rows;
        seat.supply =
            ((16 - b.count(c, Rank::Common) - b.count(c, Rank::Heroic)) as u8, (3 - b.count(c, Rank::Legendary)) as u8);
        let beings = hand_size(rng, 3);
        let discarded = rng.gen_range(0..=8);
        let parts = deal(rng, seat.school.deck().ids().collect(), &[beings, discarded]);
        seat.beings = parts[0].clone();
        seat.discard = parts[1].clone();
        seat.deck = pile(rng, parts[2].clone());
        seat.score = rng.gen_range(0..18);
    }
    let sizes = [hand_size(rng, 2), hand_size(rng, 2), rng.gen_range(0..=6)];
    let legends = deal(rng, Deck::Legends.ids().collect(), &sizes);
    let sizes = [hand_size(rng, 1), hand_size(rng, 1), rng.gen_range(0..=6)];
    let flares = deal(rng, Deck::Flares.ids().collect(), &sizes);
    for (i, seat) in p.seats.iter_mut().enumerate() {
        seat.legends = legends[i].clone();
        seat.flares = flares[i].clone();
    }
    p.legend_discard = legends[2].clone();
    p.legends = pile(rng, legends[3].clone());
    p.flare_discard = flares[2].clone();
    p.flares = pile(rng, flares[3].clone());
    p.turn = rng.gen_range(0..2);
    p.actions = rng.gen_range(1..=2);
    p.number = rng.gen_range(2..40);
    p.discard_used = rng.gen_bool(0.1);
    p.flare_used = rng.gen_bool(0.1);
    if rng.gen_bool(0.15) {
        // the end was triggered: `left` turns after this one, the last of
        // them the triggering seat's
        let left = rng.gen_range(0..=2u8);
        p.end = Some(((p.turn + left) % 2, left));
    }
    p
}

/// Turns a position run plays past its start.
const POSITION_TURNS: u16 = 4;

/// One run from a start; `Err` describes the first broken invariant.
fn play(schools: [School; 2], start: Start, seed: u64, verbose: bool) -> Result<Stats, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // the checks draw from their own generator, so that how much is
    // checked never changes the game played
    let mut check_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de);
    let policy = if seed.is_multiple_of(2) { Policy::ByKind } else { Policy::Uniform };
    let deep_game = seed.is_multiple_of(50) || env_u64("TK_PROPERTY_DEEP").is_some_and(|d| d > 0);
    let resign_at = (rng.gen_range(0..40) == 0).then(|| rng.gen_range(0..500usize));
    let decks_can_end = schools.iter().all(|s| s.deck().ids().next().is_some());
    let (mut g, mut trigger, position_text) = match start {
        Start::NewGame => (Game::new(Form::Duel, &schools).map_err(|e| e.to_string())?, Trigger::NotYet, None),
        Start::Position => {
            let p = random_position(schools, &mut rng);
            let text = p.to_text();
            let g = p.to_game().map_err(|e| format!("random position refused: {e}\n{text}"))?;
            let t = if p.end.is_some() { Trigger::Before } else { Trigger::NotYet };
            (g, t, Some(text))
        }
    };
    if verbose {
        if let Some(t) = &position_text {
            eprintln!("{t}");
        }
    }
    let first = g.clone();
    let first_turn = g.turn().number;
    let mut stats = Stats { games: 1, ..Stats::default() };
    let mut history: Vec<Choice> = Vec::new();
    let mut legal = Vec::new();
    let fail = |history: &[Choice], g: &Game, e: String| -> String {
        let tail: Vec<String> = history.iter().rev().take(12).rev().map(|c| c.to_string()).collect();
        format!(
            "{e}\n  at step {} (turn {}, phase {:?}, board {})\n  last choices: {}\n  reproduce: {}={},{},{seed}",
            history.len(),
            g.turn().number,
            g.phase(),
            g.board().to_text(),
            tail.join("; "),
            start.variable(),
            schools[0],
            schools[1],
        )
    };
    check_pieces(&g).and_then(|_| check_cards(&g)).map_err(|e| fail(&history, &g, e))?;
    loop {
        g.legal_choices_into(&mut legal);
        let deep = deep_game || check_rng.gen_range(0..50) == 0;
        Step { g: &g, legal: &legal }.check_listing(deep, &mut stats).map_err(|e| fail(&history, &g, e))?;
        if g.is_over() {
            break;
        }
        if deep {
            check_refusals(&g, &legal, &mut check_rng).map_err(|e| fail(&history, &g, e))?;
        }
        if g.phase() == Phase::Main && (deep || check_rng.gen_range(0..5) == 0) {
            check_position_round_trip(&g, &mut stats).map_err(|e| fail(&history, &g, e))?;
        }
        if resign_at == Some(history.len()) {
            let seat = match g.actor() {
                Actor::Seat(s) => s,
                _ => 0,
            };
            let mut h = g.clone();
            h.resign(seat).map_err(|e| fail(&history, &g, format!("resign refused: {e}")))?;
            let o = h.outcome().cloned().ok_or_else(|| fail(&history, &g, "resigned without an outcome".into()))?;
            if o.resigned != Some(seat) || o.winner() != Some(1 - seat) || !h.is_over() || !h.legal_choices().is_empty()
            {
                return Err(fail(&history, &g, format!("resignation by {seat} gave {o:?}")));
            }
            stats.resigned += 1;
            break;
        }
        if start == Start::Position && g.turn().number >= first_turn + POSITION_TURNS {
            break;
        }
        if !decks_can_end && g.turn().number >= EMPTY_DECK_TURNS {
            stats.capped += 1;
            break;
        }
        if history.len() >= MAX_STEPS || g.turn().number >= MAX_TURNS {
            if decks_can_end {
                return Err(fail(&history, &g, format!("the game is not over after {} steps", history.len())));
            }
            stats.capped += 1;
            break;
        }
        let c = pick(&mut rng, policy, &legal);
        let text = c.to_string();
        if text.parse::<Choice>().map(|p| g.normalize(p)) != Ok(c) {
            return Err(fail(&history, &g, format!("{c} does not read back from its text {text:?}")));
        }
        if verbose {
            eprintln!("{:>6} {:?} {c}", history.len(), g.actor());
        }
        match (g.phase(), c) {
            (Phase::Main, Choice::Summon { card, .. }) => {
                stats.summons += 1;
                stats.legend_summons += card.is_legend() as u64;
            }
            (Phase::Main, Choice::Flare(_)) => stats.flares += 1,
            (Phase::Main, Choice::Discard(_)) => stats.discards += 1,
            (Phase::Effect, _) => stats.effect_steps += 1,
            _ => {}
        }
        let before = g.clone();
        g.apply(c).map_err(|e| fail(&history, &before, format!("chosen {c} refused: {e}")))?;
        history.push(c);
        Step { g: &before, legal: &legal }.check_after(c, &g).map_err(|e| fail(&history, &before, e))?;
        if trigger == Trigger::NotYet && g.end_state().last.is_some() {
            // a deck of fewer than three cards runs out while the first hands
            // are dealt: the first turn is then the triggering one
            trigger = Trigger::At(before.turn().number.max(1));
        }
    }
    if g.is_over() && stats.resigned == 0 {
        check_outcome(&g, trigger).map_err(|e| fail(&history, &g, e))?;
        stats.finished += 1;
    }
    // replaying the record (by the choices' text) gives the same game
    if seed.is_multiple_of(5) && stats.resigned == 0 {
        let mut r = first.clone();
        for (i, c) in history.iter().enumerate() {
            r.play(&c.to_string()).map_err(|e| fail(&history[..i], &r, format!("replay refused {c}: {e}")))?;
        }
        if r != g {
            return Err(fail(&history, &g, "replaying the choices gave a different game".into()));
        }
    }
    let turns = g.turn().number - first_turn.min(g.turn().number);
    stats.turns = turns as u64;
    stats.max_turns = turns;
    stats.steps = history.len() as u64;
    stats.max_steps = history.len();
    Ok(stats)
}

/// Plays a run, turning an engine panic into a message naming the run.
fn run_one(schools: [School; 2], start: Start, seed: u64, verbose: bool) -> Result<Stats, String> {
    match catch_unwind(AssertUnwindSafe(|| play(schools, start, seed, verbose))) {
        Ok(r) => r,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("panic: {msg}\n  reproduce: {}={},{},{seed}", start.variable(), schools[0], schools[1]))
        }
    }
}

/// Runs `total` runs shared among every pairing the engine accepts, on
/// every core, and reports per pairing.
fn run_all(start: Start, total: u64) {
    if let Ok(spec) = std::env::var(start.variable()) {
        let parts: Vec<&str> = spec.split(',').map(str::trim).collect();
        let [a, b, seed] = parts.as_slice() else {
            panic!("{} is school,school,seed", start.variable());
        };
        let schools = [School::parse(a).expect("a school"), School::parse(b).expect("a school")];
        let stats = run_one(schools, start, seed.parse().expect("a seed"), true).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{stats:?}");
        return;
    }
    let base = env_u64("TK_PROPERTY_SEED").unwrap_or(0);
    let all = pairings();
    assert_eq!(all.len(), 16);
    let mut runnable = Vec::new();
    for (index, (schools, setup)) in all.iter().enumerate() {
        match setup {
            Ok(_) => runnable.push((index as u64, *schools)),
            // the engine refuses two seats of one color, and nothing else
            Err(e) => assert!(
                matches!(e, SetupError::SameColor(_)) && schools[0].color() == schools[1].color(),
                "{schools:?} refused: {e}"
            ),
        }
    }
    assert!(!runnable.is_empty());
    let per_pair = total.div_ceil(runnable.len() as u64).max(1);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(runnable.len());
    let results: Mutex<Vec<(usize, [School; 2], Stats)>> = Mutex::new(Vec::new());
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for w in 0..workers {
            let (runnable, results, failures) = (&runnable, &results, &failures);
            scope.spawn(move || {
                for (i, &(index, schools)) in runnable.iter().enumerate() {
                    if i % workers != w {
                        continue;
                    }
                    let mut stats = Stats::default();
                    for k in 0..per_pair {
                        match run_one(schools, start, base + 1_000_000 * index + k, false) {
                            Ok(s) => stats.add(&s),
                            Err(e) => {
                                failures.lock().unwrap().push(e);
                                break;
                            }
                        }
                    }
                    results.lock().unwrap().push((i, schools, stats));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let mut sum = Stats::default();
    eprintln!("{start:?}: pairings run {} of {} (the others put two seats on one color)", runnable.len(), all.len());
    for (_, schools, s) in &results {
        let n = s.games.max(1) as f64;
        eprintln!(
            "{:>8} v {:<8} runs {:>4} finished {:>4} resigned {:>2} capped {:>4} turns avg {:>5.1} max {:>3} \
             steps avg {:>6.1} max {:>5} summons {} (legends {}) flares {} discards {} effect steps {}",
            schools[0].name(),
            schools[1].name(),
            s.games,
            s.finished,
            s.resigned,
            s.capped,
            s.turns as f64 / n,
            s.max_turns,
            s.steps as f64 / n,
            s.max_steps,
            s.summons,
            s.legend_summons,
            s.flares,
            s.discards,
            s.effect_steps,
        );
        sum.add(s);
    }
    eprintln!(
        "{start:?}: {} runs, {} steps, {} listed choices applied on clones, {} positions round-tripped \
         ({} with destroyed pieces pending, which a position does not carry)",
        sum.games, sum.steps, sum.choices_checked, sum.positions_round_tripped, sum.pending_destruction_positions
    );
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} pairing(s) failed:\n{}", failures.len(), failures.join("\n\n"));
    if start == Start::NewGame {
        assert!(sum.finished > 0, "no game finished");
    }
}

#[test]
fn random_games_keep_every_invariant() {
    run_all(Start::NewGame, env_u64("TK_PROPERTY_GAMES").unwrap_or(2000));
}

#[test]
fn random_positions_keep_every_invariant() {
    run_all(Start::Position, env_u64("TK_PROPERTY_POSITIONS").unwrap_or(600));
}

/// A position taken during the turn that triggered the end still gives
/// every player one more turn, the triggering player last.
#[test]
fn a_position_in_the_triggering_turn_keeps_the_last_round() {
    let mut p = Position::duel("9/9/9/9/2r3b2/9/9/9/9").unwrap();
    p.seats[0].score = 18;
    p.actions = 0;
    p.end = Some((0, 2));
    let mut g = p.to_game().unwrap();
    assert_eq!(Position::of(&g).unwrap(), p);
    let mut turns = vec![g.turn().seat];
    while !g.is_over() {
        let c = g.legal_choices()[0];
        if c == Choice::EndTurn && g.turn().number > 10 {
            panic!("the game does not end");
        }
        g.apply(c).unwrap();
        if g.phase() == Phase::Main && turns.len() < g.turn().number as usize - 1 {
            turns.push(g.turn().seat);
        }
    }
    assert_eq!(turns, [0, 1, 0], "after seat 0's triggering turn, seat 1 then seat 0 play");
    assert_eq!(g.outcome().unwrap().winner(), Some(0));
}
