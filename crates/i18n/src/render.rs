//! The structured views in words: events, choices, questions, results,
//! card and task names. Each message id is written out here as a literal
//! (the test of unused messages looks for it), and every argument a
//! message takes is given.

use tash_kalar_rules::board::{Piece, Rank};
use tash_kalar_rules::choice::ChoiceTextError;
use tash_kalar_rules::event::{MoveHow, ScoreWhy};
use tash_kalar_rules::geometry::{Dir, Orientation};
use tash_kalar_rules::view::{ChoiceView, QuestionView, ResultView, View};
use tash_kalar_rules::{
    CardId, Color, EndReason, Event, Form, PlayError, Refusal, School, Seat, TaskId, TextPlayError,
};

use crate::{args, message_id, step_id, Arg, Messages};

/// A seat named by number only, for [`Messages::event`] outside a game.
pub fn who_default(seat: Seat) -> String {
    format!("{}", seat as u16 + 1)
}

impl Messages {
    /// A card's name.
    pub fn card_name(&self, c: CardId) -> String {
        self.text(&message_id(c.def().id), &[])
    }

    /// A card's effect.
    pub fn card_text(&self, c: CardId) -> String {
        self.attr(&message_id(c.def().id), "text", &[]).unwrap_or_else(|| c.def().text.to_string())
    }

    /// An Everfrost card's frozen effect, if it has one.
    pub fn card_frozen(&self, c: CardId) -> Option<String> {
        self.attr(&message_id(c.def().id), "frozen", &[])
    }

    /// An Etherweave card's warp effect, if it has one.
    pub fn card_warp(&self, c: CardId) -> Option<String> {
        self.attr(&message_id(c.def().id), "warp", &[])
    }

    /// A task's name.
    pub fn task_name(&self, t: TaskId) -> String {
        self.text(&message_id(t.def().id), &[])
    }

    /// A task's criterion.
    pub fn task_text(&self, t: TaskId) -> String {
        self.attr(&message_id(t.def().id), "text", &[]).unwrap_or_else(|| t.def().text.to_string())
    }

    /// A color, as the name of the player of that color ("Red").
    pub fn color(&self, c: Color) -> String {
        let id = match c {
            Color::Red => "color-red",
            Color::Blue => "color-blue",
            Color::Brown => "color-brown",
            Color::Green => "color-green",
            Color::White => "color-white",
            Color::Orange => "color-orange",
            Color::Purple => "color-purple",
        };
        self.text(id, &[])
    }

    /// A school's name.
    pub fn school(&self, s: School) -> String {
        let id = match s {
            School::Northern => "school-northern",
            School::Southern => "school-southern",
            School::Highland => "school-highland",
            School::Sylvan => "school-sylvan",
            School::Everfrost => "school-everfrost",
            School::Nethervoid => "school-nethervoid",
            School::Etherweave => "school-etherweave",
        };
        self.text(id, &[])
    }

    /// A form's name.
    pub fn form(&self, f: Form) -> String {
        let id = match f {
            Form::Duel => "form-duel",
            Form::HighForm => "form-high-form",
            Form::FirstGame => "form-first-game",
            Form::Melee => "form-melee",
            Form::TeamDuel => "form-team-duel",
            Form::TeamHighForm => "form-team-high-form",
        };
        self.text(id, &[])
    }

    /// A rank, as an adjective ("common").
    pub fn rank(&self, r: Rank) -> String {
        self.text("rank", args![("rank", rank_key(r))])
    }

    /// A direction.
    pub fn dir(&self, d: Dir) -> String {
        self.text("dir", args![("dir", d.name())])
    }

    /// An orientation of a pattern ("as printed", "turned right").
    pub fn orientation(&self, o: Orientation) -> String {
        self.text("orientation", args![("o", o.name())])
    }

    /// A piece: "Red's common piece".
    pub fn piece(&self, p: Piece) -> String {
        self.text("piece", args![("color", self.color(p.color)), ("c", color_key(p.color)), ("rank", rank_key(p.rank))])
    }

