//! Tests of the High Form's tasks and task board, and of the first game:
//! each task met and just missed, turn-counting tasks met by playing
//! cards, the task deck rules over many seeds, claiming, scoring and the end.

mod common;
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::tasks::{enemies_on_board, TaskBoard, TaskDeck};
use tash_kalar_rules::{
    tasks_met_on_board, Actor, Board, CardId, Choice, Color, Deck, Form, Game, Phase, Position, Rank, School, TaskId,
    TaskType,
};

// ----- helpers -----

fn task(id: &str) -> TaskId {
    TaskId::parse(id).unwrap_or_else(|| panic!("unknown task {id}"))
}

/// A board from pieces written `square:piece`, e.g. `e5:b+`.
fn pieces(list: &[&str]) -> Board {
    board_of(&list.join(" "))
}

/// Whether blue meets a board-judged task against red on these pieces.
fn blue_meets(id: &str, list: &[&str]) -> bool {
    task(id).met_on_board(&pieces(list), Color::Blue, &[Color::Red]).expect("a board-judged task")
}

/// A position of `form` on `list`: blue (seat 0) to act with 2 actions and
/// `cards` in hand; current tasks and the next task as given, an empty deck.
fn position(form: Form, list: &[&str], cards: &[&str], current: &[&str], next: Option<&str>) -> Position {
    let mut p = Position::for_form(form, &pieces(list).to_text()).unwrap();
    give(&mut p, 0, cards);
    let tb = p.tasks.as_mut().unwrap();
    tb.current = current.iter().map(|id| task(id)).collect();
    tb.next = next.map(task);
    p
}

fn high_form(list: &[&str], cards: &[&str], current: &[&str]) -> Game {
    position(Form::HighForm, list, cards, current, None).to_game().unwrap()
}

fn tb(g: &Game) -> &TaskBoard {
    g.tasks().expect("a task form")
}

fn claim_texts(g: &Game) -> Vec<String> {
    texts(g).into_iter().filter(|t| t.starts_with("claim")).collect()
}

// ----- the definitions -----

#[test]
fn the_24_tasks_have_the_reference_types_points_and_advanced_flags() {
    let expect: [(&str, TaskType, bool, u8); 24] = [
        ("tasks.destruction", TaskType::Destroy, false, 1),
        ("tasks.devastation", TaskType::Destroy, false, 2),
        ("tasks.heroic_destruction", TaskType::Destroy, false, 2),
        ("tasks.heroic_devastation", TaskType::Destroy, true, 3),
        ("tasks.end_of_legends", TaskType::Destroy, true, 2),
        ("tasks.red_conquest", TaskType::Squares, false, 2),
        ("tasks.green_conquest", TaskType::Squares, false, 2),
        ("tasks.color_conquest", TaskType::Squares, false, 3),
        ("tasks.red_legends", TaskType::Squares, true, 3),
        ("tasks.green_legends", TaskType::Squares, true, 3),
        ("tasks.rainbow_dominance", TaskType::Squares, false, 2),
        ("tasks.red_summoning", TaskType::Summon, false, 1),
        ("tasks.green_summoning", TaskType::Summon, false, 1),
        ("tasks.colored_summoning", TaskType::Summon, false, 2),
        ("tasks.legendary_summoning", TaskType::Summon, true, 2),
        ("tasks.central_dominance", TaskType::Formation, false, 1),
        ("tasks.center_cross", TaskType::Formation, false, 2),
        ("tasks.line_dominance", TaskType::Formation, false, 2),
        ("tasks.diagonals", TaskType::Formation, true, 3),
        ("tasks.side_chain", TaskType::Formation, false, 3),
        ("tasks.corner_chain", TaskType::Formation, false, 3),
        ("tasks.imprisonment", TaskType::Enemy, false, 1),
        ("tasks.envelopment", TaskType::Enemy, true, 2),
        ("tasks.isolation", TaskType::Enemy, true, 2),
    ];
    let all: Vec<TaskId> = TaskId::all().collect();
    assert_eq!(all.len(), 24);
    for (t, (id, kind, advanced, points)) in all.iter().zip(expect) {
        let d = t.def();
        assert_eq!((d.id, d.kind, d.advanced, d.points), (id, kind, advanced, points));
        assert!(!d.text.is_empty() && !d.name.is_empty());
        // board-judged exactly for squares, formation and enemy tasks
        let judged = t.met_on_board(&Board::empty(), Color::Blue, &[Color::Red]).is_some();
        assert_eq!(judged, kind.is_board_judged(), "{id}");
    }
}

// ----- squares tasks (red c2 d8 e5 h4, green a5 c7 f2 g7 i6) -----

#[test]
fn red_conquest() {
    assert!(blue_meets("tasks.red_conquest", &["c2:b+", "d8:b*", "e5:b"]));
    // a rank too low: only 1 upgraded
    assert!(!blue_meets("tasks.red_conquest", &["c2:b+", "d8:b", "e5:b"]));
    // one square off: e6 is not red
    assert!(!blue_meets("tasks.red_conquest", &["c2:b+", "d8:b+", "e6:b"]));
    // enemy pieces on red squares are not yours
    assert!(!blue_meets("tasks.red_conquest", &["c2:b+", "d8:b+", "e5:r"]));
}

#[test]
fn green_conquest() {
    assert!(blue_meets("tasks.green_conquest", &["a5:b+", "c7:b+", "f2:b"]));
    assert!(!blue_meets("tasks.green_conquest", &["a5:b+", "c7:b", "f2:b", "g7:b"]), "1 upgraded");
    assert!(!blue_meets("tasks.green_conquest", &["a5:b+", "c7:b+", "f3:b"]), "one square off");
}

#[test]
fn color_conquest_mixes_red_and_green_squares() {
    let five = ["c2:b+", "d8:b+", "a5:b+", "c7:b", "f2:b"];
    assert!(blue_meets("tasks.color_conquest", &five));
    assert!(!blue_meets("tasks.color_conquest", &["c2:b+", "d8:b+", "a5:b+", "c7:b", "f3:b"]), "4 on colors");
    assert!(!blue_meets("tasks.color_conquest", &["c2:b+", "d8:b+", "a5:b", "c7:b", "f2:b"]), "2 upgraded");
}

