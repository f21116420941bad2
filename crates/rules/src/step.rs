//! Stable ids for the steps of effects: what a step asks the one deciding
//! to choose ([`crate::effect::Ask::Choose`], [`crate::question::Question::step`]).
//!
//! The rules crate holds no player's words for a step: a client looks the
//! id up in its language (`crates/i18n/locales/*/steps.ftl`, message
//! `step-` and the id with `.` and `_` made `-`), so rewording a step
//! renames nothing and a translation never hangs on the English.
//!
//! A card's step is named `<card id>.<short verb>` (`imperial.cannon.aim`;
//! a frozen or warp effect's steps start `frozen_` or `warp_`). Steps that
//! belong to no one card have their own prefix: `flares.` (the flare
//! table's parts, shared by the flares), `frozen.` (keeping a frozen card)
//! and `game.` (the engine's own questions: a task claim, a melee start
//! piece or point, an improvised summoning, placing).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Declares [`Step`]: each variant with its id, and the list of all.
macro_rules! steps {
    ($($name:ident = $id:literal,)*) => {
        /// One step of an effect (or one of the engine's own questions), by
        /// its stable id.
        ///
        /// An enum rather than a `&'static str` newtype: one byte, so
        /// [`crate::effect::Ask`] stays small and `Copy`; the set is closed,
        /// so [`Step::ALL`] lists every step a card can ask (the tests check
        /// each id is unique, well formed and worded in every language); and
        /// a step the code names but nobody declared does not compile.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum Step {
            $($name,)*
        }

        impl Step {
            /// Every step, in the order declared (by deck, then card).
            pub const ALL: &'static [Step] = &[$(Step::$name,)*];

            /// The stable id: `imperial.cannon.aim`.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Step::$name => $id,)*
                }
            }

            /// The variant's name (for the test that names follow ids).
            #[cfg(test)]
            const fn name(self) -> &'static str {
                match self {
                    $(Step::$name => stringify!($name),)*
                }
            }
        }
    };
}

