//! Where the network may judge: the positions like those it was fitted on.
//! A network answers anywhere, but off the positions it learned from its
//! answer is a guess (a hand-built position with both decks empty and the
//! end not triggered, which no self-play game reaches, made the search
//! lose a legend). So the model file keeps the range of each input over
//! the positions it was fitted on, and a position with an input outside
//! them is judged by the linear evaluation instead.
//!
//! The ranges are kept apart for the positions with the end triggered and
//! those without. The last turns are another game: an empty deck is
//! ordinary there (the refill that empties a deck triggers the end) and
//! never seen before it, so one box over both phases would hold a
//! position of neither. Both cheap: two comparisons an input.

use super::features::{Features, END_TRIGGERED, INPUTS};

/// The least and greatest value of each input over some positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranges {
    pub min: Features,
    pub max: Features,
}

impl Ranges {
    /// The ranges of `xs`, or `None` if there are none.
    pub fn of<'a>(xs: impl IntoIterator<Item = &'a Features>) -> Option<Ranges> {
        let mut out: Option<Ranges> = None;
        for x in xs {
            let r = out.get_or_insert(Ranges { min: *x, max: *x });
            for ((lo, hi), v) in r.min.iter_mut().zip(&mut r.max).zip(x) {
                *lo = lo.min(*v);
                *hi = hi.max(*v);
            }
        }
        out
    }

    /// Whether every input of `x` is within its range.
    pub fn contains(&self, x: &Features) -> bool {
        (0..INPUTS).all(|k| self.min[k] <= x[k] && x[k] <= self.max[k])
    }
}

/// The inputs' ranges over the positions a network was fitted on, before
/// the end is triggered (`open`) and after (`ending`); `None` where the
/// fit saw no such position (then the network judges none either).
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub open: Option<Ranges>,
    pub ending: Option<Ranges>,
}

impl Seen {
    /// The ranges of the positions `xs`.
    pub fn of<'a>(xs: impl IntoIterator<Item = &'a Features> + Clone) -> Seen {
        let ending = |x: &&Features| x[END_TRIGGERED] != 0.0;
        Seen {
            open: Ranges::of(xs.clone().into_iter().filter(|x| !ending(x))),
            ending: Ranges::of(xs.into_iter().filter(ending)),
        }
    }

    /// Whether a position with the inputs `x` is like those fitted on:
    /// every input within its range in the phase of the game `x` is in.
    pub fn contains(&self, x: &Features) -> bool {
        let phase = if x[END_TRIGGERED] != 0.0 { &self.ending } else { &self.open };
        phase.as_ref().is_some_and(|r| r.contains(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(end: bool, deck: f64) -> Features {
        let mut x = [0.5; INPUTS];
        x[END_TRIGGERED] = f64::from(u8::from(end));
        x[10] = deck;
        x
    }

    #[test]
    fn each_phase_has_its_own_ranges() {
        // decks of 5 to 10 before the end, 0 to 2 after
        let xs = [inputs(false, 0.5), inputs(false, 0.25), inputs(true, 0.1), inputs(true, 0.0)];
        let seen = Seen::of(&xs);
        assert!(xs.iter().all(|x| seen.contains(x)));
        assert!(seen.contains(&inputs(false, 0.3)));
        // an empty deck is seen, but only with the end triggered
        assert!(!seen.contains(&inputs(false, 0.0)));
        assert!(!seen.contains(&inputs(true, 0.3)));
        // any input out of range is enough
        let mut x = inputs(false, 0.3);
        x[INPUTS - 1] = 0.6;
        assert!(!seen.contains(&x));
    }

    #[test]
    fn a_phase_never_seen_is_never_judged() {
        let seen = Seen::of(&[inputs(false, 0.5)]);
        assert_eq!(seen.ending, None);
        assert!(!seen.contains(&inputs(true, 0.5)));
        assert!(seen.contains(&inputs(false, 0.5)));
        assert_eq!(Seen::of(&[] as &[Features]), Seen { open: None, ending: None });
    }
}