#[test]
fn red_and_green_legends_need_a_legendary_piece_among_two_upgraded() {
    assert!(blue_meets("tasks.red_legends", &["c2:b*", "h4:b+"]));
    assert!(!blue_meets("tasks.red_legends", &["c2:b+", "h4:b+"]), "no legendary");
    assert!(!blue_meets("tasks.red_legends", &["c2:b*", "h4:b"]), "the other is common");
    assert!(!blue_meets("tasks.red_legends", &["c2:b*", "h5:b+"]), "one square off");
    assert!(blue_meets("tasks.green_legends", &["i6:b*", "g7:b*"]));
    assert!(!blue_meets("tasks.green_legends", &["i6:b*", "c2:b+"]), "c2 is red, not green");
    assert!(!blue_meets("tasks.green_legends", &["i6:b+", "g7:b+", "a5:b+"]), "no legendary");
}

#[test]
fn rainbow_dominance_compares_upgraded_pieces_strictly() {
    assert!(blue_meets("tasks.rainbow_dominance", &["c2:b+", "d8:b+", "e5:r+", "a5:b+"]));
    // red squares: 1 against 1 is not more
    assert!(!blue_meets("tasks.rainbow_dominance", &["c2:b+", "e5:r+", "a5:b+"]));
    // green squares: 0 against 0 fails
    assert!(!blue_meets("tasks.rainbow_dominance", &["c2:b+"]));
    // common pieces do not count on either side
    assert!(!blue_meets("tasks.rainbow_dominance", &["c2:b+", "a5:b"]));
    assert!(blue_meets("tasks.rainbow_dominance", &["c2:b+", "a5:b+", "e5:r", "c7:r"]));
}

// ----- formation tasks -----

#[test]
fn central_dominance() {
    let five = ["d4:b+", "e5:b+", "d6:b", "f4:b", "f6:b"];
    assert!(blue_meets("tasks.central_dominance", &five));
    assert!(!blue_meets("tasks.central_dominance", &["c4:b+", "e5:b+", "d6:b", "f4:b", "f6:b"]), "c4 is outside");
    assert!(!blue_meets("tasks.central_dominance", &["d4:b", "e5:b+", "d6:b", "f4:b", "f6:b"]), "1 upgraded");
    // enemy pieces in the center do not matter
    assert!(blue_meets("tasks.central_dominance", &["d4:b+", "e5:b+", "d6:b", "f4:b", "f6:b", "e4:r*", "e6:r*"]));
}

#[test]
fn center_cross_is_a_plus_or_an_x_on_e5() {
    assert!(blue_meets("tasks.center_cross", &["e5:b", "d5:b", "f5:b", "e4:b", "e6:b"]));
    assert!(blue_meets("tasks.center_cross", &["e5:b", "d4:b", "f4:b", "d6:b", "f6:b"]));
    assert!(!blue_meets("tasks.center_cross", &["e5:b", "d5:b", "f5:b", "e4:b", "e6:r"]), "an enemy piece");
    assert!(!blue_meets("tasks.center_cross", &["e5:b", "d5:b", "f5:b", "d4:b", "f6:b"]), "half and half");
    // the shape does not slide away from e5
    assert!(!blue_meets("tasks.center_cross", &["f5:b", "e5:b", "g5:b", "f4:b", "f6:b"]));
}

#[test]
fn line_dominance_counts_your_pieces_minus_the_enemy_on_a_central_line() {
    let row5 = ["a5:b", "b5:b", "c5:b", "d5:b", "e5:b", "f5:b"];
    assert!(blue_meets("tasks.line_dominance", &row5));
    let mut with_enemy = row5.to_vec();
    with_enemy.push("i5:r");
    assert!(!blue_meets("tasks.line_dominance", &with_enemy), "6 - 1 = 5");
    with_enemy.push("g5:b");
    assert!(blue_meets("tasks.line_dominance", &with_enemy), "7 - 1 = 6");
    // column e
    assert!(blue_meets("tasks.line_dominance", &["e1:b", "e2:b", "e3:b", "e4:b", "e7:b", "e9:b"]));
    // row 3 does not pass through the central squares
    assert!(!blue_meets("tasks.line_dominance", &["a3:b", "b3:b", "c3:b", "d3:b", "e3:b", "f3:b", "g3:b"]));
    // 5 on a line is one short
    assert!(!blue_meets("tasks.line_dominance", &["a5:b", "b5:b", "c5:b", "d5:b", "e5:b"]));
}

#[test]
fn diagonals_share_e5() {
    let both = ["b2:b", "c3:b", "d4:b", "e5:b+", "b8:b", "c7:b", "d6:b"];
    assert!(blue_meets("tasks.diagonals", &both));
    assert!(!blue_meets("tasks.diagonals", &["b2:b", "c3:b", "d4:b", "e5:b", "b8:b", "c7:b", "d6:b"]), "no upgraded");
    assert!(!blue_meets("tasks.diagonals", &["b2:b", "c3:b", "d4:b", "e5:b+", "c7:b", "d6:b"]), "3 on b8-h2");
    assert!(
        !blue_meets("tasks.diagonals", &["b2:b", "c3:b", "d4:b", "e5:b+", "b7:b", "c7:b", "d6:b"]),
        "b7 is off the diagonal"
    );
    assert!(blue_meets("tasks.diagonals", &["b2:b", "c3:b", "g7:b", "h8:b+", "b8:b+", "g3:b", "h2:b", "f4:b"]));
}

#[test]
fn side_chain_links_opposite_sides_through_adjacent_pieces() {
    let row5 = ["a5:b", "b5:b", "c5:b", "d5:b", "e5:b", "f5:b", "g5:b", "h5:b", "i5:b"];
    assert!(blue_meets("tasks.side_chain", &row5));
    // an enemy piece breaks the chain
    let mut broken = row5.to_vec();
    broken[4] = "e5:r";
    assert!(!blue_meets("tasks.side_chain", &broken));
    // one square off: the chain starts on b5, not on the west side
    assert!(!blue_meets("tasks.side_chain", &row5[1..]));
    // a zigzag of diagonal steps, south c1 to north g9 (any ranks)
    let zig = ["c1:b", "d2:b+", "c3:b", "d4:b*", "e5:b", "d6:b", "e7:b", "f8:b", "g9:b"];
    assert!(blue_meets("tasks.side_chain", &zig));
    // chains of the enemy's pieces are not yours
    let red: Vec<String> = row5.iter().map(|s| s.replace(":b", ":r")).collect();
    assert!(!blue_meets("tasks.side_chain", &red.iter().map(String::as_str).collect::<Vec<_>>()));
}