    /// A seat by its color (and in team play its number).
    pub fn seat_name(&self, view: &View, seat: Seat) -> String {
        let Some(s) = view.seats.get(seat as usize) else {
            return self.text("seat-number", args![("seat", seat as u32 + 1)]);
        };
        if view.form.teams() {
            self.text("seat-in-team", args![("color", self.color(s.color)), ("seat", seat as u32 + 1)])
        } else {
            self.color(s.color)
        }
    }

    /// `a, b and c`.
    pub fn list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => self.text("list-and", args![("first", rest.join(", ")), ("last", last)]),
        }
    }

    /// An event in one sentence; `who` names a seat.
    pub fn event(&self, e: &Event, who: &dyn Fn(Seat) -> String) -> String {
        let card = |c: CardId| self.card_name(c);
        match *e {
            Event::TurnStarted { seat, number } => {
                self.text("event-turn-started", args![("who", who(seat)), ("number", number)])
            }
            Event::Placed { at, piece } => {
                self.text("event-placed", args![("piece", self.piece(piece)), ("at", at.to_string())])
            }
            Event::PickedUp { at, piece } => {
                self.text("event-picked-up", args![("piece", self.piece(piece)), ("at", at.to_string())])
            }
            Event::Summoned { seat, card: c, at, orientation } => self.text(
                "event-summoned",
                args![
                    ("who", who(seat)),
                    ("card", card(c)),
                    ("at", at.to_string()),
                    ("orientation", self.orientation(orientation))
                ],
            ),
            Event::Moved { from, to, piece, how } => self.text(
                "event-moved",
                args![
                    ("piece", self.piece(piece)),
                    ("from", from.to_string()),
                    ("to", to.to_string()),
                    (
                        "how",
                        match how {
                            MoveHow::Move => "move",
                            MoveHow::Leap => "leap",
                        }
                    )
                ],
            ),
            Event::Upgraded { at, color, to, .. } => self.text(
                "event-upgraded",
                args![("color", self.color(color)), ("at", at.to_string()), ("rank", rank_key(to))],
            ),
            Event::Downgraded { at, color, to, .. } => self.text(
                "event-downgraded",
                args![("color", self.color(color)), ("at", at.to_string()), ("rank", rank_key(to))],
            ),
            Event::Converted { at, from, to } => self.text(
                "event-converted",
                args![("from", self.piece(from)), ("to", self.piece(to)), ("at", at.to_string())],
            ),
            Event::Destroyed { at, piece, .. } => {
                self.text("event-destroyed", args![("piece", self.piece(piece)), ("at", at.to_string())])
            }
            Event::Scored { seat, points, why, color } => {
                let why = match why {
                    ScoreWhy::Destruction => "destruction",
                    ScoreWhy::Legend => "legend",
                    ScoreWhy::Flare => "flare",
                    ScoreWhy::Unpaired => "unpaired",
                    ScoreWhy::Causality => "causality",
                };
                match color {
                    Some(c) => self.text(
                        "event-scored-in",
                        args![("who", who(seat)), ("points", points), ("why", why), ("color", self.color(c))],
                    ),
                    None => self.text("event-scored", args![("who", who(seat)), ("points", points), ("why", why)]),
                }
            }
            Event::Discarded { seat, card: c } => {
                self.text("event-discarded", args![("who", who(seat)), ("card", card(c))])
            }
            Event::Returned { seat, count } => self.text("event-returned", args![("who", who(seat)), ("count", count)]),
            Event::FlareInvoked { seat, card: c, against, upper, lower } => self.text(
                "event-flare-invoked",
                args![
                    ("who", who(seat)),
                    ("card", card(c)),
                    ("against", self.color(against)),
                    (
                        "parts",
                        match (upper, lower) {
                            (true, true) => "both",
                            (true, false) => "upper",
                            (false, true) => "lower",
                            (false, false) => "none",
                        }
                    )
                ],
            ),
            Event::Drew { seat, beings, legends, flares } => {
                let mut parts = Vec::new();
                if beings > 0 {
                    parts.push(self.text("drew-beings", args![("n", beings)]));
                }
                if legends > 0 {
                    parts.push(self.text("drew-legends", args![("n", legends)]));
                }
                if flares > 0 {
                    parts.push(self.text("drew-flares", args![("n", flares)]));
                }
                self.text("event-drew", args![("who", who(seat)), ("what", self.list(&parts))])
            }
            Event::TaskRevealed { task } => self.text("event-task-revealed", args![("task", self.task_name(task))]),
            Event::TaskClaimed { seat, task, points } => self.text(
                "event-task-claimed",
                args![("who", who(seat)), ("task", self.task_name(task)), ("points", points)],
            ),
            Event::PassedControl { seat, to } => {
                self.text("event-passed-control", args![("who", who(seat)), ("to", who(to))])
            }
            Event::Improvised { seat, color } => {
                self.text("event-improvised", args![("who", who(seat)), ("color", self.color(color))])
            }
            Event::Frozen { seat, card: c } => self.text("event-frozen", args![("who", who(seat)), ("card", card(c))]),
            Event::KeptFrozen { seat, kept, discarded } => self.text(
                "event-kept-frozen",
                args![("who", who(seat)), ("kept", card(kept)), ("discarded", card(discarded))],
            ),
            Event::Thawed { seat, card: c } => self.text("event-thawed", args![("who", who(seat)), ("card", card(c))]),
            Event::GatewayGained { seat, at } => {
                self.text("event-gateway-gained", args![("who", who(seat)), ("at", at.to_string())])
            }
            Event::GatewayLost { seat, at } => {
                self.text("event-gateway-lost", args![("who", who(seat)), ("at", at.to_string())])
            }
            Event::Warped { seat, card: c } => self.text("event-warped", args![("who", who(seat)), ("card", card(c))]),
            Event::PendingReturned { seat, card: c } => {
                self.text("event-pending-returned", args![("who", who(seat)), ("card", card(c))])
            }
            Event::PendingDiscarded { seat, card: c } => {
                self.text("event-pending-discarded", args![("who", who(seat)), ("card", card(c))])
            }
            Event::Stored { seat, at, piece } => self
                .text("event-stored", args![("who", who(seat)), ("piece", self.piece(piece)), ("at", at.to_string())]),
            Event::Landed { seat, at: Some(at), piece } => self
                .text("event-landed", args![("who", who(seat)), ("piece", self.piece(piece)), ("at", at.to_string())]),
            Event::Landed { seat, at: None, piece } => {
                self.text("event-landed-nowhere", args![("who", who(seat)), ("piece", self.piece(piece))])
            }
            Event::Resigned { seat } => self.text("event-resigned", args![("who", who(seat))]),
            Event::TurnEnded { seat } => self.text("event-turn-ended", args![("who", who(seat))]),
            Event::GameOver => self.text("event-game-over", &[]),
        }
    }

    /// A legal choice as words for a button or a list; `q` is the question
    /// it answers (a card returned in an effect is taken, a skip at a claim
    /// claims nothing).
    pub fn choice(&self, c: &ChoiceView, q: Option<&QuestionView>) -> String {
        let qkind = q.map_or("", |q| q.kind);
        let at = || Arg::from(c.at.map(|s| s.to_string()).unwrap_or_default());
        let card = || Arg::from(c.card.map(|c| self.card_name(c)).unwrap_or_default());
        let color = || Arg::from(c.color.map(|c| self.color(c)).unwrap_or_default());
        match c.kind {
            "draw" => match (c.card, c.task) {
                (_, Some(t)) => self.text("choice-draw-task", args![("task", self.task_name(t))]),
                _ => self.text("choice-draw", &[("card", card())]),
            },
            "start" if c.color.is_some() => self.text("choice-start-piece", &[("color", color()), ("at", at())]),
            "start" => self.text("choice-start-pieces", &[("at", at())]),
            "place" => self.text("choice-place", &[("at", at())]),
            "pickup" => self.text("choice-pickup", &[("at", at())]),
            "summon" => {
                let mut s = self.text(
                    "choice-summon",
                    &[
                        ("card", card()),
                        ("at", at()),
                        ("orientation", Arg::from(c.orientation.map(|o| self.orientation(o)).unwrap_or_default())),
                    ],
                );
                if let Some(p) = c.pickup {
                    s = self.text("choice-taking-up", args![("choice", s), ("at", p.to_string())]);
                }
                if let Some(p) = c.onto {
                    s = self.text("choice-destroying", args![("choice", s), ("piece", self.piece(p))]);
                }
                s
            }
            "discard" => self.text("choice-discard", &[("card", card())]),
            "return" if qkind == "effect" => self.text("choice-take", &[("card", card())]),
            "return" => self.text("choice-return", &[("card", card())]),
            "done" => self.text("choice-done", &[]),
            "flare" => self.text("choice-flare", &[("card", card()), ("color", color())]),
            "thaw" => self.text("choice-thaw", &[("card", card())]),
            "warp" => self.text("choice-warp", &[("card", card())]),
            "end" => self.text("choice-end", &[]),
            "square" => match c.piece {
                Some(p) => self.text("choice-square-piece", &[("at", at()), ("piece", Arg::from(self.piece(p)))]),
                None => self.text("choice-square", &[("at", at())]),
            },
            "move" => {
                let sq = |s: Option<tash_kalar_rules::Square>| s.map(|s| s.to_string()).unwrap_or_default();
                let piece = c.piece.map_or_else(|| self.text("the-piece", &[]), |p| self.piece(p));
                let s = self.text("choice-move", args![("piece", piece), ("from", sq(c.from)), ("to", sq(c.to))]);
                match c.onto {
                    Some(p) => self.text("choice-destroying", args![("choice", s), ("piece", self.piece(p))]),
                    None => s,
                }
            }
            "dir" => c.dir.map_or_else(String::new, |d| self.dir(d)),
            "option" => {
                let n = c.option.unwrap_or(0);
                match c.meaning {
                    Some("color") => self.text("option-color", &[("color", color())]),
                    Some("gryphon-dismount") => self.text("option-gryphon-dismount", &[]),
                    Some("fire-adjacent") => self.text("option-fire-adjacent", &[]),
                    Some("fire-distance") => self.text("option-fire-distance", &[]),
                    Some("leviathan-downgrade") => self.text("option-leviathan-downgrade", &[]),
                    Some("leviathan-destroy") => self.text("option-leviathan-destroy", &[]),
                    Some("storm-common") => self.text("option-storm-common", &[]),
                    Some("storm-heroic") => self.text("option-storm-heroic", &[]),
                    Some("storm-legendary") => self.text("option-storm-legendary", &[]),
                    Some("pending-discard") => self.text("option-pending-discard", &[]),
                    Some("pending-return") => self.text("option-pending-return", &[]),
                    Some("possessed-discard-flare") => self.text("option-possessed-discard-flare", &[]),
                    Some("gate-keeper-upgrade") => self.text("option-gate-keeper-upgrade", &[]),
                    Some("gate-keeper-place") => self.text("option-gate-keeper-place", &[]),
                    _ => self.text("option-number", args![("n", n)]),
                }
            }
            "skip" if qkind == "claim" => self.text("choice-claim-none", &[]),
            "skip" => self.text("choice-skip", &[]),
            "claim" => match c.task {
                Some(t) => self.text("choice-claim", args![("task", self.task_name(t)), ("points", t.def().points)]),
                None => c.text.clone(),
            },
            "pass" => self.text("choice-pass", &[]),
            "improvise" => self.text("choice-improvise", &[("color", color())]),
            "point" => self.text("choice-point", &[("color", color())]),
            _ => c.text.clone(),
        }
    }

    /// What is being decided, as one sentence to the one deciding.
    pub fn question(&self, q: &QuestionView, view: &View) -> String {
        match q.kind {
            "start-pieces" if view.form.is_melee() => self.text("question-start-piece", &[]),
            "start-pieces" => self.text("question-start-pieces", &[]),
            "action" if view.turn.actions == 0 => self.text("question-actions-used", &[]),
            "action" => self.text(
                "question-action",
                args![("n", view.turn.actions), ("discard", if view.form.discard_action() { "yes" } else { "no" })],
            ),
            "teammate-place" => self.text("question-teammate-place", &[]),
            "placing" => self.text("question-placing", &[]),
            "returning" => self.text("question-returning", &[]),
            "effect" => {
                let card = q.card.or(view.effect.as_ref().map(|e| e.card));
                let name = card.map(|c| self.card_name(c)).unwrap_or_default();
                let at = view.effect.as_ref().and_then(|e| e.at.filter(|_| !e.card.is_flare()));
                // the step's words in the language; a step without them
                // (a card newer than the translation) tells the whole effect
                match q.step.map(step_id).filter(|id| self.has(id)) {
                    Some(id) => {
                        let step = self.text(&id, &[]);
                        match at {
                            Some(at) => self.text(
                                "question-effect-at",
                                args![("card", name), ("at", at.to_string()), ("step", step)],
                            ),
                            None => self.text("question-effect", args![("card", name), ("step", step)]),
                        }
                    }
                    None => {
                        let text = card.map(|c| self.card_text(c)).unwrap_or_default();
                        match at {
                            Some(at) => self.text(
                                "question-effect-text-at",
                                args![("card", name), ("at", at.to_string()), ("text", text)],
                            ),
                            None => self.text("question-effect-text", args![("card", name), ("text", text)]),
                        }
                    }
                }
            }
            "improvise" => self.text("question-improvise", &[]),
            "score-point" => match view.phase {
                tash_kalar_rules::Phase::Score { unpaired, .. } if !unpaired.is_empty() => {
                    self.text("question-score-unpaired", &[])
                }
                _ => self.text("question-score-legend", &[]),
            },
            "claim" => self.text("question-claim", &[]),
            _ => q.text.clone(),
        }
    }

    /// What an effect's step asks, in words: the step's message, else
    /// (a step without words in this language) the card's whole effect.
    pub fn effect_step(&self, q: &QuestionView) -> String {
        match q.step.map(step_id).filter(|id| self.has(id)) {
            Some(id) => self.text(&id, &[]),
            None => q.card.map(|c| self.card_text(c)).unwrap_or_default(),
        }
    }

    /// How the game ended, with the score.
    pub fn result(&self, r: &ResultView, view: &View) -> String {
        let n = view.seats.len();
        let teams = view.form.teams() && n == 4;
        let name = |s: Seat| self.seat_name(view, s);
        let team = |t: u8| {
            self.text(
                "team-name",
                args![("color", self.color(view.seats[t as usize].color)), ("first", t + 1), ("second", t + 3)],
            )
        };
        let mut text = if teams {
            match r.team {
                Some(t) => self.text("result-team-wins", args![("team", team(t))]),
                None => self.text("result-draw", args![("names", self.list(&[team(0), team(1)]))]),
            }
        } else if !r.draw && !r.winners.is_empty() {
            self.text("result-wins", args![("who", name(r.winners[0]))])
        } else {
            let names: Vec<String> = r.winners.iter().map(|&s| name(s)).collect();
            self.text("result-draw", args![("names", self.list(&names))])
        };
        if n > 2 && !teams {
            let mut rest = Vec::new();
            for place in 2..=n as u8 {
                let at: Vec<String> = r.ranking.iter().filter(|p| p.place == place).map(|p| name(p.seat)).collect();
                if !at.is_empty() {
                    rest.push(self.text("result-place", args![("place", place), ("names", self.list(&at))]));
                }
            }
            if !rest.is_empty() {
                text = self.text("result-and-places", args![("result", text), ("places", rest.join(", "))]);
            }
        }
        // why it ended: a forfeit before the result, the end after it
        text = match r.why {
            EndReason::Resigned { seat } | EndReason::Time { seat } => {
                let who = if teams { team(seat % 2) } else { name(seat) };
                let key = if matches!(r.why, EndReason::Time { .. }) { "result-time" } else { "result-resigned" };
                self.text(key, args![("who", who), ("result", text)])
            }
            EndReason::EndScore => self.text("result-end-score", args![("result", text)]),
            EndReason::DeckOut => self.text("result-deck-out", args![("result", text)]),
        };
        let scores: Vec<String> = if teams {
            (0..2)
                .map(|t| {
                    self.text(
                        "score-of",
                        args![("who", self.color(view.seats[t].color)), ("score", view.seats[t].score)],
                    )
                })
                .collect()
        } else {
            (0..n)
                .map(|s| self.text("score-of", args![("who", name(s as Seat)), ("score", view.seats[s].score)]))
                .collect()
        };
        self.text("result-with-score", args![("result", text), ("scores", scores.join(", ")), ("target", r.end_score)])
    }
}

