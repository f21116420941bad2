//! `win-now` and `stop-the-win` puzzles from the games' ends (the same as
//! `tash-kalar puzzles generate --endings`): `cargo run --release -p
//! tash-kalar-arena --example puzzle_endings -- GAMES SEED` writes JSON
//! lines to standard output and progress to standard error.

fn main() {
    let mut args = std::env::args().skip(1);
    let games = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let seed = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let start = std::time::Instant::now();
    let mut written = 0;
    // written as found, so that a stopped run keeps what it found
    tash_kalar_arena::puzzles::generate_endings(games, seed, |n, found| {
        for p in &found[written..] {
            println!("{}", serde_json::to_string(p).expect("a puzzle serializes"));
        }
        written = found.len();
        eprintln!("game {n}/{games}: {} puzzles, {:.0} s", found.len(), start.elapsed().as_secs_f64());
    });
}
