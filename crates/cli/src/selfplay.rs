//! Self-play: complete games between bots, chance from seeded generators,
//! each game a [`Driver`] run (given up as unfinished at its caps). A
//! player that fails (an outside engine that stopped or answered a choice
//! that is not legal) stops the run with its error.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use tash_kalar_arena::{seeds, Entrant};
use tash_kalar_bots::{Bot, Caps, Driver};
use tash_kalar_rules::{Choice, Form, Match, TaskId};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The form of the game: duel, high-form or first-game.
    #[arg(long, default_value = "duel")]
    form: String,
    /// Each seat's deck, in seat order: northern, southern, highland, sylvan, everfrost, nethervoid, etherweave.
    #[arg(long, value_delimiter = ',', default_value = "northern,southern")]
    decks: Vec<String>,
    /// Each seat's bot, in seat order, comma-separated (`random,greedy`,
    /// `easy,hard`); one bot plays every seat. Options after a spec's colon
    /// continue it:
    /// `mcts:iterations=50,threads=2,greedy` is two bots. An outside engine
    /// is `cmd:<command line>`.
    #[arg(long, default_value = "random,random")]
    bots: String,
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Every generator (chance and bots) is seeded from this and the game's
    /// index; the bots' seeds one way, so that an outside engine cannot
    /// work back to chance's (give engines you do not trust an unguessable
    /// seed).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write each game's record to this directory (game-0001.tkr, ...), with
    /// the tags `Seed` (this seed) and `Game` (the 1-based game index).
    #[arg(long)]
    save: Option<PathBuf>,
}

/// SplitMix64: a well-spread 64-bit hash, to derive independent seeds.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of one generator of one game: `role` 0 is chance (the bots'
/// seeds were roles 1 and up; they are now [`player_seed`]).
pub fn derive_seed(seed: u64, game: u64, role: u64) -> u64 {
    mix(mix(mix(seed) ^ game) ^ role)
}

/// The seed of seat `seat`'s bot in one game: one way from the run's seed,
/// so that an outside engine cannot work back to chance's seed (SplitMix64
/// above can be undone, and so could the seeds it gave).
pub fn player_seed(seed: u64, game: u64, seat: u64) -> u64 {
    seeds::derive(seed, "selfplay player", &[game, seat])
}

/// The closing JSON line, keys in this order.
#[derive(serde::Serialize)]
struct Summary {
    games: u64,
    finished: u64,
    wins: Vec<u64>,
    draws: u64,
    avg_turns: f64,
    /// Choices of every actor, chance draws included.
    avg_choices: f64,
    games_per_second: f64,
    /// Task forms: how many times each task of the form's deck was claimed
    /// over all the games, by id.
    #[serde(skip_serializing_if = "Option::is_none")]
    tasks_claimed: Option<std::collections::BTreeMap<&'static str, u64>>,
}

/// What one game came to.
struct Played {
    game: Match,
    finished: bool,
}

fn play_one(
    form: Form,
    args: &Args,
    specs: &[Entrant],
    schools: &[tash_kalar_rules::School],
    index: u64,
) -> Result<Played> {
    let mut m = Match::new(form, schools, Some(args.seed))?;
    m.set_tag("Game", &(index + 1).to_string());
    m.set_tag("Bots", &specs.iter().map(Entrant::to_string).collect::<Vec<_>>().join(", "));
    let mut bots: Vec<Box<dyn Bot>> = specs
        .iter()
        .enumerate()
        .map(|(k, entrant)| entrant.player(player_seed(args.seed, index, k as u64)))
        .collect::<Result<_>>()?;
    // a game still running at the caps (200 000 choices, 10 000 turns) is
    // given up as unfinished: random play ends far sooner, but a game whose
    // decks are empty from the start may never end
    let mut driver = Driver::bots(derive_seed(args.seed, index, 0), schools.len());
    driver.run(&mut m, &mut bots, Caps::default()).with_context(|| format!("game {}", index + 1))?;
    let finished = m.game().is_over();
    Ok(Played { game: m, finished })
}

pub fn run(args: &Args) -> Result<()> {
    let form = crate::parse_form(&args.form)?;
    let schools = crate::parse_decks(form, &args.decks)?;
    let mut specs = Entrant::parse_list(&args.bots).map_err(|e| anyhow::anyhow!("--bots: {e}"))?;
    if specs.len() == 1 {
        specs = vec![specs[0].clone(); schools.len()];
    }
    if specs.len() != schools.len() {
        bail!("{} decks but {} bots: give one bot per seat", schools.len(), specs.len());
    }
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let started = Instant::now();
    let mut finished = 0u64;
    let mut wins = vec![0u64; schools.len()];
    let mut draws = 0u64;
    let (mut turns, mut choices) = (0u64, 0u64);
    let mut claims = form.uses_tasks().then(|| {
        TaskId::all()
            .filter(|t| form.advanced_tasks() || !t.is_advanced())
            .map(|t| (t.def().id, 0u64))
            .collect::<std::collections::BTreeMap<_, _>>()
    });
    for i in 0..args.games {
        let played = play_one(form, args, &specs, &schools, i)?;
        let g = played.game.game();
        turns += g.turn().number as u64;
        choices += played.game.record().moves.len() as u64;
        if let Some(claims) = claims.as_mut() {
            for m in &played.game.record().moves {
                if let Choice::Claim(t) = m.choice {
                    *claims.entry(t.def().id).or_default() += 1;
                }
            }
        }
        if played.finished {
            finished += 1;
            match g.outcome().and_then(|o| o.winner()) {
                Some(w) => wins[w as usize] += 1,
                None => draws += 1,
            }
        }
        if let Some(dir) = &args.save {
            let path = dir.join(format!("game-{:04}.tkr", i + 1));
            std::fs::write(&path, played.game.record().to_text())
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let per = |n: u64| if args.games == 0 { 0.0 } else { n as f64 / args.games as f64 };
    let summary = Summary {
        games: args.games,
        finished,
        wins,
        draws,
        avg_turns: per(turns),
        avg_choices: per(choices),
        games_per_second: if seconds > 0.0 { args.games as f64 / seconds } else { 0.0 },
        tasks_claimed: claims,
    };
    let summary = serde_json::to_string(&summary)?;
    println!("{summary}");
    Ok(())
}
