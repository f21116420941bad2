//! `tash-kalar engine`: one of our bots speaking the engine protocol on
//! standard input and output (see `docs/engine-protocol.md`).

use anyhow::Result;
use tash_kalar_bots::BotSpec;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The bot that plays: a level (`easy`, `medium`, `hard`, `expert`),
    /// `random`, `greedy`, `mcts`, `mcts-v2`, `mcts-v1`, or with options
    /// (`mcts:iterations=2000,threads=2`); options may be changed later
    /// with `setoption`.
    #[arg(long, default_value = "mcts")]
    bot: String,
}

pub fn run(args: &Args) -> Result<()> {
    if args.bot.trim_start().starts_with("cmd:") {
        anyhow::bail!("--bot: an engine plays one of our own bots, not another engine");
    }
    let spec: BotSpec = args.bot.parse().map_err(|e| anyhow::anyhow!("--bot: {e}"))?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    Ok(tash_kalar_arena::engine::serve(&spec, stdin.lock(), stdout.lock())?)
}
