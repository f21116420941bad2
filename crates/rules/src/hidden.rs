//! Hidden information: re-dealing what one seat cannot see.
//!
//! A seat sees the board, the discard piles, its own hand and how many cards
//! every hand and pile holds. It does not see the other seats' hands nor the
//! order of any shuffled deck (the engine itself keeps shuffled parts as
//! unordered sets). [`Game::determinize`] replaces everything a seat cannot
//! see with one arrangement consistent with what it does see, so that a
//! computer player can search a game without knowing the real hands: the
//! result depends only on what the seat sees and on the caller's shuffle.
//!
//! The same rule decides who may read a choice in the log:
//! [`Game::secret_of`] (a card drawn into a hand and a card returned face
//! down are their seat's until the game is over; everything else, an
//! invoked flare included, is public).

use arrayvec::ArrayVec;

use crate::board::{Board, BoardTextError, Color, COLORS};
use crate::cards::CardId;
use crate::choice::Choice;
use crate::game::{Actor, Form, Game, Phase, Seat, SeatState, Turn};
use crate::pile::{insert_sorted, CardList, Pile};
use crate::validate::ValidationError;
use crate::view::{ActorView, SharedPileView, View, Viewer};

impl Game {
    /// Who alone may see which choice `choice` is, made now (in this game,
    /// before it is applied), until the game is over: the seat a card is
    /// drawn into the hand of, the seat that returns a card face down to
    /// the bottom of its deck. `None` for a public choice: everything else,
    /// the turned-up tasks and an invoked flare included (the guidebook: an
    /// invoked flare is put on the table, resolved and discarded face up).
    /// A log shows another reader only that a card was drawn or returned.
    pub fn secret_of(&self, choice: Choice) -> Option<Seat> {
        match (self.phase(), choice) {
            (Phase::Refill { seat, .. }, Choice::Draw(_)) => Some(seat),
            (Phase::Returning, Choice::Return(_)) => match self.actor() {
                Actor::Seat(seat) => Some(seat),
                _ => None,
            },
            _ => None,
        }
    }

    /// A copy of the game in which the cards `viewer` cannot see are dealt
    /// anew: each other seat's beings are drawn again from those beings plus
    /// that seat's whole deck, and the other seats' legends and flares from
    /// those cards plus the whole shared decks. Every part of a deck keeps
    /// its size (known top, shuffled middle, returned bottom), so the game
    /// flows the same way. `shuffle` puts a slice in a random order.
    ///
    /// What a seat is taken to know: its own hand, and the cards it put in
    /// a known order into its own deck. Not the cards returned face down to
    /// the shared decks, even its own (the decks do not record who put each
    /// card there), nor a card another seat put face up on top of its deck
    /// (the Kiskin Spirit): forgetting that loses a little, and never
    /// lets a seat know more than it may. Nor the order of the task deck,
    /// not even the tasks moved to its bottom in sight of all (a view does
    /// not show them): the whole task deck is taken to be shuffled.
    pub fn determinize(&self, viewer: Seat, shuffle: &mut dyn FnMut(&mut [CardId])) -> Game {
        self.deal_unseen(viewer, &mut |pool, _| shuffle(pool))
    }

