//! What is being decided and how a game ended, as data: the question a seat
//! answers ([`Question`]), what an effect's numbered option stands for
//! ([`Game::option_meaning`]), the end's ranking ([`GameResult`]).
//!
//! No words for players here: clients (the `tash-kalar-present` crate)
//! word these in each language. Steps and the options' meanings are ids and
//! keys; an option's meaning comes from the card that asks, here, never from
//! the wording of its step.

use serde::{Deserialize, Serialize};

use crate::board::Color;
use crate::cards::CardId;
use crate::effect::Resolution;
use crate::game::{Actor, EndReason, Game, Phase, Seat};
use crate::step::Step;

/// The kinds of question a seat answers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestionKind {
    /// Setup: where the start pieces go.
    StartPieces,
    /// Take an action, invoke a flare or end the turn.
    Action,
    /// Team play, control passed: place for the teammate.
    TeammatePlace,
    /// Piece shortage: where the picked-up piece goes.
    Placing,
    /// After a discard: cards to return to the bottom of their decks.
    Returning,
    /// A step of a card's effect.
    Effect,
    /// Melee: which enemy color an improvised summoning uses up.
    Improvise,
    /// Melee, end of turn: the color of a point scored.
    ScorePoint,
    /// End of turn: the task to claim.
    Claim,
}

impl QuestionKind {
    /// The kind's key, as in the JSON (`start-pieces`, `score-point`).
    pub fn key(self) -> &'static str {
        match self {
            QuestionKind::StartPieces => "start-pieces",
            QuestionKind::Action => "action",
            QuestionKind::TeammatePlace => "teammate-place",
            QuestionKind::Placing => "placing",
            QuestionKind::Returning => "returning",
            QuestionKind::Effect => "effect",
            QuestionKind::Improvise => "improvise",
            QuestionKind::ScorePoint => "score-point",
            QuestionKind::Claim => "claim",
        }
    }
}

/// What is being decided now, by whom.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Question {
    /// Who decides.
    pub seat: Seat,
    pub kind: QuestionKind,
    /// The card whose effect asks (effects only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    /// The step being decided, by its stable id: an effect's step, or the
    /// engine's own (`game.claim`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
}

/// The keys of what an option can stand for ([`Game::option_meaning`]);
/// `color` is an option that names a color. Clients word them (message
/// `option-<key>`).
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

/// What an effect's numbered option stands for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct OptionMeaning {
    /// One of [`OPTION_MEANINGS`].
    pub key: &'static str,
    /// The color an option of meaning `color` names.
    pub color: Option<Color>,
}

/// What option `n` (0-based) of the effect being resolved stands for.
fn option_meaning(r: &Resolution, n: u8) -> Option<OptionMeaning> {
    let color = |n: u8| Color::ALL.get(n as usize).map(|&c| OptionMeaning { key: "color", color: Some(c) });
    let said = |key: &'static str| Some(OptionMeaning { key, color: None });
    // (a copied warp effect asks as the card it copies)
    let card = if r.stage == crate::effect::Stage::Copy { r.copied.unwrap_or(r.card) } else { r.card };
    match (card.def().id, r.step) {
        ("etherweave.antimatter_spirit", 1) => color(n),
        ("etherweave.paradox_worm", _) | ("etherweave.reality_patch", _) => said("pending-discard"),
        ("etherweave.warpmaster", _) => said("pending-return"),
        ("sylvan.forest_ancient" | "imperial.hypnotist" | "nethervoid.possessed_summoner", 0) => color(n),
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
        _ => None,
    }
}

/// How a game ended, as data.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct GameResult {
    /// The seats placed first (both teammates of a winning team).
    pub winners: Vec<Seat>,
    /// Team play: the winning team (0: seats 0 and 2, 1: seats 1 and 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<u8>,
    /// No single winner (nor single winning team).
    pub draw: bool,
    /// Why the game ended: `"why"` is `end-score`, `deck-out`, `resigned`
    /// (with `"resigned": seat`), `time` (with `"timeout": seat`),
    /// `abandoned` (with `"abandoned": seat`), `drawn` or `aborted` (no
    /// places: every seat's place is 255).
    #[serde(flatten)]
    pub why: EndReason,
    /// The end score of the game (the target beside the scores).
    pub end_score: i16,
    /// Every seat, best first: its place (1 is first; tied seats share one)
    /// and its score.
    pub ranking: Vec<Placing>,
}

/// A seat's place at the end.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Placing {
    pub seat: Seat,
    pub place: u8,
    pub score: i16,
}

impl Game {
    /// What option `n` (0-based, as in [`crate::Choice::Option`]) of the
    /// effect being resolved stands for, when the card says; `None` for an
    /// option that is only a number (or with no effect).
    pub fn option_meaning(&self, n: u8) -> Option<OptionMeaning> {
        option_meaning(self.effect()?, n)
    }

    /// What is being decided now, when a seat decides.
    pub fn question(&self) -> Option<Question> {
        let Actor::Seat(seat) = self.actor() else { return None };
        let (kind, card) = match self.phase() {
            Phase::StartPieces { .. } => (QuestionKind::StartPieces, None),
            Phase::Main if self.turn().passed => (QuestionKind::TeammatePlace, None),
            Phase::Main => (QuestionKind::Action, None),
            Phase::Placing => (QuestionKind::Placing, None),
            Phase::Returning => (QuestionKind::Returning, None),
            Phase::Effect => (QuestionKind::Effect, Some(self.effect()?.card)),
            Phase::Improvise { .. } => (QuestionKind::Improvise, None),
            Phase::Score { .. } => (QuestionKind::ScorePoint, None),
            Phase::Claim => (QuestionKind::Claim, None),
            _ => return None,
        };
        Some(Question { seat, kind, card, step: self.prompt() })
    }

    /// How the game ended, once it has.
    pub fn result(&self) -> Option<GameResult> {
        let o = self.outcome()?;
        let n = self.seat_count();
        let teams = o.teams && n == 4;
        let winners = o.winners();
        let mut ranking: Vec<Placing> = (0..n)
            .map(|s| Placing {
                seat: s as Seat,
                place: o.places.get(s).map_or(u8::MAX, |p| p.saturating_add(1)),
                score: self.seat(s as Seat).score,
            })
            .collect();
        ranking.sort_by_key(|p| (p.place, p.seat));
        let mut winning_teams: Vec<u8> = winners.iter().map(|s| s % 2).collect();
        winning_teams.sort();
        winning_teams.dedup();
        let (team, draw) = if teams {
            match winning_teams.as_slice() {
                [t] => (Some(*t), false),
                _ => (None, true),
            }
        } else {
            (None, winners.len() != 1)
        };
        Some(GameResult { winners, team, draw, why: o.why, end_score: self.end_score(), ranking })
    }
}
