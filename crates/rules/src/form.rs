//! The forms of the game (Deathmatch Duel, the High Form, the guidebook's
//! first game, the Deathmatch Melee, team play) and what each one changes:
//! seats, the score that ends the game, scoring, tasks, legends, pieces and
//! hands. The engine asks the form instead of naming forms in its rules.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::Color;
use crate::cards::School;

/// The form of the game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// Deathmatch Duel: two players, points for destruction.
    Duel,
    /// The High Form: two players, points for claimed tasks and for
    /// legendary pieces on the board.
    HighForm,
    /// The guidebook's simplified first game: the High Form without legends,
    /// discard action, advanced tasks or final round, to 6 points.
    FirstGame,
    /// Deathmatch Melee: 3 or 4 players each for themselves, points in each
    /// opponent's color; the lowest color is a player's score.
    Melee,
    /// The High Form for two teams of two: teammates sit opposite (seats 0
    /// and 2 against 1 and 3) and share one color, their legends and their
    /// points.
    TeamHighForm,
    /// The Deathmatch Duel for two teams of two, seated as in
    /// [`Form::TeamHighForm`].
    TeamDuel,
}

impl Form {
    pub const ALL: [Form; 6] =
        [Form::Duel, Form::HighForm, Form::FirstGame, Form::Melee, Form::TeamHighForm, Form::TeamDuel];

    pub fn name(self) -> &'static str {
        match self {
            Form::Duel => "duel",
            Form::HighForm => "high-form",
            Form::FirstGame => "first-game",
            Form::Melee => "melee",
            Form::TeamHighForm => "team-high-form",
            Form::TeamDuel => "team-duel",
        }
    }

    pub fn parse(text: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name() == text)
    }

    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Form::Duel | Form::HighForm | Form::FirstGame => 2..=2,
            Form::Melee => 3..=4,
            Form::TeamHighForm | Form::TeamDuel => 4..=4,
        }
    }

    /// Points that trigger the end of the game (a melee: points in one
    /// color with three players; see [`Form::end_score`]).
    pub fn target_score(self) -> i16 {
        match self {
            Form::Duel | Form::TeamDuel => 18,
            Form::HighForm | Form::TeamHighForm => 9,
            Form::FirstGame => 6,
            Form::Melee => 12,
        }
    }

    /// Points that trigger the end with this many seats: a melee ends at 12
    /// points in one color with three players and at 10 with four; team
    /// games use the two-player thresholds.
    pub fn end_score(self, seats: usize) -> i16 {
        match self {
            Form::Melee if seats >= 4 => 10,
            _ => self.target_score(),
        }
    }

    /// Two-sided deathmatch scoring (a duel, of players or teams): points
    /// for destroyed enemy pieces and for summoning legends, and a point to
    /// the opponent of a flare. A melee scores by color instead.
    pub fn deathmatch_scoring(self) -> bool {
        matches!(self, Form::Duel | Form::TeamDuel)
    }

    /// Deathmatch Melee: points by color, improvised summoning, no
    /// resignation.
    pub fn is_melee(self) -> bool {
        self == Form::Melee
    }

    /// Team play: teammates share a color, legends and points, decks have
    /// sideways cards, and control can be passed.
    pub fn teams(self) -> bool {
        matches!(self, Form::TeamHighForm | Form::TeamDuel)
    }

    /// Tasks are claimed, and scores are claimed points plus legendary pieces.
    pub fn uses_tasks(self) -> bool {
        matches!(self, Form::HighForm | Form::FirstGame | Form::TeamHighForm)
    }

    /// The last seat puts a common piece of each side on the duel start squares.
    pub fn start_pieces(self) -> bool {
        matches!(self, Form::Duel | Form::TeamDuel)
    }

    /// Legends and legendary pieces are in the game.
    pub fn legends(self) -> bool {
        self != Form::FirstGame
    }

    /// The discard action is allowed.
    pub fn discard_action(self) -> bool {
        self != Form::FirstGame
    }

    /// Once the end is triggered every player gets one more turn; otherwise
    /// the game ends at once.
    pub fn final_round(self) -> bool {
        self != Form::FirstGame
    }

    /// Two-sided and legendary pieces of each color in play, for the
    /// fewest seats of the form (see [`Form::pieces_for`]).
    pub fn pieces(self) -> (u8, u8) {
        self.pieces_for(*self.seats().start())
    }

    /// Two-sided and legendary pieces of each color in play with this many
    /// seats: in a duel one two-sided piece per side marks the score; in a
    /// melee each opponent keeps one on their score board.
    pub fn pieces_for(self, seats: usize) -> (u8, u8) {
        match self {
            Form::Duel | Form::TeamDuel => (16, 3),
            Form::HighForm | Form::TeamHighForm => (17, 3),
            Form::FirstGame => (17, 0),
            Form::Melee => (17u8.saturating_sub(seats.saturating_sub(1) as u8), 3),
        }
    }

    /// The task deck holds the advanced tasks.
    pub fn advanced_tasks(self) -> bool {
        matches!(self, Form::HighForm | Form::TeamHighForm)
    }

    /// A next task that would make three face-up tasks of one type is moved
    /// to the bottom of the deck (the full rules; the first game's guidebook
    /// setup only asks for three current tasks of different types).
    pub fn limits_task_types(self) -> bool {
        matches!(self, Form::HighForm | Form::TeamHighForm)
    }

    /// The hand a player draws up to: beings, legends, flares (in team play
    /// the legends are the team's, held by one teammate at a time).
    pub fn hand(self) -> (u8, u8, u8) {
        if self.legends() {
            (3, 2, 1)
        } else {
            (3, 0, 1)
        }
    }

    /// The color each seat plays: its school's, except in team play, where
    /// a team plays the color of its first seat's school.
    pub fn seat_colors(self, schools: &[School]) -> ArrayVec<Color, 4> {
        (0..schools.len().min(4))
            .map(|i| if self.teams() { schools[i % 2].color() } else { schools[i].color() })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_match_serde() {
        for form in Form::ALL {
            assert_eq!(Form::parse(form.name()), Some(form));
            assert_eq!(serde_json::to_string(&form).unwrap(), format!("\"{}\"", form.name()));
        }
        assert_eq!(Form::parse("Duel"), None);
        assert_eq!(Form::parse(""), None);
    }

    #[test]
    fn seats_pieces_and_end_scores() {
        assert_eq!(Form::Melee.seats(), 3..=4);
        assert_eq!(Form::Melee.pieces_for(3), (15, 3));
        assert_eq!(Form::Melee.pieces_for(4), (14, 3));
        assert_eq!(Form::Melee.end_score(3), 12);
        assert_eq!(Form::Melee.end_score(4), 10);
        assert_eq!(Form::FirstGame.hand(), (3, 0, 1));
        assert_eq!(Form::TeamDuel.pieces(), (16, 3));
    }

    #[test]
    fn teams_play_their_first_seats_colors() {
        let schools = [School::Northern, School::Southern, School::Highland, School::Sylvan];
        let team = Form::TeamDuel.seat_colors(&schools);
        assert_eq!(
            team.as_slice(),
            [School::Northern.color(), School::Southern.color(), School::Northern.color(), School::Southern.color()]
        );
        let melee = Form::Melee.seat_colors(&schools);
        assert_eq!(melee.as_slice(), schools.map(School::color));
    }
}