    /// [`Game::determinize`] with the dealer's hand shown how the unseen
    /// cards go: for each pool of cards `viewer` cannot see (each other
    /// seat's beings with its deck, then the legends, then the flares, each
    /// with the other seats' hands of them), `arrange` gets the pool (sorted:
    /// it depends only on what the viewer sees) and the hands dealt from it
    /// in order ([`UnseenHand`]: whose, how many cards), and puts the pool
    /// in the order in which it is dealt: the first hand's cards first,
    /// then the next hand's, then the deck's parts. An `arrange` that
    /// shuffles is `determinize`; one that favours some cards in some
    /// hands deals by weights (a bot's belief of what a seat holds), and
    /// still sees nothing the viewer may not.
    pub fn deal_unseen(&self, viewer: Seat, arrange: &mut dyn FnMut(&mut [CardId], &[UnseenHand])) -> Game {
        let mut g = self.clone();
        for (i, seat) in g.seats.iter_mut().enumerate() {
            if i == viewer as usize {
                continue;
            }
            // the pending being lies face up: it stays where it is
            let mut hand = std::mem::take(&mut seat.beings);
            if let Some(p) = seat.pending {
                crate::pile::remove_card(&mut hand, p);
                insert_sorted(&mut seat.beings, p);
            }
            let top = std::mem::take(&mut seat.deck.top);
            let bottom = std::mem::take(&mut seat.deck.bottom);
            let middle = std::mem::take(&mut seat.deck.shuffled);
            // (four lists of at most 24 cards: no allocation for every
            // dealing a search makes)
            let mut pool: ArrayVec<CardId, 96> =
                hand.iter().chain(&top).chain(&bottom).chain(&middle).copied().collect();
            pool.sort();
            arrange(&mut pool, &[UnseenHand { seat: i as Seat, cards: hand.len() }]);
            let mut rest = pool.into_iter();
            for _ in 0..hand.len() {
                insert_sorted(&mut seat.beings, rest.next().expect("pool holds the hand"));
            }
            seat.deck.top.extend(rest.by_ref().take(top.len()));
            seat.deck.bottom.extend(rest.by_ref().take(bottom.len()));
            seat.deck.shuffled.extend(rest);
            seat.deck.shuffled.sort();
        }
        redeal_shared(&mut g, viewer, arrange, |s| &mut s.legends, |g| &mut g.legends);
        redeal_shared(&mut g, viewer, arrange, |s| &mut s.flares, |g| &mut g.flares);
        if let Some(tb) = g.tasks.as_mut() {
            // a view shows the task deck's size and its known bottom, so
            // every other task in it is taken to be in the shuffled middle
            // (as `rebuild_tasks` has it)
            let top = std::mem::take(&mut tb.deck.top);
            tb.deck.shuffled.extend(top);
            tb.deck.shuffled.sort();
        }
        g
    }
}

/// One hand dealt from a pool of unseen cards by [`Game::deal_unseen`]:
/// the seat whose hand it is and how many cards it holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct UnseenHand {
    pub seat: Seat,
    pub cards: usize,
}

/// What one seat knows of a game, and nothing more: a copy of the game in
/// which every card the seat cannot see has been dealt in one canonical way
/// (so two games that look the same to the seat give equal observations).
/// Computer players receive observations, never the game itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Observation {
    seat: Seat,
    game: Game,
}

impl Observation {
    /// What the viewer of a seat's view knows: the same as
    /// `game.observe(seat)` for the game the view was taken from.
    pub fn from_view(view: &View) -> Result<Observation, ViewError> {
        let Viewer::Seat { seat } = view.viewer else {
            return Err(ViewError::NotASeat);
        };
        if seat as usize >= view.seats.len() {
            return Err(ViewError::Viewer { seat, seats: view.seats.len() });
        }
        Ok(Observation { seat, game: Game::from_view(view)? })
    }

    /// The seat observing.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The observed game; its hidden cards are placeholders, not the real ones.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// One arrangement of the hidden cards, drawn with `shuffle`.
    pub fn determinize(&self, shuffle: &mut dyn FnMut(&mut [CardId])) -> Game {
        self.game.determinize(self.seat, shuffle)
    }

    /// One arrangement of the hidden cards, dealt by `arrange` (see
    /// [`Game::deal_unseen`]).
    pub fn deal_unseen(&self, arrange: &mut dyn FnMut(&mut [CardId], &[UnseenHand])) -> Game {
        self.game.deal_unseen(self.seat, arrange)
    }
}

impl Game {
    /// What `seat` knows of this game.
    pub fn observe(&self, seat: Seat) -> Observation {
        Observation { seat, game: self.determinize(seat, &mut |_| {}) }
    }
}

/// Pieces of `color` kept on a Merchant of Time in a view: two-sided, legendary.
fn stored_in(view: &View, color: Color) -> (u8, u8) {
    let mut n = (0, 0);
    for p in view.seats.iter().filter_map(|s| s.stored).filter(|p| p.color == color) {
        if p.rank == crate::board::Rank::Legendary {
            n.1 += 1;
        } else {
            n.0 += 1;
        }
    }
    n
}

