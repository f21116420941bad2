//! The words of the rules' data, in a language: events, choices, questions
//! and results. The one renderer: the model, the log and the terminal all
//! say things through it (the low-level words, card, task, color and piece
//! names, are [`Messages`]').

use tash_kalar_i18n::{args, step_id, Arg, Messages};
use tash_kalar_rules::event::{MoveHow, ScoreWhy};
use tash_kalar_rules::{
    CardId, Choice, EndReason, Event, Game, GameResult, Phase, Piece, Question, QuestionKind, Seat, Square,
};

/// What a choice acts on beside its own fields, read from the game it is
/// legal in: the pieces it touches, the card a flare or a thaw plays, what
/// an option stands for.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Facts {
    /// The piece on the choice's square (an effect's square, a move's `from`).
    pub piece: Option<Piece>,
    /// The piece a move or a summon destroys.
    pub onto: Option<Piece>,
    /// The card a flare or a thaw plays.
    pub card: Option<CardId>,
    /// An option's meaning key and the color it names.
    pub meaning: Option<&'static str>,
    pub color: Option<tash_kalar_rules::Color>,
    /// The question it answers, for the choices whose words depend on it
    /// (a return, a skip; working out the question is not free, and a
    /// legal list has hundreds of choices).
    pub question: Option<QuestionKind>,
}

impl Facts {
    /// The facts of `c` in `game`, where `c` is legal now.
    pub(crate) fn of(game: &Game, c: Choice) -> Facts {
        let board = game.board();
        let question = matches!(c, Choice::Return(_) | Choice::Skip).then(|| game.question().map(|q| q.kind)).flatten();
        let mut f = Facts { question, ..Facts::default() };
        let active = game.seats().get(game.turn().seat as usize);
        match c {
            Choice::Summon { at, .. } => {
                f.onto = board.get(at).filter(|p| p.color != game.active_color());
            }
            Choice::Square(at) => f.piece = board.get(at),
            Choice::Move { from, to } => {
                f.piece = board.get(from);
                f.onto = board.get(to);
            }
            Choice::Flare(_) => f.card = active.and_then(|s| s.flares.first().copied()),
            Choice::Thaw => f.card = active.and_then(|s| s.frozen),
            Choice::Option(n) => {
                if let Some(m) = game.option_meaning(n) {
                    f.meaning = Some(m.key);
                    f.color = m.color;
                }
            }
            _ => {}
        }
        f
    }
}

/// The words of the rules' data, for a [`Messages`] bundle.
pub(crate) trait Say {
    fn event(&self, e: &Event, who: &dyn Fn(Seat) -> String) -> String;
    fn choice(&self, c: Choice, f: &Facts) -> String;
    /// A summoning's words before what it takes up or destroys.
    fn summon_base(&self, card: CardId, at: Square, orientation: tash_kalar_rules::Orientation) -> String;
    /// A summoning's words from its `base`: what it takes up and
    /// destroys (`onto`, the piece in words) added.
    fn summon_rest(&self, base: String, pickup: Option<Square>, onto: Option<String>) -> String;
    /// The words of a summoning of `card` in `orientation` that takes up
    /// a piece (`pickup`) or destroys one (`onto`, in words), with `@` for
    /// its square and `#` for the piece's taken up: [`Say::summon_rest`]'s
    /// words once the squares are put in (no message selects on a square).
    fn summon_pattern(
        &self,
        card: CardId,
        orientation: tash_kalar_rules::Orientation,
        pickup: bool,
        onto: Option<String>,
    ) -> String;
    /// A move's words, its pieces in words (`piece`: none when unknown).
    fn move_words(&self, piece: Option<String>, from: Square, to: Square, onto: Option<String>) -> String {
        self.move_pattern(piece, from, onto).replace('@', &to.to_string())
    }
    /// A move's words with `@` for the square moved to
    /// ([`Say::move_words`] once it is put in).
    fn move_pattern(&self, piece: Option<String>, from: Square, onto: Option<String>) -> String;
    fn question(&self, q: &Question, game: &Game) -> String;
    fn result(&self, r: &GameResult, game: &Game, name: &dyn Fn(Seat) -> String) -> String;
}