steps! {
    // etherweave
    EtherweaveParadoxWormSwap = "etherweave.paradox_worm.swap",
    EtherweaveParadoxWormWarpUpgrade = "etherweave.paradox_worm.warp_upgrade",
    EtherweaveParadoxWormWarpDiscard = "etherweave.paradox_worm.warp_discard",
    EtherweaveLesserShadowTwinPick = "etherweave.lesser_shadow_twin.pick",
    EtherweaveLesserShadowTwinDestroy = "etherweave.lesser_shadow_twin.destroy",
    EtherweaveLesserShadowTwinWarpUpgrade = "etherweave.lesser_shadow_twin.warp_upgrade",
    EtherweaveGreaterShadowTwinWarpUpgrade = "etherweave.greater_shadow_twin.warp_upgrade",
    EtherweaveTranslocationistSwap = "etherweave.translocationist.swap",
    EtherweaveAntimatterSpiritWarpPlace = "etherweave.antimatter_spirit.warp_place",
    EtherweaveAntimatterSpiritWarpOpponent = "etherweave.antimatter_spirit.warp_opponent",
    EtherweaveMerchantOfTimeLeap = "etherweave.merchant_of_time.leap",
    EtherweaveMerchantOfTimeWarpLift = "etherweave.merchant_of_time.warp_lift",
    EtherweaveGateOfOblivionDestroy = "etherweave.gate_of_oblivion.destroy",
    EtherweaveTimeTravelerDestroy = "etherweave.time_traveler.destroy",
    EtherweaveGreaterShadowTwinDestroy = "etherweave.greater_shadow_twin.destroy",
    EtherweaveWarpmasterReturnOrMove = "etherweave.warpmaster.return_or_move",
    EtherweaveDarkSphereMove = "etherweave.dark_sphere.move",
    EtherweaveVoidSummonerWarpMove = "etherweave.void_summoner.warp_move",
    EtherweaveEternalEmperorCarryOut = "etherweave.eternal_emperor.carry_out",
    EtherweaveEternalEmperorWarpPlaceOrMove = "etherweave.eternal_emperor.warp_place_or_move",
    EtherweaveRealityPatchDestroy = "etherweave.reality_patch.destroy",
    EtherweaveRealityPatchDiscardPending = "etherweave.reality_patch.discard_pending",
    EtherweaveRealityPatchDiscardCard = "etherweave.reality_patch.discard_card",
    EtherweavePolarityQueenMove = "etherweave.polarity_queen.move",
    EtherweavePolarityQueenMoveOpposite = "etherweave.polarity_queen.move_opposite",
    EtherweavePolarityQueenWarpPlace = "etherweave.polarity_queen.warp_place",
    EtherweaveSingularitySquare = "etherweave.singularity.square",
    EtherweaveSingularityNext = "etherweave.singularity.next",
    EtherweaveZigguratSentinelCopyOrMove = "etherweave.ziggurat_sentinel.copy_or_move",
    EtherweaveZigguratSentinelMoveAgain = "etherweave.ziggurat_sentinel.move_again",
    EtherweaveZigguratSentinelWarpMove = "etherweave.ziggurat_sentinel.warp_move",
    EtherweaveZigguratSentinelWarpSecondMove = "etherweave.ziggurat_sentinel.warp_second_move",
    EtherweaveIrisOfEternityDestroyOrUpgrade = "etherweave.iris_of_eternity.destroy_or_upgrade",
    // everfrost
    EverfrostSnowFoxMove = "everfrost.snow_fox.move",
    EverfrostRoyalReindeerLeap = "everfrost.royal_reindeer.leap",
    EverfrostCrystalMirrorPick = "everfrost.crystal_mirror.pick",
    EverfrostCrystalGrowerUpgrade = "everfrost.crystal_grower.upgrade",
    EverfrostCrystalGrowerFrozenUpgrade = "everfrost.crystal_grower.frozen_upgrade",
    EverfrostIcePrincessMove = "everfrost.ice_princess.move",
    EverfrostIceQueenMove = "everfrost.ice_queen.move",
    EverfrostIcePrincessFrozenMove = "everfrost.ice_princess.frozen_move",
    EverfrostIceQueenFrozenMove = "everfrost.ice_queen.frozen_move",
    EverfrostWinterWhispererFrozenDestroy = "everfrost.winter_whisperer.frozen_destroy",
    EverfrostWinterWhispererFrozenDiscard = "everfrost.winter_whisperer.frozen_discard",
    EverfrostFrozenChestFreeze = "everfrost.frozen_chest.freeze",
    EverfrostEverfrostSentinelDowngrade = "everfrost.everfrost_sentinel.downgrade",
    EverfrostGlacierGiantMove = "everfrost.glacier_giant.move",
    EverfrostPolarBearCombatMove = "everfrost.polar_bear.combat_move",
    EverfrostPolarBearStandardMove = "everfrost.polar_bear.standard_move",
    EverfrostPolarBearMoveEmpty = "everfrost.polar_bear.move_empty",
    EverfrostWarSledMove = "everfrost.war_sled.move",
    EverfrostFrostImpSlide = "everfrost.frost_imp.slide",
    EverfrostIceWyvernLeap = "everfrost.ice_wyvern.leap",
    EverfrostIceWyvernFrozenPlace = "everfrost.ice_wyvern.frozen_place",
    EverfrostDeathbringerDestroy = "everfrost.deathbringer.destroy",
    EverfrostFrostweaveIllusionistColor = "everfrost.frostweave_illusionist.color",
    EverfrostFrostweaveIllusionistFrozenConvert = "everfrost.frostweave_illusionist.frozen_convert",
    // flares
    FlaresPlaceCommon = "flares.place_common",
    FlaresPlaceHeroic = "flares.place_heroic",
    FlaresUpgrade = "flares.upgrade",
    FlaresConvert = "flares.convert",
    FlaresStandardMoves = "flares.standard_moves",
    FlaresStandardMove = "flares.standard_move",
    FlaresCombatLeap = "flares.combat_leap",
    FlaresStandardAndCombatMove = "flares.standard_and_combat_move",
    FlaresCombatOrStandardMoves = "flares.combat_or_standard_moves",
    FlaresStandardLeap = "flares.standard_leap",
    FlaresPlaceOrConvert = "flares.place_or_convert",
    FlaresMoveOrUpgrade = "flares.move_or_upgrade",
    FlaresPlaceOrUpgrade = "flares.place_or_upgrade",
    // highland
    HighlandDireWolfMove = "highland.dire_wolf.move",
    HighlandWolfRiderMove = "highland.wolf_rider.move",
    HighlandHungryBearMove = "highland.hungry_bear.move",
    HighlandWerewolfCombatMove = "highland.werewolf.combat_move",
    HighlandWerewolfStandardMove = "highland.werewolf.standard_move",
    HighlandWildEagleLeap = "highland.wild_eagle.leap",
    HighlandEagleLordLeap = "highland.eagle_lord.leap",
    HighlandClanAxemanDestroy = "highland.clan_axeman.destroy",
    HighlandClanHealerPlace = "highland.clan_healer.place",
    HighlandRitualKeeperUpgrade = "highland.ritual_keeper.upgrade",
    HighlandRitualKeeperMove = "highland.ritual_keeper.move",
    HighlandBloodShamanDestroy = "highland.blood_shaman.destroy",
    HighlandWarDrummerMove = "highland.war_drummer.move",
    HighlandWarDrummerSecondMove = "highland.war_drummer.second_move",
    HighlandWarlordMove = "highland.warlord.move",
    HighlandRitualMasterDestroyHeroic = "highland.ritual_master.destroy_heroic",
    HighlandRitualMasterDestroyCommon = "highland.ritual_master.destroy_common",
    HighlandLegendSlayerDestroy = "highland.legend_slayer.destroy",
    HighlandLegendSlayerSecondDestroy = "highland.legend_slayer.second_destroy",
    HighlandClanGuardianUpgrade = "highland.clan_guardian.upgrade",
    // imperial
    ImperialSwordmasterDestroy = "imperial.swordmaster.destroy",
    ImperialMessengerMoveOn = "imperial.messenger.move_on",
    ImperialMessengerMove = "imperial.messenger.move",
    ImperialHeraldMove = "imperial.herald.move",
    ImperialChroniclerUpgrade = "imperial.chronicler.upgrade",
    ImperialChroniclerMove = "imperial.chronicler.move",
    ImperialAssassinMove = "imperial.assassin.move",
    ImperialSummonerPlace = "imperial.summoner.place",
    ImperialHypnotistColor = "imperial.hypnotist.color",
    ImperialHypnotistMove = "imperial.hypnotist.move",
    ImperialCannonAim = "imperial.cannon.aim",
    ImperialChampionDestroy = "imperial.champion.destroy",
    ImperialInfantryCaptainMove = "imperial.infantry_captain.move",
    ImperialCavalryCaptainMoveAgain = "imperial.cavalry_captain.move_again",
    ImperialCavalryCaptainMove = "imperial.cavalry_captain.move",
    ImperialGryphonRiderLeap = "imperial.gryphon_rider.leap",
    ImperialGryphonRiderDismount = "imperial.gryphon_rider.dismount",
    ImperialGryphonRiderPlace = "imperial.gryphon_rider.place",
    ImperialKnightMove = "imperial.knight.move",
    ImperialHighPriestessMove = "imperial.high_priestess.move",
    ImperialHighPriestessUpgrade = "imperial.high_priestess.upgrade",
    ImperialMasterOfIntrigueMove = "imperial.master_of_intrigue.move",
    ImperialGunTowerAim = "imperial.gun_tower.aim",
    // legends
    LegendsFireDragonAim = "legends.fire_dragon.aim",
    LegendsHellBullCharge = "legends.hell_bull.charge",
    LegendsAngelOfDeathPick = "legends.angel_of_death.pick",
    LegendsTheEldestTreeSquare = "legends.the_eldest_tree.square",
    LegendsBoneCatapultAim = "legends.bone_catapult.aim",
    LegendsFireElementalOption = "legends.fire_elemental.option",
    LegendsLeviathanOption = "legends.leviathan.option",
    LegendsLeviathanDowngrade = "legends.leviathan.downgrade",
    LegendsLeviathanDestroy = "legends.leviathan.destroy",
    LegendsTwoHeadedDragonUpgrade = "legends.two_headed_dragon.upgrade",
    LegendsTwoHeadedDragonDestroy = "legends.two_headed_dragon.destroy",
    LegendsEarthElementalDestroy = "legends.earth_elemental.destroy",
    LegendsEarthElementalUpgrade = "legends.earth_elemental.upgrade",
    LegendsEarthElementalMove = "legends.earth_elemental.move",
    LegendsStormElementalRank = "legends.storm_elemental.rank",
    LegendsStormElementalPlace = "legends.storm_elemental.place",
    LegendsStormElementalMove = "legends.storm_elemental.move",
    // nethervoid
    NethervoidShadowImpMove = "nethervoid.shadow_imp.move",
    NethervoidShadowImpGatewayMove = "nethervoid.shadow_imp.gateway_move",
    NethervoidFlameImpDestroy = "nethervoid.flame_imp.destroy",
    NethervoidGateKeeperOption = "nethervoid.gate_keeper.option",
    NethervoidGateKeeperUpgrade = "nethervoid.gate_keeper.upgrade",
    NethervoidGateKeeperPlace = "nethervoid.gate_keeper.place",
    NethervoidDemonOfGluttonyMove = "nethervoid.demon_of_gluttony.move",
    NethervoidDemonOfGluttonySecondMove = "nethervoid.demon_of_gluttony.second_move",
    NethervoidDemonOfPrideMove = "nethervoid.demon_of_pride.move",
    NethervoidAcolyteOfDestructionDestroy = "nethervoid.acolyte_of_destruction.destroy",
    NethervoidAcolyteOfDestructionDestroyHeroic = "nethervoid.acolyte_of_destruction.destroy_heroic",
    NethervoidAcolyteOfGrowthPlace = "nethervoid.acolyte_of_growth.place",
    NethervoidAcolyteOfGrowthPlaceHeroic = "nethervoid.acolyte_of_growth.place_heroic",
    NethervoidPowerSeekerStandardMove = "nethervoid.power_seeker.standard_move",
    NethervoidPowerSeekerCombatMove = "nethervoid.power_seeker.combat_move",
    NethervoidHellHoundDestroy = "nethervoid.hell_hound.destroy",
    NethervoidVortexmasterGatewayMove = "nethervoid.vortexmaster.gateway_move",
    NethervoidVortexmasterMove = "nethervoid.vortexmaster.move",
    NethervoidGateMasterGateway = "nethervoid.gate_master.gateway",
    NethervoidHellRiderMove = "nethervoid.hell_rider.move",
    NethervoidDemonOfWrathMove = "nethervoid.demon_of_wrath.move",
    NethervoidDemonOfGreedDestroyCommon = "nethervoid.demon_of_greed.destroy_common",
    NethervoidDemonOfGreedDestroyHeroic = "nethervoid.demon_of_greed.destroy_heroic",
    NethervoidDemonOfLustMove = "nethervoid.demon_of_lust.move",
    NethervoidDemonOfEnvyPlace = "nethervoid.demon_of_envy.place",
    NethervoidPossessedSummonerColor = "nethervoid.possessed_summoner.color",
    NethervoidPossessedSummonerPlace = "nethervoid.possessed_summoner.place",
    NethervoidPossessedSummonerDiscard = "nethervoid.possessed_summoner.discard",
    // sylvan
    SylvanKiskinFarseedersPlace = "sylvan.kiskin_farseeders.place",
    SylvanChargingBuckLeap = "sylvan.charging_buck.leap",
    SylvanForestWardensDestroyCommon = "sylvan.forest_wardens.destroy_common",
    SylvanForestWardensDestroyHeroic = "sylvan.forest_wardens.destroy_heroic",
    SylvanNaiadMove = "sylvan.naiad.move",
    SylvanKiskinSpiritCard = "sylvan.kiskin_spirit.card",
    SylvanDryadConvert = "sylvan.dryad.convert",
    SylvanCentaurSpearmanMove = "sylvan.centaur_spearman.move",
    SylvanCentaurChieftainMove = "sylvan.centaur_chieftain.move",
    SylvanCentaurChieftainMoveOther = "sylvan.centaur_chieftain.move_other",
    SylvanUnicornMoveOrAction = "sylvan.unicorn.move_or_action",
    SylvanSylvanQueenConvert = "sylvan.sylvan_queen.convert",
    SylvanSylvanPrincessConvert = "sylvan.sylvan_princess.convert",
    SylvanWoodlandDruidUpgradeOwn = "sylvan.woodland_druid.upgrade_own",
    SylvanWoodlandDruidUpgradeEnemy = "sylvan.woodland_druid.upgrade_enemy",
    SylvanForestAncientColor = "sylvan.forest_ancient.color",
    SylvanForestAncientPlace = "sylvan.forest_ancient.place",
    SylvanForestAncientDestroy = "sylvan.forest_ancient.destroy",
    SylvanKiskinLeafsplitterAim = "sylvan.kiskin_leafsplitter.aim",
    SylvanKiskinBoughrunnerMove = "sylvan.kiskin_boughrunner.move",
    SylvanTreeShepherdPick = "sylvan.tree_shepherd.pick",
    SylvanTreeShepherdMove = "sylvan.tree_shepherd.move",
    // frozen
    FrozenKeep = "frozen.keep",
    // game
    GameClaim = "game.claim",
    GameStartPiece = "game.start_piece",
    GameImprovise = "game.improvise",
    GameScoreUnpaired = "game.score_unpaired",
    GameScoreLegend = "game.score_legend",
    GameTeammatePlace = "game.teammate_place",
    GamePlacing = "game.placing",
}