/// What is wrong with a view that was to be turned back into a game: what
/// only a view can get wrong (a hand that does not match its counts, a
/// list too long to hold), or, once it is read into a game, the rule of
/// [`Game::validate`] it breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The game the view shows breaks a rule of [`Game::validate`].
    #[error("bad view: {0}")]
    Invalid(#[from] ValidationError),
    #[error("bad view: an observation is a seat's: this view is not a seat's")]
    NotASeat,
    #[error("bad view: the viewer is seat {seat}, but there are {seats} seats")]
    Viewer { seat: Seat, seats: usize },
    #[error("bad view: board: {0}")]
    Board(#[from] BoardTextError),
    #[error("bad view: seat {seat} is listed as seat {listed}")]
    SeatListed { seat: usize, listed: Seat },
    #[error("bad view: seat {seat} plays {plays:?}, but {} plays {expected:?}",
        if *teams { "its team's first seat's school" } else { "its school" })]
    SeatColor { seat: usize, plays: Color, expected: Color, teams: bool },
    #[error("bad view: seat {seat}: teams and sideways cards only in team play")]
    TeamsOutsideTeamPlay { seat: usize },
    #[error("bad view: seat {seat} is on team {}, not on team {team:?}", seat % 2)]
    Team { seat: usize, team: Option<u8> },
    #[error("bad view: seat {seat}: team play shows each deck's sideways cards; none given")]
    NoSideways { seat: usize },
    #[error("bad view: too many cards in {0}")]
    TooManyCards(Part),
    #[error("bad view: {part}: {wanted} hidden cards, but only {unseen} unseen")]
    TooFewUnseen { part: Part, wanted: usize, unseen: usize },
    #[error("bad view: {part}: the deck of {deck} is smaller than its known parts")]
    DeckParts { part: Part, deck: usize },
    #[error("bad view: seat {seat} has a pending being but no being in hand")]
    PendingWithoutHand { seat: usize },
    #[error("bad view: seat {seat}: {unseen} unseen cards for {hand} in hand and {deck} in the deck")]
    UnseenCount { seat: usize, unseen: usize, hand: usize, deck: usize },
    #[error("bad view: seat {seat}'s hand or deck does not match its counts")]
    Counts { seat: usize },
    #[error("bad view: too many beings summoned this turn")]
    TooManySummoned,
    #[error("bad view: an effect phase without an effect")]
    NoEffect,
    #[error("bad view: the effect names a color nobody plays")]
    EffectColor,
    #[error("bad view: an effect outside the effect phase")]
    EffectOutsidePhase,
    #[error("bad view: the phase names seat {seat}, but there are {seats} seats")]
    PhaseSeat { seat: Seat, seats: usize },
    #[error("bad view: {} has no start pieces", form.name())]
    NoStartPieces { form: Form },
    #[error("bad view: the outcome does not fit the phase or the seats")]
    Outcome,
    #[error(
        "bad view: the task board shows {current} current tasks and claims for {claims} seats at a table of {seats}"
    )]
    TaskBoardShape { current: usize, claims: usize, seats: usize },
    #[error("bad view: tasks claimed under a seat that does not keep claims")]
    ClaimsUnderSeat,
    #[error("bad view: a task twice, or a task {} does not use", form.name())]
    TaskTwice { form: Form },
    #[error("bad view: the task deck holds {holds} tasks, not {shown}")]
    TaskDeck { holds: usize, shown: usize },
    #[error("bad view: {part}: the unseen cards do not match the hands and the deck")]
    SharedUnseen { part: Part },
    #[error("bad view: {part}: a card of another deck, or a card twice")]
    SharedCards { part: Part },
    #[error("bad view: the view names {named:?} to choose, but the game it shows {actual:?}")]
    Actor { named: ActorView, actual: Actor },
}

/// A part of a view that holds cards.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Part {
    Deck(usize),
    Hand(usize),
    Discard(usize),
    Legends,
    Flares,
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Part::Deck(seat) => write!(f, "seat {seat}'s deck"),
            Part::Hand(seat) => write!(f, "seat {seat}'s hand"),
            Part::Discard(seat) => write!(f, "seat {seat}'s discard pile"),
            Part::Legends => f.write_str("the legends"),
            Part::Flares => f.write_str("the flares"),
        }
    }
}

fn card_list(cards: &[CardId], what: Part) -> Result<CardList, ViewError> {
    let mut list = CardList::new();
    for &c in cards {
        list.try_push(c).map_err(|_| ViewError::TooManyCards(what))?;
    }
    Ok(list)
}

