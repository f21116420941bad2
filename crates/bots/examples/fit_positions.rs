//! Fits value networks to a positions file (`tash-kalar train --data`)
//! with several settings and prints each one's held-out log-loss beside the
//! linear evaluation's, to choose the fit's settings without playing:
//! `cargo run --release -p tash-kalar-bots --example fit_positions FILE [seed] [OUT]`
//! (with `OUT`, each fit's model is written to `OUT.0.json`, `OUT.1.json`, ...).

use tash_kalar_bots::value::fit::{fit, BoardFit, FitConfig};
use tash_kalar_bots::value::net::{log_loss, sigmoid};
use tash_kalar_bots::value::samples::read_positions;
use tash_kalar_bots::value::{default_net, value_net_json, ValueNet};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("a positions file");
    let seed: u64 = args.get(1).map_or(1, |s| s.parse().expect("seed"));
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let positions = read_positions(std::io::BufReader::new(file)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let out = args.get(2);
    // the compiled-in model on the positions every fit holds out (every fifth game)
    let test: Vec<_> = positions.iter().filter(|p| p.game % 5 == 4).collect();
    let net = default_net();
    let loss = test.iter().map(|p| log_loss(sigmoid(net.mlp.logit(&p.x, &p.board)), p.result)).sum::<f64>();
    println!("the compiled-in model: held-out log-loss {:.4} on {} positions", loss / test.len() as f64, test.len());
    let base = FitConfig { seed, ..FitConfig::default() };
    let settings = [
        ("no board", base.clone()),
        ("no board, rate 3e-4", FitConfig { rate: 3e-4, ..base.clone() }),
        ("no board, rate 1e-4", FitConfig { rate: 1e-4, ..base.clone() }),
        ("no board, l2 1e-3", FitConfig { l2: 1e-3, ..base.clone() }),
        ("no board, l2 1e-2", FitConfig { l2: 1e-2, ..base.clone() }),
        ("no board, batch 256", FitConfig { batch: 256, ..base.clone() }),
        ("board, augmented", FitConfig { board: BoardFit::Augmented, ..base.clone() }),
    ];
    for (k, (name, config)) in settings.into_iter().enumerate() {
        let t = std::time::Instant::now();
        let f = fit(&positions, &config);
        println!(
            "{name}: held-out log-loss {:.4} (epoch {}), linear {:.4}, coin {:.4}; {} positions fitted; {:.0?}",
            f.loss_net,
            f.epoch,
            f.loss_linear,
            f.loss_coin,
            f.train,
            t.elapsed()
        );
        if let Some(out) = out {
            let about = format!("fit_positions {path} {seed}: {name}");
            let net = ValueNet { mlp: f.mlp, scale: f.scale, seen: f.seen, about };
            std::fs::write(format!("{out}.{k}.json"), value_net_json(&net)).expect("writing the model");
        }
    }
}
