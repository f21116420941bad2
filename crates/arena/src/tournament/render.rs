//! What a person sees of a tournament: the results as Markdown tables,
//! the ratings plotted as SVG, and the progress bar while it runs.

use std::path::PathBuf;

use super::{Standing, Summary};

/// A progress bar with the games played, the rate and the time left, for
/// [`run`](fn@super::run)'s `progress` (drawn on standard error, hidden when that is not
/// a terminal).
pub fn progress_bar() -> impl FnMut(usize, usize) + Send {
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {pos}/{len} games, {per_sec}, about {eta} left",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    let mut started: Option<usize> = None;
    move |done, total| {
        if started.is_none() {
            // games found on disk do not count towards the rate
            started = Some(done);
            bar.set_length(total as u64);
            bar.set_position(done as u64);
            bar.reset_eta();
        } else {
            bar.set_position(done as u64);
        }
        if done >= total {
            bar.finish();
        }
    }
}

impl Summary {
    /// The form, with the seats of a melee.
    fn title(&self) -> String {
        if self.form.is_melee() {
            format!("{}, {} seats", self.form.name(), self.seats)
        } else {
            self.form.name().to_string()
        }
    }

    /// The results as Markdown tables.
    pub fn markdown(&self) -> String {
        let melee = self.form.is_melee();
        let mut s = format!("# Tournament: {} ({} games)\n\n", self.title(), self.games);
        if melee {
            s.push_str(
                "| entrant | seats | firsts | shared firsts | others | win rate | 95% interval | mean place | Elo |\n",
            );
            s.push_str("|---|---:|---:|---:|---:|---:|---|---:|---:|\n");
        } else {
            s.push_str("| entrant | games | wins | draws | losses | score | 95% interval | Elo |\n");
            s.push_str("|---|---:|---:|---:|---:|---:|---|---:|\n");
        }
        let mut order: Vec<&Standing> = self.standings.iter().collect();
        order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        for t in order {
            let place = if melee { format!(" {:.2} |", t.mean_place) } else { String::new() };
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {:.1}% | {:.1}%–{:.1}% |{place} {:+.0} ± {:.0} |\n",
                t.name,
                t.games,
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score,
                100.0 * t.score_low,
                100.0 * t.score_high,
                t.elo,
                1.96 * t.elo_error
            ));
        }
        if self.standings.iter().any(|t| t.counted_seats > 0) {
            s.push_str(
                "\n| entrant | seats counted | discards a game (a seat) | decks run out |\n|---|---:|---:|---:|\n",
            );
            for t in self.standings.iter().filter(|t| t.counted_seats > 0) {
                s.push_str(&format!(
                    "| {} | {} | {:.2} | {} ({:.1}%) |\n",
                    t.name,
                    t.counted_seats,
                    t.discards_per_game,
                    t.decks_out,
                    100.0 * t.decks_out as f64 / t.counted_seats as f64
                ));
            }
        }
        if self.standings.iter().any(|t| t.timed_seats > 0) {
            s.push_str(
                "\n| entrant | seats counted | legends returned a game | flares a game | flares a game not placed first | slowest choice | slowest turn |\n|---|---:|---:|---:|---:|---:|---:|\n",
            );
            for t in self.standings.iter().filter(|t| t.timed_seats > 0) {
                s.push_str(&format!(
                    "| {} | {} | {:.2} | {:.2} | {:.2} | {:.1} s | {:.1} s |\n",
                    t.name,
                    t.timed_seats,
                    t.legends_returned_per_game,
                    t.flares_per_game,
                    t.flares_for_nothing_per_game,
                    t.slowest_choice,
                    t.slowest_turn
                ));
            }
        }
        if melee {
            s.push_str("\n| pairing | games together | first ahead | level | second ahead | score of the first | 95% interval | avg turns |\n");
        } else {
            s.push_str(
                "\n| pairing | games | wins | draws | losses | score of the first | 95% interval | avg turns |\n",
            );
        }
        s.push_str("|---|---:|---:|---:|---:|---:|---|---:|\n");
        for p in &self.pairings {
            s.push_str(&format!(
                "| {} vs {} | {} | {} | {} | {} | {:.1}% | {:.1}%–{:.1}% | {:.1} |\n",
                p.a,
                p.b,
                p.games,
                p.a_wins,
                p.draws,
                p.b_wins,
                100.0 * p.a_score,
                100.0 * p.a_low,
                100.0 * p.a_high,
                p.avg_turns
            ));
        }
        if melee {
            s.push_str(
                "\nA seat wins when placed first alone (shared firsts are half a win). The pairings count \
                 each two seats of the two entrants in a game, the one placed ahead winning; Elo is fitted \
                 to these pairwise results, each seat's weighing one game in all.\n",
            );
        }
        s.push_str("\nElo ratings have mean 0; the ± is a 95% interval.\n");
        s
    }

    /// Draws the Elo ratings with their 95% intervals as an SVG image.
    pub fn plot(&self, path: &PathBuf) -> anyhow::Result<()> {
        use plotters::prelude::*;
        let n = self.standings.len();
        let lo = self.standings.iter().map(|t| t.elo - 1.96 * t.elo_error.min(1000.0)).fold(0.0f64, f64::min) - 50.0;
        let hi = self.standings.iter().map(|t| t.elo + 1.96 * t.elo_error.min(1000.0)).fold(0.0f64, f64::max) + 50.0;
        let root = SVGBackend::new(path, (720, 120 + 60 * n as u32)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Elo ratings ({}, {} games)", self.title(), self.games), ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(35)
            .y_label_area_size(160)
            .build_cartesian_2d(lo..hi, -0.5f64..(n as f64 - 0.5))?;
        let names: Vec<String> = self.standings.iter().map(|t| t.name.clone()).collect();
        chart
            .configure_mesh()
            .y_labels(n)
            .y_label_formatter(&|y| {
                let i = y.round() as usize;
                names.get(i).cloned().unwrap_or_default()
            })
            .x_desc("Elo (mean 0), 95% interval")
            .draw()?;
        chart.draw_series(self.standings.iter().enumerate().map(|(i, t)| {
            let e = 1.96 * t.elo_error.min(1000.0);
            ErrorBar::new_horizontal(i as f64, t.elo - e, t.elo, t.elo + e, BLUE.filled(), 10)
        }))?;
        chart.draw_series(
            self.standings.iter().enumerate().map(|(i, t)| Circle::new((t.elo, i as f64), 5, BLUE.filled())),
        )?;
        root.present()?;
        Ok(())
    }
}
