//! The bot levels' published ratings: measured by a tournament of the
//! levels (`docs/bot-strength.md`, "Level ratings"), anchored at `easy` =
//! 1000, on the Elo scale of the tournament's table. They are a guide
//! for people choosing an opponent ("hard … (about 2,350)"), not ratings of
//! the players' pools: games against bots are never rated.

use tash_kalar_bots::Level;

/// Each measured level and its rating; a level not here has not been
/// measured.
pub(crate) const LEVEL_RATINGS: &[(Level, u32)] =
    &[(Level::Easy, 1000), (Level::Medium, 2250), (Level::Hard, 2350), (Level::Expert, 2400)];

/// A level's published rating, if it has been measured.
pub(crate) fn level_rating(level: Level) -> Option<u32> {
    LEVEL_RATINGS.iter().find(|(l, _)| *l == level).map(|&(_, r)| r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_rise_and_easy_is_the_anchor() {
        assert_eq!(level_rating(Level::Easy), Some(1000));
        assert!(Level::ALL.iter().all(|&l| level_rating(l).is_some()), "every level is measured");
        assert!(LEVEL_RATINGS.windows(2).all(|w| w[0].1 < w[1].1 && w[0].0 != w[1].0));
    }
}
