//! What one seat may know of a game.
//!
//! A [`View`] holds everything public (the board, scores, every seat's
//! counts of cards in hand, deck sizes, the discard piles, the effect being
//! resolved, the end) plus the viewer's own hand: data only, no words (the
//! `tash-kalar-present` crate words it for players). It never holds another seat's
//! hand (a teammate's included) nor the order of any deck: a seat cannot
//! learn from its view anything the rules keep from it. Views serialize to
//! JSON for clients. A melee adds each seat's points by color and used-up
//! improvised colors; team play adds each seat's team and sideways cards.
//!
//! In the task forms the view holds the task board: the current tasks, the
//! face-up next task, every seat's claimed tasks and the size of the task
//! deck, never its order (nor which tasks were moved to its bottom: a
//! client that wants those can remember them as they are turned up).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::board::{Color, Piece, Rank, COLORS};
use crate::cards::{CardId, School};
use crate::effect::Resolution;
use crate::event::Event;
use crate::game::{Actor, EndState, Form, Game, Outcome, Phase, Seat, Summoned};
use crate::geometry::{Orientation, Square};
use crate::step::Step;
use crate::tasks::{TaskId, TaskType};

/// Who is looking.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Viewer {
    /// A player: sees their own hand.
    Seat { seat: Seat },
    /// Someone watching: sees no hand.
    Spectator,
    /// After the game, or for a referee: sees every hand (still no deck
    /// order, which nobody knows).
    Referee,
}

/// Who chooses next, as the view tells it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum ActorView {
    Seat { seat: Seat },
    Chance,
    Nobody,
}

impl From<Actor> for ActorView {
    fn from(a: Actor) -> ActorView {
        match a {
            Actor::Seat(seat) => ActorView::Seat { seat },
            Actor::Chance => ActorView::Chance,
            Actor::Nobody => ActorView::Nobody,
        }
    }
}

/// The cards in one seat's hand, sorted.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Hand {
    pub beings: Vec<CardId>,
    pub legends: Vec<CardId>,
    pub flares: Vec<CardId>,
    /// The cards this seat knows on top of its deck, top first (put there
    /// from its discard pile, or given by a position setup).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck_top: Vec<CardId>,
    /// The cards this seat has returned to the bottom of its deck, in
    /// order, uppermost first (face down, so only the seat knows them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub returned: Vec<CardId>,
}

/// What everyone knows of a seat, plus its hand when the viewer may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub school: School,
    pub color: Color,
    pub score: i16,
    /// Cards in hand, by kind.
    pub beings: usize,
    pub legends: usize,
    pub flares: usize,
    /// Cards left in the seat's deck (the order is never shown).
    pub deck: usize,
    /// How many cards lie in a known order on top of the deck (drawn
    /// first); only the seat itself is taken to know them.
    #[serde(default)]
    pub deck_top: usize,
    /// How many cards were returned face down to the bottom of the deck
    /// (drawn after the shuffled rest).
    #[serde(default)]
    pub returned: usize,
    /// The seat's cards whose place the viewer does not know, sorted: in
    /// the shuffled part of the deck, or (unless the viewer sees this
    /// hand) in hand, on top of the deck or among the returned cards.
    /// Anyone can work this out from the deck list and the cards in sight.
    #[serde(default)]
    pub unseen: Vec<CardId>,
    /// The seat's discard pile, oldest first.
    pub discard: Vec<CardId>,
    /// Two-sided (common/heroic) and legendary pieces off the board.
    pub supply: (u8, u8),
    /// Two-sided and legendary pieces out of play: neither on the board
    /// nor in supply (only in a position staged so, e.g. a piece shortage
    /// with few pieces on the board; left out when none).
    #[serde(default, skip_serializing_if = "is_none_out")]
    pub out: (u8, u8),
    /// Team play: the seat's team (0: seats 0 and 2; 1: seats 1 and 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<u8>,
    /// Team play: the sideways cards at the bottom of the seat's deck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sideways: Option<u8>,
    /// Deathmatch Melee: the seat's points in each opponent's color (its
    /// `score` is the lowest of them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<BTreeMap<Color, i16>>,
    /// Deathmatch Melee: the enemy colors used up for improvised summoning.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub improvised: Option<Vec<Color>>,
    /// The cards themselves: only the viewer's own (or all, for a referee).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Hand>,
    /// Everfrost: the card frozen in front of the seat (face up, public).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frozen: Option<CardId>,
    /// Actions the seat will have fewer than normal on its next turn (the
    /// Everfrost Sentinel); left out when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fewer_actions: u8,
    /// Nethervoid: the square of the seat's Gateway (public); left out when
    /// it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gateway: Option<Square>,
    /// Etherweave: the seat's pending being, face up on its deck (public;
    /// it is also counted in `beings`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<CardId>,
    /// Etherweave: the piece kept on the seat's pending Merchant of Time
    /// (public, off the board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored: Option<Piece>,
    /// Nethervoid: the seat whose Gateway the stored piece is (it lands as
    /// the Gateway); left out when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored_gateway: Option<Seat>,
}

