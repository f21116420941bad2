//! The engine's knowledge said as data and in words, for the views: each
//! legal choice taken apart ([`ChoiceView`]), what is being decided
//! ([`QuestionView`]), how the game ended ([`ResultView`]).
//!
//! Clients show these; they never read a choice's text or a step to work
//! out what a button means (an option's meaning comes from the card that
//! asks, here, not from the wording of its step). The steps and the
//! options' meanings are ids and keys here: their words are the clients'.

use crate::board::Color;
use crate::choice::Choice;
use crate::effect::Resolution;
use crate::event::{color_name, orientation_words, piece_words};
use crate::game::{Actor, EndReason, Game, Phase, Seat};
use crate::geometry::{Dir, Square};
use crate::view::{ChoiceView, Placing, QuestionView, ResultView};

/// A direction in words.
pub fn dir_words(d: Dir) -> &'static str {
    match d {
        Dir::N => "north",
        Dir::NE => "north-east",
        Dir::E => "east",
        Dir::SE => "south-east",
        Dir::S => "south",
        Dir::SW => "south-west",
        Dir::W => "west",
        Dir::NW => "north-west",
    }
}

/// The keys of what an option can stand for ([`ChoiceView::meaning`]);
/// `color` is an option that names a color (its `color` field says which).
/// The words are the clients' (message `option-<key>`); the label of such
/// an option is its plain notation (`option 1`).
pub const OPTION_MEANINGS: &[&str] = &[
    "color",
    "gryphon-dismount",
    "fire-adjacent",
    "fire-distance",
    "leviathan-downgrade",
    "leviathan-destroy",
    "storm-common",
    "storm-heroic",
    "storm-legendary",
    "pending-discard",
    "pending-return",
    "possessed-discard-flare",
    "gate-keeper-upgrade",
    "gate-keeper-place",
];

/// What option `n` (0-based) of the effect being resolved stands for: a
/// label, its key (see [`OPTION_MEANINGS`]) and the color it names when it
/// names one.
fn option_meaning(r: &Resolution, n: u8) -> (String, Option<&'static str>, Option<Color>) {
    let color = |n: u8| Color::ALL.get(n as usize).copied();
    let said = |key: &'static str| (format!("option {}", n + 1), Some(key), None);
    // (a copied warp effect asks as the card it copies)
    let card = if r.stage == crate::effect::Stage::Copy { r.copied.unwrap_or(r.card) } else { r.card };
    match (card.def().id, r.step) {
        ("etherweave.antimatter_spirit", 1) => match color(n) {
            Some(c) => (color_name(c).to_string(), Some("color"), Some(c)),
            None => ("?".to_string(), None, None),
        },
        ("etherweave.paradox_worm", _) | ("etherweave.reality_patch", _) => said("pending-discard"),
        ("etherweave.warpmaster", _) => said("pending-return"),
        ("sylvan.forest_ancient" | "imperial.hypnotist" | "nethervoid.possessed_summoner", 0) => match color(n) {
            Some(c) => (color_name(c).to_string(), Some("color"), Some(c)),
            None => ("?".to_string(), None, None),
        },
        ("imperial.gryphon_rider", _) => said("gryphon-dismount"),
        ("legends.fire_elemental", _) => said(if n == 0 { "fire-adjacent" } else { "fire-distance" }),
        ("legends.leviathan", _) => said(if n == 0 { "leviathan-downgrade" } else { "leviathan-destroy" }),
        ("legends.storm_elemental", _) => said(match n {
            0 => "storm-common",
            1 => "storm-heroic",
            _ => "storm-legendary",
        }),
        ("nethervoid.possessed_summoner", _) => said("possessed-discard-flare"),
        ("nethervoid.gate_keeper", 0) => said(if n == 0 { "gate-keeper-upgrade" } else { "gate-keeper-place" }),
        _ => (format!("option {}", n + 1), None, None),
    }
}

impl Game {
    /// A seat in words: its color, and in team play its seat (from 1).
    pub fn seat_name(&self, seat: Seat) -> String {
        let Some(s) = self.seats().get(seat as usize) else { return format!("seat {}", seat as u16 + 1) };
        let color = color_name(s.color);
        if self.form().teams() {
            format!("{color} (seat {})", seat + 1)
        } else {
            color.to_string()
        }
    }