/// Deals `counts` cards in turn off the front of a sorted pool, then the
/// rest: the canonical deal of [`Game::observe`].
fn deal(pool: &[CardId], counts: &[usize], what: Part) -> Result<Vec<CardList>, ViewError> {
    let wanted: usize = counts.iter().sum();
    if wanted > pool.len() {
        return Err(ViewError::TooFewUnseen { part: what, wanted, unseen: pool.len() });
    }
    let mut sorted = pool.to_vec();
    sorted.sort();
    let mut rest = sorted.as_slice();
    let mut out = Vec::new();
    for &n in counts {
        out.push(card_list(&rest[..n], what)?);
        rest = &rest[n..];
    }
    out.push(card_list(rest, what)?);
    Ok(out)
}

impl Game {
    /// The game as the viewer of `view` knows it: every card the view does
    /// not show dealt in the canonical way of [`Game::observe`], so that
    /// `Game::from_view(&game.view(seat))` is `game.observe(seat).game()`.
    /// A spectator's or referee's view works too (the hands it does not see
    /// are dealt the same way). Every form: in team play the view holds the
    /// team colors, each deck's sideways count and whether control has been
    /// passed, and a teammate's hand is dealt like any other hidden hand.
    /// Never panics on a bad view: checks what the engine relies on (and
    /// that the actor it names is the game's) and says what is wrong.
    pub fn from_view(view: &View) -> Result<Game, ViewError> {
        let form = view.form;
        let n = view.seats.len();
        let teams = form.teams();
        let schools: Vec<crate::cards::School> = view.seats.iter().map(|s| s.school).collect();
        crate::validate::check_table(form, &schools)?;
        let colors = form.seat_colors(&schools);
        let board = Board::from_text(&view.board)?;
        let mut pieces = [(0u8, 0u8); COLORS];
        let mut seats = ArrayVec::<SeatState, 4>::new();
        for (i, sv) in view.seats.iter().enumerate() {
            if sv.seat as usize != i {
                return Err(ViewError::SeatListed { seat: i, listed: sv.seat });
            }
            if sv.color != colors[i] {
                return Err(ViewError::SeatColor { seat: i, plays: sv.color, expected: colors[i], teams });
            }
            // team play: the seat's team, and the sideways cards at the bottom of its deck
            let sideways = match (teams, sv.team, sv.sideways) {
                (false, None, None) => 0,
                (false, ..) => return Err(ViewError::TeamsOutsideTeamPlay { seat: i }),
                (true, team, _) if team != Some(i as u8 % 2) => {
                    return Err(ViewError::Team { seat: i, team });
                }
                (true, _, None) => return Err(ViewError::NoSideways { seat: i }),
                // (how many: the validation's, with the deck)
                (true, _, Some(k)) => k,
            };
            let what = Part::Deck(i);
            let (beings, legends, flares, deck) = match &sv.hand {
                Some(h) => {
                    let deck = Pile {
                        top: card_list(&h.deck_top, what)?,
                        shuffled: deal(&sv.unseen, &[], what)?.remove(0),
                        bottom: card_list(&h.returned, what)?,
                        ..Pile::default()
                    };
                    let mut beings = card_list(&h.beings, Part::Hand(i))?;
                    beings.sort();
                    (beings, Some(&h.legends), Some(&h.flares), deck)
                }
                None => {
                    let middle = sv
                        .deck
                        .checked_sub(sv.deck_top + sv.returned)
                        .ok_or(ViewError::DeckParts { part: what, deck: sv.deck })?;
                    // the pending being is in sight: not among the unseen
                    let hidden = sv
                        .beings
                        .checked_sub(usize::from(sv.pending.is_some()))
                        .ok_or(ViewError::PendingWithoutHand { seat: i })?;
                    if sv.unseen.len() != hidden + sv.deck {
                        return Err(ViewError::UnseenCount {
                            seat: i,
                            unseen: sv.unseen.len(),
                            hand: hidden,
                            deck: sv.deck,
                        });
                    }
                    let mut parts = deal(&sv.unseen, &[hidden, sv.deck_top, sv.returned, middle], what)?;
                    let mut beings = parts.remove(0);
                    if let Some(p) = sv.pending {
                        beings.try_push(p).map_err(|_| ViewError::TooManyCards(Part::Hand(i)))?;
                        beings.sort();
                    }
                    let top = parts.remove(0);
                    let bottom = parts.remove(0);
                    (beings, None, None, Pile { top, shuffled: parts.remove(0), bottom, ..Pile::default() })
                }
            };
            let deck = Pile { sideways, ..deck };
            if deck.len() != sv.deck || beings.len() != sv.beings {
                return Err(ViewError::Counts { seat: i });
            }
            let mut legend_hand = CardList::new();
            let mut flare_hand = CardList::new();
            if let (Some(l), Some(f)) = (legends, flares) {
                legend_hand = card_list(l, Part::Hand(i))?;
                flare_hand = card_list(f, Part::Hand(i))?;
                legend_hand.sort();
                flare_hand.sort();
                if legend_hand.len() != sv.legends || flare_hand.len() != sv.flares {
                    return Err(ViewError::Counts { seat: i });
                }
            }
            if teams && i >= 2 {
                let first = &view.seats[i - 2];
                crate::validate::check_teammates(i, (sv.supply, first.supply), (sv.score, first.score))?;
            }
            pieces[sv.color.index()] = crate::validate::pieces_in_play(
                form,
                n,
                &board,
                sv.color,
                sv.supply,
                sv.out,
                stored_in(view, sv.color),
            )?;
            seats.push(SeatState {
                school: sv.school,
                color: sv.color,
                deck,
                beings,
                legends: legend_hand,
                flares: flare_hand,
                discard: card_list(&sv.discard, Part::Discard(i))?,
                score: sv.score,
                points: {
                    let mut p = [0i16; COLORS];
                    for (c, n) in sv.points.iter().flatten() {
                        p[c.index()] = *n;
                    }
                    p
                },
                improvised: sv.improvised.iter().flatten().copied().collect(),
                frozen: sv.frozen,
                fewer_actions: sv.fewer_actions,
                gateway: sv.gateway,
                pending: sv.pending,
                stored: sv.stored,
                stored_gateway: sv.stored_gateway,
            });
        }
        let (legends, legend_discard) = rebuild_shared(view, &mut seats, &view.legends, true)?;
        let (flares, flare_discard) = rebuild_shared(view, &mut seats, &view.flares, false)?;
        let t = &view.turn;
        if t.seat as usize >= n {
            return Err(ValidationError::TurnSeat { seat: t.seat, seats: n }.into());
        }
        let mut turn = Turn::new(t.seat, t.number, t.actions);
        turn.discard_used = t.discard_used;
        turn.flare_used = t.flare_used;
        turn.destroyed = t.destroyed;
        turn.legends_summoned = t.legends_summoned;
        turn.beings_summoned = t.beings_summoned;
        for &s in &t.summoned {
            turn.summoned.try_push(s).map_err(|_| ViewError::TooManySummoned)?;
        }
        turn.extra_beings = t.extra_beings;
        turn.extra_legends = t.extra_legends;
        turn.war_summoner_bonus = t.war_summoner_bonus;
        turn.emperor_warped = t.emperor_warped;
        turn.doubled = t.doubled;
        turn.void_squares = t.void_squares;
        turn.extra_turn = t.extra_turn;
        turn.possessed = t.possessed;
        turn.passed = t.passed;
        let effect = view.effect.as_ref().map(|e| e.state);
        let plays = |c: Color| seats.iter().any(|s| s.color == c);
        match (view.phase, &effect) {
            (Phase::Effect, None) => return Err(ViewError::NoEffect),
            (Phase::Effect, Some(r)) if !plays(r.color) || r.against.is_some_and(|c| !plays(c)) => {
                return Err(ViewError::EffectColor);
            }
            (Phase::Effect, Some(_)) => {}
            (_, Some(_)) => return Err(ViewError::EffectOutsidePhase),
            _ => {}
        }
        match view.phase {
            Phase::Refill { seat, .. } | Phase::StartPieces { seat } if seat as usize >= n => {
                return Err(ViewError::PhaseSeat { seat, seats: n });
            }
            Phase::RevealTasks | Phase::NextTask { .. } | Phase::Claim if !form.uses_tasks() => {
                return Err(ValidationError::NoTasks { form }.into());
            }
            // (a melee's players put start pieces by the start symbols)
            Phase::StartPieces { .. } if !form.start_pieces() && !form.is_melee() => {
                return Err(ViewError::NoStartPieces { form });
            }
            _ => {}
        }
        if (view.phase == Phase::Over) != view.outcome.is_some()
            || view.outcome.as_ref().is_some_and(|o| o.places.len() != n)
        {
            return Err(ViewError::Outcome);
        }
        if form.uses_tasks() != view.tasks.is_some() {
            let wrong = if form.uses_tasks() {
                ValidationError::NeedsTaskBoard { form }
            } else {
                ValidationError::NoTasks { form }
            };
            return Err(wrong.into());
        }
        let tasks = view.tasks.as_ref().map(|t| rebuild_tasks(t, form, n)).transpose()?;
        let game = Game {
            form,
            seats,
            board,
            legends,
            legend_discard,
            flares,
            flare_discard,
            pieces,
            phase: view.phase,
            turn,
            effect,
            end: view.end,
            outcome: view.outcome.clone(),
            // (only a melee or team seat may leave)
            left: view.left.iter().filter(|&&s| n > 2 && (s as usize) < n).fold(0, |m, &s| m | 1 << s),
            tasks,
            events: crate::event::EventLog::from_events(
                n,
                view.events.first().map_or(0, |e| e.n),
                view.events.iter().map(|e| e.event),
            ),
        };
        game.validate()?;
        // in team play, whose control it is follows from the passed turn
        if ActorView::from(game.actor()) != view.actor {
            return Err(ViewError::Actor { named: view.actor, actual: game.actor() });
        }
        Ok(game)
    }
}