/// A shared deck (legends, flares): its size and its discard pile.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SharedPileView {
    pub deck: usize,
    pub discard: Vec<CardId>,
    /// How many cards lie in a known order on top of the deck (only a
    /// position setup puts them there; nobody is taken to know them).
    #[serde(default)]
    pub top: usize,
    /// How many cards were returned face down to the bottom of the deck.
    /// Nobody is taken to know them, not even the seat that returned them
    /// (the deck does not record who put each card there).
    #[serde(default)]
    pub returned: usize,
    /// The cards of this deck whose place the viewer does not know, sorted:
    /// the whole deck and the hands the viewer does not see.
    #[serde(default)]
    pub unseen: Vec<CardId>,
}

/// The state of the current turn, all public.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TurnView {
    pub seat: Seat,
    pub number: u16,
    pub actions: u8,
    pub discard_used: bool,
    pub flare_used: bool,
    /// Team play: control has been passed to the teammate.
    pub passed: bool,
    /// Enemy pieces destroyed this turn by the active player, by color
    /// (indexed as `Color::index`) and rank (common, heroic, legendary).
    pub destroyed: [[u8; 3]; COLORS],
    #[serde(default)]
    pub legends_summoned: u8,
    #[serde(default)]
    pub beings_summoned: u8,
    /// The beings summoned by the summon action this turn, in order.
    #[serde(default)]
    pub summoned: Vec<Summoned>,
    /// Extra cards to draw at the end of the turn: beings, legends.
    #[serde(default)]
    pub extra_beings: u8,
    #[serde(default)]
    pub extra_legends: u8,
    /// The War Summoner's bonus is waiting for the next summoning.
    #[serde(default)]
    pub war_summoner_bonus: bool,
    /// The same seat plays again after this turn (Time Elemental).
    #[serde(default)]
    pub extra_turn: bool,
    /// Nethervoid's Possessed Summoner: the next summoning this turn builds
    /// its pattern from this color's pieces (left out when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub possessed: Option<Color>,
    /// Etherweave: the Eternal Emperor's warp was played from the hand this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub emperor_warped: bool,
    /// Etherweave: Gate of Oblivion warps this turn (each destroyed enemy
    /// piece counts this many times more).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub doubled: u8,
    /// Etherweave: the Void Summoner's empty squares for the next summoning.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub void_squares: u8,
}

/// The card effect being resolved (its card is on the table for all to see).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EffectView {
    pub card: CardId,
    pub color: Color,
    /// Beings and legends: the summoning square and the pattern's orientation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Square>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orientation: Option<Orientation>,
    /// Flares: which criteria were met at invocation, against whom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flare: Option<FlareView>,
    /// The step being asked, when it asks (its id: the words are the
    /// clients', see [`crate::step`]).
    #[serde(skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub prompt: Option<Step>,
    /// Everything the effect has noted so far (its step, the pieces it
    /// follows, its counters): public, and needed to go on resolving it.
    pub state: Resolution,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FlareView {
    pub upper: bool,
    pub lower: bool,
    pub against: Option<Color>,
}

/// A face-up task card, with what a client needs to show it (its name and
/// criterion are the clients' to word, by its id).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TaskView {
    pub id: TaskId,
    pub kind: TaskType,
    pub points: u8,
    pub advanced: bool,
}

impl From<TaskId> for TaskView {
    fn from(t: TaskId) -> TaskView {
        let d = t.def();
        TaskView { id: t, kind: d.kind, points: d.points, advanced: d.advanced }
    }
}

/// A task is read back from its id alone: the rest is its definition.
impl<'de> Deserialize<'de> for TaskView {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TaskView, D::Error> {
        #[derive(Deserialize)]
        struct ById {
            id: TaskId,
        }
        Ok(TaskView::from(ById::deserialize(d)?.id))
    }
}

