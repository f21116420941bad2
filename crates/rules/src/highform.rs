//! The task board in play (High Form and first game): chance turns up the
//! current tasks and the next task, the active player may claim one task at
//! the end of their turn, and scores are claimed points plus legendary
//! pieces on the board.
//!
//! Turning up a task is a draw from the shuffled task deck, so it is a
//! chance choice ([`Choice::DrawTask`]) like a card draw. The engine then
//! applies the setup rules by itself: a task that may not be a current task
//! is put aside (and shuffled back once the three are out), and a next task
//! that would make three face-up tasks of one type goes to the bottom of
//! the deck before the next draw.

use arrayvec::ArrayVec;

use crate::board::{Color, Rank};
use crate::choice::Choice;
use crate::event::Event;
use crate::game::{Game, Phase, Seat};
use crate::tasks::{TaskBoard, TaskId};

impl Game {
    /// The task board, in the forms that use tasks.
    pub fn tasks(&self) -> Option<&TaskBoard> {
        self.tasks.as_ref()
    }

    /// The current tasks whose criterion the active player meets now, with
    /// this turn's record, in their order on the task board.
    pub fn claimable_tasks(&self) -> Vec<TaskId> {
        let Some(tb) = &self.tasks else {
            return Vec::new();
        };
        let me = self.active_color();
        let enemies: ArrayVec<Color, 4> = self.enemies_of(me).collect();
        tb.current.iter().copied().filter(|t| t.met(&self.board, me, &enemies, &self.turn)).collect()
    }

    /// Points of the tasks a seat has claimed (in team play, its team).
    pub fn task_points(&self, seat: Seat) -> i16 {
        self.tasks.as_ref().map_or(0, |tb| tb.points(self.claimant(seat)))
    }

    /// The pile of claimed tasks a seat's claims go to: its own, or in team
    /// play the team's common pile (kept under the team's first seat).
    pub(crate) fn claimant(&self, seat: Seat) -> usize {
        if self.form.teams() {
            seat as usize % 2
        } else {
            seat as usize
        }
    }

    /// In the task forms a score is not kept but counted: claimed points
    /// plus legendary pieces on the board, however they became legendary.
    pub(crate) fn refresh_task_scores(&mut self) {
        let Some(tb) = &self.tasks else {
            return;
        };
        let teams = self.form.teams();
        for (i, s) in self.seats.iter_mut().enumerate() {
            let pile = if teams { i % 2 } else { i };
            s.score = tb.points(pile) + self.board.count(s.color, Rank::Legendary) as i16;
        }
        if self.phase == Phase::Over {
            // Etherweave: the causality penalty, charged at the end
            for i in 0..self.seats.len() {
                self.seats[i].score -= self.causality_penalty(i as crate::game::Seat);
            }
        }
    }

    /// The chance choices while tasks are being turned up.
    pub(crate) fn task_draws(&self, out: &mut Vec<Choice>) {
        if let Some(tb) = &self.tasks {
            out.extend(tb.deck.next_draws().iter().map(|&t| Choice::DrawTask(t)));
        }
    }

    /// With the task deck empty nothing can be turned up: moves on and
    /// returns true; false if a draw is due.
    pub(crate) fn settle_task_draw(&mut self) -> bool {
        if self.tasks.as_ref().is_some_and(|tb| !tb.deck.is_empty()) {
            return false;
        }
        match self.phase {
            Phase::RevealTasks => self.finish_reveal(),
            Phase::NextTask { setup } => self.after_next_task(setup),
            _ => return false,
        }
        true
    }

    fn board_mut_tasks(&mut self) -> &mut TaskBoard {
        self.tasks.as_mut().expect("a task form")
    }

    /// Setup: a task turned up for the current tasks stays or is put aside.
    pub(crate) fn reveal_task(&mut self, task: TaskId) {
        let form = self.form;
        self.record(Event::TaskRevealed { task });
        let tb = self.board_mut_tasks();
        tb.deck.draw(task);
        if tb.fits_opening(task, form) {
            tb.current.push(task);
        } else {
            tb.set_aside.push(task);
        }
        if tb.current.is_full() {
            self.finish_reveal();
        }
    }

    fn finish_reveal(&mut self) {
        let tb = self.board_mut_tasks();
        let aside: ArrayVec<TaskId, 24> = tb.set_aside.drain(..).collect();
        tb.deck.shuffle_in(aside);
        self.phase = Phase::NextTask { setup: true };
    }

    /// A task turned up as the next task: it stays, or goes to the bottom
    /// if it would make three face-up tasks of one type. After one full pass
    /// through the deck without a fitting task the last one turned up stays
    /// (the deck holds nothing better).
    pub(crate) fn turn_up_next_task(&mut self, task: TaskId, setup: bool) {
        let limit = self.form.limits_task_types();
        self.record(Event::TaskRevealed { task });
        let tb = self.board_mut_tasks();
        tb.deck.draw(task);
        if limit && tb.makes_three_of_a_type(task) && (tb.moved_to_bottom as usize) < tb.deck.len() {
            tb.deck.put_bottom(task);
            tb.moved_to_bottom += 1;
            return;
        }
        tb.next = Some(task);
        tb.moved_to_bottom = 0;
        self.after_next_task(setup);
    }

    fn after_next_task(&mut self, setup: bool) {
        if setup {
            self.start_turn(0, 1);
        } else {
            self.close_turn();
        }
    }

    /// The active player claims a current task; the next task takes its
    /// place and a new next task is turned up.
    pub(crate) fn claim_task(&mut self, task: TaskId) {
        let seat = self.claimant(self.turn.seat);
        self.record(Event::TaskClaimed { seat: self.turn.seat, task, points: task.def().points });
        let tb = self.board_mut_tasks();
        let Some(i) = tb.current.iter().position(|&t| t == task) else {
            return;
        };
        tb.claimed[seat].push(task);
        match tb.next.take() {
            Some(next) => tb.current[i] = next,
            None => {
                tb.current.remove(i);
            }
        }
        self.phase = Phase::NextTask { setup: false };
    }
}
