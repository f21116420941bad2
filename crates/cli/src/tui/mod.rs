//! The full-screen client of `tash-kalar play` (ratatui over crossterm):
//! [`app::App`] holds the state and answers keys, [`ui::draw`] renders it,
//! and the loop here reads keys, runs the bots' searches on a thread of
//! their own so the screen stays live, and gives the terminal back on exit
//! and on panic.

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{Context, Result};
use crossterm::event::{self, Event};

use crate::table::Table;

pub mod app;
pub mod ui;

#[cfg(test)]
mod tests;

use app::{App, BotAnswer, Outcome};

pub fn run(table: Table, save: Option<&Path>) -> Result<()> {
    // `ratatui::init` enters the alternate screen and raw mode, and hooks
    // panics so the terminal is restored before the message is printed
    let mut terminal = ratatui::init();
    let result = play(&mut terminal, App::new(table));
    ratatui::restore();
    let app = result?;
    if app.is_over() {
        let v = app.game_match().game().referee_view();
        let m = &app.msgs;
        let scores: Vec<String> = v
            .seats
            .iter()
            .map(|s| {
                let who = app.seat_name(s.seat);
                m.text("score-of", tash_kalar_i18n::args![("who", who), ("score", s.score)])
            })
            .collect();
        let line = m.text("tui-game-over-scores", tash_kalar_i18n::args![("scores", scores.join(", "))]);
        println!("{line} {}", app::result_text(m, app.game_match().game(), &app.table()));
    }
    if let Some(path) = save {
        std::fs::write(path, app.game_match().record().to_text())
            .with_context(|| format!("cannot write {}", path.display()))?;
        let line = app.msgs.text("play-record-written", tash_kalar_i18n::args![("path", path.display().to_string())]);
        println!("{line}");
    }
    Ok(())
}

fn play(terminal: &mut ratatui::DefaultTerminal, mut app: App) -> Result<App> {
    let (answers, answered) = mpsc::channel::<BotAnswer>();
    loop {
        if let Some(job) = app.step() {
            let answers = answers.clone();
            std::thread::spawn(move || {
                // the receiver is gone only when the player has quit
                let _ = answers.send(job.run());
            });
        }
        terminal.draw(|frame| ui::draw(frame, &app)).context("drawing the screen")?;
        // short waits while a bot thinks, so its answer shows at once
        let wait = if app.thinking.is_some() { 30 } else { 250 };
        if event::poll(Duration::from_millis(wait)).context("reading the keyboard")? {
            if let Event::Key(key) = event::read().context("reading the keyboard")? {
                if app.handle_key(key) == Outcome::Quit {
                    return Ok(app);
                }
            }
        }
        while let Ok(answer) = answered.try_recv() {
            app.bot_answered(answer);
        }
    }
}
