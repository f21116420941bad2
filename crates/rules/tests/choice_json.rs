//! Choices as JSON: every legal choice of random games in every form reads
//! back as itself, tagged by its kind with the field names clients read.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Choice, Form, Game, School};

#[test]
fn every_legal_choice_round_trips_through_json() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut kinds = std::collections::BTreeSet::new();
    let mut seen = 0;
    for form in Form::ALL {
        let schools: Vec<School> = School::ALL.iter().copied().take(*form.seats().end()).collect();
        let n = *form.seats().start();
        for game in 0..3 {
            let mut g = Game::new(form, &schools[..n + game % (form.seats().end() - n + 1)]).unwrap();
            while !g.is_over() && g.turn().number < 60 {
                let legal = g.legal_choices();
                for &c in &legal {
                    let json = serde_json::to_value(c).unwrap();
                    assert_eq!(json["kind"], c.kind(), "{c}");
                    let back: Choice = serde_json::from_value(json.clone()).unwrap();
                    assert_eq!(back, c, "{json}");
                    kinds.insert(c.kind());
                    seen += 1;
                }
                g.apply(legal[rng.gen_range(0..legal.len())]).unwrap();
            }
        }
    }
    assert!(seen > 10_000, "{seen} choices");
    for kind in ["draw", "start", "place", "summon", "end", "square", "option", "skip", "claim", "pass", "point"] {
        assert!(kinds.contains(kind), "no {kind} seen: {kinds:?}");
    }
}

#[test]
fn choices_have_the_field_names_of_the_design() {
    let json = |text: &str| serde_json::to_value(text.parse::<Choice>().unwrap()).unwrap();
    use serde_json::json;
    assert_eq!(
        json("summon imperial.knight e5 r90 from c3"),
        json!({"kind": "summon", "card": "imperial.knight", "at": "e5", "orientation": "r90", "pickup": "c3"})
    );
    assert_eq!(json("e5-f6"), json!({"kind": "move", "from": "e5", "to": "f6"}));
    assert_eq!(json("option 2"), json!({"kind": "option", "option": 2}));
    assert_eq!(json("dir ne"), json!({"kind": "dir", "dir": "ne"}));
    assert_eq!(json("start f8 b"), json!({"kind": "start", "at": "f8", "color": "blue"}));
    assert_eq!(json("draw tasks.center_cross"), json!({"kind": "draw", "task": "tasks.center_cross"}));
    assert_eq!(json("end"), json!({"kind": "end"}));
    // what names no choice is refused
    for bad in [
        json!({"kind": "draw"}),
        json!({"kind": "option", "option": 0}),
        json!({"kind": "resign"}),
        json!({"kind": "place"}),
    ] {
        assert!(serde_json::from_value::<Choice>(bad.clone()).is_err(), "{bad}");
    }
}
