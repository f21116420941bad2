//! The Highland beings, in the order of the card reference.

use crate::cards::CardDef;

pub static CARDS: [CardDef; 0] = [];