/// The task board from a view: the tasks not face up, claimed or set aside
/// are the deck, shuffled (as [`Game::determinize`] leaves it).
fn rebuild_tasks(
    view: &crate::view::TaskBoardView,
    form: crate::game::Form,
    seats: usize,
) -> Result<crate::tasks::TaskBoard, ViewError> {
    use crate::tasks::{TaskBoard, TaskDeck, TaskId};
    if view.current.len() > 3 || view.claimed.len() != seats {
        return Err(ViewError::TaskBoardShape { current: view.current.len(), claims: view.claimed.len(), seats });
    }
    // in team play a team's claims go under its first seat
    let claimants = if form.teams() { 2 } else { seats };
    if view.claimed[claimants..].iter().any(|l| !l.is_empty()) {
        return Err(ViewError::ClaimsUnderSeat);
    }
    let ids = |list: &[crate::view::TaskView]| list.iter().map(|t| t.id).collect::<Vec<TaskId>>();
    let mut shown: Vec<TaskId> = ids(&view.current);
    shown.extend(view.next.as_ref().map(|t| t.id));
    shown.extend(view.claimed.iter().flat_map(|l| ids(l)));
    shown.extend(ids(&view.set_aside));
    let bottom = ids(&view.bottom);
    let mut distinct: Vec<TaskId> = shown.iter().chain(&bottom).copied().collect();
    let listed = distinct.len();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != listed || distinct.iter().any(|t| t.is_advanced() && !form.advanced_tasks()) {
        return Err(ViewError::TaskTwice { form });
    }
    let mut tb = TaskBoard::default();
    tb.current.extend(ids(&view.current));
    tb.next = view.next.as_ref().map(|t| t.id);
    // (distinct tasks always fit: there are no more than a list holds)
    for (i, claimed) in view.claimed.iter().enumerate() {
        tb.claimed[i].extend(ids(claimed));
    }
    tb.set_aside.extend(ids(&view.set_aside));
    tb.moved_to_bottom = view.moved_to_bottom;
    tb.deck = TaskDeck::shuffled(
        TaskId::all()
            .filter(|t| (form.advanced_tasks() || !t.is_advanced()) && !shown.contains(t) && !bottom.contains(t)),
    );
    // (distinct tasks always fit)
    tb.deck.bottom.extend(bottom);
    if tb.deck.len() != view.deck {
        return Err(ViewError::TaskDeck { holds: tb.deck.len(), shown: view.deck });
    }
    Ok(tb)
}