#[test]
fn corner_chain_links_opposite_cut_corners() {
    let rising = ["b2:b", "c3:b", "d4:b", "e5:b", "f6:b", "g7:b", "h8:b"];
    assert!(blue_meets("tasks.corner_chain", &rising));
    assert!(blue_meets("tasks.corner_chain", &["b8:b", "c7:b", "d6:b", "e5:b", "f4:b", "g3:b", "i3:b", "h3:b"]));
    let mut broken = rising.to_vec();
    broken[3] = "e5:r";
    assert!(!blue_meets("tasks.corner_chain", &broken), "d4 and f6 are not adjacent");
    // row 3 links a3 (west side, south-west corner) with i3 (east side,
    // south-east corner): a side chain, but the corners are not opposite
    let row3 = ["a3:b", "b3:b", "c3:b", "d3:b", "e3:b", "f3:b", "g3:b", "h3:b", "i3:b"];
    assert!(blue_meets("tasks.side_chain", &row3));
    assert!(!blue_meets("tasks.corner_chain", &row3));
    // one square off the corner: c2 is not in the south-west corner
    assert!(!blue_meets("tasks.corner_chain", &["c2:b", "c3:b", "d4:b", "e5:b", "f6:b", "g7:b", "h8:b"]));
}

// ----- enemy tasks -----

const AROUND_E5: [&str; 8] = ["d4:b", "e4:b", "f4:b", "d5:b", "f5:b", "d6:b", "e6:b", "f6:b"];

fn around_e5(n: usize, centre: &str) -> Vec<&str> {
    let mut v = AROUND_E5[..n].to_vec();
    v.push(centre);
    v
}

#[test]
fn imprisonment_needs_6_of_your_pieces_around_an_enemy_piece() {
    assert!(blue_meets("tasks.imprisonment", &around_e5(6, "e5:r")));
    assert!(!blue_meets("tasks.imprisonment", &around_e5(5, "e5:r")), "one piece short");
    // an enemy legendary piece can be the prisoner
    assert!(blue_meets("tasks.imprisonment", &around_e5(6, "e5:r*")));
    // your own piece in the middle is no prisoner
    assert!(!blue_meets("tasks.imprisonment", &around_e5(8, "e5:b")));
    // an enemy piece among the 6 does not count as yours
    let mut v = around_e5(6, "e5:r");
    v[0] = "d4:r";
    assert!(!blue_meets("tasks.imprisonment", &v));
    // a5 has only 5 neighbours on the board
    assert!(!blue_meets("tasks.imprisonment", &["a5:r", "a4:b", "a6:b", "b4:b", "b5:b", "b6:b"]));
}

#[test]
fn envelopment_needs_7() {
    assert!(blue_meets("tasks.envelopment", &around_e5(7, "e5:r+")));
    assert!(!blue_meets("tasks.envelopment", &around_e5(6, "e5:r+")), "one piece short");
    assert!(blue_meets("tasks.envelopment", &around_e5(8, "e5:r")));
}

#[test]
fn isolation_needs_an_enemy_piece_two_squares_away_that_cannot_come_near_in_3_moves() {
    // P on e5 walled in, Q on e7 at distance 2
    let walled = around_e5(8, "e5:r");
    let mut v = walled.clone();
    v.push("e7:r");
    assert!(blue_meets("tasks.isolation", &v));
    // a lone walled piece: no enemy piece within 2 squares
    let mut lone = walled.clone();
    lone.push("e8:r");
    assert!(!blue_meets("tasks.isolation", &lone));
    // the wall has a gap on d6, next to Q: one move brings P next to Q
    let mut gap = v.clone();
    gap.retain(|s| *s != "d6:b");
    assert!(!blue_meets("tasks.isolation", &gap));
    // an enemy piece in the wall is already adjacent to P
    let mut touching = v.clone();
    touching[0] = "d4:r";
    assert!(!blue_meets("tasks.isolation", &touching));
    // a gap on f5 leads east: f5, g6, then f7 touches Q in 3 moves
    let corridor: Vec<&str> = ["d4:b", "e4:b", "f4:b", "d5:b", "d6:b", "e6:b", "f6:b", "e5:r", "e7:r"].to_vec();
    assert!(!blue_meets("tasks.isolation", &corridor));
    // with f7 closed, the nearest square next to Q (f8) is 4 moves away
    let mut closed = corridor.clone();
    closed.push("f7:b");
    assert!(blue_meets("tasks.isolation", &closed));
    // a piece of another enemy color counts as an enemy piece too
    assert!(
        task("tasks.isolation").met_on_board(&pieces(&closed), Color::Blue, &[Color::Red, Color::Green]) == Some(true)
    );
}

// ----- the board-judged listing (the CLI's `tasks --board --color`) -----

#[test]
fn tasks_met_on_board_lists_ids_alphabetically() {
    let b = pieces(&["e5:b", "d5:b", "f5:b", "e4:b", "e6:b", "d4:b+", "f6:b+", "c2:b+", "d8:b+", "h4:b"]);
    let ids: Vec<&str> =
        tasks_met_on_board(&b, Color::Blue, &enemies_on_board(&b, Color::Blue)).iter().map(|t| t.def().id).collect();
    assert_eq!(ids, ["tasks.center_cross", "tasks.central_dominance", "tasks.red_conquest"]);
    assert!(tasks_met_on_board(&b, Color::Red, &[Color::Blue]).is_empty());
    assert!(tasks_met_on_board(&Board::empty(), Color::Blue, &[]).is_empty());
    assert_eq!(enemies_on_board(&pieces(&["a5:r", "c7:n", "e5:b"]), Color::Blue), [Color::Red, Color::Brown]);
}

// ----- turn-counting tasks, judged from a turn record -----

