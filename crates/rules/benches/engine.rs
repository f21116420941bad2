//! Engine benchmarks: listing legal choices from mid-game positions,
//! cloning and applying choices, and complete random games per second.
//!
//! `cargo bench -p tash-kalar-rules --bench engine`; criterion prints
//! throughput as elements per second (listings, applied choices, games).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::history::check_act;
use tash_kalar_rules::{Actor, Form, Game, Mover, Phase, Position, School};

/// Plays a seeded random game to the end (or `max_steps`), the way a
/// random bot does: listing into a reused buffer and applying unchecked.
/// Returns the final game, the main-phase states seen and the steps taken.
fn random_game(schools: [School; 2], seed: u64, keep: bool, max_steps: usize) -> (Game, Vec<Game>, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::new(Form::Duel, &schools).expect("a pairing the engine accepts");
    let mut buf = Vec::new();
    let mut mains = Vec::new();
    let mut steps = 0;
    while g.actor() != Actor::Nobody && steps < max_steps {
        if keep && g.phase() == Phase::Main && g.turn().actions > 0 {
            mains.push(g.clone());
        }
        g.legal_choices_into(&mut buf);
        let c = buf[rng.gen_range(0..buf.len())];
        g.apply_unchecked(c);
        steps += 1;
    }
    (g, mains, steps)
}

/// Mid-game positions: the middle main phase of a few seeded random
/// Imperial games, and the crowded positions of the count tests.
fn positions() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for seed in 1..=3 {
        let (_, mains, _) = random_game([School::Northern, School::Southern], seed, true, 100_000);
        if let Some(g) = mains.get(mains.len() / 2) {
            out.push((format!("imperial-seed{seed}-turn{}", g.turn().number), g.clone()));
        }
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/counts.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/counts.txt");
    for block in text.split("\n=== ").skip(1) {
        let name = block.lines().next().unwrap_or_default();
        if !(name.starts_with("random") || name.starts_with("piece shortage")) {
            continue;
        }
        let body: String = block
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with("choices:") && !l.starts_with("leaves:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let game = Position::from_text(&body).and_then(|p| p.to_game()).expect("a count-test position");
        let short: String = name.split(':').next().unwrap_or(name).replace(' ', "-");
        out.push((short, game));
    }
    out
}

fn listing(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_choices");
    group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2)).sample_size(20);
    let mut buf = Vec::new();
    for (name, g) in positions() {
        let n = g.legal_choices().len();
        group.throughput(Throughput::Elements(1));
        group.bench_with_input(BenchmarkId::from_parameter(format!("{name}-{n}choices")), &g, |b, g| {
            b.iter(|| {
                g.legal_choices_into(&mut buf);
                black_box(buf.len())
            })
        });
    }
    group.finish();
}

fn clone_and_apply(c: &mut Criterion) {
    let mut group = c.benchmark_group("clone_and_apply");
    group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2)).sample_size(20);
    for (name, g) in positions() {
        let choices = g.legal_choices();
        // every listed choice once per iteration
        group.throughput(Throughput::Elements(choices.len() as u64));
        group.bench_with_input(BenchmarkId::new("checked", &name), &g, |b, g| {
            b.iter(|| {
                for &c in &choices {
                    let mut h = g.clone();
                    // what the gate (`Match::act`) checks, without the record
                    let c = check_act(&h, Mover::of(h.actor()).expect("someone chooses"), c).expect("a listed choice");
                    h.apply_unchecked(c);
                    black_box(&h);
                }
            })
        });
        group.bench_with_input(BenchmarkId::new("unchecked", &name), &g, |b, g| {
            b.iter(|| {
                for &c in &choices {
                    let mut h = g.clone();
                    h.apply_unchecked(c);
                    black_box(&h);
                }
            })
        });
    }
    group.finish();
}

/// Imperial against Imperial, then every other pairing of different colors
/// (one seat order each) whose decks both hold cards: a deck with no cards
/// can never run out, so such a game has no end.
fn pairings() -> Vec<[School; 2]> {
    let mut out = vec![[School::Northern, School::Southern]];
    for (i, &a) in School::ALL.iter().enumerate() {
        for &b in &School::ALL[i + 1..] {
            let playable = a.color() != b.color() && [a, b].iter().all(|s| s.deck().ids().next().is_some());
            if playable && !out.contains(&[a, b]) {
                out.push([a, b]);
            } else if !playable {
                eprintln!("games: {a} v {b} skipped (same color, or a deck without cards)");
            }
        }
    }
    out
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3)).sample_size(20);
    for schools in pairings() {
        let name = format!("{}-v-{}", schools[0], schools[1]);
        let (mut steps, mut turns) = (0, 0);
        for seed in 0..100 {
            let (g, _, s) = random_game(schools, seed, false, 1_000_000);
            assert!(g.is_over(), "{name}: seed {seed} did not finish");
            steps += s;
            turns += g.turn().number as usize;
        }
        eprintln!("games: {name}: {:.1} choices and {:.1} turns per game", steps as f64 / 100.0, turns as f64 / 100.0);
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        group.bench_function(&name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(schools, seed, false, 1_000_000).2)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, listing, clone_and_apply, games);
criterion_main!(benches);