/// The task board as everyone sees it (High Form and first game).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TaskBoardView {
    /// The current tasks, each in its place on the board.
    pub current: Vec<TaskView>,
    /// The face-up task on top of the task deck, which replaces a claimed task.
    pub next: Option<TaskView>,
    /// Tasks in the deck under the next task. Their order is hidden but
    /// for `bottom`.
    pub deck: usize,
    /// Tasks of the deck known to be at its bottom, uppermost first: next
    /// tasks that could not stay and were moved there in everyone's sight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bottom: Vec<TaskView>,
    /// During setup: tasks turned up that could not be current tasks, put
    /// aside until the three are out and then shuffled back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_aside: Vec<TaskView>,
    /// Each seat's claimed tasks, in the order claimed.
    pub claimed: Vec<Vec<TaskView>>,
    /// Each seat's points from claimed tasks (its score adds its legendary
    /// pieces on the board).
    pub points: Vec<i16>,
    /// At the end of a turn, for the seat that may claim (or a referee):
    /// the current tasks it meets, the same as its `claim` choices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimable: Option<Vec<TaskId>>,
    /// Next tasks moved to the bottom in a row (the search for a next task
    /// stops after one pass through the deck).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub moved_to_bottom: u8,
    /// Team play: each team's claimed tasks (team 0: seats 0 and 2, team 1:
    /// seats 1 and 3), whichever teammate claimed them; in `claimed` they
    /// stand under the team's first seat.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub team_claimed: Option<Vec<Vec<TaskView>>>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// One seat's (or a spectator's) knowledge of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub form: Form,
    /// Board text (see `docs/notation.md`).
    pub board: String,
    pub actor: ActorView,
    pub phase: Phase,
    pub turn: TurnView,
    pub scores: Vec<i16>,
    pub seats: Vec<SeatView>,
    pub legends: SharedPileView,
    pub flares: SharedPileView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<EffectView>,
    /// The step the seat to choose is asked, when the game has more to say
    /// than the choices (an effect step, a task claim, a melee point or
    /// start piece, placing for a teammate): its id, worded by the clients
    /// ([`Game::prompt`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Step>,
    pub end: EndState,
    /// The task board, in the forms that use tasks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tasks: Option<TaskBoardView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The seats that left a melee or team game ([`Game::leave`]): public,
    /// and they rank last at the end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<Seat>,
    /// What happened in the current turn and the last round (every seat's
    /// last turn), oldest first. `Game::from_view` keeps them.
    #[serde(default)]
    pub events: Vec<EventView>,
}

/// An event, numbered.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EventView {
    /// The event's number in the game (counted from 0): numbers follow on
    /// from one view to the next, and a take-back numbers anew from where
    /// it went back to.
    pub n: u32,
    #[serde(flatten)]
    pub event: Event,
}

impl View {
    /// The viewer's own hand, if it has one.
    pub fn hand(&self) -> Option<&Hand> {
        match self.viewer {
            Viewer::Seat { seat } => self.seats.get(seat as usize).and_then(|s| s.hand.as_ref()),
            _ => None,
        }
    }
}

impl Game {
    /// What `seat` may know: the public state and its own hand.
    ///
    /// # Panics
    /// If `seat` is not a seat of this game.
    pub fn view(&self, seat: Seat) -> View {
        assert!((seat as usize) < self.seat_count(), "seat {seat} is not at this table");
        self.view_as(Viewer::Seat { seat })
    }

    /// What someone watching may know: no hand at all.
    pub fn spectator_view(&self) -> View {
        self.view_as(Viewer::Spectator)
    }

    /// Every hand shown (for a finished game, a replay or a referee); still
    /// no deck order.
    pub fn referee_view(&self) -> View {
        self.view_as(Viewer::Referee)
    }

    /// The views of several viewers of this state at once, each the same
    /// as its own ([`Game::view`], [`Game::spectator_view`],
    /// [`Game::referee_view`]; a seat this game does not have sees no
    /// hand): the board's text is written once for all of them, as a
    /// server publishing a change to every seat and the spectators needs.
    pub fn views(&self, viewers: &[Viewer]) -> Vec<View> {
        let board = self.board().to_text();
        viewers.iter().map(|&viewer| self.view_with_board(viewer, board.clone())).collect()
    }

    fn view_as(&self, viewer: Viewer) -> View {
        self.view_with_board(viewer, self.board().to_text())
    }