#[test]
fn destroy_tasks_count_enemy_pieces_by_rank_when_destroyed() {
    let g = high_form(&[], &[], &[]);
    let judge = |id: &str, common: u8, heroic: u8, legendary: u8| {
        let mut t = g.turn().clone();
        t.destroyed[Color::Red.index()] = [common, heroic, legendary];
        // the active player's own pieces never count
        t.destroyed[Color::Blue.index()] = [9, 9, 9];
        task(id).met(g.board(), Color::Blue, &[Color::Red], &t)
    };
    assert!(judge("tasks.destruction", 3, 0, 0));
    assert!(!judge("tasks.destruction", 2, 0, 0));
    assert!(judge("tasks.devastation", 2, 1, 1));
    assert!(!judge("tasks.devastation", 3, 0, 0));
    assert!(judge("tasks.heroic_destruction", 2, 1, 0));
    assert!(!judge("tasks.heroic_destruction", 3, 0, 0), "none upgraded");
    assert!(!judge("tasks.heroic_destruction", 1, 1, 0), "2 in all");
    assert!(judge("tasks.heroic_devastation", 2, 1, 1));
    assert!(!judge("tasks.heroic_devastation", 3, 1, 0), "1 upgraded");
    assert!(!judge("tasks.heroic_devastation", 0, 3, 0), "3 in all");
    assert!(judge("tasks.end_of_legends", 0, 0, 1));
    assert!(judge("tasks.end_of_legends", 0, 1, 1));
    assert!(judge("tasks.end_of_legends", 0, 2, 0));
    assert!(!judge("tasks.end_of_legends", 5, 1, 0), "one heroic; commons never count");
}

#[test]
fn summon_tasks_count_summoning_squares_and_legends() {
    let g = high_form(&[], &[], &[]);
    let judge = |id: &str, summons: &[(&str, &str)]| {
        let mut t = g.turn().clone();
        for &(card, at) in summons {
            t.summoned.push(tash_kalar_rules::Summoned::new(CardId::parse(card).unwrap(), sq(at)));
        }
        task(id).met(g.board(), Color::Blue, &[Color::Red], &t)
    };
    let k = "imperial.knight";
    let s = "imperial.swordmaster";
    assert!(judge("tasks.red_summoning", &[(k, "e5"), (s, "a4")]));
    assert!(!judge("tasks.red_summoning", &[(k, "e5")]), "one being");
    assert!(!judge("tasks.red_summoning", &[(k, "e6"), (s, "a5")]), "a5 is green");
    assert!(judge("tasks.green_summoning", &[(k, "a5"), (s, "a4")]));
    assert!(!judge("tasks.green_summoning", &[(k, "c2"), (s, "a4")]));
    assert!(judge("tasks.colored_summoning", &[(k, "c2"), (s, "i6")]));
    assert!(judge("tasks.colored_summoning", &[(k, "e5"), (s, "e5")]), "the same square twice");
    assert!(!judge("tasks.colored_summoning", &[(k, "e5"), (s, "e6")]));
    assert!(judge("tasks.legendary_summoning", &[("legends.titan", "e6"), (s, "a4")]));
    assert!(!judge("tasks.legendary_summoning", &[("legends.titan", "e6")]), "one being");
    assert!(!judge("tasks.legendary_summoning", &[(k, "e6"), (s, "a4")]), "no legend");
}

// ----- turn-counting tasks, met by playing -----

/// Ends blue's turn and returns the claimable task ids.
fn end_and_claims(g: &mut Game) -> Vec<String> {
    play(g, "end");
    claim_texts(g)
}

#[test]
fn destruction_and_devastation_by_cannon_fire() {
    // Cannon on e5 (pieces d5, c4, own piece on e5) fires north over red
    // commons on e6-e9
    let board = ["e5:b", "d5:b", "c4:b", "e6:r", "e7:r", "e8:r", "e9:r"];
    let current = ["tasks.destruction", "tasks.devastation", "tasks.heroic_destruction"];
    let mut g = high_form(&board, &["imperial.cannon"], &current);
    play_all(&mut g, &["summon imperial.cannon e5 r0", "dir n", "place a5"]);
    assert_eq!(destroyed(&g, Color::Red, Rank::Common), 4);
    assert_eq!(end_and_claims(&mut g), ["claim tasks.destruction", "claim tasks.devastation"]);
    // three commons only: destruction, not devastation
    let mut g = high_form(&board[..6], &["imperial.cannon"], &current);
    play_all(&mut g, &["summon imperial.cannon e5 r0", "dir n", "place a5"]);
    assert_eq!(end_and_claims(&mut g), ["claim tasks.destruction"]);
}

#[test]
fn heroic_destruction_devastation_and_end_of_legends_by_the_knight() {
    // the Knight is summoned onto a red heroic piece on e5 and makes three
    // combat moves onto red heroic pieces
    let board = ["d4:b", "e4:b", "f4:b", "d3:b", "e5:r+", "e6:r+", "e7:r+", "e8:r+"];
    let current = ["tasks.heroic_destruction", "tasks.heroic_devastation", "tasks.end_of_legends"];
    let mut g = high_form(&board, &["imperial.knight"], &current);
    play_all(&mut g, &["summon imperial.knight e5 r0", "e5-e6", "e6-e7", "e7-e8", "place a5"]);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 4);
    assert_eq!(
        end_and_claims(&mut g),
        ["claim tasks.heroic_destruction", "claim tasks.heroic_devastation", "claim tasks.end_of_legends"]
    );
    // only the summoning onto e5: one heroic piece is not enough
    let mut g = high_form(&board, &["imperial.knight"], &current);
    play_all(&mut g, &["summon imperial.knight e5 r0", "skip", "place a5"]);
    assert_eq!(end_and_claims(&mut g), Vec::<String>::new());
    assert_eq!(g.phase(), Phase::Main, "nothing to claim: the turn passed to red");
    assert_eq!(g.turn().seat, 1);
    // two heroic pieces: end of legends, but not the 3- and 4-piece tasks
    let mut g = high_form(&board, &["imperial.knight"], &current);
    play_all(&mut g, &["summon imperial.knight e5 r0", "e5-e6", "skip", "place a5"]);
    assert_eq!(end_and_claims(&mut g), ["claim tasks.end_of_legends"]);
}

