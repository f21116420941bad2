//! What one seat may know of a game.
//!
//! A [`View`] holds everything public (the board, scores, every seat's
//! counts of cards in hand, deck sizes, the discard piles, the effect being
//! resolved, the end) plus the viewer's own hand, and the legal choices as
//! text when the viewer is the one to choose. It never holds another seat's
//! hand nor the order of any deck: a seat cannot learn from its view
//! anything the rules keep from it. Views serialize to JSON for clients.

use serde::{Deserialize, Serialize};

use crate::board::{Color, Rank};
use crate::cards::{CardId, School};
use crate::choice::Choice;
use crate::effect::Resolution;
use crate::game::{Actor, EndState, Form, Game, Outcome, Phase, Seat, Summoned};
use crate::geometry::{Orientation, Square};
use crate::tasks::TaskBoard;

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
    /// The cards themselves: only the viewer's own (or all, for a referee).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Hand>,
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
    /// Enemy pieces destroyed this turn by the active player, by color
    /// (indexed as `Color::index`) and rank (common, heroic, legendary).
    pub destroyed: [[u8; 3]; 4],
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
}

/// The card effect being resolved (its card is on the table for all to see).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EffectView {
    pub card: CardId,
    #[serde(skip_deserializing)]
    pub name: &'static str,
    pub color: Color,
    /// Beings and legends: the summoning square and the pattern's orientation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<Square>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orientation: Option<Orientation>,
    /// Flares: which criteria were met at invocation, against whom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flare: Option<FlareView>,
    /// What the current step asks for, when it asks.
    #[serde(skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub prompt: Option<&'static str>,
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
    pub end: EndState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The task board, in the forms with tasks (all of it public: the
    /// deck's shuffled part is a set, not an order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tasks: Option<TaskBoard>,
    /// The legal choices as text, in the engine's order: only when the
    /// viewer is the seat that must choose.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<String>>,
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
    /// What `seat` may know: the public state, its own hand, and its legal
    /// choices when it is to choose.
    ///
    /// # Panics
    /// If `seat` is not a seat of this game.
    pub fn view(&self, seat: Seat) -> View {
        assert!((seat as usize) < self.seat_count(), "seat {seat} is not at this table");
        self.view_as(Viewer::Seat { seat })
    }

    /// What someone watching may know: no hand at all, no choices.
    pub fn spectator_view(&self) -> View {
        self.view_as(Viewer::Spectator)
    }

    /// Every hand shown (for a finished game, a replay or a referee); still
    /// no deck order. Holds the actor's legal choices if the actor is a seat.
    pub fn referee_view(&self) -> View {
        self.view_as(Viewer::Referee)
    }

    fn view_as(&self, viewer: Viewer) -> View {
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
                deck_top: s.deck.top.len(),
                returned: s.deck.bottom.len(),
                unseen: {
                    let mut v: Vec<CardId> = s.deck.shuffled.to_vec();
                    if !sees(i as Seat) {
                        v.extend(s.beings.iter().chain(&s.deck.top).chain(&s.deck.bottom));
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
            EffectView {
                card: r.card,
                name: r.card.def().name,
                color: r.color,
                at: (!flare).then_some(r.at),
                orientation: (!flare).then_some(r.orientation),
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
        let t = self.turn();
        View {
            viewer,
            form: self.form(),
            board: self.board().to_text(),
            actor: actor.into(),
            phase: self.phase(),
            turn: TurnView {
                seat: t.seat,
                number: t.number,
                actions: t.actions,
                discard_used: t.discard_used,
                flare_used: t.flare_used,
                destroyed: t.destroyed,
                legends_summoned: t.legends_summoned,
                beings_summoned: t.beings_summoned,
                summoned: t.summoned.to_vec(),
                extra_beings: t.extra_beings,
                extra_legends: t.extra_legends,
                war_summoner_bonus: t.war_summoner_bonus,
                extra_turn: t.extra_turn,
            },
            scores: self.seats().iter().map(|s| s.score).collect(),
            seats,
            legends: shared(self.legend_pile(), self.legend_discard(), |s| &s.legends),
            flares: shared(self.flare_pile(), self.flare_discard(), |s| &s.flares),
            effect,
            end: self.end_state(),
            outcome: self.outcome().cloned(),
            tasks: self.tasks().cloned(),
            choices: chooses.then(|| self.legal_choices().iter().map(Choice::to_string).collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let choices = mine.choices.as_ref().expect("blue chooses");
        assert!(choices.contains(&"summon imperial.swordmaster e5 r0".to_string()));
        let theirs = g.view(1);
        assert!(theirs.choices.is_none());
        assert!(theirs.seats[0].hand.is_none());
        assert_eq!(theirs.seats[0].beings, 1);
        assert_eq!(theirs.seats[0].flares, 1);
        let spectator = g.spectator_view();
        assert!(spectator.seats.iter().all(|s| s.hand.is_none()));
        assert!(spectator.choices.is_none());
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
        assert_eq!(json["choices"], serde_json::json!(["f6", "skip"]));
        assert_eq!(json["board"], "9/9/9/4br3/4b4/4b4/9/9/9");
        assert!(json["seats"][1].get("hand").is_none());
    }
}
