//! `tash-kalar learn`: lists the lessons, refuses an illegal choice, and
//! says the goal is met when the learner's choices meet it.

use std::io::Write;
use std::process::{Command, Stdio};

fn learn(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tash-kalar"))
        .arg("learn")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap())
}

#[test]
fn lists_the_lessons_in_order() {
    let (ok, out) = learn(&["--lang", "en"], "");
    assert!(ok);
    let ids: Vec<&str> = out.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(&ids[..3], ["placing", "summoning", "destroying"]);
}

#[test]
fn the_first_lesson_is_completed_in_the_terminal() {
    let (ok, out) = learn(&["placing", "--lang", "en"], "hint\nplace a1\nplace e5\n");
    assert!(ok, "{out}");
    assert!(out.contains("Choose \"place\" and then the square."));
    assert!(out.contains("“place a1” is not a choice you can make here."));
    assert!(out.ends_with("Well done: the goal is met.\n"), "{out}");
}

#[test]
fn summoning_the_knight_is_judged_in_spanish() {
    let (ok, out) = learn(&["summoning", "--lang", "es"], "summon imperial.knight e5 r0\n");
    assert!(ok, "{out}");
    assert!(out.starts_with("Patrones e invocación\n"), "{out}");
    assert!(out.contains("Bien hecho: has cumplido el objetivo."), "{out}");
}

#[test]
fn an_unknown_lesson_is_an_error() {
    let (ok, out) = learn(&["nonesuch"], "");
    assert!(!ok);
    assert!(out.contains("no lesson \"nonesuch\""), "{out}");
}

#[test]
fn the_high_form_lesson_claims_a_task_in_czech() {
    let (ok, out) = learn(&["high-form", "--lang", "cs"], "place e5\nplace a3\nend\nclaim tasks.center_cross\n");
    assert!(ok, "{out}");
    assert!(out.starts_with("Vznešená hra a její úkoly\n"), "{out}");
    assert!(out.contains("claim tasks.center_cross, skip"), "{out}");
    assert!(out.ends_with("Výborně: cíl je splněn.\n"), "{out}");
}

#[test]
fn the_list_names_every_lesson_the_crate_ships() {
    let (ok, out) = learn(&["--lang", "en"], "");
    assert!(ok);
    let ids: Vec<&str> = out.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    let shipped: Vec<String> = tash_kalar_learn::lessons().into_iter().map(|l| l.id).collect();
    assert_eq!(ids, shipped);
    assert!(ids.contains(&"high-form"));
}

#[test]
fn invoking_a_flare_meets_the_flares_lesson_in_spanish() {
    let (ok, out) = learn(&["flares", "--lang", "es"], "flare r\n");
    assert!(ok, "{out}");
    assert!(out.starts_with("Estallidos\n"), "{out}");
    assert!(out.ends_with("Bien hecho: has cumplido el objetivo.\n"), "{out}");
}

#[test]
fn the_lessons_follow_the_guidebooks_order() {
    let (ok, out) = learn(&["--lang", "en"], "");
    assert!(ok);
    let ids: Vec<&str> = out.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    let want = ["legends", "flares", "high-form", "scoring", "melee", "frozen-cards", "gateway", "warps"];
    let at: Vec<usize> = want.iter().map(|w| ids.iter().position(|i| i == w).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
}

#[test]
fn the_melee_lesson_scores_in_brown() {
    let (ok, out) = learn(&["melee", "--lang", "en"], "summon imperial.knight e5 r0\ne5-e6\n");
    assert!(ok, "{out}");
    assert!(out.ends_with("Well done: the goal is met.\n"), "{out}");
}

#[test]
fn the_expansion_lessons_come_last_in_the_list() {
    let (ok, out) = learn(&["--lang", "en"], "");
    assert!(ok);
    let ids: Vec<&str> = out.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(ids[ids.len() - 3..], ["frozen-cards", "gateway", "warps"]);
    assert!(out.contains("warps  Warps (Etherweave)"), "{out}");
}

#[test]
fn the_frozen_card_is_frozen_shown_and_thawed() {
    let (ok, out) = learn(&["frozen-cards", "--lang", "en"], "summon everfrost.crystal_grower e5 r0\ng5\nthaw\nd4\n");
    assert!(ok, "{out}");
    assert!(out.starts_with("Frozen cards (Everfrost)\n"), "{out}");
    // the second step shows the card lying in front of the learner, and "thaw" among the choices
    let second = out.split("Thaw the frozen Crystal Grower.").nth(1).expect("the second step");
    assert!(second.contains("frozen: Crystal Grower"), "{second}");
    assert!(second.contains(", thaw"), "{second}");
    assert_eq!(out.matches("Well done: the goal is met.").count(), 2, "{out}");
}

#[test]
fn the_gateway_is_marked_on_the_board_in_spanish() {
    let (ok, out) = learn(
        &["gateway", "--lang", "es"],
        "summon nethervoid.flame_imp e5 r0\nskip\nsummon nethervoid.flame_imp d3 r0\nf6\n",
    );
    assert!(ok, "{out}");
    assert!(out.starts_with("El Portal (Vacío Abisal)\n"), "{out}");
    assert!(out.contains(" o@ "), "{out}");
    assert!(out.contains("Portal en e5"), "{out}");
    assert!(out.ends_with("Bien hecho: has cumplido el objetivo.\n"), "{out}");
}

#[test]
fn a_warp_then_the_pending_being_summoned_in_czech() {
    let (ok, out) = learn(
        &["warps", "--lang", "cs"],
        "place c5\nwarp etherweave.lesser_shadow_twin\ne4\nsummon etherweave.lesser_shadow_twin d5 r0\n",
    );
    assert!(ok, "{out}");
    assert!(out.starts_with("Efekty zkřivení (Éterotkaní)\n"), "{out}");
    // placing a piece is not the warp: the first step goes on, then the warp meets it
    let first = out.split("Vyvolej svou čekající bytost").next().unwrap();
    assert_eq!(first.matches("Výborně: cíl je splněn.").count(), 1, "{first}");
    assert!(out.contains("čekající bytost: Menší stínové dvojče"), "{out}");
    assert!(out.ends_with("Výborně: cíl je splněn.\n"), "{out}");
}