#[test]
fn end_of_legends_and_legendary_summoning_with_the_titan() {
    // the Titan is summoned onto a red legendary piece on e5 (counts), then
    // destroys its neighbours (which do not count as destroyed by you)
    let board = ["e4:b+", "e3:b+", "d2:b", "e2:b", "f2:b", "e5:r*", "e6:r+", "d6:r+", "a4:b", "a6:b"];
    let current = ["tasks.end_of_legends", "tasks.legendary_summoning", "tasks.destruction"];
    let mut g = high_form(&board, &["legends.titan", "imperial.swordmaster"], &current);
    play(&mut g, "summon legends.titan e5 r0");
    assert_eq!(at(&g, "e6"), "", "destroyed by the Titan");
    assert_eq!(destroyed(&g, Color::Red, Rank::Legendary), 1);
    assert_eq!(destroyed(&g, Color::Red, Rank::Heroic), 0, "the Titan's own destruction does not count");
    play_all(&mut g, &["summon imperial.swordmaster a5 r0"]);
    assert_eq!(end_and_claims(&mut g), ["claim tasks.end_of_legends", "claim tasks.legendary_summoning"]);
}

#[test]
fn summoning_tasks_by_playing() {
    // Swordmaster on e5 (red) between e6 and e4, then the Cannon onto the
    // Swordmaster's own square: two summonings on one red square
    let board = ["e6:b", "e4:b", "d5:b", "c4:b"];
    let current = ["tasks.red_summoning", "tasks.colored_summoning", "tasks.green_summoning"];
    let mut g = high_form(&board, &["imperial.swordmaster", "imperial.cannon"], &current);
    play_all(&mut g, &["summon imperial.swordmaster e5 r0", "summon imperial.cannon e5 r0", "skip"]);
    assert_eq!(g.turn().summoned.len(), 2);
    assert_eq!(end_and_claims(&mut g), ["claim tasks.red_summoning", "claim tasks.colored_summoning"]);
    // a place action on a green square is not a summoning
    let board = ["g8:b", "g6:b", "d5:b", "c4:b", "e5:b"];
    let mut g = high_form(&board, &["imperial.swordmaster", "imperial.cannon"], &current);
    play_all(&mut g, &["place a5", "summon imperial.swordmaster g7 r0"]);
    assert_eq!(end_and_claims(&mut g), Vec::<String>::new());
    // two summonings, one on green g7
    let mut g = high_form(&board, &["imperial.swordmaster", "imperial.cannon"], &current);
    play_all(&mut g, &["summon imperial.swordmaster g7 r0", "summon imperial.cannon e5 r0", "skip"]);
    assert_eq!(
        end_and_claims(&mut g),
        ["claim tasks.red_summoning", "claim tasks.colored_summoning", "claim tasks.green_summoning"]
    );
}

// ----- claiming -----

#[test]
fn task_choices_have_a_text_form() {
    for t in TaskId::all() {
        let claim = format!("claim {}", t.def().id);
        assert_eq!(claim.parse::<Choice>().unwrap(), Choice::Claim(t));
        assert_eq!(Choice::Claim(t).to_string(), claim);
        let draw = format!("draw {}", t.def().id);
        assert_eq!(draw.parse::<Choice>().unwrap(), Choice::DrawTask(t));
        assert_eq!(Choice::DrawTask(t).to_string(), draw);
    }
    assert_eq!(
        "draw imperial.knight".parse::<Choice>().unwrap(),
        Choice::Draw(CardId::parse("imperial.knight").unwrap())
    );
    assert!("claim imperial.knight".parse::<Choice>().is_err());
    assert!("claim".parse::<Choice>().is_err());
    assert!("claim tasks.isolation now".parse::<Choice>().is_err());
    assert!("draw tasks.nothing".parse::<Choice>().is_err());
}

#[test]
fn claims_out_of_turn_or_unmet_are_refused() {
    let cross = ["e5:b", "d5:b", "f5:b", "e4:b", "e6:b"];
    let mut g = high_form(&cross, &[], &["tasks.center_cross", "tasks.imprisonment"]);
    // not before the actions are used
    assert!(g.act_text("claim tasks.center_cross").is_err());
    assert!(g.act_text("draw tasks.isolation").is_err());
    play_all(&mut g, &["place a5", "place a4", "end"]);
    assert_eq!(g.prompt().map(|s| s.id()), Some("game.claim"));
    // a task not met, and a task not current, cannot be claimed
    assert!(g.act_text("claim tasks.imprisonment").is_err());
    assert!(g.act_text("claim tasks.side_chain").is_err());
    assert_eq!(g.phase(), Phase::Claim, "the game is unchanged");
    play(&mut g, "claim tasks.center_cross");
    assert!(g.act_text("claim tasks.center_cross").is_err(), "one claim per turn");
}

#[test]
fn claiming_is_optional_and_at_most_one_task_per_turn() {
    let cross = ["e5:b", "d5:b", "f5:b", "e4:b", "d4:b+", "f6:b+"];
    let current = ["tasks.center_cross", "tasks.central_dominance", "tasks.imprisonment"];
    let mut p = position(Form::HighForm, &cross, &[], &current, Some("tasks.side_chain"));
    p.tasks.as_mut().unwrap().deck =
        TaskDeck { top: [task("tasks.destruction")].into_iter().collect(), ..Default::default() };
    let start = p.to_game().unwrap();

    // the claim is offered only once all actions are used: e6 completes both tasks
    let mut g = start.clone();
    play_all(&mut g, &["place e6", "place a5"]);
    assert!(!legal(&g, "claim tasks.center_cross"));
    play(&mut g, "end");
    assert_eq!(g.phase(), Phase::Claim);
    assert_eq!(g.actor(), Actor::Seat(0));
    assert_eq!(texts(&g), ["claim tasks.center_cross", "claim tasks.central_dominance", "skip"]);
    play(&mut g, "claim tasks.central_dominance");
    // turning up the new next task is chance's draw
    assert_eq!(g.actor(), Actor::Chance);
    play(&mut g, "draw tasks.destruction");
    // the next task takes the claimed task's place, a new one is turned up
    let t = tb(&g);
    assert_eq!(
        t.current.as_slice(),
        [task("tasks.center_cross"), task("tasks.side_chain"), task("tasks.imprisonment")]
    );
    assert_eq!(t.next, Some(task("tasks.destruction")));
    assert!(t.deck.is_empty());
    assert_eq!(t.claimed[0].as_slice(), [task("tasks.central_dominance")]);
    assert_eq!(g.seat(0).score, 1);
    // no second claim: the turn is over
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().seat, 1);

    // declining keeps the tasks where they are
    let mut g = start.clone();
    play_all(&mut g, &["place e6", "place a5", "end", "skip"]);
    assert_eq!(tb(&g), tb(&start));
    assert_eq!(g.seat(0).score, 0);
    assert_eq!(g.turn().seat, 1);
    // and red does not meet blue's tasks: red's turn ends without a claim
    play_all(&mut g, &["place a4", "place a6", "end"]);
    assert_eq!(g.turn().seat, 0);
    // blue may claim on a later turn
    play_all(&mut g, &["place b4", "place b6", "end"]);
    assert_eq!(claim_texts(&g), ["claim tasks.center_cross", "claim tasks.central_dominance"]);
}