/// A color's key, as in the JSON (`red`), for messages that agree with it.
fn color_key(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Blue => "blue",
        Color::Brown => "brown",
        Color::Green => "green",
        Color::White => "white",
        Color::Orange => "orange",
        Color::Purple => "purple",
    }
}

fn rank_key(r: Rank) -> &'static str {
    r.name()
}

impl Messages {
    /// Why a choice text could not be read.
    pub fn choice_text_error(&self, e: &ChoiceTextError) -> String {
        match e {
            ChoiceTextError::Empty => self.text("error-empty-choice", &[]),
            ChoiceTextError::Unknown(t) => self.text("error-unknown-choice", args![("text", t)]),
            ChoiceTextError::BadSquare(t) => self.text("error-bad-square", args![("text", t)]),
            ChoiceTextError::UnknownCard(t) => self.text("error-unknown-card", args![("text", t)]),
            ChoiceTextError::UnknownTask(t) => self.text("error-unknown-task", args![("text", t)]),
            ChoiceTextError::BadOrientation(t) => self.text("error-bad-orientation", args![("text", t)]),
            ChoiceTextError::BadDirection(t) => self.text("error-bad-direction", args![("text", t)]),
            ChoiceTextError::BadColor(t) => self.text("error-bad-color", args![("text", t)]),
            ChoiceTextError::BadOption(t) => self.text("error-bad-option", args![("text", t)]),
            ChoiceTextError::Arity(t) => self.text("error-arity", args![("text", t)]),
            ChoiceTextError::Resign => self.text("error-resign-not-a-choice", &[]),
        }
    }

