//! Team play (2 against 2, the High Form and the Deathmatch Duel): seats,
//! one color per team, shared legends and points, passing control,
//! sideways cards and the end, from the full rules and the guidebook.

mod common;
mod multi;

use common::{at, legal, play, play_all, texts};
use multi::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::{Actor, Choice, Form, Game, Phase, School};

// ----- random games -----

/// Teammates share a color and a score; one teammate at a time holds the
/// team's legends; exactly the bottom 6 cards of a deck (or all, if fewer)
/// are sideways; a deck of sideways cards only means the end was triggered.
fn check_team(g: &Game) {
    let s = g.seats();
    assert_eq!(s.len(), 4);
    assert_eq!(s[0].color, s[0].school.color());
    assert_eq!(s[1].color, s[1].school.color());
    assert_eq!(s[2].color, s[0].color);
    assert_eq!(s[3].color, s[1].color);
    assert_ne!(s[0].color, s[1].color);
    assert_eq!(s[0].score, s[2].score, "team scores");
    assert_eq!(s[1].score, s[3].score, "team scores");
    for team in 0..2 {
        assert!(s[team].legends.is_empty() || s[team + 2].legends.is_empty(), "both teammates hold legends");
    }
    for (i, seat) in s.iter().enumerate() {
        assert_eq!(seat.deck.sideways as usize, seat.deck.len().min(6), "seat {i}'s sideways cards");
        if seat.deck.upright() == 0 && g.turn().number > 0 {
            assert!(g.end_state().last.is_some(), "seat {i} has only sideways cards left");
        }
    }
    if let Some(tb) = g.tasks() {
        assert!(tb.claimed[2].is_empty() && tb.claimed[3].is_empty(), "claims go to the team's pile");
    }
    if let Actor::Seat(a) = g.actor() {
        let t = g.turn();
        if t.passed && matches!(g.phase(), Phase::Main | Phase::Effect) && (g.phase() == Phase::Effect || t.actions > 0)
        {
            assert_eq!(a, (t.seat + 2) % 4, "the teammate has control");
            let v = g.legal_choices();
            if g.phase() == Phase::Main {
                assert!(v.iter().all(|c| matches!(c, Choice::Place { .. } | Choice::EndTurn)), "{v:?}");
            }
        } else if !matches!(g.phase(), Phase::StartPieces { .. }) {
            assert_eq!(a, t.seat);
        }
    }
}

#[test]
fn random_team_games_keep_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut passes = 0;
    let mut ended = [0; 2];
    for game in 0..12 {
        let form = if game % 2 == 0 { Form::TeamDuel } else { Form::TeamHighForm };
        let schools = mixed_schools(4, &mut rng);
        let mut passed_before = false;
        let g = random_game(form, &schools, &mut rng, |g| {
            check_cards(g);
            check_pieces(g);
            check_team(g);
            check_views(g);
            check_position_round_trip(g);
            if g.turn().passed && !passed_before {
                passes += 1;
            }
            passed_before = g.turn().passed;
        });
        let o = g.outcome().expect("finished");
        assert_eq!(o.places[0], o.places[2]);
        assert_eq!(o.places[1], o.places[3]);
        assert!(o.places.iter().all(|&p| p <= 1));
        if let Some(w) = o.winner() {
            assert!(w < 2);
            assert!(g.seat(w).score >= g.seat(1 - w).score);
        }
        ended[(g.seat(0).score.max(g.seat(1).score) >= form.target_score()) as usize] += 1;
    }
    eprintln!("passes {passes} ended {ended:?}");
    assert!(passes > 5, "random play passes control ({passes})");
}
