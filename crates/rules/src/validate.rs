//! One validation of a game state, for every door a state comes in by: a
//! position ([`crate::Position::to_game`]) and a view
//! ([`crate::Game::from_view`]). Each door reads its own form into a
//! [`Game`] (and checks what only its form can get wrong: a hand that does
//! not match its counts, a list too long to hold); what a game must be to
//! be played on is checked here, once, with the same typed error
//! ([`ValidationError`]) whichever door it came by.
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
//!
//! The turn so far (a position's `this-turn:` line, a view's turn): what
//! one turn can hold, see `check_this_turn`. Every state that real play
//! reaches is within each bound.

use std::fmt;

use crate::board::{Board, Color, Rank, COLORS};
use crate::cards::{CardId, School};
use crate::game::{Form, Game, Seat, SIDEWAYS_CARDS};
use crate::geometry::Square;
use crate::tasks::TaskId;

/// A color's name in messages.
fn color_name(c: Color) -> String {
    format!("{c:?}").to_lowercase()
}

/// Which pieces of a set: the two-sided (common or heroic) or the legendary.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PieceKind {
    TwoSided,
    Legendary,
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PieceKind::TwoSided => "two-sided",
            PieceKind::Legendary => "legendary",
        })
    }
}

/// What is wrong with a game state (from a position or a view): the first
/// rule of [`Game::validate`] it breaks, with the values that break it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValidationError {
    // ----- the table -----
    #[error("{} is played by {} to {} seats, not {seats}", form.name(), form.seats().start(), form.seats().end())]
    SeatCount { form: Form, seats: usize },
    #[error("two seats play the {school} deck")]
    SchoolTwice { school: School },
    #[error("two seats play {}", color_name(*color))]
    ColorTwice { color: Color },
    #[error("seat {seat} plays {}, not {}", color_name(*plays), color_name(*expected))]
    SeatColor { seat: usize, plays: Color, expected: Color },
    #[error("seat {seat} and its teammate seat {} must show the same supply and score", seat - 2)]
    Teammates { seat: usize },

    // ----- the pieces -----
    /// A color's pieces on the board, in supply and (a staged position)
    /// out of play are not the form's set.
    #[error("{} has {have} {kind} pieces {}; {}", color_name(*color),
        if *out_of_play { "on the board, in supply and out of play" } else { "on the board and in supply" },
        set_words(*form, *seats, *set))]
    PieceSet { color: Color, kind: PieceKind, have: u32, out_of_play: bool, form: Form, seats: usize, set: u8 },
    /// More pieces in play than the set, or fewer than those on the board.
    #[error("{} has {}/{} pieces in play ({}/{} on the board); the set is {}/{}", color_name(*color),
        in_play.0, in_play.1, on_board.0, on_board.1, set.0, set.1)]
    PiecesInPlay { color: Color, in_play: (u8, u8), on_board: (u32, u32), set: (u8, u8) },
    #[error("a {c} piece is on the board but no seat plays {c}", c = color_name(*color))]
    PieceOfNobody { color: Color },

    // ----- the cards -----
    #[error("seat {seat}'s frozen card {card} has no frozen effect")]
    FrozenWithoutEffect { seat: usize, card: CardId },
    #[error("seat {seat}'s pending being {card} has no warp effect")]
    PendingWithoutWarp { seat: usize, card: CardId },
    #[error("seat {seat}'s pending being {card} must be among its beings")]
    PendingNotInHand { seat: usize, card: CardId },
    #[error("seat {seat} keeps a stored piece but its Merchant of Time is not pending")]
    StoredWithoutMerchant { seat: usize },
    #[error("seat {seat}'s stored piece is {} but no seat plays it", color_name(*color))]
    StoredOfNobody { seat: usize, color: Color },
    #[error("seat {seat}'s stored piece cannot be seat {owner}'s Gateway (a common or heroic piece of that Nethervoid seat's color)")]
    StoredGateway { seat: usize, owner: Seat },
    #[error("seat {seat} cannot have {fewer} actions fewer")]
    FewerActions { seat: usize, fewer: u8 },
    #[error("{card} is not a card of the {school} deck")]
    NotOfDeck { card: CardId, school: School },
    #[error("{card} appears twice for seat {seat}")]
    CardTwice { seat: usize, card: CardId },
    #[error("seat {seat}'s legends or flares hold {card}, a card of another deck")]
    HandOfOtherDeck { seat: usize, card: CardId },
    #[error("a shared pile holds {card}, a card of another deck")]
    PileOfOtherDeck { card: CardId },
    #[error("a legend or flare appears twice: {card}")]
    SharedCardTwice { card: CardId },
    #[error("{} has no legends", form.name())]
    NoLegends { form: Form },
    #[error("seat {seat}: sideways cards only in team play")]
    SidewaysOutsideTeams { seat: usize },
    #[error(
        "seat {seat}: {sideways} sideways cards, but at most {SIDEWAYS_CARDS} and no more than its deck of {deck}"
    )]
    TooManySideways { seat: usize, sideways: u8, deck: usize },

    // ----- melee scoring -----
    #[error("seat {seat}: points by color and improvised summoning are for a melee")]
    MeleeOutsideMelee { seat: usize },
    #[error("seat {seat} scores or improvises with its own color")]
    OwnColorPoints { seat: usize },
    #[error("seat {seat} has points or improvised in {}, a color nobody plays", color_name(*color))]
    PointsOfNobody { seat: usize, color: Color },

    // ----- the Gateways -----
    #[error("seat {seat} plays {school}, which has no Gateway")]
    GatewayWithoutNethervoid { seat: usize, school: School },
    #[error("seat {seat}'s Gateway on {at} must be one of its own common or heroic pieces ({}'s)", color_name(*color))]
    GatewayNotOwnPiece { seat: usize, at: Square, color: Color },

    // ----- the turn -----
    #[error("the turn is seat {seat}'s, but there are {seats} seats")]
    TurnSeat { seat: Seat, seats: usize },
    #[error("the next summoning cannot be possessed by {}", color_name(*color))]
    Possessed { color: Color },
    #[error("control is passed only in team play")]
    PassedOutsideTeams,
    /// A `this-turn` entry that only some school's cards make, at a seat
    /// of another school.
    #[error("{what} this turn comes only from {school} cards, and seat {seat} plays {plays}")]
    NotThisSchool { what: TurnEntry, school: School, seat: Seat, plays: School },
    /// Enemy pieces destroyed this turn in the active seat's own color, or in
    /// a color nobody plays.
    #[error("{} pieces destroyed this turn, but {} is {}", color_name(*color), color_name(*color),
        if *own { "the active seat's own color" } else { "played by nobody" })]
    DestroyedColor { color: Color, own: bool },
    /// More destroyed pieces of a color than could have left the board.
    #[error("{destroyed} {} pieces destroyed this turn, but at most {most} can be ({off_board} off the board and at most {entered} put on it this turn, each counted at most {per_piece} times)",
        color_name(*color))]
    DestroyedTooMany { color: Color, destroyed: u32, off_board: u32, entered: u32, per_piece: u32, most: u32 },
    #[error("{listed} beings listed as summoned this turn, but {counted} summonings counted")]
    SummonedCount { listed: usize, counted: u8 },
    #[error("seat {seat} summoned {card} this turn, which is neither its card nor a legend")]
    SummonedNotOwn { seat: Seat, card: CardId },
    #[error("{card} is marked as a legend summoned (*), which only the Gate Master can be")]
    LegendMark { card: CardId },
    #[error("{legends} legends summoned this turn, but {listed} legends in the summoned list and {beings} summonings")]
    LegendsSummoned { legends: u8, listed: usize, beings: u8 },
    #[error("{extra} extra {what} to draw, but only {beings} beings summoned this turn")]
    ExtraCards { what: &'static str, extra: u8, beings: u8 },
    #[error("the Void Summoner gives 0 to 2 empty squares, not {squares}")]
    VoidSquares { squares: u8 },
    /// More Gate of Oblivion warps (with one more if the card is in the
    /// hand, not pending) than 1 + the summonings this turn.
    #[error("{doubled} Gate of Oblivion warps this turn{}, but at most 1 + {beings} (one after each Warpmaster's summoning)",
        if *again { " and the card in the hand" } else { "" })]
    Doubled { doubled: u8, again: bool, beings: u8 },

    // ----- the task board -----
    #[error("{} has no tasks", form.name())]
    NoTasks { form: Form },
    #[error("{} needs a task board", form.name())]
    NeedsTaskBoard { form: Form },
    #[error("{} has no advanced tasks, such as {task}", form.name())]
    AdvancedTask { form: Form, task: TaskId },
    #[error("a task appears twice: {task}")]
    TaskTwice { task: TaskId },
    #[error("tasks claimed by seat {seat}, which is not at the table or does not keep claims")]
    ClaimsBySeat { seat: usize },
}