/// A shared deck and its discard pile from a view, dealing the hands the
/// view does not show (as [`redeal_shared`] does with no shuffle).
fn rebuild_shared(
    view: &View,
    seats: &mut [SeatState],
    pile: &SharedPileView,
    legends: bool,
) -> Result<(Pile, CardList), ViewError> {
    let what = if legends { Part::Legends } else { Part::Flares };
    let hidden: Vec<Option<usize>> =
        view.seats.iter().map(|s| s.hand.is_none().then_some(if legends { s.legends } else { s.flares })).collect();
    let mut counts: Vec<usize> = hidden.iter().flatten().copied().collect();
    let middle =
        pile.deck.checked_sub(pile.top + pile.returned).ok_or(ViewError::DeckParts { part: what, deck: pile.deck })?;
    counts.extend([pile.top, pile.returned, middle]);
    if counts.iter().sum::<usize>() != pile.unseen.len() {
        return Err(ViewError::SharedUnseen { part: what });
    }
    let mut parts = deal(&pile.unseen, &counts, what)?.into_iter();
    for (i, h) in hidden.iter().enumerate() {
        if h.is_some() {
            let hand = parts.next().expect("a part per hidden hand");
            if legends {
                seats[i].legends = hand;
            } else {
                seats[i].flares = hand;
            }
        }
    }
    let top = parts.next().expect("the top");
    let bottom = parts.next().expect("the bottom");
    let shuffled = parts.next().expect("the middle");
    let discard = card_list(&pile.discard, what)?;
    let fits = |c: &CardId| if legends { c.is_legend() } else { c.is_flare() };
    let in_hands = seats.iter().flat_map(|s| if legends { s.legends.iter() } else { s.flares.iter() });
    let all: Vec<CardId> =
        top.iter().chain(&shuffled).chain(&bottom).chain(&discard).chain(in_hands).copied().collect();
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    if !all.iter().all(fits) || distinct.len() != all.len() {
        return Err(ViewError::SharedCards { part: what });
    }
    Ok((Pile { top, shuffled, bottom, ..Pile::default() }, discard))
}