    /// The view of `viewer`, the board's text (`board`) written already.
    fn view_with_board(&self, viewer: Viewer, board: String) -> View {
        let sees = |s: Seat| match viewer {
            Viewer::Seat { seat } => seat == s,
            Viewer::Spectator => false,
            Viewer::Referee => true,
        };
        let seats = self
            .seats()
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                seat: i as Seat,
                school: s.school,
                color: s.color,
                score: s.score,
                beings: s.beings.len(),
                legends: s.legends.len(),
                flares: s.flares.len(),
                deck: s.deck.len(),
                discard: s.discard.to_vec(),
                supply: (self.supply(s.color, Rank::Common), self.supply(s.color, Rank::Legendary)),
                out: self.out_of_play(s.color),
                team: self.form().teams().then_some(i as u8 % 2),
                sideways: self.form().teams().then_some(s.deck.sideways),
                points: self
                    .form()
                    .is_melee()
                    .then(|| self.enemies_of(s.color).map(|c| (c, s.points[c.index()])).collect()),
                improvised: self.form().is_melee().then(|| s.improvised.colors().collect()),
                frozen: s.frozen,
                fewer_actions: s.fewer_actions,
                gateway: s.gateway,
                pending: s.pending,
                stored: s.stored,
                stored_gateway: s.stored_gateway,
                deck_top: s.deck.top.len(),
                returned: s.deck.bottom.len(),
                unseen: {
                    let mut v: Vec<CardId> = s.deck.shuffled.to_vec();
                    if !sees(i as Seat) {
                        // (the pending being lies face up: everyone knows it)
                        let hand = s.beings.iter().filter(|&&c| Some(c) != s.pending);
                        v.extend(hand.chain(&s.deck.top).chain(&s.deck.bottom));
                    }
                    v.sort();
                    v
                },
                hand: sees(i as Seat).then(|| Hand {
                    beings: s.beings.to_vec(),
                    legends: s.legends.to_vec(),
                    flares: s.flares.to_vec(),
                    deck_top: s.deck.top.to_vec(),
                    returned: s.deck.bottom.to_vec(),
                }),
            })
            .collect();
        let shared =
            |pile: &crate::pile::Pile, discard: &[CardId], in_hand: fn(&crate::game::SeatState) -> &[CardId]| {
                let mut unseen: Vec<CardId> = pile.cards().collect();
                for (i, s) in self.seats().iter().enumerate() {
                    if !sees(i as Seat) {
                        unseen.extend(in_hand(s));
                    }
                }
                unseen.sort();
                SharedPileView {
                    deck: pile.len(),
                    discard: discard.to_vec(),
                    top: pile.top.len(),
                    returned: pile.bottom.len(),
                    unseen,
                }
            };
        let effect = self.effect().map(|r| {
            let flare = r.card.is_flare();
            // a thawed or warped card puts no piece down: no summoning square
            let summoned = !flare && !matches!(r.stage, crate::effect::Stage::Thaw | crate::effect::Stage::Warp);
            EffectView {
                card: r.card,
                color: r.color,
                at: summoned.then_some(r.at),
                orientation: summoned.then_some(r.orientation),
                flare: flare.then_some(FlareView { upper: r.upper, lower: r.lower, against: r.against }),
                prompt: self.prompt(),
                state: *r,
            }
        });
        let actor = self.actor();
        let chooses = match (actor, viewer) {
            (Actor::Seat(a), Viewer::Seat { seat }) => a == seat,
            (Actor::Seat(_), Viewer::Referee) => true,
            _ => false,
        };
        let shown = |tasks: &[TaskId]| tasks.iter().map(|&t| TaskView::from(t)).collect::<Vec<_>>();
        let tasks = self.tasks().map(|tb| TaskBoardView {
            current: shown(&tb.current),
            next: tb.next.map(TaskView::from),
            deck: tb.deck.len(),
            bottom: shown(&tb.deck.bottom),
            set_aside: shown(&tb.set_aside),
            claimed: (0..self.seat_count()).map(|s| shown(&tb.claimed[s])).collect(),
            points: (0..self.seat_count()).map(|s| tb.points(s)).collect(),
            claimable: (chooses && self.phase() == Phase::Claim).then(|| self.claimable_tasks()),
            moved_to_bottom: tb.moved_to_bottom,
            team_claimed: self.form().teams().then(|| (0..2).map(|t| shown(&tb.claimed[t])).collect()),
        });
        let t = self.turn();
        View {
            viewer,
            form: self.form(),
            board,
            actor: actor.into(),
            phase: self.phase(),
            turn: TurnView {
                seat: t.seat,
                number: t.number,
                actions: t.actions,
                discard_used: t.discard_used,
                flare_used: t.flare_used,
                passed: t.passed,
                destroyed: t.destroyed,
                legends_summoned: t.legends_summoned,
                beings_summoned: t.beings_summoned,
                summoned: t.summoned.to_vec(),
                extra_beings: t.extra_beings,
                extra_legends: t.extra_legends,
                war_summoner_bonus: t.war_summoner_bonus,
                extra_turn: t.extra_turn,
                possessed: t.possessed,
                emperor_warped: t.emperor_warped,
                doubled: t.doubled,
                void_squares: t.void_squares,
            },
            scores: self.seats().iter().map(|s| s.score).collect(),
            seats,
            legends: shared(self.legend_pile(), self.legend_discard(), |s| &s.legends),
            flares: shared(self.flare_pile(), self.flare_discard(), |s| &s.flares),
            effect,
            prompt: self.prompt(),
            end: self.end_state(),
            tasks,
            outcome: self.outcome().cloned(),
            left: (0..self.seat_count() as Seat).filter(|&s| self.has_left(s)).collect(),
            events: self
                .events()
                .iter()
                .enumerate()
                .map(|(i, &event)| EventView { n: self.events.first_number().wrapping_add(i as u32), event })
                .collect(),
        }
    }
}