/// A `this-turn` entry that only one school's cards can make.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TurnEntry {
    /// The War Summoner's bonus (Highland's War Summoner, Everfrost's
    /// Summoner frozen effect).
    WarSummoner,
    /// Extra cards to draw at the end of the turn (Sylvan).
    ExtraCards,
    /// The Possessed Summoner's hold on the next summoning (Nethervoid).
    Possessed,
    /// The Eternal Emperor's warp (Etherweave).
    EmperorWarped,
    /// Gate of Oblivion warps (Etherweave).
    Doubled,
    /// The Void Summoner's empty squares (Etherweave).
    Void,
    /// Legends summoned beyond the legends in the summoned list: an Iris of
    /// Eternity upgraded to legendary (Etherweave).
    IrisLegend,
}

impl fmt::Display for TurnEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TurnEntry::WarSummoner => "the War Summoner's bonus",
            TurnEntry::ExtraCards => "drawing extra cards",
            TurnEntry::Possessed => "a possessed summoning",
            TurnEntry::EmperorWarped => "the Eternal Emperor's warp",
            TurnEntry::Doubled => "a Gate of Oblivion warp",
            TurnEntry::Void => "the Void Summoner's empty squares",
            TurnEntry::IrisLegend => "a legend that is not in the summoned list",
        })
    }
}

