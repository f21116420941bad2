//! `win-now` and `stop-the-win` puzzles from the games' ends (the same as
//! `tash-kalar puzzles generate --endings`): `cargo run --release -p
//! tash-kalar-arena --example puzzle_endings -- GAMES SEED [FORMS]` writes
//! JSON lines to standard output and progress to standard error; FORMS,
//! comma-separated (e.g. `first-game`), replaces the usual forms in turn.

fn main() {
    let mut args = std::env::args().skip(1);
    let games = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let seed = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let forms: Vec<tash_kalar_rules::Form> = match args.next() {
        Some(list) => list.split(',').map(|f| tash_kalar_rules::Form::parse(f).expect("a form's name")).collect(),
        None => tash_kalar_arena::puzzles::FORMS.to_vec(),
    };
    let start = std::time::Instant::now();
    let mut written = 0;
    // written as found, so that a stopped run keeps what it found
    tash_kalar_arena::puzzles::generate_endings_in(&forms, games, seed, |n, found| {
        for p in &found[written..] {
            println!("{}", serde_json::to_string(p).expect("a puzzle serializes"));
        }
        written = found.len();
        eprintln!("game {n}/{games}: {} puzzles, {:.0} s", found.len(), start.elapsed().as_secs_f64());
    });
}
