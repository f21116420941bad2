//! Independent games spread over threads, their results kept in game
//! order: a run gives the same output whatever the threads' timing and
//! however many there are.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

/// `play(i)` for every `i` below `count`, on `threads` threads (at least
/// one), the results in the order of `i`; `progress` is told how many are
/// done after each.
pub fn in_game_order<T: Send>(
    count: u32,
    threads: usize,
    play: impl Fn(u32) -> T + Sync,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<T> {
    let next = AtomicU32::new(0);
    let done = Mutex::new(Vec::with_capacity(count as usize));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= count {
                    break;
                }
                let result = play(i);
                let mut all = done.lock().expect("a game's thread panicked");
                all.push((i, result));
                progress(all.len());
            });
        }
    });
    let mut by_game = done.into_inner().expect("a game's thread panicked");
    by_game.sort_by_key(|g| g.0);
    by_game.into_iter().map(|g| g.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_game_order_at_any_number_of_threads() {
        let want: Vec<u32> = (0..50).map(|i| i * i).collect();
        for threads in [0, 1, 3] {
            let counted = AtomicU32::new(0);
            let got = in_game_order(50, threads, |i| i * i, &|_| {
                counted.fetch_add(1, Ordering::SeqCst);
            });
            assert_eq!(got, want);
            assert_eq!(counted.load(Ordering::SeqCst), 50);
        }
    }
}