/// "a duel has 16", "the high form has 17", "a melee of 3 has 15".
fn set_words(form: Form, seats: usize, set: u8) -> String {
    let article = if form == Form::HighForm { "the" } else { "a" };
    let form_name = match form {
        Form::Duel => "duel".to_string(),
        Form::Melee => format!("melee of {seats}"),
        f => f.name().replace('-', " "),
    };
    format!("{article} {form_name} has {set}")
}

/// The table: the form's number of seats, and no color (team play: no
/// deck) played by two seats. Checked before anything is built.
pub(crate) fn check_table(form: Form, schools: &[School]) -> Result<(), ValidationError> {
    if !form.seats().contains(&schools.len()) {
        return Err(ValidationError::SeatCount { form, seats: schools.len() });
    }
    for (i, &a) in schools.iter().enumerate() {
        if form.teams() && schools[..i].contains(&a) {
            return Err(ValidationError::SchoolTwice { school: a });
        }
        if !form.teams() && schools[..i].iter().any(|b| b.color() == a.color()) {
            return Err(ValidationError::ColorTwice { color: a.color() });
        }
    }
    Ok(())
}

/// A color's pieces in play (two-sided, legendary) from the board and its
/// supply, checked against the form's set: every piece must be on the
/// board, in supply or (a staged position) out of play, `out`.
pub(crate) fn pieces_in_play(
    form: Form,
    seats: usize,
    board: &Board,
    color: Color,
    supply: (u8, u8),
    out: (u8, u8),
    stored: (u8, u8),
) -> Result<(u8, u8), ValidationError> {
    // (a piece kept on the Merchant of Time is in play, off the board)
    let two = board.count(color, Rank::Common) + board.count(color, Rank::Heroic) + supply.0 as u32 + stored.0 as u32;
    let leg = board.count(color, Rank::Legendary) + supply.1 as u32 + stored.1 as u32;
    check_piece_set(form, seats, color, (two, leg), out)?;
    // (within the set, so each fits a byte)
    Ok((two as u8, leg as u8))
}

