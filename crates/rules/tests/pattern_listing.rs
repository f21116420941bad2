//! The pattern matching's bitboard paths (written for the bots' speed)
//! against a plain definition, square by square: on the boards of random
//! games of every form, for every card of the schools in play and the
//! legends, every color and several sets of stand-in slots (none, the War
//! Summoner's one of every enemy color, a melee's improvised one of a
//! single color, both together), `pattern_matches_with` lists exactly the
//! matches a summoner may use, in the same order (by orientation, then
//! square).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::cards::{oriented_patterns, pattern_matches_with, ColorSet, PatternMatch};
use tash_kalar_rules::{Bitboard, Board, CardId, Color, Deck, Form, Game, School, Square};

/// Whether each enemy piece's color can have a slot of its own.
fn assign(colors: &[Color], slots: &[ColorSet], taken: &mut Vec<bool>) -> bool {
    let Some((&first, rest)) = colors.split_first() else { return true };
    for i in 0..slots.len() {
        if !taken[i] && slots[i].contains(first) {
            taken[i] = true;
            let fits = assign(rest, slots, taken);
            taken[i] = false;
            if fits {
                return true;
            }
        }
    }
    false
}

/// The matches by the rules' words: a summoning square holding no piece
/// that outranks the being, every pattern square holding a piece of the
/// summoner's of at least its rank, or an enemy piece of at least its rank
/// that a slot of its own lets stand in.
fn plain_matches(board: &Board, color: Color, card: CardId, slots: &[ColorSet]) -> Vec<PatternMatch> {
    let rank = card.def().rank;
    let mut out = Vec::new();
    for p in oriented_patterns(card) {
        for at in Square::all() {
            if board.get(at).is_some_and(|q| q.rank > rank) {
                continue;
            }
            let (mut enemies, mut used, mut fits) = (Vec::new(), Bitboard::EMPTY, true);
            for &(x, y, least) in &p.squares {
                let piece = at.offset(x, y).and_then(|sq| board.get(sq).map(|q| (sq, q)));
                match piece {
                    Some((_, q)) if q.rank >= least && q.color == color => {}
                    Some((sq, q)) if q.rank >= least && slots.iter().any(|s| s.contains(q.color)) => {
                        enemies.push(q.color);
                        used.insert(sq);
                    }
                    _ => {
                        fits = false;
                        break;
                    }
                }
            }
            if fits && assign(&enemies, slots, &mut vec![false; slots.len()]) {
                out.push(PatternMatch { orientation: p.orientation, at, enemy: used });
            }
        }
    }
    out
}

#[test]
fn the_pattern_matches_are_those_found_square_by_square() {
    let (n, s, h, y) = (School::Northern, School::Southern, School::Highland, School::Sylvan);
    let setups: [(Form, &[School]); 5] = [
        (Form::Duel, &[n, s]),
        (Form::HighForm, &[h, y]),
        (Form::Melee, &[n, s, y]),
        (Form::Melee, &[h, y, s, n]),
        (Form::TeamDuel, &[n, s, h, y]),
    ];
    // a new seed each run (shown if it fails): it must hold at any
    let seed: u64 = rand::random();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut boards, mut found) = (0, 0);
    for (form, schools) in setups {
        let mut cards: Vec<CardId> = Deck::Legends.ids().collect();
        cards.extend(schools.iter().flat_map(|s| s.deck().ids()));
        cards.sort();
        cards.dedup();
        let mut g = Game::new(form, schools).unwrap();
        let mut steps = 0;
        while !g.is_over() && steps < 300 {
            let v = g.legal_choices();
            g.apply_unchecked(v[rng.gen_range(0..v.len())]);
            steps += 1;
            if steps % 8 != 0 {
                continue;
            }
            boards += 1;
            let mut colors: Vec<Color> = g.seats().iter().map(|s| s.color).collect();
            colors.dedup();
            for &color in &colors {
                let enemies: Vec<Color> = colors.iter().copied().filter(|&c| c != color).collect();
                let every: ColorSet = enemies.iter().copied().collect();
                let one: ColorSet = [enemies[rng.gen_range(0..enemies.len())]].into_iter().collect();
                for slots in [vec![], vec![every], vec![one], vec![every, one]] {
                    for &card in &cards {
                        let mut listed = Vec::new();
                        pattern_matches_with(g.board(), color, card, &slots, &mut listed);
                        let plain = plain_matches(g.board(), color, card, &slots);
                        assert_eq!(
                            listed,
                            plain,
                            "seed {seed}: {card:?} for {color:?} with {slots:?} on\n{:?}",
                            g.board()
                        );
                        found += listed.len();
                    }
                }
            }
        }
    }
    assert!(boards > 100 && found > 1000, "{boards} boards, {found} matches");
}
