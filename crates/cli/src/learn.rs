//! `tash-kalar learn`: the lessons in plain text. Reads choice texts (or
//! `hint`) from standard input; the learn crate replays them and judges the
//! goal, so this file holds no rules.

use std::io::BufRead;

use anyhow::{bail, Result};
use tash_kalar_i18n::Messages;
use tash_kalar_learn::{lesson, lessons, replay, PlayError, Played};
use tash_kalar_rules::Bitboard;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The lesson's id (without it, the list of lessons is printed).
    pub lesson: Option<String>,
    /// The language of the texts: en, es or cs (default: the environment's).
    #[arg(long)]
    pub lang: Option<String>,
}

pub fn run(args: &Args) -> Result<()> {
    let msgs = Messages::new(crate::play::language(args.lang.as_deref())?);
    let Some(id) = &args.lesson else {
        for l in lessons() {
            println!("{}  {}", l.id, msgs.text(&l.title_id(), &[]));
        }
        return Ok(());
    };
    let Some(lesson) = lesson(id) else { bail!("no lesson {id:?}: `tash-kalar learn` lists them") };
    println!("{}\n\n{}", msgs.text(&lesson.title_id(), &[]), msgs.text(&lesson.text_id(), &[]));
    let mut input = std::io::stdin().lock().lines();
    for (i, step) in lesson.steps.iter().enumerate() {
        println!("\n{}", msgs.text(&lesson.goal_id(i), &[]));
        let mut choices: Vec<String> = Vec::new();
        let mut hints = 0;
        let mut played = replay(&lesson, i, &choices).map_err(|e| anyhow::anyhow!("{e}"))?;
        loop {
            print_position(&msgs, &played);
            let legal: Vec<String> = played.game.legal_choices().iter().map(|c| c.to_text()).collect();
            println!("{} {}", msgs.text("lessons-ui-choices", &[]), legal.join(", "));
            let Some(line) = input.next() else { return Ok(()) };
            let line = line?.trim().to_string();
            if line == "hint" {
                if hints < step.hints {
                    println!("{}", msgs.text(&lesson.hint_id(i, hints), &[]));
                    hints += 1;
                } else {
                    println!("{}", msgs.text("lessons-ui-no-more-hints", &[]));
                }
                continue;
            }
            choices.push(line.clone());
            match replay(&lesson, i, &choices) {
                Ok(p) => played = p,
                Err(PlayError::Illegal { .. }) | Err(PlayError::TooMany) => {
                    choices.pop();
                    println!("{}", msgs.text("lessons-ui-illegal", &[("choice", line.as_str().into())]));
                    continue;
                }
                Err(e) => bail!("{e}"),
            }
            if played.done {
                println!("{}", msgs.text("lessons-ui-done", &[]));
                break;
            }
            if played.game.turn().seat != played.learner || played.game.is_over() {
                println!("{}", msgs.text("lessons-ui-again", &[]));
                choices.clear();
                played = replay(&lesson, i, &choices).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
    }
    Ok(())
}

/// The board, with each Gateway marked `@`, and what lies in front of the
/// learner (a frozen card, the Gateway's square, a pending being), as
/// line mode prints them: the expansion lessons are about these.
fn print_position(msgs: &Messages, played: &Played) {
    let view = played.game.view(played.learner);
    let gateways = view.seats.iter().filter_map(|s| s.gateway).fold(Bitboard::EMPTY, |b, sq| b | sq.bb());
    println!("\n{}", played.game.board().diagram_marked(gateways));
    for line in crate::play::seat_marks(msgs, &view.seats[played.learner as usize]) {
        println!("{line}");
    }
}