#[test]
fn a_claimed_task_with_no_next_task_leaves_its_place_empty() {
    let cross = ["e5:b", "d5:b", "f5:b", "e4:b", "e6:b"];
    let mut g = high_form(&cross, &[], &["tasks.center_cross", "tasks.imprisonment"]);
    play_all(&mut g, &["place a5", "place a4", "end", "claim tasks.center_cross"]);
    assert_eq!(tb(&g).current.as_slice(), [task("tasks.imprisonment")]);
    assert_eq!(tb(&g).next, None);
}

#[test]
fn the_next_task_is_moved_to_the_bottom_rather_than_make_three_of_a_type() {
    // current: two squares tasks and the claimed formation task; the deck
    // turns up a squares task (to the bottom), then an enemy task
    let cross = ["e5:b", "d5:b", "f5:b", "e4:b", "e6:b"];
    let current = ["tasks.red_conquest", "tasks.center_cross", "tasks.green_conquest"];
    let mut p = position(Form::HighForm, &cross, &[], &current, Some("tasks.destruction"));
    let deck = TaskDeck {
        shuffled: [task("tasks.color_conquest"), task("tasks.imprisonment")].into_iter().collect(),
        ..Default::default()
    };
    p.tasks.as_mut().unwrap().deck = deck;
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["place a5", "place a4", "end", "claim tasks.center_cross"]);
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(texts(&g), ["draw tasks.color_conquest", "draw tasks.imprisonment"]);
    play(&mut g, "draw tasks.color_conquest");
    let t = tb(&g);
    assert_eq!(t.next, None);
    assert_eq!(t.deck.bottom.as_slice(), [task("tasks.color_conquest")]);
    assert_eq!(texts(&g), ["draw tasks.imprisonment"]);
    play(&mut g, "draw tasks.imprisonment");
    assert_eq!(tb(&g).next, Some(task("tasks.imprisonment")));
    assert_eq!(tb(&g).deck.cards().collect::<Vec<_>>(), [task("tasks.color_conquest")]);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.turn().seat, 1);

    // if every task left would make three of a type, the last one turned up stays
    let mut p = position(Form::HighForm, &cross, &[], &current, Some("tasks.destruction"));
    p.tasks.as_mut().unwrap().deck = TaskDeck::shuffled([task("tasks.color_conquest"), task("tasks.red_legends")]);
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["place a5", "place a4", "end", "claim tasks.center_cross", "draw tasks.red_legends"]);
    assert_eq!(texts(&g), ["draw tasks.color_conquest"]);
    play(&mut g, "draw tasks.color_conquest");
    assert_eq!(g.phase(), Phase::Main, "after one pass the search stops");
    assert_eq!(tb(&g).next, Some(task("tasks.color_conquest")));
}

#[test]
fn the_first_game_puts_no_limit_on_the_next_task_type() {
    let cross = ["e5:b", "d5:b", "f5:b", "e4:b", "e6:b"];
    let current = ["tasks.red_conquest", "tasks.center_cross", "tasks.green_conquest"];
    let mut p = position(Form::FirstGame, &cross, &[], &current, Some("tasks.destruction"));
    p.tasks.as_mut().unwrap().deck = TaskDeck::shuffled([task("tasks.color_conquest"), task("tasks.imprisonment")]);
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["place a5", "place a4", "end", "claim tasks.center_cross", "draw tasks.color_conquest"]);
    assert_eq!(tb(&g).next, Some(task("tasks.color_conquest")));
}

// ----- scores -----

#[test]
fn high_form_score_is_claimed_points_plus_legendary_pieces_on_the_board() {
    // red has claimed 3 points and has legendary pieces on e6 and a5; blue
    // has one on c9
    let board = ["e4:b+", "e3:b+", "d2:b", "e2:b", "f2:b", "e6:r*", "c9:b*", "a5:r*"];
    let mut p = position(Form::HighForm, &board, &["legends.titan"], &[], None);
    p.tasks.as_mut().unwrap().claimed[1] = [task("tasks.color_conquest")].into_iter().collect();
    p.seats[1].score = 40; // ignored: scores are counted
    let mut g = p.to_game().unwrap();
    assert_eq!((g.seat(0).score, g.seat(1).score), (1, 5));
    assert_eq!(g.task_points(1), 3);
    // summoning the Titan gives no point of its own, only its piece; the
    // Titan destroys red's legendary piece on e6 (orthogonally adjacent)
    play(&mut g, "summon legends.titan e5 r0");
    assert_eq!(at(&g, "e6"), "");
    assert_eq!((g.seat(0).score, g.seat(1).score), (2, 4));
}

#[test]
fn high_form_flares_give_the_opponent_no_point() {
    let board = ["a4:r", "a5:r", "a6:r", "b4:r", "b5:r", "b6:r"];
    let mut g = high_form(&board, &["flares.01"], &[]);
    play_all(&mut g, &["flare r", "e5"]);
    assert_eq!(at(&g, "e5"), "b+");
    assert_eq!((g.seat(0).score, g.seat(1).score), (0, 0));
}

#[test]
fn destroying_pieces_scores_nothing_in_the_high_form() {
    let board = ["e5:b", "d5:b", "c4:b", "e6:r", "e7:r", "e8:r", "e9:r"];
    let mut g = high_form(&board, &["imperial.cannon"], &[]);
    play_all(&mut g, &["summon imperial.cannon e5 r0", "dir n", "place a5", "end"]);
    assert_eq!((g.seat(0).score, g.seat(1).score), (0, 0));
}

// ----- the end -----