/// Re-deals the other seats' cards of one shared deck together with that
/// deck's shuffled part.
fn redeal_shared(
    g: &mut Game,
    viewer: Seat,
    arrange: &mut dyn FnMut(&mut [CardId], &[UnseenHand]),
    hand_of: fn(&mut crate::game::SeatState) -> &mut CardList,
    pile_of: fn(&mut Game) -> &mut Pile,
) {
    // (at most four hands and a pile's three lists, each of at most 24
    // cards: no allocation for every dealing a search makes)
    let mut sizes: ArrayVec<Option<usize>, 4> = ArrayVec::new();
    let mut pool: ArrayVec<CardId, { 7 * 24 }> = ArrayVec::new();
    for (i, seat) in g.seats.iter_mut().enumerate() {
        let hand = hand_of(seat);
        sizes.push(if i == viewer as usize { None } else { Some(hand.len()) });
        if i != viewer as usize {
            pool.extend(hand.drain(..));
        }
    }
    let pile = pile_of(g);
    let (top, bottom) = (pile.top.len(), pile.bottom.len());
    pool.extend(pile.top.drain(..));
    pool.extend(pile.shuffled.drain(..));
    pool.extend(pile.bottom.drain(..));
    pool.sort();
    let hands: ArrayVec<UnseenHand, 4> =
        sizes.iter().enumerate().filter_map(|(i, n)| n.map(|cards| UnseenHand { seat: i as Seat, cards })).collect();
    arrange(&mut pool, &hands);
    let mut rest = pool.into_iter();
    for (i, size) in sizes.into_iter().enumerate() {
        if let Some(n) = size {
            let hand = hand_of(&mut g.seats[i]);
            for c in rest.by_ref().take(n) {
                insert_sorted(hand, c);
            }
        }
    }
    let pile = pile_of(g);
    pile.top.extend(rest.by_ref().take(top));
    pile.bottom.extend(rest.by_ref().take(bottom));
    pile.shuffled.extend(rest);
    pile.shuffled.sort();
}

#[cfg(test)]
mod tests {
    use crate::game::{Actor, Form, Game};
    use crate::School;

    fn dealt() -> Game {
        let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        let mut k = 0;
        while g.actor() == Actor::Chance {
            let v = g.legal_choices();
            k = (k + 7) % v.len();
            g.apply(v[k]).unwrap();
        }
        g
    }

