//! Composed defences: a `stop-the-win` position with the opponent's hand
//! cut down to its threat.
//!
//! A defence is proved by searching, for every line of the seat's turn,
//! the opponent's whole last turn; with a full hand that turn is usually
//! past any exhaustive budget. Holding one or two of its cards (the rest
//! returned to the decks they came from, so that every count of cards
//! holds and the position stays legal), the opponent's last turn is small
//! enough to search whole, and the threat small enough to see: the puzzle's
//! statement shows the opponent's hand.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use tash_kalar_rules::pile::CardList;
use tash_kalar_rules::{Actor, CardId, Choice, Game, Position, Seat};

/// The most cards the opponent keeps: every single card of its hand, then
/// every pair (a smaller hand is a simpler, fairer puzzle).
pub const MOST_KEPT: usize = 2;

/// The positions with `opponent`'s hand (beings, legends and flares) cut
/// down to each single card, then each pair, in the hand's order: the
/// cards taken out go back, shuffled, to the seat's deck (beings), the
/// legends' deck or the flares' deck. A being the rules tie to the hand
/// (Etherweave's pending one) stays. A hand of at most [`MOST_KEPT`]
/// cards is left as it is (the position itself is the only candidate, and
/// not composed). Positions whose decks cannot take the cards back are
/// left out.
pub fn cut_hands(position: &Position, opponent: Seat) -> Vec<Position> {
    let Some(seat) = position.seats.get(usize::from(opponent)) else { return Vec::new() };
    let hand: Vec<CardId> = seat
        .beings
        .iter()
        .filter(|&&c| seat.pending != Some(c))
        .chain(&seat.legends)
        .chain(&seat.flares)
        .copied()
        .collect();
    if hand.len() <= MOST_KEPT {
        return Vec::new();
    }
    let mut kept_sets: Vec<Vec<usize>> = (0..hand.len()).map(|i| vec![i]).collect();
    for i in 0..hand.len() {
        for j in i + 1..hand.len() {
            kept_sets.push(vec![i, j]);
        }
    }
    kept_sets
        .iter()
        .filter_map(|kept| {
            let keep: Vec<CardId> = kept.iter().map(|&i| hand[i]).collect();
            keeping(position, opponent, &keep)
        })
        .collect()
}

/// `position` with `opponent` holding only `keep` (and its pending being):
/// None where a deck cannot take a card back.
fn keeping(position: &Position, opponent: Seat, keep: &[CardId]) -> Option<Position> {
    let mut p = position.clone();
    let seat = p.seats.get_mut(usize::from(opponent))?;
    let mut kept = keep.to_vec();
    // a card is kept once per copy in `keep`: the rest goes back
    let mut stays = |c: &CardId| match kept.iter().position(|k| k == c) {
        Some(i) => {
            kept.swap_remove(i);
            true
        }
        None => false,
    };
    let pending = seat.pending;
    let (beings, back): (Vec<CardId>, Vec<CardId>) = seat.beings.iter().partition(|c| pending == Some(**c) || stays(c));
    seat.beings = beings;
    put_back(&mut seat.deck.shuffled, back)?;
    let (legends, back): (Vec<CardId>, Vec<CardId>) = seat.legends.iter().partition(|c| stays(c));
    seat.legends = legends;
    put_back(&mut p.legends.shuffled, back)?;
    let seat = p.seats.get_mut(usize::from(opponent))?;
    let (flares, back): (Vec<CardId>, Vec<CardId>) = seat.flares.iter().partition(|c| stays(c));
    seat.flares = flares;
    put_back(&mut p.flares.shuffled, back)?;
    Some(p)
}

/// The cards shuffled into a deck's unknown middle (kept sorted, as a
/// pile keeps it); the known top and bottom stay where they are.
fn put_back(shuffled: &mut CardList, cards: Vec<CardId>) -> Option<()> {
    for c in cards {
        shuffled.try_push(c).ok()?;
    }
    shuffled.sort();
    Some(())
}

/// The positions the opponent's whole last turn visits (its search's
/// memory of positions met again included) after the seat ends its turn
/// its own first way (`end` where it may, else its last listed choice, the
/// turn's draws dealt the first legal way); None past `cap`. What every
/// line of the seat's costs the verifier, about: a composed position whose
/// reply passes the cap cannot be proved within the budget.
pub fn reply_size(position: &Position, cap: u64) -> Option<u64> {
    let mut game = position.to_game().ok()?;
    let seat = position.turn;
    for _ in 0..100 {
        match game.actor() {
            Actor::Seat(s) if s != seat => break,
            _ if game.is_over() => return Some(0),
            _ => {}
        }
        let choices = game.legal_choices();
        let end = choices.iter().find(|c| matches!(c, Choice::EndTurn)).or(choices.last());
        game.apply_unchecked(*end?);
    }
    let Actor::Seat(them) = game.actor() else { return Some(0) };
    let mut seen = HashSet::new();
    let mut visits = 0;
    count_turn(&game, them, &mut seen, &mut visits, cap).then_some(visits)
}