#[test]
fn high_form_ends_at_9_points_after_a_final_round() {
    let cross = ["e5:b", "d5:b", "f5:b", "e4:b", "e6:b"];
    let mut p = position(Form::HighForm, &cross, &[], &["tasks.center_cross"], None);
    p.tasks.as_mut().unwrap().claimed[0] =
        [task("tasks.color_conquest"), task("tasks.side_chain"), task("tasks.imprisonment")].into_iter().collect();
    let mut g = p.to_game().unwrap();
    assert_eq!(g.seat(0).score, 7);
    play_all(&mut g, &["place a5", "place a4", "end", "claim tasks.center_cross"]);
    assert_eq!(g.seat(0).score, 9);
    assert_eq!(g.end_state().last, Some(0), "blue triggered the end and plays last");
    assert!(!g.is_over());
    // red's final turn, then blue's
    play_all(&mut g, &["place a6", "place b4", "end"]);
    assert!(!g.is_over());
    assert_eq!(g.turn().seat, 0);
    play_all(&mut g, &["place b5", "place b6", "end"]);
    assert!(g.is_over());
    assert_eq!(g.outcome().unwrap().winner(), Some(0));
}

#[test]
fn high_form_trigger_counts_legendary_pieces_at_the_end_of_any_turn() {
    // blue reaches 9 with 6 task points and 3 legendary pieces on red's turn
    let mut p = position(Form::HighForm, &["c9:b*", "g9:b*", "c1:b*"], &[], &[], None);
    p.tasks.as_mut().unwrap().claimed[0] =
        [task("tasks.color_conquest"), task("tasks.side_chain")].into_iter().collect();
    p.turn = 1;
    let mut g = p.to_game().unwrap();
    assert_eq!(g.seat(0).score, 9);
    play_all(&mut g, &["place a5", "place a4", "end"]);
    assert_eq!(g.end_state().last, Some(1), "the player whose turn it was plays last");
}

#[test]
fn high_form_drawing_the_last_card_triggers_a_final_round() {
    let mut p = position(Form::HighForm, &[], &[], &[], None);
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered([CardId::parse("imperial.knight").unwrap()]);
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["place a5", "place a4", "end", "draw imperial.knight"]);
    assert_eq!(g.end_state().last, Some(0));
    assert!(!g.is_over());
    assert_eq!(g.turn().seat, 1);
}

#[test]
fn the_first_game_ends_at_once_at_6_points() {
    let cross = ["e5:b", "d5:b", "f5:b", "e4:b", "e6:b"];
    let mut p = position(Form::FirstGame, &cross, &[], &["tasks.center_cross"], None);
    p.tasks.as_mut().unwrap().claimed[0] =
        [task("tasks.color_conquest"), task("tasks.destruction")].into_iter().collect();
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered([
        CardId::parse("imperial.knight").unwrap(),
        CardId::parse("imperial.cannon").unwrap(),
    ]);
    let mut g = p.to_game().unwrap();
    assert_eq!(g.seat(0).score, 4);
    play_all(&mut g, &["place a5", "place a4", "end", "claim tasks.center_cross"]);
    assert!(g.is_over(), "no final round");
    assert_eq!(g.outcome().unwrap().winner(), Some(0));
    assert_eq!(g.seat(0).beings.len(), 0, "not even the draw");
}

#[test]
fn the_first_game_ends_at_once_when_a_player_draws_their_last_card() {
    let mut p = position(Form::FirstGame, &["e5:r+"], &[], &[], None);
    p.seats[0].deck = tash_kalar_rules::pile::Pile::ordered([CardId::parse("imperial.knight").unwrap()]);
    let mut g = p.to_game().unwrap();
    play_all(&mut g, &["place a5", "place a4", "end", "draw imperial.knight"]);
    assert!(g.is_over());
    // tied at 0: red has more upgraded pieces
    assert_eq!(g.outcome().unwrap().winner(), Some(1));
}