impl Step {
    /// The step with this id.
    pub fn from_id(id: &str) -> Option<Step> {
        Step::ALL.iter().copied().find(|s| s.id() == id)
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        let id = std::borrow::Cow::<str>::deserialize(d)?;
        Step::from_id(&id).ok_or_else(|| serde::de::Error::custom(format_args!("no such step: {id:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;
    use std::collections::BTreeSet;

    #[test]
    fn every_step_id_is_unique_well_formed_and_names_its_card() {
        let mut seen = BTreeSet::new();
        for &s in Step::ALL {
            let id = s.id();
            assert!(seen.insert(id), "{id} declared twice");
            let parts: Vec<&str> = id.split('.').collect();
            assert!(
                parts.len() >= 2
                    && parts.iter().all(|p| {
                        !p.is_empty()
                            && p.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                            && !p.starts_with('_')
                            && !p.ends_with('_')
                    }),
                "{id} is not lower case words joined by dots and underscores"
            );
            // a card's step starts with the card's id; the rest are the engine's
            let (owner, _) = id.rsplit_once('.').unwrap();
            assert!(
                ["flares", "frozen", "game"].contains(&owner) || CardId::parse(owner).is_some(),
                "{id}: {owner} is neither a card nor one of the engine's prefixes"
            );
            // the variant's name is the id in camel case, so either finds the other
            let camel: String = id.split(['.', '_']).map(|w| w[..1].to_uppercase() + &w[1..]).collect();
            assert_eq!(s.name(), camel, "{id}");
            assert_eq!(Step::from_id(id), Some(s));
        }
        assert!(std::mem::size_of::<crate::effect::Ask>() <= 2, "Ask stays small");
    }

    /// Every declared step is asked somewhere in the engine's source (a step
    /// no card asks would be words nobody reads).
    #[test]
    fn every_step_is_asked_somewhere() {
        let src = concat!(
            include_str!("cards/etherweave.rs"),
            include_str!("cards/everfrost.rs"),
            include_str!("cards/flares.rs"),
            include_str!("cards/highland.rs"),
            include_str!("cards/imperial.rs"),
            include_str!("cards/legends.rs"),
            include_str!("cards/nethervoid.rs"),
            include_str!("cards/sylvan.rs"),
            include_str!("frozen.rs"),
            include_str!("game.rs"),
        );
        for &s in Step::ALL {
            let name = s.name();
            let used = src
                .match_indices(name)
                .any(|(at, _)| !src[at + name.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'));
            assert!(used, "{} ({name}) is never asked", s.id());
        }
    }

    #[test]
    fn a_step_is_its_id_in_json() {
        let s = Step::ImperialCannonAim;
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"imperial.cannon.aim\"");
        assert_eq!(serde_json::from_str::<Step>("\"imperial.cannon.aim\"").unwrap(), s);
        assert!(serde_json::from_str::<Step>("\"imperial.cannon.fire\"").is_err());
    }
}