impl Say for Messages {
    /// An event in one sentence; `who` names a seat.
    fn event(&self, e: &Event, who: &dyn Fn(Seat) -> String) -> String {
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
                args![("color", self.color(color)), ("at", at.to_string()), ("rank", to.name())],
            ),
            Event::Downgraded { at, color, to, .. } => self.text(
                "event-downgraded",
                args![("color", self.color(color)), ("at", at.to_string()), ("rank", to.name())],
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

    /// A legal choice as words for a button or a list.
    fn choice(&self, c: Choice, f: &Facts) -> String {
        let sq = |s: Square| Arg::from(s.to_string());
        let card = |c: CardId| Arg::from(self.card_name(c));
        let color = |c: tash_kalar_rules::Color| Arg::from(self.color(c));
        match c {
            Choice::DrawTask(t) => self.text("choice-draw-task", args![("task", self.task_name(t))]),
            Choice::Draw(c) => self.text("choice-draw", &[("card", card(c))]),
            Choice::StartPiece { at, color: c } => {
                self.text("choice-start-piece", &[("color", color(c)), ("at", sq(at))])
            }
            Choice::StartPieces(at) => self.text("choice-start-pieces", &[("at", sq(at))]),
            Choice::Place(at) => self.text("choice-place", &[("at", sq(at))]),
            Choice::PickUp(at) => self.text("choice-pickup", &[("at", sq(at))]),
            Choice::Summon { card: c, at, orientation, pickup } => {
                self.summon_rest(self.summon_base(c, at, orientation), pickup, f.onto.map(|p| self.piece(p)))
            }
            Choice::Discard(c) => self.text("choice-discard", &[("card", card(c))]),
            Choice::Return(c) if f.question == Some(QuestionKind::Effect) => {
                self.text("choice-take", &[("card", card(c))])
            }
            Choice::Return(c) => self.text("choice-return", &[("card", card(c))]),
            Choice::Done => self.text("choice-done", &[]),
            Choice::Flare(c) => self.text(
                "choice-flare",
                &[("card", Arg::from(f.card.map(|c| self.card_name(c)).unwrap_or_default())), ("color", color(c))],
            ),
            Choice::Thaw => {
                self.text("choice-thaw", &[("card", Arg::from(f.card.map(|c| self.card_name(c)).unwrap_or_default()))])
            }
            Choice::Warp(c) => self.text("choice-warp", &[("card", card(c))]),
            Choice::EndTurn => self.text("choice-end", &[]),
            Choice::Square(at) => match f.piece {
                Some(p) => self.text("choice-square-piece", &[("at", sq(at)), ("piece", Arg::from(self.piece(p)))]),
                None => self.text("choice-square", &[("at", sq(at))]),
            },
            Choice::Move { from, to } => {
                self.move_words(f.piece.map(|p| self.piece(p)), from, to, f.onto.map(|p| self.piece(p)))
            }
            Choice::Direction(d) => self.dir(d),
            Choice::Option(n) => match f.meaning {
                Some("color") => self
                    .text("option-color", &[("color", Arg::from(f.color.map(|c| self.color(c)).unwrap_or_default()))]),
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
                _ => self.text("option-number", args![("n", n + 1)]),
            },
            Choice::Skip if f.question == Some(QuestionKind::Claim) => self.text("choice-claim-none", &[]),
            Choice::Skip => self.text("choice-skip", &[]),
            Choice::Claim(t) => {
                self.text("choice-claim", args![("task", self.task_name(t)), ("points", t.def().points)])
            }
            Choice::PassControl => self.text("choice-pass", &[]),
            Choice::Improvise(c) => self.text("choice-improvise", &[("color", color(c))]),
            Choice::Point(c) => self.text("choice-point", &[("color", color(c))]),
        }
    }

    fn summon_base(&self, card: CardId, at: Square, orientation: tash_kalar_rules::Orientation) -> String {
        self.text(
            "choice-summon",
            args![
                ("card", self.card_name(card)),
                ("at", at.to_string()),
                ("orientation", self.orientation(orientation))
            ],
        )
    }

    fn summon_pattern(
        &self,
        card: CardId,
        orientation: tash_kalar_rules::Orientation,
        pickup: bool,
        onto: Option<String>,
    ) -> String {
        let base = self.text(
            "choice-summon",
            args![("card", self.card_name(card)), ("at", "@"), ("orientation", self.orientation(orientation))],
        );
        summon_with(self, base, pickup.then(|| "#".to_string()), onto)
    }

    fn summon_rest(&self, base: String, pickup: Option<Square>, onto: Option<String>) -> String {
        summon_with(self, base, pickup.map(|p| p.to_string()), onto)
    }

    fn move_pattern(&self, piece: Option<String>, from: Square, onto: Option<String>) -> String {
        let piece = piece.unwrap_or_else(|| self.text("the-piece", &[]));
        let s = self.text("choice-move", args![("piece", piece), ("from", from.to_string()), ("to", "@")]);
        match onto {
            Some(p) => self.text("choice-destroying", args![("choice", s), ("piece", p)]),
            None => s,
        }
    }

    /// What is being decided, as one sentence to the one deciding.
    fn question(&self, q: &Question, game: &Game) -> String {
        match q.kind {
            QuestionKind::StartPieces if game.form().is_melee() => self.text("question-start-piece", &[]),
            QuestionKind::StartPieces => self.text("question-start-pieces", &[]),
            QuestionKind::Action if game.turn().actions == 0 => self.text("question-actions-used", &[]),
            QuestionKind::Action => self.text(
                "question-action",
                args![("n", game.turn().actions), ("discard", if game.form().discard_action() { "yes" } else { "no" })],
            ),
            QuestionKind::TeammatePlace => self.text("question-teammate-place", &[]),
            QuestionKind::Placing => self.text("question-placing", &[]),
            QuestionKind::Returning => self.text("question-returning", &[]),
            QuestionKind::Effect => {
                let effect = game.effect();
                let card = q.card.or(effect.map(|e| e.card));
                let name = card.map(|c| self.card_name(c)).unwrap_or_default();
                let at = effect_at(game);
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
            QuestionKind::Improvise => self.text("question-improvise", &[]),
            QuestionKind::ScorePoint => match game.phase() {
                Phase::Score { unpaired, .. } if !unpaired.is_empty() => self.text("question-score-unpaired", &[]),
                _ => self.text("question-score-legend", &[]),
            },
            QuestionKind::Claim => self.text("question-claim", &[]),
        }
    }

    /// How the game ended, with the score; `name` names a seat.
    fn result(&self, r: &GameResult, game: &Game, name: &dyn Fn(Seat) -> String) -> String {
        let seats = game.seats();
        let n = seats.len();
        let teams = game.form().teams() && n == 4;
        let team = |t: u8| {
            self.text(
                "team-name",
                args![("color", self.color(seats[t as usize].color)), ("first", t + 1), ("second", t + 3)],
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
            EndReason::Abandoned { seat } => {
                let who = if teams { team(seat % 2) } else { name(seat) };
                self.text("endings-result-abandoned", args![("who", who), ("result", text)])
            }
            EndReason::Drawn => self.text("endings-result-drawn", args![("result", text)]),
            // no result, so no ranking nor scores to give
            EndReason::Aborted => return sentence(self.text("endings-result-aborted", &[])),
            EndReason::EndScore => self.text("result-end-score", args![("result", text)]),
            EndReason::DeckOut => self.text("result-deck-out", args![("result", text)]),
        };
        let scores: Vec<String> = if teams {
            (0..2)
                .map(|t| self.text("score-of", args![("who", self.color(seats[t].color)), ("score", seats[t].score)]))
                .collect()
        } else {
            (0..n).map(|s| self.text("score-of", args![("who", name(s as Seat)), ("score", seats[s].score)])).collect()
        };
        let text = self
            .text("result-with-score", args![("result", text), ("scores", scores.join(", ")), ("target", r.end_score)]);
        sentence(text)
    }
}

/// A sentence starts with a capital, whichever name comes first ("the Red
/// team ... resigned" begins the result in team play).
fn sentence(text: String) -> String {
    match text.char_indices().find(|(_, c)| c.is_alphabetic()) {
        Some((i, c)) if c.is_lowercase() => format!("{}{}{}", &text[..i], c.to_uppercase(), &text[i + c.len_utf8()..]),
        _ => text,
    }
}

/// The summoning square of the effect being resolved, if it has one (a
/// flare, a thawed or a warped card puts no piece down).
pub(crate) fn effect_at(game: &Game) -> Option<Square> {
    use tash_kalar_rules::effect::Stage;
    let r = game.effect()?;
    (!r.card.is_flare() && !matches!(r.stage, Stage::Thaw | Stage::Warp)).then_some(r.at)
}

/// A summoning's words from its `base`, with the square of the piece it
/// takes up (or a stand-in for it) and the piece it destroys, in words.
fn summon_with(msgs: &Messages, base: String, pickup: Option<String>, onto: Option<String>) -> String {
    let mut s = base;
    if let Some(at) = pickup {
        s = msgs.text("choice-taking-up", args![("choice", s), ("at", at)]);
    }
    if let Some(piece) = onto {
        s = msgs.text("choice-destroying", args![("choice", s), ("piece", piece)]);
    }
    s
}