/// Team play: the second seat of a team shows its team's supply and score.
pub(crate) fn check_teammates(
    seat: usize,
    supplies: ((u8, u8), (u8, u8)),
    scores: (i16, i16),
) -> Result<(), ValidationError> {
    if supplies.0 != supplies.1 || scores.0 != scores.1 {
        return Err(ValidationError::Teammates { seat });
    }
    Ok(())
}

/// Checks `pieces` (two-sided, legendary: on the board and in supply) and
/// `out` (out of play) against the form's set.
fn check_piece_set(
    form: Form,
    seats: usize,
    color: Color,
    pieces: (u32, u32),
    out: (u8, u8),
) -> Result<(), ValidationError> {
    let (two, leg) = form.pieces_for(seats);
    for (kind, have, out_n, set) in
        [(PieceKind::TwoSided, pieces.0, out.0, two), (PieceKind::Legendary, pieces.1, out.1, leg)]
    {
        let have = have + out_n as u32;
        if have != set as u32 {
            return Err(ValidationError::PieceSet { color, kind, have, out_of_play: out != (0, 0), form, seats, set });
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
    /// teammates sharing a score; the turn's seat at the table; what the
    /// turn has done so far, within what one turn can do (see
    /// `docs/notation.md`, "this-turn bounds"); and the task board (only in
    /// the task forms, no task twice, advanced tasks only where the form
    /// uses them, claims only by a seat that keeps them). The error says
    /// which rule is broken, with the values that break it.
    pub fn validate(&self) -> Result<(), ValidationError> {
        use ValidationError as E;
        let n = self.seats.len();
        let schools: Vec<School> = self.seats.iter().map(|s| s.school).collect();
        check_table(self.form, &schools)?;
        let colors = self.form.seat_colors(&schools);
        let teams = self.form.teams();
        let melee = self.form.is_melee();
        for (i, s) in self.seats.iter().enumerate() {
            if s.color != colors[i] {
                return Err(E::SeatColor { seat: i, plays: s.color, expected: colors[i] });
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
                return Err(E::PiecesInPlay {
                    color,
                    in_play: (two, leg),
                    on_board: (on_two, on_leg),
                    set: (set_two, set_leg),
                });
            }
        }
        for (_, p) in self.board.pieces() {
            if !colors.contains(&p.color) {
                return Err(E::PieceOfNobody { color: p.color });
            }
        }
        // the cards
        let mut own: Vec<(usize, CardId)> = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            let deck = s.school.deck();
            if let Some(card) = s.frozen.filter(|&c| crate::frozen::frozen_effect(c).is_none()) {
                return Err(E::FrozenWithoutEffect { seat: i, card });
            }
            if let Some(p) = s.pending {
                if crate::warp::warp_effect(p).is_none() {
                    return Err(E::PendingWithoutWarp { seat: i, card: p });
                }
                if !s.beings.contains(&p) {
                    return Err(E::PendingNotInHand { seat: i, card: p });
                }
            }
            if let Some(piece) = s.stored {
                let merchant_pending = s.pending.is_some_and(crate::warp::is_merchant);
                let landing = self.phase == crate::game::Phase::Effect
                    && i == self.turn.seat as usize
                    && self.effect.is_some_and(|r| crate::warp::is_merchant(r.card));
                if !merchant_pending && !landing {
                    return Err(E::StoredWithoutMerchant { seat: i });
                }
                if !colors.contains(&piece.color) {
                    return Err(E::StoredOfNobody { seat: i, color: piece.color });
                }
            }
            if let Some(owner) = s.stored_gateway {
                let fits = s.stored.is_some_and(|p| {
                    p.rank != Rank::Legendary
                        && self
                            .seats
                            .get(owner as usize)
                            .is_some_and(|o| o.school == School::Nethervoid && o.color == p.color)
                });
                if !fits {
                    return Err(E::StoredGateway { seat: i, owner });
                }
            }
            if s.fewer_actions > 2 {
                return Err(E::FewerActions { seat: i, fewer: s.fewer_actions });
            }
            let cards = s.beings.iter().copied().chain(s.deck.cards()).chain(s.discard.iter().copied());
            for c in cards.chain(s.frozen) {
                if c.deck() != deck {
                    return Err(E::NotOfDeck { card: c, school: s.school });
                }
                if own.contains(&(i, c)) {
                    return Err(E::CardTwice { seat: i, card: c });
                }
                own.push((i, c));
            }
            let stray = s.legends.iter().find(|c| !c.is_legend()).or(s.flares.iter().find(|c| !c.is_flare()));
            if let Some(&card) = stray {
                return Err(E::HandOfOtherDeck { seat: i, card });
            }
            if s.deck.sideways > 0 && !teams {
                return Err(E::SidewaysOutsideTeams { seat: i });
            }
            if s.deck.sideways > SIDEWAYS_CARDS || s.deck.sideways as usize > s.deck.len() {
                return Err(E::TooManySideways { seat: i, sideways: s.deck.sideways, deck: s.deck.len() });
            }
        }
        let mut shared: Vec<CardId> = self.legends.cards().chain(self.flares.cards()).collect();
        shared.extend(&self.legend_discard);
        shared.extend(&self.flare_discard);
        for s in &self.seats {
            shared.extend(&s.legends);
            shared.extend(&s.flares);
        }
        let stray = self.legends.cards().chain(self.legend_discard.iter().copied()).find(|c| !c.is_legend()).or(self
            .flares
            .cards()
            .chain(self.flare_discard.iter().copied())
            .find(|c| !c.is_flare()));
        if let Some(card) = stray {
            return Err(E::PileOfOtherDeck { card });
        }
        let mut sorted = shared.clone();
        sorted.sort();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(E::SharedCardTwice { card: w[0] });
        }
        if !self.form.legends() && shared.iter().any(|c| c.is_legend()) {
            return Err(E::NoLegends { form: self.form });
        }
        // melee scoring
        for (i, s) in self.seats.iter().enumerate() {
            if !melee && (s.points != [0; COLORS] || !s.improvised.is_empty()) {
                return Err(E::MeleeOutsideMelee { seat: i });
            }
            if s.points[s.color.index()] != 0 || s.improvised.contains(s.color) {
                return Err(E::OwnColorPoints { seat: i });
            }
            let nobody = |c: &Color| !colors.contains(c);
            let stray = Color::ALL
                .into_iter()
                .find(|&c| s.points[c.index()] != 0 && nobody(&c))
                .or(s.improvised.colors().find(nobody));
            if let Some(color) = stray {
                return Err(E::PointsOfNobody { seat: i, color });
            }
            if teams && i >= 2 && s.score != self.seats[i - 2].score {
                return Err(E::Teammates { seat: i });
            }
        }
        // the Gateways: only a Nethervoid seat's, on its own common or heroic piece
        for (i, s) in self.seats.iter().enumerate() {
            let Some(sq) = s.gateway else { continue };
            if s.school != School::Nethervoid {
                return Err(E::GatewayWithoutNethervoid { seat: i, school: s.school });
            }
            if !self.can_be_gateway(i as Seat, sq) {
                return Err(E::GatewayNotOwnPiece { seat: i, at: sq, color: s.color });
            }
        }
        // the turn
        if self.turn.seat as usize >= n {
            return Err(E::TurnSeat { seat: self.turn.seat, seats: n });
        }
        if let Some(c) = self.turn.possessed {
            if c == self.active_color() || !colors.contains(&c) {
                return Err(E::Possessed { color: c });
            }
        }
        if self.turn.passed && !teams {
            return Err(E::PassedOutsideTeams);
        }
        self.check_this_turn(&colors)?;
        // the task board
        match (&self.tasks, self.form.uses_tasks()) {
            (Some(_), false) => return Err(E::NoTasks { form: self.form }),
            (None, true) => return Err(E::NeedsTaskBoard { form: self.form }),
            (Some(tb), true) => {
                let mut seen: Vec<TaskId> = tb.all_tasks().collect();
                if let Some(&task) = seen.iter().find(|t| t.is_advanced() && !self.form.advanced_tasks()) {
                    return Err(E::AdvancedTask { form: self.form, task });
                }
                seen.sort();
                if let Some(w) = seen.windows(2).find(|w| w[0] == w[1]) {
                    return Err(E::TaskTwice { task: w[0] });
                }
                let claimants = if teams { 2 } else { n };
                if let Some(k) = tb.claimed.iter().skip(claimants).position(|l| !l.is_empty()) {
                    return Err(E::ClaimsBySeat { seat: claimants + k });
                }
            }
            (None, false) => {}
        }
        Ok(())
    }

    /// What the turn has done so far (a position's `this-turn:` line, a
    /// view's turn), against what one turn of the active seat can do. Each
    /// bound holds in every state real play reaches; most are also kept by
    /// play from any accepted state (the destroyed pieces' bound is not
    /// when a warp or a thaw puts an enemy piece on the board of a
    /// position already at that bound).
    fn check_this_turn(&self, colors: &[Color]) -> Result<(), ValidationError> {
        use ValidationError as E;
        let t = &self.turn;
        let seat = t.seat;
        let me = &self.seats[seat as usize];
        let school = me.school;
        // The school-only entries: each is set by one school's cards, and a
        // turn only resolves the active seat's own cards (its beings, its
        // frozen card, its pending being; a teammate who takes control only
        // finishes the active seat's effect and places common pieces). The
        // War Summoner (Highland) and Everfrost's Summoner (thawed) give
        // the bonus; Kiskin Spirit and Forest Mystic (Sylvan) the extra
        // cards; the Possessed Summoner (Nethervoid) the possession; the
        // Eternal Emperor, Gate of Oblivion, Void Summoner and Iris of
        // Eternity (Etherweave) the rest.
        let extra_legend = t.summoned.len() == t.beings_summoned as usize
            && t.legends_summoned as usize > t.summoned.iter().filter(|s| s.is_legend()).count();
        for (on, what, schools) in [
            (t.war_summoner_bonus, TurnEntry::WarSummoner, &[School::Highland, School::Everfrost][..]),
            (t.extra_beings > 0 || t.extra_legends > 0, TurnEntry::ExtraCards, &[School::Sylvan][..]),
            (t.possessed.is_some(), TurnEntry::Possessed, &[School::Nethervoid][..]),
            (t.emperor_warped, TurnEntry::EmperorWarped, &[School::Etherweave][..]),
            (t.doubled > 0, TurnEntry::Doubled, &[School::Etherweave][..]),
            (t.void_squares > 0, TurnEntry::Void, &[School::Etherweave][..]),
            (extra_legend, TurnEntry::IrisLegend, &[School::Etherweave][..]),
        ] {
            if on && !schools.contains(&school) {
                return Err(E::NotThisSchool { what, school: schools[0], seat, plays: school });
            }
        }
        // The Void Summoner sets 2 empty squares, the next summoning uses them up.
        if t.void_squares > 2 {
            return Err(E::VoidSquares { squares: t.void_squares });
        }
        // The Gate of Oblivion is one card; its warp is played from the hand
        // and makes it the pending being, and no warp is played while a
        // being is pending. It is warped again only once back in the hand,
        // which only the Warpmaster's effect does, after the Warpmaster's
        // summoning. So the warps so far, and one more if it lies in the
        // hand ready to be warped, are at most 1 + the summonings.
        let again = me.beings.iter().any(|&c| is_gate_of_oblivion(c)) && !me.pending.is_some_and(is_gate_of_oblivion);
        if t.doubled > 0 && t.doubled as u32 + again as u32 > 1 + t.beings_summoned as u32 {
            return Err(E::Doubled { doubled: t.doubled, again, beings: t.beings_summoned });
        }
        // The summoned list records every summoning until it is full (16,
        // far beyond a turn's two actions and the actions the cards give).
        if t.summoned.len() > t.beings_summoned as usize
            || (t.summoned.len() < t.summoned.capacity() && t.summoned.len() != t.beings_summoned as usize)
        {
            return Err(E::SummonedCount { listed: t.summoned.len(), counted: t.beings_summoned });
        }
        // A seat summons its own beings and the legends; only the Gate
        // Master's summoning also counts as a legend's (its upgrade makes the
        // Gateway legendary), marked `*`.
        for s in &t.summoned {
            if s.card.deck() != school.deck() && !s.card.is_legend() {
                return Err(E::SummonedNotOwn { seat, card: s.card });
            }
            if s.legend && !is_gate_master(s.card) {
                return Err(E::LegendMark { card: s.card });
            }
        }
        // Each summoning is at most one legend: a legend card, or the Gate
        // Master's or the Iris of Eternity's upgrade in the summoned being's
        // own effect (rules: "1 point each time you summon a legend"; an
        // upgrade by another card is not one). And every legend in the list
        // counts.
        let listed = t.summoned.iter().filter(|s| s.is_legend()).count();
        if t.legends_summoned > t.beings_summoned || (t.legends_summoned as usize) < listed {
            return Err(E::LegendsSummoned { legends: t.legends_summoned, listed, beings: t.beings_summoned });
        }
        // Extra cards to draw: each Kiskin Spirit or Forest Mystic summoned
        // adds at most one of each.
        for (what, extra) in [("beings", t.extra_beings), ("legends", t.extra_legends)] {
            if extra > t.beings_summoned {
                return Err(E::ExtraCards { what, extra, beings: t.beings_summoned });
            }
        }
        // Destroyed enemy pieces: none of the active seat's own color (its
        // team's in team play) or a color nobody plays. A destroyed piece
        // leaves the board (to its owner's supply, or out of the game), and
        // each counts at most 2 + doubled times (the Everfrost
        // Deathbringer's 2, each Gate of Oblivion warp one more). An enemy
        // piece comes onto the board in the active seat's turn only by an
        // effect, at most 2 in one (the Forest Ancient's 2; the Possessed
        // Summoner, Frostweave Illusionist and Antimatter Spirit 1); effects
        // are the summonings' and the warps' and thaws' (a warp only with no
        // pending being, a thaw of the one frozen card: each at most 2 more
        // than the summonings), so at most 3 (summonings + 1), and the
        // pieces put on the board at most twice that. (A piece kept on a
        // Merchant of Time lands, but it is counted as on the board.) So a
        // color's count is at most its set's pieces neither on the board
        // nor kept, and those that may have come onto it, times 2 + doubled.
        let (set_two, set_leg) = self.form.pieces_for(self.seats.len());
        let per_piece = 2 + t.doubled as u32;
        let entered = 6 * (t.beings_summoned as u32 + 1);
        for color in Color::ALL {
            let destroyed: u32 = t.destroyed[color.index()].iter().map(|&k| k as u32).sum();
            if destroyed == 0 {
                continue;
            }
            if color == me.color || !colors.contains(&color) {
                return Err(E::DestroyedColor { color, own: color == me.color });
            }
            let on = self.board.pieces().filter(|(_, p)| p.color == color).count() as u32
                + self.stored_pieces(color, false) as u32
                + self.stored_pieces(color, true) as u32;
            let off_board = (set_two as u32 + set_leg as u32).saturating_sub(on);
            let most = (off_board + entered) * per_piece;
            if destroyed > most {
                return Err(E::DestroyedTooMany { color, destroyed, off_board, entered, per_piece, most });
            }
        }
        Ok(())
    }
}

/// Etherweave's Gate of Oblivion.
fn is_gate_of_oblivion(card: CardId) -> bool {
    card.def().id == "etherweave.gate_of_oblivion"
}

/// Nethervoid's Gate Master.
fn is_gate_master(card: CardId) -> bool {
    card.def().id == "nethervoid.gate_master"
}
