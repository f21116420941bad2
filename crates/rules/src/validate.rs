//! One validation of a game state, for every door a state comes in by: a
//! position ([`crate::Position::to_game`]) and a view
//! ([`crate::Game::from_view`]). Each door reads its own form into a
//! [`Game`] (and checks what only its form can get wrong: a hand that does
//! not match its counts, a list too long to hold); what a game must be to
//! be played on is checked here, once, with the same words whichever door
//! it came by.
//!
//! The pieces: every piece of a color is on the board or in its supply, and
//! together they are the set the form plays with (guidebook, "Pieces": 17
//! two-sided and 3 legendary pieces per color): a duel puts one two-sided
//! piece on the score board (16 in play), a melee gives one two-sided piece
//! to each opponent's score board (17 less one per opponent), the first
//! game plays without legendary pieces. A position with a piece too many or
//! too few is refused, saying so. A position for tests and analysis may
//! put pieces out of play on purpose (`out T/L` on a seat line, e.g. to
//! stage a piece shortage with few pieces on the board): they count too.

use crate::board::{Board, Color, Rank, COLORS};
use crate::cards::{CardId, School};
use crate::game::{Form, Game, Seat, SIDEWAYS_CARDS};

/// A color's name in messages.
pub(crate) fn color_name(c: Color) -> String {
    format!("{c:?}").to_lowercase()
}

/// The table: the form's number of seats, and no color (team play: no
/// deck) played by two seats. Checked before anything is built.
pub(crate) fn check_table(form: Form, schools: &[School]) -> Result<(), String> {
    let range = form.seats();
    if !range.contains(&schools.len()) {
        return Err(format!(
            "{} is played by {} to {} seats, not {}",
            form.name(),
            range.start(),
            range.end(),
            schools.len()
        ));
    }
    for (i, a) in schools.iter().enumerate() {
        if form.teams() && schools[..i].contains(a) {
            return Err(format!("two seats play the {a} deck"));
        }
        if !form.teams() && schools[..i].iter().any(|b| b.color() == a.color()) {
            return Err(format!("two seats play {}", color_name(a.color())));
        }
    }
    Ok(())
}

/// A color's pieces in play (two-sided, legendary) from the board and its
/// supply, checked against the form's set: every piece must be on the
/// board, in supply or (a staged position) out of play, `out`. The message
/// says what is wrong.
pub(crate) fn pieces_in_play(
    form: Form,
    seats: usize,
    board: &Board,
    color: Color,
    supply: (u8, u8),
    out: (u8, u8),
    stored: (u8, u8),
) -> Result<(u8, u8), String> {
    // (a piece kept on the Merchant of Time is in play, off the board)
    let two = board.count(color, Rank::Common) + board.count(color, Rank::Heroic) + supply.0 as u32 + stored.0 as u32;
    let leg = board.count(color, Rank::Legendary) + supply.1 as u32 + stored.1 as u32;
    check_piece_set(form, seats, color, (two, leg), out)?;
    // (within the set, so each fits a byte)
    Ok((two as u8, leg as u8))
}

/// Team play: the second seat of a team shows its team's supply and score.
pub(crate) fn check_teammates(seat: usize, supplies: ((u8, u8), (u8, u8)), scores: (i16, i16)) -> Result<(), String> {
    if supplies.0 != supplies.1 || scores.0 != scores.1 {
        return Err(format!("seat {seat} and its teammate seat {} must show the same supply and score", seat - 2));
    }
    Ok(())
}

/// Checks `pieces` (two-sided, legendary: on the board and in supply) and
/// `out` (out of play) against the form's set.
fn check_piece_set(form: Form, seats: usize, color: Color, pieces: (u32, u32), out: (u8, u8)) -> Result<(), String> {
    let (two, leg) = form.pieces_for(seats);
    let name = color_name(color);
    let article = if form == Form::HighForm { "the" } else { "a" };
    let form_name = match form {
        Form::Duel => "duel".to_string(),
        Form::Melee => format!("melee of {seats}"),
        f => f.name().replace('-', " "),
    };
    let where_ = if out == (0, 0) { "on the board and in supply" } else { "on the board, in supply and out of play" };
    for (what, have, out, set) in [("two-sided", pieces.0, out.0, two), ("legendary", pieces.1, out.1, leg)] {
        let have = have + out as u32;
        if have != set as u32 {
            return Err(format!("{name} has {have} {what} pieces {where_}; {article} {form_name} has {set}"));
        }
    }
    Ok(())
}