    /// A legal choice taken apart, with its label.
    pub fn choice_view(&self, c: Choice) -> ChoiceView {
        let mut v = ChoiceView {
            text: c.to_string(),
            kind: "",
            at: None,
            from: None,
            to: None,
            pickup: None,
            card: None,
            orientation: None,
            color: None,
            task: None,
            dir: None,
            option: None,
            meaning: None,
            piece: None,
            onto: None,
            label: String::new(),
        };
        let on = |sq: Square| match self.board().get(sq) {
            Some(p) => format!("{sq} ({})", piece_words(p)),
            None => sq.to_string(),
        };
        let (kind, label) = match c {
            Choice::Draw(card) => {
                v.card = Some(card);
                ("draw", format!("draw the {}", card.def().name))
            }
            Choice::DrawTask(t) => {
                v.task = Some(t);
                ("draw", format!("turn up the task {}", t.def().name))
            }
            Choice::StartPieces(sq) => {
                v.at = Some(sq);
                ("start", format!("your start piece on {sq}, the first player's on the other start square"))
            }
            Choice::StartPiece { at, color } => {
                v.at = Some(at);
                v.color = Some(color);
                ("start", format!("a {} start piece on {at}", color_name(color)))
            }
            Choice::Place(sq) => {
                v.at = Some(sq);
                ("place", format!("place a common piece on {sq}"))
            }
            Choice::PickUp(sq) => {
                v.at = Some(sq);
                ("pickup", format!("pick up your piece on {sq} to place it elsewhere"))
            }
            Choice::Summon { card, at, orientation, pickup } => {
                v.at = Some(at);
                v.card = Some(card);
                v.orientation = Some(orientation);
                v.pickup = pickup;
                let taken = pickup.map(|p| format!(", taking up your piece on {p}")).unwrap_or_default();
                let destroys = match self.board().get(at) {
                    Some(p) if p.color != self.active_color() => {
                        v.onto = Some(p);
                        format!(", destroying {}", piece_words(p))
                    }
                    _ => String::new(),
                };
                (
                    "summon",
                    format!(
                        "summon the {} on {at} ({}{taken}){destroys}",
                        card.def().name,
                        orientation_words(orientation)
                    ),
                )
            }
            Choice::Discard(card) => {
                v.card = Some(card);
                ("discard", format!("discard the {}", card.def().name))
            }
            Choice::Return(card) => {
                v.card = Some(card);
                if self.phase() == Phase::Effect {
                    ("return", format!("take the {}", card.def().name))
                } else {
                    ("return", format!("return the {} to the bottom of its deck", card.def().name))
                }
            }
            Choice::Done => ("done", "done".to_string()),
            Choice::Flare(color) => {
                v.color = Some(color);
                let name = self.seat(self.turn().seat).flares.first().map_or("flare", |f| f.def().name);
                v.card = self.seat(self.turn().seat).flares.first().copied();
                ("flare", format!("invoke the {name} against {}", color_name(color)))
            }
            Choice::Thaw => {
                let frozen = self.seat(self.turn().seat).frozen;
                v.card = frozen;
                ("thaw", format!("thaw the frozen {}", frozen.map_or("card", |c| c.def().name)))
            }
            Choice::Warp(card) => {
                v.card = Some(card);
                ("warp", format!("play the warp effect of the {}", card.def().name))
            }
            Choice::EndTurn => ("end", "end the turn".to_string()),
            Choice::Square(sq) => {
                v.at = Some(sq);
                v.piece = self.board().get(sq);
                ("square", on(sq))
            }
            Choice::Move { from, to } => {
                v.from = Some(from);
                v.to = Some(to);
                v.piece = self.board().get(from);
                v.onto = self.board().get(to);
                let what = self.board().get(from).map(piece_words).unwrap_or_else(|| "the piece".into());
                let onto = match self.board().get(to) {
                    Some(p) => format!(", destroying {}", piece_words(p)),
                    None => String::new(),
                };
                let card = self.effect().filter(|r| r.stage != crate::effect::Stage::Keep).map(|r| {
                    (if r.stage == crate::effect::Stage::Copy { r.copied.unwrap_or(r.card) } else { r.card }, r.stage)
                });
                match card.map(|(c, stage)| (c.def().id, stage)) {
                    Some(("etherweave.paradox_worm" | "etherweave.translocationist", crate::effect::Stage::Normal)) => {
                        let other = self.board().get(to).map(piece_words).unwrap_or_else(|| "the piece".into());
                        ("swap", format!("{what} on {from} and {other} on {to} trade squares"))
                    }
                    Some(("etherweave.antimatter_spirit", _)) => (
                        "move",
                        format!(
                            "your new common piece on {from} moves to {to}{onto}; then an opponent's moves the \
                             opposite way"
                        ),
                    ),
                    _ => ("move", format!("{what} from {from} to {to}{onto}")),
                }
            }
            Choice::Direction(d) => {
                v.dir = Some(d);
                ("dir", dir_words(d).to_string())
            }
            Choice::Option(n) => {
                v.option = Some(n + 1);
                let (label, meaning, color) = match self.effect() {
                    Some(r) => option_meaning(r, n),
                    None => (format!("option {}", n + 1), None, None),
                };
                v.color = color;
                v.meaning = meaning;
                ("option", label)
            }
            Choice::Skip if self.phase() == Phase::Claim => ("skip", "claim no task".to_string()),
            Choice::Skip => ("skip", "skip".to_string()),
            Choice::Claim(t) => {
                v.task = Some(t);
                let d = t.def();
                ("claim", format!("claim {} ({} points)", d.name, d.points))
            }
            Choice::PassControl => ("pass", "pass control to your teammate".to_string()),
            Choice::Improvise(color) => {
                v.color = Some(color);
                ("improvise", format!("use up {} for the improvised summoning", color_name(color)))
            }
            Choice::Point(color) => {
                v.color = Some(color);
                ("point", format!("1 point in {}", color_name(color)))
            }
        };
        v.kind = kind;
        v.label = label;
        v
    }