/// No pieces out of play (the view leaves `out` out).
fn is_none_out(out: &(u8, u8)) -> bool {
    *out == (0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::choice::Choice;
    use crate::pile::Pile;
    use crate::position::Position;
    use crate::School;

    fn card(id: &str) -> CardId {
        CardId::parse(id).unwrap()
    }

    /// Blue (seat 0) to act; red holds `red_hand` and a deck `red_deck`.
    fn position(red_hand: &[&str], red_deck: Pile, legends: Pile) -> Position {
        let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
        p.seats[0].beings = vec![card("imperial.swordmaster")];
        p.seats[0].flares = vec![card("flares.01")];
        p.seats[1].beings = red_hand.iter().map(|c| card(c)).collect();
        p.seats[1].deck = red_deck;
        p.legends = legends;
        p
    }

    #[test]
    fn hidden_things_do_not_change_a_view() {
        let (k, c, s) = ("imperial.knight", "imperial.cannon", "imperial.swordmaster");
        let ordered = |ids: &[&str]| Pile::ordered(ids.iter().map(|i| card(i)));
        let a = position(&[k], ordered(&[c, s]), ordered(&["legends.titan"])).to_game().unwrap();
        // another card in red's hand, red's deck in another order (the sizes
        // of a deck's parts are public: one sees cards put on top or under)
        let b = position(&[c], ordered(&[s, k]), ordered(&["legends.titan"])).to_game().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.view(0), b.view(0));
        assert_eq!(a.spectator_view(), b.spectator_view());
        // and the view does see what differs when it is one's own
        assert_ne!(a.view(1), b.view(1));
        assert_ne!(a.referee_view(), b.referee_view());
    }

    /// The game with everything `keep` cannot see changed: each other
    /// seat's hand traded with cards of its deck, the known parts of the
    /// other seats' decks and of the shared decks reordered.
    fn perturb(g: &Game, keep: Seat) -> Game {
        use crate::pile::{insert_sorted, remove_card};
        fn trade(hand: &mut crate::pile::CardList, pile: &mut Pile) {
            let (Some(&mine), Some(theirs)) = (hand.first(), pile.cards().last()) else { return };
            remove_card(hand, mine);
            insert_sorted(hand, theirs);
            for part in [&mut pile.top, &mut pile.shuffled, &mut pile.bottom] {
                if let Some(i) = part.iter().position(|&c| c == theirs) {
                    part[i] = mine;
                }
            }
            pile.shuffled.sort();
        }
        let mut h = g.clone();
        for (i, s) in h.seats.iter_mut().enumerate() {
            if i != keep as usize {
                trade(&mut s.beings, &mut s.deck);
                trade(&mut s.legends, &mut h.legends);
                trade(&mut s.flares, &mut h.flares);
                // (a seat knows the order it put into its own deck)
                s.deck.top.reverse();
                s.deck.bottom.reverse();
            }
        }
        for pile in [&mut h.legends, &mut h.flares] {
            pile.top.reverse();
            pile.bottom.reverse();
        }
        h
    }

    #[test]
    fn views_of_random_games_leak_nothing() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut changed = 0;
        for _ in 0..30 {
            let mut g = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
            while !g.is_over() {
                for seat in 0..2 {
                    let h = perturb(&g, seat);
                    changed += (h != g) as usize;
                    assert_eq!(g.view(seat), h.view(seat));
                    assert_eq!(g.spectator_view(), h.spectator_view());
                }
                let v = g.legal_choices();
                g.apply(v[rng.gen_range(0..v.len())]).unwrap();
            }
        }
        assert!(changed > 100, "the perturbation must change hidden things ({changed})");
    }

    #[test]
    fn a_view_shows_own_hand_and_choices_only_to_the_actor() {
        let g = position(&["imperial.knight"], Pile::default(), Pile::default()).to_game().unwrap();
        let mine = g.view(0);
        let hand = mine.hand().expect("own hand");
        assert_eq!(hand.beings, [card("imperial.swordmaster")]);
        assert_eq!(hand.flares, [card("flares.01")]);
        assert!(mine.seats[1].hand.is_none());
        assert_eq!(mine.seats[1].beings, 1);
        let theirs = g.view(1);
        assert!(theirs.seats[0].hand.is_none());
        assert_eq!(theirs.seats[0].beings, 1);
        assert_eq!(theirs.seats[0].flares, 1);
        let spectator = g.spectator_view();
        assert!(spectator.seats.iter().all(|s| s.hand.is_none()));
    }

    #[test]
    fn a_view_shows_the_effect_being_resolved() {
        let mut g = position(&[], Pile::default(), Pile::default()).to_game().unwrap();
        g.play("summon imperial.swordmaster e5 r0").unwrap();
        let v = g.view(1);
        let e = v.effect.expect("the Swordmaster resolves");
        assert_eq!(e.card, card("imperial.swordmaster"));
        assert_eq!(e.at, Some(Square::parse("e5").unwrap()));
        assert!(e.prompt.is_some());
        let json = serde_json::to_value(g.view(0)).unwrap();
        assert_eq!(json["effect"]["card"], "imperial.swordmaster");
        assert_eq!(json["board"], "9/9/9/4br3/4b4/4b4/9/9/9");
        assert!(json["seats"][1].get("hand").is_none());
    }

    /// The task deck of `g` in another order: the same tasks above its
    /// known bottom (which everyone saw go there), rotated through the
    /// known top and the shuffled middle, and one task moved from the
    /// middle to the top (which tasks are known where is hidden too).
    fn reorder_task_deck(g: &Game) -> Game {
        use crate::tasks::TaskList;
        let mut h = g.clone();
        if let Some(tb) = h.tasks.as_mut() {
            let mut above: Vec<_> = tb.deck.top.iter().chain(&tb.deck.shuffled).copied().collect();
            above.rotate_left(1);
            let top_len = (tb.deck.top.len() + 1).min(above.len());
            let mut shuffled: TaskList = above[top_len..].iter().copied().collect();
            shuffled.sort();
            tb.deck.top = above[..top_len].iter().copied().collect();
            tb.deck.shuffled = shuffled;
        }
        h
    }

    #[test]
    fn views_of_task_forms_leak_nothing_about_the_task_deck() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let (mut steps, mut changed, mut claims_seen) = (0, 0, 0);
        for form in [Form::HighForm, Form::FirstGame] {
            for _ in 0..3 {
                let mut g = Game::new(form, &[School::Highland, School::Sylvan]).unwrap();
                while !g.is_over() {
                    let h = reorder_task_deck(&g);
                    changed += (h != g) as usize;
                    let tb = g.tasks().unwrap();
                    steps += 1;
                    let views = [g.view(0), g.view(1), g.spectator_view(), g.referee_view()];
                    let others = [h.view(0), h.view(1), h.spectator_view(), h.referee_view()];
                    assert_eq!(views, others);
                    for v in &views {
                        let tv = v.tasks.as_ref().expect("a task form shows its task board");
                        assert_eq!(tv.deck, tb.deck.len());
                        // not even which tasks the deck holds above its known bottom is written out
                        // (but for the events: a task turned up in setup and set aside was seen
                        // by everyone before it was shuffled back)
                        let json = serde_json::to_string(&View { events: vec![], ..v.clone() }).unwrap();
                        for t in tb.deck.top.iter().chain(&tb.deck.shuffled) {
                            assert!(!json.contains(&format!("\"{t}\"")), "{t} is in the deck: {json}");
                        }
                    }
                    if g.phase() == Phase::Claim {
                        claims_seen += 1;
                    }
                    let v = g.legal_choices();
                    g.apply(v[rng.gen_range(0..v.len())]).unwrap();
                }
            }
        }
        assert!(changed * 10 > steps * 9, "the reordering must change hidden things ({changed} of {steps})");
        assert!(claims_seen > 0, "some turn ended in the claim phase");
    }

    fn task(id: &str) -> crate::tasks::TaskId {
        crate::tasks::TaskId::parse(id).unwrap()
    }

    /// High Form: blue holds the centre cross but for e5 and may place there.
    fn claim_position() -> Game {
        let mut p = Position::for_form(Form::HighForm, "9/9/9/4b4/3b1b3/4b4/9/9/9").unwrap();
        p.seats[0].beings = vec![card("imperial.swordmaster")];
        let tb = p.tasks.as_mut().unwrap();
        tb.current =
            [task("tasks.center_cross"), task("tasks.destruction"), task("tasks.red_conquest")].into_iter().collect();
        tb.next = Some(task("tasks.side_chain"));
        tb.deck = crate::tasks::TaskDeck::shuffled([task("tasks.imprisonment"), task("tasks.diagonals")]);
        p.to_game().unwrap()
    }

    #[test]
    fn a_view_shows_the_task_board_and_what_the_chooser_may_claim() {
        let mut g = claim_position();
        let v = g.view(1);
        let tv = v.tasks.as_ref().unwrap();
        let ids = |v: &[TaskView]| v.iter().map(|t| t.id).collect::<Vec<_>>();
        assert_eq!(
            ids(&tv.current),
            [task("tasks.center_cross"), task("tasks.destruction"), task("tasks.red_conquest")]
        );
        assert_eq!(tv.next.as_ref().map(|t| t.id), Some(task("tasks.side_chain")));
        assert_eq!(tv.deck, 2);
        assert!(tv.claimed.iter().all(Vec::is_empty) && tv.claimed.len() == 2);
        assert_eq!(tv.claimable, None, "not the claim phase");
        g.play("place e5").unwrap();
        g.play("place a5").unwrap();
        g.play("end").unwrap();
        assert_eq!(g.phase(), Phase::Claim);
        let mine = g.view(0);
        assert_eq!(mine.tasks.as_ref().unwrap().claimable, Some(vec![task("tasks.center_cross")]));
        assert_eq!(g.legal_choices(), [Choice::Claim(task("tasks.center_cross")), Choice::Skip]);
        assert_eq!(g.referee_view().tasks.unwrap().claimable, Some(vec![task("tasks.center_cross")]));
        assert_eq!(g.view(1).tasks.unwrap().claimable, None, "only the chooser is offered claims");
        assert_eq!(g.spectator_view().tasks.unwrap().claimable, None);

        g.play("claim tasks.center_cross").unwrap();
        // chance turns up a new next task: deal the one the seed would not matter for
        while g.actor() == Actor::Chance {
            let draw = g.legal_choices()[0];
            g.apply(draw).unwrap();
        }
        let json = serde_json::to_value(g.view(1)).unwrap();
        let tasks = &json["tasks"];
        let ids = |v: &serde_json::Value| v.as_array().unwrap().iter().map(|t| t["id"].clone()).collect::<Vec<_>>();
        assert_eq!(
            ids(&tasks["current"]),
            ["tasks.side_chain", "tasks.destruction", "tasks.red_conquest"],
            "the next task takes the claimed task's place"
        );
        assert_eq!(ids(&tasks["claimed"][0]), ["tasks.center_cross"]);
        assert!(ids(&tasks["claimed"][1]).is_empty());
        assert_eq!(tasks["points"], serde_json::json!([2, 0]));
        assert_eq!(tasks["deck"], 1);
        assert!(tasks.get("claimable").is_none());
        assert!(tasks.get("set_aside").is_none());
        assert!(tasks["next"]["id"].is_string());
        assert_eq!(json["scores"], serde_json::json!([2, 0]));
    }

    #[test]
    fn a_duel_view_has_no_task_board() {
        let g = position(&[], Pile::default(), Pile::default()).to_game().unwrap();
        assert!(g.view(0).tasks.is_none());
        assert!(serde_json::to_value(g.view(0)).unwrap().get("tasks").is_none());
    }

    #[test]
    fn a_view_shows_the_task_board_in_task_forms_only() {
        let duel = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        assert!(duel.view(0).tasks.is_none());
        assert!(serde_json::to_value(duel.view(0)).unwrap().get("tasks").is_none());
        let text = "form: high-form
board: 9/9/9/4br3/9/4b4/9/9/9
turn: 0
actions: 2
seat: northern score 0 beings - legends - flares - deck - discard -
seat: southern score 0 beings - legends - flares - deck - discard -
legends: deck - discard -
flares: deck - discard -
tasks: current tasks.center_cross,tasks.destruction,tasks.red_conquest next tasks.diagonals deck - | tasks.isolation,tasks.envelopment | -
tasks: claimed 1 tasks.imprisonment
";
        let g = Position::from_text(text).unwrap().to_game().unwrap();
        let t = g.spectator_view().tasks.expect("the task board");
        let ids = |v: &[TaskView]| v.iter().map(|t| t.id.def().id).collect::<Vec<_>>();
        assert_eq!(ids(&t.current), ["tasks.center_cross", "tasks.destruction", "tasks.red_conquest"]);
        assert_eq!(t.next.as_ref().map(|t| t.id.def().id), Some("tasks.diagonals"));
        assert_eq!(t.deck, 2);
        assert_eq!(t.claimed.len(), 2);
        assert!(t.claimed[0].is_empty());
        assert_eq!(ids(&t.claimed[1]), ["tasks.imprisonment"]);
        let json = serde_json::to_value(g.view(0)).unwrap();
        let first = &json["tasks"]["current"][0];
        let def = TaskId::parse("tasks.center_cross").unwrap().def();
        assert_eq!(first["id"], def.id);
        assert!(first.get("name").is_none() && first.get("text").is_none(), "a task's words are the clients'");
        assert_eq!(first["kind"], def.kind.name());
        assert_eq!(first["points"], def.points);
        // the deck's order stays hidden: only its size is shown
        assert!(json["tasks"].get("deck").is_some_and(|d| d.is_u64()));
    }

    /// Whatever card chance deals a seat, the other seats (and spectators)
    /// are told the same events: draws are counts only.
    #[test]
    fn events_never_tell_another_seats_draw() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let (mut draws, mut differing) = (0, 0);
        for form in [Form::Duel, Form::HighForm] {
            let mut g = Game::new(form, &[School::Northern, School::Sylvan]).unwrap();
            while !g.is_over() {
                let v = g.legal_choices();
                if let Phase::Refill { seat, .. } = g.phase() {
                    if v.len() > 1 {
                        let (mut a, mut b) = (g.clone(), g.clone());
                        a.apply(v[0]).unwrap();
                        b.apply(v[v.len() - 1]).unwrap();
                        draws += 1;
                        let other = 1 - seat;
                        let json = |g: &Game, s: Option<Seat>| {
                            let v = s.map_or_else(|| g.spectator_view(), |s| g.view(s));
                            serde_json::to_string(&v.events).unwrap()
                        };
                        assert_eq!(json(&a, Some(other)), json(&b, Some(other)));
                        assert_eq!(json(&a, None), json(&b, None));
                        differing += (a.seat(seat).beings != b.seat(seat).beings) as usize;
                        let Choice::Draw(card) = v[0] else { panic!("a draw") };
                        assert!(!json(&a, Some(other)).contains(card.def().id), "a drawn card is never named");
                    }
                }
                g.apply(v[rng.gen_range(0..v.len())]).unwrap();
            }
            assert!(g.spectator_view().events.iter().any(|e| matches!(e.event, Event::GameOver)));
        }
        assert!(draws > 20 && differing > 10, "{draws} draws, {differing} differing hands");
    }

    #[test]
    fn a_view_holds_no_words_and_the_last_turn_as_events() {
        use crate::question::QuestionKind;
        let mut g = position(&[], Pile::default(), Pile::default()).to_game().unwrap();
        assert_eq!(g.question().map(|q| (q.seat, q.kind)), Some((0, QuestionKind::Action)));
        g.play("summon imperial.swordmaster e5 r0").unwrap();
        let q = g.question().expect("the Swordmaster asks");
        assert_eq!((q.kind, q.card), (QuestionKind::Effect, Some(card("imperial.swordmaster"))));
        let json = serde_json::to_value(g.view(0)).unwrap();
        for key in ["choices", "legal", "question", "result"] {
            assert!(json.get(key).is_none(), "{key}: the view is data only");
        }
        assert!(json["effect"].get("name").is_none());
        g.play("f6").unwrap();
        let json = serde_json::to_value(g.view(1)).unwrap();
        let events = json["events"].as_array().unwrap();
        let kinds: Vec<&str> = events.iter().map(|e| e["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["summoned", "destroyed", "upgraded"], "the Swordmaster upgrades a piece too");
        assert_eq!(
            events[1],
            serde_json::json!({"n": 1, "kind": "destroyed", "at": "f6", "piece": {"color": "red", "rank": "common"}, "credited": true})
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(6))]
        /// Random games of every form: the views made together (the
        /// board's text written once) are each viewer's own, made alone,
        /// after every choice.
        #[test]
        fn views_made_together_are_each_viewers_own(seed: u64) {
            use crate::{Match, Mover};
            use rand::{Rng, SeedableRng};
            let forms: [(Form, &[School]); 5] = [
                (Form::Duel, &[School::Northern, School::Southern]),
                (Form::HighForm, &[School::Northern, School::Southern]),
                (Form::Melee, &[School::Highland, School::Sylvan, School::Everfrost]),
                (Form::Melee, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
                (Form::TeamDuel, &[School::Northern, School::Southern, School::Highland, School::Sylvan]),
            ];
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for (form, schools) in forms {
                let mut m = Match::new(form, schools, Some(rng.gen())).unwrap();
                for _ in 0..200 {
                    let g = m.game();
                    // every seat, a spectator, a referee, a seat the game does not have
                    let viewers: Vec<Viewer> = (0..g.seat_count() as Seat + 1)
                        .map(|seat| Viewer::Seat { seat })
                        .chain([Viewer::Spectator, Viewer::Referee])
                        .collect();
                    let views = g.views(&viewers);
                    proptest::prop_assert_eq!(views.len(), viewers.len());
                    for (&v, view) in viewers.iter().zip(views) {
                        proptest::prop_assert_eq!(view, g.view_as(v));
                    }
                    if g.is_over() {
                        break;
                    }
                    let legal = g.legal_choices();
                    let c = legal[rng.gen_range(0..legal.len())];
                    let mover = Mover::of(g.actor()).expect("a game with legal choices has a mover");
                    m.act(mover, c).unwrap();
                }
            }
        }
    }
}