impl Game {
    /// Checks what a game must be to be played on, whatever it was read
    /// from: the table; every piece accounted for (on the board or in
    /// supply, the form's set per color, no piece of a color nobody
    /// plays); every card in a deck it belongs to and no card twice; melee
    /// points and improvised summonings only in a melee, in colors at the
    /// table; sideways cards and passed control only in team play, and
    /// teammates sharing a score; the turn's seat at the table; and the
    /// task board (only in the task forms, no task twice, advanced tasks
    /// only where the form uses them, claims only by a seat that keeps
    /// them). The message says what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.seats.len();
        let schools: Vec<School> = self.seats.iter().map(|s| s.school).collect();
        check_table(self.form, &schools)?;
        let colors = self.form.seat_colors(&schools);
        let teams = self.form.teams();
        let melee = self.form.is_melee();
        for (i, s) in self.seats.iter().enumerate() {
            if s.color != colors[i] {
                return Err(format!("seat {i} plays {}, not {}", color_name(s.color), color_name(colors[i])));
            }
        }
        // the pieces: no more in play than the set, and those on the board among them
        let (set_two, set_leg) = self.form.pieces_for(n);
        for &color in colors.iter() {
            let (two, leg) = self.pieces[color.index()];
            let on_two = self.board.count(color, Rank::Common)
                + self.board.count(color, Rank::Heroic)
                + self.stored_pieces(color, false) as u32;
            let on_leg = self.board.count(color, Rank::Legendary) + self.stored_pieces(color, true) as u32;
            if two > set_two || leg > set_leg || on_two > two as u32 || on_leg > leg as u32 {
                return Err(format!(
                    "{} has {two}/{leg} pieces in play ({on_two}/{on_leg} on the board); the set is {set_two}/{set_leg}",
                    color_name(color)
                ));
            }
        }
        for (_, p) in self.board.pieces() {
            if !colors.contains(&p.color) {
                let c = color_name(p.color);
                return Err(format!("a {c} piece is on the board but no seat plays {c}"));
            }
        }
        // the cards
        let mut own: Vec<(usize, CardId)> = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            let deck = s.school.deck();
            if s.frozen.is_some_and(|c| crate::frozen::frozen_effect(c).is_none()) {
                return Err(format!("seat {i}'s frozen card has no frozen effect"));
            }
            if let Some(p) = s.pending {
                if crate::warp::warp_effect(p).is_none() {
                    return Err(format!("seat {i}'s pending being {p} has no warp effect"));
                }
                if !s.beings.contains(&p) {
                    return Err(format!("seat {i}'s pending being {p} must be among its beings"));
                }
            }
            if let Some(piece) = s.stored {
                let merchant_pending = s.pending.is_some_and(crate::warp::is_merchant);
                let landing = self.phase == crate::game::Phase::Effect
                    && i == self.turn.seat as usize
                    && self.effect.is_some_and(|r| crate::warp::is_merchant(r.card));
                if !merchant_pending && !landing {
                    return Err(format!("seat {i} keeps a stored piece but its Merchant of Time is not pending"));
                }
                if !colors.contains(&piece.color) {
                    return Err(format!("seat {i}'s stored piece is {} but no seat plays it", color_name(piece.color)));
                }
            }
            if let Some(owner) = s.stored_gateway {
                let fits = s.stored.is_some_and(|p| {
                    p.rank != Rank::Legendary
                        && self
                            .seats
                            .get(owner as usize)
                            .is_some_and(|o| o.school == crate::cards::School::Nethervoid && o.color == p.color)
                });
                if !fits {
                    return Err(format!(
                        "seat {i}'s stored piece cannot be seat {owner}'s Gateway (a common or heroic piece of \
                         that Nethervoid seat's color)"
                    ));
                }
            }
            if s.fewer_actions > 2 {
                return Err(format!("seat {i} cannot have {} actions fewer", s.fewer_actions));
            }
            let cards = s.beings.iter().copied().chain(s.deck.cards()).chain(s.discard.iter().copied());
            for c in cards.chain(s.frozen) {
                if c.deck() != deck {
                    return Err(format!("{c} is not a card of the {} deck", s.school));
                }
                if own.contains(&(i, c)) {
                    return Err(format!("{c} appears twice for seat {i}"));
                }
                own.push((i, c));
            }
            if s.legends.iter().any(|c| !c.is_legend()) || s.flares.iter().any(|c| !c.is_flare()) {
                return Err(format!("seat {i}'s legends or flares hold a card of another deck"));
            }
            if s.deck.sideways > 0 && !teams {
                return Err(format!("seat {i}: sideways cards only in team play"));
            }
            if s.deck.sideways > SIDEWAYS_CARDS || s.deck.sideways as usize > s.deck.len() {
                return Err(format!(
                    "seat {i}: {} sideways cards, but at most {SIDEWAYS_CARDS} and no more than its deck of {}",
                    s.deck.sideways,
                    s.deck.len()
                ));
            }
        }
        let mut shared: Vec<CardId> = self.legends.cards().chain(self.flares.cards()).collect();
        shared.extend(&self.legend_discard);
        shared.extend(&self.flare_discard);
        for s in &self.seats {
            shared.extend(&s.legends);
            shared.extend(&s.flares);
        }
        if self.legends.cards().chain(self.legend_discard.iter().copied()).any(|c| !c.is_legend())
            || self.flares.cards().chain(self.flare_discard.iter().copied()).any(|c| !c.is_flare())
        {
            return Err("a shared pile holds a card of another deck".into());
        }
        let mut distinct = shared.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() != shared.len() {
            return Err("a legend or flare appears twice".into());
        }
        if !self.form.legends() && shared.iter().any(|c| c.is_legend()) {
            return Err(format!("{} has no legends", self.form.name()));
        }
        // melee scoring
        for (i, s) in self.seats.iter().enumerate() {
            if !melee && (s.points != [0; COLORS] || !s.improvised.is_empty()) {
                return Err("points by color and improvised summoning are for a melee".into());
            }
            if s.points[s.color.index()] != 0 || s.improvised.contains(s.color) {
                return Err(format!("seat {i} scores or improvises with its own color"));
            }
            if s.points.iter().zip(Color::ALL).any(|(&p, c)| p != 0 && !colors.contains(&c))
                || s.improvised.colors().any(|c| !colors.contains(&c))
            {
                return Err(format!("seat {i} has points or improvised in a color nobody plays"));
            }
            if teams && i >= 2 && s.score != self.seats[i - 2].score {
                return Err(format!("seat {i} and its teammate seat {} must show the same score", i - 2));
            }
        }
        // the Gateways: only a Nethervoid seat's, on its own common or heroic piece
        for (i, s) in self.seats.iter().enumerate() {
            let Some(sq) = s.gateway else { continue };
            if s.school != School::Nethervoid {
                return Err(format!("seat {i} plays {}, which has no Gateway", s.school));
            }
            if !self.can_be_gateway(i as Seat, sq) {
                return Err(format!(
                    "seat {i}'s Gateway on {sq} must be one of its own common or heroic pieces ({}'s)",
                    color_name(s.color)
                ));
            }
        }
        // the turn
        if self.turn.seat as usize >= n {
            return Err(format!("the turn is seat {}'s, but there are {n} seats", self.turn.seat));
        }
        if let Some(c) = self.turn.possessed {
            if c == self.active_color() || !colors.contains(&c) {
                return Err(format!("the next summoning cannot be possessed by {}", color_name(c)));
            }
        }
        if self.turn.passed && !teams {
            return Err("control is passed only in team play".into());
        }
        // the task board
        match (&self.tasks, self.form.uses_tasks()) {
            (Some(_), false) => return Err(format!("{} has no tasks", self.form.name())),
            (None, true) => return Err(format!("{} needs a task board", self.form.name())),
            (Some(tb), true) => {
                let mut seen: Vec<_> = tb.all_tasks().collect();
                if !self.form.advanced_tasks() && seen.iter().any(|t| t.is_advanced()) {
                    return Err(format!("{} has no advanced tasks", self.form.name()));
                }
                seen.sort();
                if seen.windows(2).any(|w| w[0] == w[1]) {
                    return Err("a task appears twice".into());
                }
                let claimants = if teams { 2 } else { n };
                if tb.claimed[claimants..].iter().any(|l| !l.is_empty()) {
                    return Err("tasks claimed by a seat that is not at the table or does not keep claims".into());
                }
            }
            (None, false) => {}
        }
        Ok(())
    }
}