/// Visits every line of `who`'s turn from `game`; false past `cap`.
fn count_turn(game: &Game, who: Seat, seen: &mut HashSet<u64>, visits: &mut u64, cap: u64) -> bool {
    *visits += 1;
    if *visits > cap {
        return false;
    }
    if game.actor() != Actor::Seat(who) {
        return true;
    }
    let mut h = DefaultHasher::new();
    game.hash(&mut h);
    if !seen.insert(h.finish()) {
        return true;
    }
    game.legal_choices().into_iter().all(|c| {
        let mut g = game.clone();
        g.apply_unchecked(c);
        count_turn(&g, who, seen, visits, cap)
    })
}

/// `position` with `opponent` holding nothing (but a pending being): the
/// least any cut hand's reply can cost.
pub fn empty_handed(position: &Position, opponent: Seat) -> Option<Position> {
    keeping(position, opponent, &[])
}

/// The cards a seat holds in its hand (beings, legends, flares).
pub fn hand_of(position: &Position, seat: Seat) -> Vec<CardId> {
    position
        .seats
        .get(usize::from(seat))
        .map(|s| s.beings.iter().chain(&s.legends).chain(&s.flares).copied().collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use tash_kalar_rules::pile::Pile;
    use tash_kalar_rules::{School, SeatSetup};

    fn card(id: &str) -> CardId {
        CardId::parse(id).expect("a card id")
    }

    /// A duel's turn before the last: purple (Etherweave) to play its last
    /// action, Northern holding three beings, a legend and a flare.
    fn defence_position() -> Position {
        let mut p = Position::duel("9/9/9/3p1p3/4b+4/3p1p3/9/9/9").expect("a board");
        p.seats = vec![SeatSetup::new(School::Etherweave), SeatSetup::new(School::Northern)];
        for s in &mut p.seats {
            let c = s.school.color();
            let two =
                p.board.count(c, tash_kalar_rules::Rank::Common) + p.board.count(c, tash_kalar_rules::Rank::Heroic);
            s.supply = (16 - two as u8, 3);
        }
        p.number = 30;
        p.actions = 1;
        p.end = Some((1, 1));
        p.seats[0].beings = vec![card("etherweave.gate_of_oblivion")];
        p.seats[1].beings = vec![card("imperial.knight"), card("imperial.cannon"), card("imperial.herald")];
        p.seats[1].legends = vec![card("legends.titan")];
        p.seats[1].flares = vec![card("flares.01")];
        p.seats[1].deck = Pile { top: [card("imperial.bomb")].into_iter().collect(), ..Pile::default() };
        p.seats[1].deck.shuffled = [card("imperial.messenger")].into_iter().collect();
        p.legends = Pile::shuffled([card("legends.fire_dragon")]);
        p.flares = Pile::shuffled([card("flares.02")]);
        p
    }

    /// Every card of the position, counted where it belongs: the seat's
    /// own (hand, deck, discard) per seat, and the shared legends and
    /// flares wherever they are.
    fn counts(p: &Position) -> (Vec<BTreeMap<CardId, usize>>, BTreeMap<CardId, usize>) {
        let mut shared = BTreeMap::new();
        let mut own = Vec::new();
        for s in &p.seats {
            let mut m = BTreeMap::new();
            for c in s.beings.iter().chain(s.deck.cards().collect::<Vec<_>>().iter()).chain(&s.discard) {
                *m.entry(*c).or_default() += 1;
            }
            own.push(m);
            for c in s.legends.iter().chain(&s.flares) {
                *shared.entry(*c).or_default() += 1;
            }
        }
        for c in p.legends.cards().chain(p.flares.cards()) {
            *shared.entry(c).or_default() += 1;
        }
        (own, shared)
    }

    #[test]
    fn a_composed_position_keeps_every_card_and_round_trips() {
        let p = defence_position();
        assert!(p.to_game().is_ok(), "the position itself is legal");
        let cut = cut_hands(&p, 1);
        // five single cards, ten pairs
        assert_eq!(cut.len(), 5 + 10);
        for (i, c) in cut.iter().enumerate() {
            let held = hand_of(c, 1).len();
            assert_eq!(held, if i < 5 { 1 } else { 2 }, "{}", c.to_text());
            assert_eq!(counts(c), counts(&p), "every count of cards holds");
            assert_eq!(hand_of(c, 0), hand_of(&p, 0), "the seat's own hand is untouched");
            // the known top of the deck stays known
            assert_eq!(c.seats[1].deck.top, p.seats[1].deck.top);
            let text = c.to_text();
            let back = Position::from_text(&text).expect("the notation reads it back");
            assert_eq!(back, *c, "round trip: {text}");
            assert!(c.to_game().is_ok(), "to_game accepts {text}");
        }
        // the first keeps the knight alone: the rest went to their decks
        assert_eq!(cut[0].seats[1].beings, vec![card("imperial.knight")]);
        assert!(cut[0].seats[1].legends.is_empty() && cut[0].seats[1].flares.is_empty());
        assert!(cut[0].legends.cards().any(|c| c == card("legends.titan")));
        assert!(cut[0].flares.cards().any(|c| c == card("flares.01")));
        assert!(cut[0].seats[1].deck.cards().any(|c| c == card("imperial.herald")));
    }

    #[test]
    fn a_hand_already_small_is_not_cut() {
        let mut p = defence_position();
        p.seats[1].beings.truncate(1);
        p.seats[1].flares.clear();
        assert!(cut_hands(&p, 1).is_empty());
    }
}
