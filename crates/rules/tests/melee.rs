//! Deathmatch Melee (3 or 4 players): setup, scoring by color, flares
//! against a chosen opponent, improvised summoning, the end and the final
//! ranking, from the full rules and the guidebook's melee examples.

mod common;
mod multi;

use common::{at, legal, play, play_all, texts};
use multi::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::{Actor, Form, Game, Phase, School};

// ----- random games -----

/// Points and used-up colors only grow; a seat's score is its lowest color.
fn check_melee(g: &Game, before: &mut Vec<([i16; 4], Vec<Color>)>) {
    let colors: Vec<Color> = g.seats().iter().map(|s| s.color).collect();
    for (i, s) in g.seats().iter().enumerate() {
        let enemies: Vec<Color> = colors.iter().copied().filter(|&c| c != s.color).collect();
        let lowest = enemies.iter().map(|c| s.points[c.index()]).min().unwrap();
        assert_eq!(s.score, lowest, "seat {i}: the score is the lowest color");
        for c in Color::ALL {
            if !enemies.contains(&c) {
                assert_eq!(s.points[c.index()], 0, "seat {i} scores only in opponents' colors");
                assert!(!s.improvised.contains(c));
            }
        }
        let used: Vec<Color> = s.improvised.colors().collect();
        if let Some((points, was_used)) = before.get(i) {
            assert!(points.iter().zip(&s.points).all(|(a, b)| a <= b), "seat {i}'s points fell");
            assert!(was_used.iter().all(|c| used.contains(c)), "seat {i} got an improvised color back");
        }
        if before.len() <= i {
            before.push((s.points, used));
        } else {
            before[i] = (s.points, used);
        }
    }
    if g.phase() == Phase::Main && g.turn().number > 1 {
        let reached = g.seats().iter().any(|s| s.points.iter().any(|&p| p >= g.end_score()));
        if reached {
            assert!(g.end_state().last.is_some(), "{} points in a color trigger the end", g.end_score());
        }
    }
    assert!(!g.is_legal(tash_kalar_rules::Choice::Resign), "no resignation in a melee");
}

#[test]
fn random_melees_of_three_and_four_keep_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut improvised = 0;
    let mut flares = 0;
    let mut ended_by_points = 0;
    for game in 0..12 {
        let n = 3 + game % 2;
        let schools = mixed_schools(n, &mut rng);
        let mut before = Vec::new();
        let g = random_game(Form::Melee, &schools, &mut rng, |g| {
            check_cards(g);
            check_pieces(g);
            check_melee(g, &mut before);
            check_views(g);
            check_position_round_trip(g);
        });
        let outcome = g.outcome().expect("finished");
        assert_eq!(outcome.places.len(), n);
        improvised += g.seats().iter().map(|s| s.improvised.colors().count()).sum::<usize>();
        flares += g.flare_discard().len();
        ended_by_points += g.seats().iter().any(|s| s.points.iter().any(|&p| p >= g.end_score())) as usize;
        // the ranking follows the sorted colors, then the tie-breakers
        let key = |s: u8| {
            let st = g.seat(s);
            let mut pts: Vec<i16> =
                g.seats().iter().filter(|o| o.color != st.color).map(|o| st.points[o.color.index()]).collect();
            pts.sort();
            (pts, g.board().upgraded(st.color), g.board().total(st.color))
        };
        for a in 0..n as u8 {
            for b in 0..n as u8 {
                if key(a) > key(b) {
                    assert!(outcome.places[a as usize] < outcome.places[b as usize]);
                }
            }
        }
    }
    assert!(improvised > 0 && flares > 0, "random play uses improvised summoning ({improvised}) and flares ({flares})");
    eprintln!("improvised {improvised} flares {flares} ended_by_points {ended_by_points}");
}