    /// What is being decided now, when a seat decides.
    pub fn question(&self) -> Option<QuestionView> {
        let Actor::Seat(seat) = self.actor() else { return None };
        // a question that is a step has no words here: its `step` is
        // worded by the clients, so its text is empty (or the card's name)
        let (kind, card, text) = match self.phase() {
            Phase::StartPieces { .. } if self.form().is_melee() => ("start-pieces", None, String::new()),
            Phase::StartPieces { .. } => (
                "start-pieces",
                None,
                "Put the start pieces down: choose the start square for your own piece.".to_string(),
            ),
            Phase::Main if self.turn().passed => ("teammate-place", None, String::new()),
            Phase::Main => {
                let n = self.turn().actions;
                let text = if n == 0 {
                    "Your actions are used: invoke a flare or end the turn.".to_string()
                } else {
                    format!(
                        "Take an action ({n} left): place a piece, summon a being{}; or invoke a flare.",
                        if self.form().discard_action() { " or discard one" } else { "" }
                    )
                };
                ("action", None, text)
            }
            Phase::Placing => ("placing", None, String::new()),
            Phase::Returning => (
                "returning",
                None,
                "Return cards from your hand to the bottom of their decks, or say done.".to_string(),
            ),
            Phase::Effect => {
                let r = self.effect()?;
                ("effect", Some(r.card), format!("{}.", r.card.def().name))
            }
            Phase::Improvise { .. } => ("improvise", None, String::new()),
            Phase::Score { .. } => ("score-point", None, String::new()),
            Phase::Claim => ("claim", None, String::new()),
            _ => return None,
        };
        Some(QuestionView { seat, kind, card, text, step: self.prompt() })
    }

    /// How the game ended, once it has.
    pub fn result(&self) -> Option<ResultView> {
        let o = self.outcome()?;
        let n = self.seat_count();
        let teams = o.teams && n == 4;
        let winners = o.winners();
        let team_words = |t: u8| format!("the {} team (seats {} and {})", color_name(self.seat(t).color), t + 1, t + 3);
        let mut ranking: Vec<Placing> = (0..n)
            .map(|s| Placing {
                seat: s as Seat,
                place: o.places.get(s).map_or(u8::MAX, |p| p.saturating_add(1)),
                score: self.seat(s as Seat).score,
            })
            .collect();
        ranking.sort_by_key(|p| (p.place, p.seat));
        let winning_teams: Vec<u8> = {
            let mut t: Vec<u8> = winners.iter().map(|s| s % 2).collect();
            t.dedup();
            t.sort();
            t.dedup();
            t
        };
        let (team, draw) = if teams {
            match winning_teams.as_slice() {
                [t] => (Some(*t), false),
                _ => (None, true),
            }
        } else {
            (None, winners.len() != 1)
        };
        let mut text = if teams {
            match team {
                Some(t) => format!("{} wins", capitalize(&team_words(t))),
                None => format!("A draw between {} and {}", team_words(0), team_words(1)),
            }
        } else if !draw {
            format!("{} wins", self.seat_name(winners[0]))
        } else {
            let names: Vec<String> = winners.iter().map(|&s| self.seat_name(s)).collect();
            format!("A draw between {}", names.join(" and "))
        };
        if n > 2 && !teams {
            // a melee: the places after the first
            let mut rest = Vec::new();
            for place in 2..=n as u8 {
                let at: Vec<String> =
                    ranking.iter().filter(|p| p.place == place).map(|p| self.seat_name(p.seat)).collect();
                if !at.is_empty() {
                    rest.push(format!("{} {}", ordinal(place), at.join(" and ")));
                }
            }
            if !rest.is_empty() {
                text += &format!("; {}", rest.join(", "));
            }
        }
        // why it ended: a forfeit before the result, the end after it
        match o.why {
            EndReason::Resigned { seat: r } | EndReason::Time { seat: r } => {
                let who = if teams { team_words(r % 2) } else { self.seat_name(r) };
                let rest = text.strip_prefix("The ").map_or(text.clone(), |t| format!("the {t}"));
                let how = if matches!(o.why, EndReason::Time { .. }) { "ran out of time" } else { "resigned" };
                text = format!("{} {how}: {rest}", capitalize(&who));
            }
            EndReason::EndScore => text += ": the end score was reached",
            EndReason::DeckOut => text += ": a deck ran out",
        }
        let scores: Vec<String> = if teams {
            (0..2).map(|t| format!("{} {}", color_name(self.seat(t).color), self.seat(t).score)).collect()
        } else {
            (0..n as Seat).map(|s| format!("{} {}", self.seat_name(s), self.seat(s).score)).collect()
        };
        let end_score = self.end_score();
        text += &format!(". Score: {} (end score {end_score}).", scores.join(", "));
        Some(ResultView { text, winners, team, draw, why: o.why, end_score, ranking })
    }
}

fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "fourth",
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