    /// Why a choice was refused by a game.
    pub fn play_error(&self, e: &PlayError) -> String {
        match e {
            PlayError::GameOver => self.text("error-game-over", &[]),
            PlayError::Illegal { choice } => self.text("error-illegal", args![("choice", choice.to_string())]),
            PlayError::WrongActor { .. } => self.text("error-not-your-turn", &[]),
        }
    }

    /// Why a choice text was refused by a game.
    pub fn text_play_error(&self, e: &TextPlayError) -> String {
        match e {
            TextPlayError::Syntax(e) => self.choice_text_error(e),
            TextPlayError::Play(e) => self.play_error(e),
        }
    }

    /// Why a match refused an act (the match is unchanged).
    pub fn refusal(&self, e: &Refusal) -> String {
        match e {
            Refusal::GameOver => self.text("error-game-over", &[]),
            Refusal::NoSuchSeat { seat, .. } => self.text("error-no-such-seat", args![("seat", *seat as u32 + 1)]),
            Refusal::WrongSeat { .. } => self.text("error-not-your-turn", &[]),
            Refusal::WrongPhase { choice, .. } => self.text("error-wrong-phase", args![("choice", choice.to_string())]),
            Refusal::Illegal { choice, nearest } if nearest.is_empty() => {
                self.text("error-illegal", args![("choice", choice.to_string())])
            }
            Refusal::Illegal { choice, nearest } => {
                let list: Vec<String> = nearest.iter().map(|c| c.to_string()).collect();
                self.text("error-illegal-nearest", args![("choice", choice.to_string()), ("nearest", list.join(", "))])
            }
            Refusal::Syntax { text, .. } => self.text("error-unknown-choice", args![("text", text.as_str())]),
            Refusal::NothingToTakeBack { .. } => self.text("error-nothing-to-take-back", &[]),
            Refusal::CannotResign { .. } => self.text("error-cannot-resign", &[]),
        }
    }
}