#[test]
fn the_first_game_has_no_discard_action_and_no_legends() {
    let g = position(Form::FirstGame, &[], &["imperial.knight"], &[], None).to_game().unwrap();
    assert!(!texts(&g).iter().any(|t| t.starts_with("discard")));
    let g = high_form(&[], &["imperial.knight"], &[]);
    assert!(texts(&g).iter().any(|t| t.starts_with("discard")));
    // no legends, no legendary pieces
    assert!(position(Form::FirstGame, &[], &["legends.titan"], &[], None).to_game().is_err());
    assert!(position(Form::FirstGame, &["e5:b*"], &[], &[], None).to_game().is_err());
    assert!(position(Form::FirstGame, &[], &[], &["tasks.diagonals"], None).to_game().is_err(), "advanced");
    // a new first game deals 3 beings and 1 flare, no legends
    let mut g = Game::new(Form::FirstGame, &[School::Northern, School::Southern]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while g.actor() == Actor::Chance {
        let v = g.legal_choices();
        g.act(v[rng.gen_range(0..v.len())]).unwrap();
    }
    for s in g.seats() {
        assert!(s.legends.is_empty());
    }
    assert_eq!(g.pieces_in_play(Color::Blue), (17, 0));
    assert!(g.legend_pile().is_empty());
}

#[test]
fn the_high_form_starts_with_an_empty_board_and_17_pieces() {
    let mut g = Game::new(Form::HighForm, &[School::Northern, School::Southern]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while g.actor() == Actor::Chance {
        let v = g.legal_choices();
        g.act(v[rng.gen_range(0..v.len())]).unwrap();
    }
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.actor(), Actor::Seat(0));
    assert_eq!(g.turn().actions, 1, "the starting player has 1 action on the first turn");
    assert_eq!(g.board().occupied().count(), 0);
    assert_eq!(g.pieces_in_play(Color::Red), (17, 3));
    assert_eq!(g.supply(Color::Red, Rank::Common), 17);
    assert_eq!(g.seat(0).legends.len(), Deck::Legends.cards().len().min(2), "2 legends dealt");
    assert!(!texts(&g).iter().any(|t| t.starts_with("start")));
}

// ----- the task deck over many seeds -----

/// Plays chance's choices at random until the first turn begins.
fn set_up(form: Form, seed: u64) -> Game {
    let mut g = Game::new(form, &[School::Northern, School::Southern]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while g.actor() == Actor::Chance {
        let v = g.legal_choices();
        g.act(v[rng.gen_range(0..v.len())]).unwrap();
    }
    g
}

fn three_of_a_type(t: &TaskBoard) -> bool {
    TaskType::ALL.iter().any(|&k| t.face_up().filter(|x| x.kind() == k).count() >= 3)
}

#[test]
fn high_form_task_setup_over_many_seeds() {
    let mut advanced_next = 0;
    for seed in 0..400 {
        let g = set_up(Form::HighForm, seed);
        let t = tb(&g);
        assert_eq!(t.current.len(), 3);
        assert!(t.current.iter().all(|x| !x.is_advanced()), "seed {seed}: {:?}", t.current);
        assert!(t.next.is_some());
        assert!(!three_of_a_type(t), "seed {seed}: {:?} {:?}", t.current, t.next);
        assert_eq!(t.deck.len(), 20);
        assert!(t.set_aside.is_empty());
        advanced_next += t.next.unwrap().is_advanced() as u32;
        let mut all: Vec<TaskId> = t.all_tasks().collect();
        all.sort();
        assert_eq!(all, TaskId::all().collect::<Vec<_>>());
    }
    assert!(advanced_next > 0, "the next task may be advanced");
}

#[test]
fn first_game_task_setup_over_many_seeds() {
    for seed in 0..400 {
        let g = set_up(Form::FirstGame, seed);
        let t = tb(&g);
        assert_eq!(t.current.len(), 3);
        assert!(t.current.iter().all(|x| !x.is_advanced() && x.points() <= 2), "seed {seed}");
        let mut kinds: Vec<TaskType> = t.current.iter().map(|x| x.kind()).collect();
        kinds.dedup();
        kinds.sort();
        kinds.dedup();
        assert_eq!(kinds.len(), 3, "seed {seed}: different types");
        assert!(t.all_tasks().all(|x| !x.is_advanced()));
        assert_eq!(t.all_tasks().count(), 16);
        assert!(t.next.is_some());
    }
}

// ----- random games -----

#[derive(Default)]
struct Stats {
    games: u32,
    turns: u64,
    claims: [u32; 24],
    capped: u32,
}

/// Plays a game at random for at most `max_steps` choices, checking the
/// task invariants after every step.
fn random_game(mut g: Game, rng: &mut ChaCha8Rng, stats: &mut Stats, max_steps: u32) {
    let form = g.form();
    let total = if form.advanced_tasks() { 24 } else { 16 };
    let mut steps = 0;
    while g.actor() != Actor::Nobody {
        let all = g.legal_choices();
        assert!(!all.is_empty(), "no choices in {:?}", g.phase());
        // no discard actions: they return cards to empty decks and end these games early
        let v: Vec<Choice> = all.iter().copied().filter(|c| !matches!(c, Choice::Discard(_))).collect();
        let v = if v.is_empty() { all } else { v };
        let c = v[rng.gen_range(0..v.len())];
        let seat = g.turn().seat as usize;
        let before = tb(&g).claimed[seat].len();
        g.act(c).unwrap();
        let t = tb(&g);
        if let Choice::Claim(task) = c {
            assert!(!t.current.contains(&task) && t.next != Some(task), "a claimed task leaves the display");
            assert_eq!(t.claimed[seat].last(), Some(&task));
            assert_eq!(t.claimed[seat].len(), before + 1);
            stats.claims[task.index()] += 1;
        } else {
            assert_eq!(t.claimed[seat].len(), before, "only a claim adds a claimed task");
        }
        for (i, s) in g.seats().iter().enumerate() {
            // (Etherweave: less the causality penalty once the game is over)
            let penalty = if g.is_over() { g.causality_penalty(i as u8) } else { 0 };
            let expect = t.points(i) + g.board().count(s.color, Rank::Legendary) as i16 - penalty;
            assert_eq!(s.score, expect, "score = claimed points + legendary pieces");
        }
        if form.limits_task_types() && g.phase() != Phase::RevealTasks && !matches!(g.phase(), Phase::NextTask { .. }) {
            assert!(!three_of_a_type(t), "{:?} {:?}", t.current, t.next);
        }
        assert_eq!(t.all_tasks().count(), total, "every task is somewhere, once");
        assert!(g.pieces_accounted_for());
        if g.phase() == Phase::Claim {
            assert!(!g.claimable_tasks().is_empty());
        }
        steps += 1;
        if steps >= max_steps {
            stats.capped += 1;
            return;
        }
    }
    stats.games += 1;
    stats.turns += g.turn().number as u64;
}

/// With TASK_STATS set, prints game lengths and claims per task.
fn report(form: Form, stats: &Stats) {
    if std::env::var_os("TASK_STATS").is_none() {
        return;
    }
    eprintln!(
        "{}: {} games ended, {} cut off, {:.1} turns on average",
        form.name(),
        stats.games,
        stats.capped,
        stats.turns as f64 / stats.games.max(1) as f64
    );
    for t in TaskId::all() {
        eprintln!("  {:28} {}", t.def().id, stats.claims[t.index()]);
    }
}

fn school_pairs() -> Vec<[School; 2]> {
    let playable: Vec<School> = School::ALL.into_iter().filter(|s| !s.deck().cards().is_empty()).collect();
    let mut v = Vec::new();
    for &a in &playable {
        for &b in &playable {
            if a.color() != b.color() {
                v.push([a, b]);
            }
        }
    }
    v
}

#[test]
fn random_high_form_and_first_games_keep_the_task_invariants() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for form in [Form::HighForm, Form::FirstGame] {
        let mut stats = Stats::default();
        for pair in school_pairs() {
            for _ in 0..12 {
                random_game(Game::new(form, &pair).unwrap(), &mut rng, &mut stats, 100_000);
            }
        }
        assert!(stats.games > 0);
        assert_eq!(stats.capped, 0);
        report(form, &stats);
    }
}

/// Games whose decks are empty from the first turn on, so that they run
/// long enough for random players to claim many tasks. (A game
/// whose current tasks all count summonings or destructions can go on
/// forever once the hands are empty, so these games are cut off.)
#[test]
fn long_random_games_claim_tasks_and_end_on_points() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for form in [Form::HighForm, Form::FirstGame] {
        let mut stats = Stats::default();
        for seed in 0..30 {
            let g = set_up(form, seed);
            let mut p = Position::of(&g).expect("the first turn");
            p.end = None;
            for s in &mut p.seats {
                s.deck = Default::default();
            }
            random_game(p.to_game().unwrap(), &mut rng, &mut stats, 2_000);
        }
        report(form, &stats);
        // random players seldom complete a task, so few of these games end
        // (on points, or when a card returned by a discard action is drawn
        // as the last card of a deck); the invariants held all along
        assert!(stats.claims.iter().sum::<u32>() >= 5, "tasks were claimed");
    }
}
