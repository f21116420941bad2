//! Help for this crate's unit tests.

use tash_kalar_rules::history::check_act;
use tash_kalar_rules::{Choice, Game, Mover, Position, Refusal};

/// Plays a bot's choice on a bare game as whoever is to choose now,
/// through the gate's check ([`check_act`], what `Match::act` checks) and
/// then the unchecked apply: the rules crate has no checked apply on a
/// `Game`, a `Match` being the one gate.
pub(crate) fn act(g: &mut Game, choice: Choice) -> Result<Choice, Refusal> {
    let by = Mover::of(g.actor()).ok_or(Refusal::GameOver)?;
    let choice = check_act(g, by, choice)?;
    g.apply_unchecked(choice);
    Ok(choice)
}

/// Etherweave (purple) against Northern at a turn of a self-play duel
/// (`mcts:iterations=150` in both seats, seed 26, game 1, turn 3, after
/// its first placement): the seat may warp in the Eternal Emperor, whose
/// warp effect adds a common piece, and holds a placement's action.
pub(crate) fn etherweave_may_warp() -> Game {
    let text = "form: duel
board: 9/9/9/9/1bb3p2/9/1b4p2/9/6p2
turn: 0
actions: 1
number: 3
seat: etherweave score 0 supply 13/3 beings etherweave.doppelganger,etherweave.dark_sphere,etherweave.eternal_emperor \
legends legends.two_headed_dragon,legends.time_elemental flares flares.04 deck - | etherweave.paradox_worm,\
etherweave.lesser_shadow_twin,etherweave.translocationist,etherweave.antimatter_spirit,etherweave.merchant_of_time,\
etherweave.gate_of_oblivion,etherweave.time_traveler,etherweave.greater_shadow_twin,etherweave.warpmaster,\
etherweave.void_summoner,etherweave.reality_patch,etherweave.polarity_queen,etherweave.singularity,\
etherweave.ziggurat_sentinel,etherweave.iris_of_eternity | - discard -
seat: northern score 0 supply 13/3 beings imperial.swordmaster,imperial.hypnotist,imperial.master_of_intrigue \
legends legends.hell_bull,legends.titan flares flares.01 deck - | imperial.messenger,imperial.herald,imperial.bomb,\
imperial.chronicler,imperial.assassin,imperial.time_mage,imperial.summoner,imperial.cannon,imperial.champion,\
imperial.infantry_captain,imperial.cavalry_captain,imperial.gryphon_rider,imperial.knight,imperial.high_priestess,\
imperial.gun_tower | - discard -
legends: deck - | legends.fire_dragon,legends.angel_of_death,legends.the_eldest_tree,legends.bone_catapult,\
legends.fire_elemental,legends.leviathan,legends.earth_elemental,legends.storm_elemental | - discard -
flares: deck - | flares.02,flares.03,flares.05,flares.06,flares.07,flares.08,flares.09,flares.10,flares.11,flares.12 | - discard -
";
    Position::from_text(text).expect("a position").to_game().expect("a game")
}