    /// Over random games: a draw into a hand is its seat's secret, a card
    /// returned face down its returner's, a flare and everything else public.
    #[test]
    fn only_draws_and_returned_cards_are_secret_and_only_to_their_seat() {
        use crate::choice::Choice;
        use crate::game::Phase;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (mut draws, mut returns, mut flares) = (0, 0, 0);
        for form in [Form::Duel, Form::HighForm] {
            for _ in 0..15 {
                let mut g = Game::new(form, &[School::Northern, School::Everfrost]).unwrap();
                while !g.is_over() {
                    let v = g.legal_choices();
                    let c = v[rng.gen_range(0..v.len())];
                    let secret = g.secret_of(c);
                    match (g.phase(), c) {
                        (Phase::Refill { seat, .. }, Choice::Draw(_)) => {
                            assert_eq!(secret, Some(seat));
                            draws += 1;
                        }
                        (Phase::Returning, Choice::Return(_)) => {
                            assert_eq!(secret, Some(g.turn().seat));
                            returns += 1;
                        }
                        (_, Choice::Flare(_)) => {
                            assert_eq!(secret, None, "an invoked flare is public");
                            flares += 1;
                        }
                        _ => assert_eq!(secret, None, "{c}"),
                    }
                    g.apply(c).unwrap();
                }
            }
        }
        assert!(draws > 100 && returns > 0 && flares > 0, "{draws} draws, {returns} returns, {flares} flares");
    }

    #[test]
    fn determinizing_keeps_what_the_viewer_sees_and_hides_the_rest() {
        let g = dealt();
        let mut rot = 0usize;
        let mut shuffle = |s: &mut [crate::CardId]| {
            rot += 1;
            let n = s.len().max(1);
            s.rotate_left(rot % n);
        };
        let d = g.determinize(0, &mut shuffle);
        assert_eq!(d.seats[0].beings, g.seats[0].beings);
        assert_eq!(d.seats[0].legends, g.seats[0].legends);
        assert_eq!(d.seats[1].beings.len(), g.seats[1].beings.len());
        assert_eq!(d.seats[1].deck.len(), g.seats[1].deck.len());
        assert_eq!(d.board, g.board);
        // the same view with different hidden cards gives the same result
        let mut other = g.clone();
        let a = other.seats[1].beings[0];
        let b = other.seats[1].deck.shuffled[0];
        other.seats[1].beings[0] = b;
        other.seats[1].beings.sort();
        other.seats[1].deck.shuffled[0] = a;
        other.seats[1].deck.shuffled.sort();
        assert_ne!(other, g);
        let mut rot2 = 0usize;
        let mut shuffle2 = |s: &mut [crate::CardId]| {
            rot2 += 1;
            let n = s.len().max(1);
            s.rotate_left(rot2 % n);
        };
        assert_eq!(other.determinize(0, &mut shuffle2), d);
    }

    /// `deal_unseen` shows the dealer the sorted pools and the hidden hands
    /// of the other seats only (the same whatever those hands really
    /// hold), and deals each pool in the order the dealer leaves it.
    #[test]
    fn dealing_unseen_cards_shows_pools_and_hand_sizes_and_follows_the_order() {
        use super::UnseenHand;
        let g = dealt();
        let mut other = g.clone();
        let (a, b) = (other.seats[1].beings[0], other.seats[1].deck.shuffled[0]);
        other.seats[1].beings[0] = b;
        other.seats[1].beings.sort();
        other.seats[1].deck.shuffled[0] = a;
        other.seats[1].deck.shuffled.sort();
        let seen = |game: &Game| {
            let mut calls: Vec<(Vec<crate::CardId>, Vec<UnseenHand>)> = Vec::new();
            // reversed: the hand gets the pool's last cards
            let d = game.deal_unseen(0, &mut |pool, hands| {
                calls.push((pool.to_vec(), hands.to_vec()));
                pool.reverse();
            });
            (calls, d)
        };
        let (calls, d) = seen(&g);
        assert_eq!(seen(&other), (calls.clone(), d.clone()), "the same pools, hands and deal");
        // seat 1's beings, then the legends, then the flares
        assert_eq!(calls.len(), 3);
        for (pool, hands) in &calls {
            assert!(pool.windows(2).all(|w| w[0] <= w[1]), "sorted");
            assert!(hands.iter().all(|h| h.seat == 1));
        }
        let (pool, hands) = &calls[0];
        let n = hands[0].cards;
        assert_eq!(n, g.seats[1].beings.len());
        let mut want: Vec<crate::CardId> = pool.iter().rev().take(n).copied().collect();
        want.sort();
        assert_eq!(d.seats[1].beings.to_vec(), want);
        assert_eq!(d.seats[0], g.seats[0], "the viewer's own cards stay");
    }
}
