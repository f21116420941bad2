//! The full-screen client driven by keys on seeded games, without a
//! terminal: its state after each key, and its screen on a `TestBackend`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tash_kalar_bots::{Driver, Seating};
use tash_kalar_rules::pile::Pile;
use tash_kalar_rules::{cards, Actor, CardId, Choice, Color, Form, Match, Position, Rank, Square};

use super::app::{App, Focus, Mode, Outcome};
use super::ui;
use crate::table::Table;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn card(id: &str) -> CardId {
    CardId::parse(id).unwrap()
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn press(app: &mut App, code: KeyCode) -> Outcome {
    app.handle_key(key(code))
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// A seeded game against the random bot, settled until seat 1 is to play.
fn seeded(form: &str, decks: &[&str], seed: u64) -> App {
    let decks: Vec<String> = decks.iter().map(|d| d.to_string()).collect();
    let mut app = App::new(Table::new(form, &decks, "random", Some(seed), 1).unwrap());
    app.settle();
    app
}

/// Blue (seat 1, human) to act with 2 actions holding a Swordmaster and a
/// Knight, blue pieces on e4 and e6, a red one on f6; both decks hold two
/// cards so the end of a turn draws.
fn swordmaster_app() -> App {
    let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
    p.seats[0].beings = vec![card("imperial.swordmaster"), card("imperial.knight")];
    p.seats[0].deck = Pile::shuffled([card("imperial.cannon"), card("imperial.herald")]);
    p.seats[1].beings = vec![card("imperial.knight")];
    p.seats[1].deck = Pile::shuffled([card("imperial.cannon"), card("imperial.swordmaster")]);
    let m = Match::from_position(p).unwrap();
    duel_app(m, 7)
}

/// Moves the board cursor to a square with the arrow keys.
fn goto(app: &mut App, target: Square) {
    app.focus = Focus::Board;
    for _ in 0..20 {
        let (dx, dy) = (target.column() - app.cursor.column(), target.row() - app.cursor.row());
        let code = match (dx.signum(), dy.signum()) {
            (0, 0) => return,
            (_, 1) => KeyCode::Up,
            (_, -1) => KeyCode::Down,
            (1, _) => KeyCode::Right,
            _ => KeyCode::Left,
        };
        let before = app.cursor;
        press(app, code);
        if app.cursor == before {
            // blocked by a cut corner: go round through the middle rows
            press(app, if target.row() > 4 { KeyCode::Down } else { KeyCode::Up });
        }
    }
    assert_eq!(app.cursor, target, "the cursor reaches {target}");
}

fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_cursor_moves_with_arrows_and_hjkl_and_stays_on_the_board() {
    let mut app = swordmaster_app();
    assert_eq!(app.cursor, sq("e5"));
    for _ in 0..4 {
        press(&mut app, KeyCode::Left);
    }
    assert_eq!(app.cursor, sq("a5"));
    press(&mut app, KeyCode::Left);
    assert_eq!(app.cursor, sq("a5"), "the edge stops the cursor");
    press(&mut app, KeyCode::Char('k'));
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(app.cursor, sq("a7"));
    press(&mut app, KeyCode::Up);
    assert_eq!(app.cursor, sq("a7"), "a8 is a cut corner");
    press(&mut app, KeyCode::Char('l'));
    press(&mut app, KeyCode::Char('j'));
    assert_eq!(app.cursor, sq("b6"));
}

#[test]
fn enter_on_an_empty_square_places_a_piece_and_undo_takes_it_back() {
    let mut app = swordmaster_app();
    goto(&mut app, sq("b3"));
    press(&mut app, KeyCode::Enter);
    let game = app.game_match().game();
    assert_eq!(game.board().get(sq("b3")).map(|p| (p.color, p.rank)), Some((Color::Blue, Rank::Common)));
    assert_eq!(game.turn().actions, 1);
    assert_eq!(app.last, vec![sq("b3")], "the last action is marked");
    // said once, in words: the event, not the choice's notation as well
    assert_eq!(app.log.iter().filter(|l| l.contains("b3")).collect::<Vec<_>>(), ["> Blue's common piece placed on b3"]);

    press(&mut app, KeyCode::Char('u'));
    let game = app.game_match().game();
    assert_eq!(game.board().get(sq("b3")), None);
    assert_eq!(game.turn().actions, 2);
    assert_eq!(app.message.as_deref(), Some("Took back: place b3"));
    press(&mut app, KeyCode::Char('u'));
    assert!(app.message.as_deref().unwrap().starts_with("Nothing to take back"));
}

#[test]
fn enter_on_a_square_with_no_choice_changes_nothing() {
    let mut app = swordmaster_app();
    let before = app.game_match().record().moves.len();
    goto(&mut app, sq("f6"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.game_match().record().moves.len(), before);
    assert_eq!(app.message.as_deref(), Some("No choice at f6."));
    assert!(app.picks.is_empty());
}

#[test]
fn a_picked_card_lights_up_its_summoning_squares_then_a_square_and_orientation_summon_it() {
    let mut app = swordmaster_app();
    let swordmaster = card("imperial.swordmaster");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.focus, Focus::Hand);
    assert_eq!(app.hand_cards().len(), 2);
    let at = app.hand_cards().iter().position(|&c| c == swordmaster).unwrap();
    if at == 1 {
        press(&mut app, KeyCode::Down);
    }
    assert_eq!(app.hand_cards()[app.hand_index], swordmaster);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(app.hand_index, 0, "the hand cursor stays in the hand");
    if at == 1 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.selected_card, Some(swordmaster));
    assert_eq!(app.focus, Focus::Board);
    let expected = cards::summoning_squares(app.game_match().game().board(), Color::Blue, swordmaster);
    assert!(!expected.is_empty());
    assert_eq!(app.highlighted(), expected);
    assert!(expected.contains(sq("e5")));
    assert!(app.choices().iter().all(|(_, c)| matches!(c, Choice::Summon { card, .. } if *card == swordmaster)
        || matches!(c, Choice::Discard(k) if *k == swordmaster)));

    goto(&mut app, sq("e5"));
    press(&mut app, KeyCode::Enter);
    if app.game_match().game().board().get(sq("e5")).is_none() {
        // several orientations: the list narrowed to them, pick the first
        assert_eq!(app.focus, Focus::Choices);
        assert!(app.choices().iter().all(|(_, c)| matches!(c, Choice::Summon { at, .. } if *at == sq("e5"))));
        assert!(!app.preview().is_empty(), "the pattern under the choice cursor shows on the board");
        press(&mut app, KeyCode::Enter);
    }
    let game = app.game_match().game();
    assert_eq!(game.board().get(sq("e5")).map(|p| p.color), Some(Color::Blue));
    assert_eq!(app.selected_card, None, "the selection is dropped after a choice");
    assert!(app.log.iter().any(|l| l.starts_with("> Blue summons the Swordmaster on e5")), "{:?}", app.log);
    assert!(!app.log.iter().any(|l| l.contains("imperial.swordmaster")), "no notation in the log: {:?}", app.log);
}

#[test]
fn picking_a_card_puts_the_cursor_on_its_nearest_summoning_square_so_enter_summons() {
    let mut app = swordmaster_app();
    let swordmaster = card("imperial.swordmaster");
    goto(&mut app, sq("f6"));
    app.select_card(swordmaster);
    let squares = cards::summoning_squares(app.game_match().game().board(), Color::Blue, swordmaster);
    assert!(squares.contains(app.cursor), "the cursor {} is on a summoning square", app.cursor);
    let nearest = squares.squares().map(|s| s.distance(sq("f6"))).min().unwrap();
    assert_eq!(app.cursor.distance(sq("f6")), nearest, "the nearest one");
    let at = app.cursor;
    let before = app.game_match().record().moves.len();
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.message.as_deref(), Some(format!("No choice at {at}.").as_str()));
    if app.game_match().record().moves.len() == before {
        // several orientations: the list narrowed to this square's
        assert_eq!(app.focus, Focus::Choices);
        assert!(app.choices().iter().all(|(_, c)| matches!(c, Choice::Summon { at: a, .. } if *a == at)));
    }
}

#[test]
fn escape_drops_the_selection_and_tab_cycles_focus() {
    let mut app = swordmaster_app();
    app.select_card(card("imperial.swordmaster"));
    app.pick_square(sq("e5"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.selected_card, None);
    assert!(app.picks.is_empty());
    app.focus = Focus::Board;
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.focus, Focus::Choices);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.focus, Focus::Log);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.focus, Focus::Board);
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.focus, Focus::Log);
    press(&mut app, KeyCode::BackTab);
    assert_eq!(app.focus, Focus::Choices);
}

#[test]
fn the_choice_list_plays_the_choice_under_its_cursor() {
    let mut app = swordmaster_app();
    app.focus = Focus::Choices;
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Up);
    let chosen = app.current_choice().unwrap();
    assert_eq!(chosen, app.legal()[1]);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.game_match().record().moves.last().map(|m| m.choice), Some(chosen));
}

#[test]
fn the_prompt_takes_choice_texts_numbers_and_commands() {
    let mut app = swordmaster_app();
    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "place c3x");
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.mode, Mode::Prompt("place c3".into()));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode, Mode::Normal);
    assert_eq!(app.game_match().game().board().get(sq("c3")).map(|p| p.color), Some(Color::Blue));

    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "summon nonsense");
    press(&mut app, KeyCode::Enter);
    assert!(app.message.as_deref().unwrap().starts_with("Not accepted"), "{:?}", app.message);

    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "999");
    press(&mut app, KeyCode::Enter);
    assert!(app.message.as_deref().unwrap().starts_with("there is no choice 999"));

    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "undo");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.game_match().game().board().get(sq("c3")), None);

    // Esc leaves the prompt without playing
    press(&mut app, KeyCode::Char(':'));
    type_text(&mut app, "place c3");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode, Mode::Normal);
    assert_eq!(app.game_match().game().board().get(sq("c3")), None);
}

#[test]
fn skip_and_end_are_refused_when_not_offered() {
    let mut app = swordmaster_app();
    let before = app.game_match().record().moves.len();
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.message.as_deref(), Some("Nothing to skip now."));
    press(&mut app, KeyCode::Char('e'));
    assert_eq!(app.message.as_deref(), Some("The turn cannot end now."));
    assert_eq!(app.game_match().record().moves.len(), before);
}

#[test]
fn the_bot_answers_after_the_human_turn_off_the_ui_thread() {
    let mut app = swordmaster_app();
    app.command("place a5");
    app.command("place b3");
    // two actions used: the turn can end
    while app.my_turn() && !app.legal().contains(&Choice::EndTurn) {
        let first = app.legal()[0];
        app.command(&first.to_string());
    }
    press(&mut app, KeyCode::Char('e'));
    // the end of the turn draws (chance), then the bot is lent out
    let job = app.step().expect("the bot is to choose");
    assert_eq!(job.seat, 1);
    assert_eq!(app.thinking, Some(1));
    assert!(!app.my_turn());
    assert!(screen(&app, 140, 40).contains("is thinking"));
    // keys still answer while it thinks, and play nothing
    let before = app.game_match().record().moves.len();
    goto(&mut app, sq("c3"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.message.as_deref(), Some("Red (bot, random) is thinking."));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game_match().record().moves.len(), before);
    assert!(app.step().is_none(), "one search at a time");

    let answer = std::thread::spawn(move || job.run()).join().unwrap();
    app.bot_answered(answer);
    assert_eq!(app.thinking, None);
    assert!(app.log.iter().any(|l| l.starts_with("> Red's ")), "the bot's move in words: {:?}", app.log);
    app.settle();
    assert!(app.is_over() || app.my_turn(), "back to seat 1");
}

#[test]
fn quitting_asks_first() {
    let mut app = swordmaster_app();
    assert_eq!(press(&mut app, KeyCode::Char('q')), Outcome::Continue);
    assert_eq!(app.mode, Mode::ConfirmQuit);
    assert!(screen(&app, 140, 40).contains("Quit the game? y / n"));
    assert_eq!(press(&mut app, KeyCode::Char('n')), Outcome::Continue);
    assert_eq!(app.mode, Mode::Normal);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(press(&mut app, KeyCode::Char('y')), Outcome::Quit);
}

#[test]
fn the_help_overlay_opens_with_a_question_mark_and_any_key_closes_it() {
    let mut app = swordmaster_app();
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.mode, Mode::Help);
    let text = screen(&app, 140, 40);
    assert!(text.contains(" Keys "));
    assert!(text.contains("take back your last choice this turn"));
    let before = app.cursor;
    press(&mut app, KeyCode::Left);
    assert_eq!(app.mode, Mode::Normal);
    assert_eq!(app.cursor, before, "the closing key does nothing else");
}

#[test]
fn the_screen_shows_the_board_rows_the_hand_the_card_and_the_scores() {
    let mut app = swordmaster_app();
    app.focus = Focus::Hand;
    let text = screen(&app, 140, 40);
    // central squares `:`, red `( )`, green `{ }`; the cursor on e5
    assert!(text.contains("6   .   .   .   :   b   r   .   .  {. } 6"), "{text}");
    assert!(text.contains("5  {. } .   .   :  [: ] :   .   .   .   5"), "{text}");
    assert!(text.contains("4   .   .   .   :   b   :   .  (. ) .   4"), "{text}");
    assert!(text.contains("cursor e5, red, central"), "{text}");
    assert!(text.contains("Knight (heroic)"), "{text}");
    assert!(text.contains("Swordmaster"), "{text}");
    // the seats named as the log and the status line name them, not numbered
    assert!(text.contains("│Blue: score 0 "), "{text}");
    assert!(text.contains("│Red (bot, random): score 0 "), "{text}");
    assert!(text.contains("│  Southern Imperial "), "{text}");
    assert!(text.contains("your choice"), "{text}");
    assert!(text.contains("  2 place a common piece on c1 [place c1]"), "choices in words and notation: {text}");
    assert!(text.contains("✦ Swordmaster (common)"), "a card that can be summoned now is marked: {text}");
    assert!(text.contains("Tash-Kalar: Deathmatch Duel, seed 7."), "the log wraps: {text}");
}

#[test]
fn picked_cards_show_their_squares_as_targets_on_the_screen() {
    let mut app = swordmaster_app();
    app.select_card(card("imperial.swordmaster"));
    let text = screen(&app, 140, 40);
    // the nine rows of squares, without their labels
    let board: String =
        text.lines().skip(3).take(9).map(|l| l.chars().skip(3).take(38).collect::<String>() + "\n").collect();
    let targets = app.highlighted();
    // every empty target is drawn `o`; e5 has the cursor
    assert!(board.contains("[o ]"), "{board}");
    let shown = board.matches('o').count();
    assert_eq!(shown, targets.count() as usize, "{board}");
}

#[test]
fn pattern_diagrams_mark_the_summoning_square_and_pieces() {
    let rows = ui::pattern_diagram(card("imperial.swordmaster"));
    let all = rows.join("\n");
    assert!(all.contains('S'));
    assert!(all.contains('o') || all.contains('+') || all.contains('*'), "{all}");
    assert!(ui::pattern_diagram(CardId::all().find(|c| c.is_flare()).unwrap()).is_empty());
    // every card draws without panicking, and only from its own offsets
    for c in CardId::all() {
        let rows = ui::pattern_diagram(c);
        let pieces: usize = rows.iter().map(|r| r.chars().filter(|ch| "o+*".contains(*ch)).count()).sum();
        // (the Time Traveler's origin is a pattern piece drawn `o`, not a summoning square)
        let traveler = tash_kalar_rules::warp::is_time_traveler(c);
        let at_summon = usize::from(c.def().needs_piece_at_summoning_square() && !traveler);
        if !c.is_flare() {
            assert_eq!(pieces + at_summon, c.def().pattern.len(), "{c}");
        }
    }
}

#[test]
fn a_melee_shows_points_by_color_and_the_high_form_its_tasks() {
    let app = seeded("melee", &["northern", "southern", "highland"], 3);
    let text = screen(&app, 150, 45);
    assert!(text.contains("points:"), "{text}");
    let app = seeded("high-form", &["northern", "southern"], 3);
    let text = screen(&app, 150, 45);
    assert!(text.contains("Tasks ("), "{text}");
    assert!(app.game_match().game().tasks().is_some());
}

#[test]
fn a_whole_game_can_be_played_with_keys_to_its_result() {
    let mut app = seeded("duel", &["northern", "southern"], 11);
    let mut guard = 0;
    while !app.is_over() && guard < 3000 {
        guard += 1;
        if app.my_turn() {
            // the first choice in the list, through the choice panel
            app.focus = Focus::Choices;
            press(&mut app, KeyCode::Home);
            press(&mut app, KeyCode::Enter);
        }
        app.settle();
    }
    if !app.is_over() {
        app.command("resign");
    }
    assert!(app.is_over());
    let text = screen(&app, 140, 40);
    assert!(text.contains("The game is over."), "{text}");
    assert!(app.log.iter().any(|l| l.contains("win") || l.contains("draw")), "{:?}", app.log);
    assert_eq!(press(&mut app, KeyCode::Char('q')), Outcome::Quit, "no question once it is over");
}

#[test]
fn bad_keys_never_panic() {
    let mut app = seeded("duel", &["highland", "sylvan"], 5);
    let codes = [
        KeyCode::Enter,
        KeyCode::Char(' '),
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Char('h'),
        KeyCode::Char('u'),
        KeyCode::Char('s'),
        KeyCode::Char('e'),
        KeyCode::Char(':'),
        KeyCode::Char('x'),
        KeyCode::Char('5'),
        KeyCode::Backspace,
        KeyCode::Esc,
        KeyCode::Char('?'),
        KeyCode::Char('q'),
        KeyCode::Char('n'),
        KeyCode::PageDown,
        KeyCode::End,
        KeyCode::F(5),
        KeyCode::Delete,
        KeyCode::Null,
    ];
    // a fixed walk through the keys, mixing modes, turns and tiny screens
    let mut x: u64 = 1;
    for i in 0..3000 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let code = codes[(x >> 33) as usize % codes.len()];
        let mods = if i % 97 == 0 { KeyModifiers::ALT } else { KeyModifiers::NONE };
        if app.handle_key(KeyEvent::new(code, mods)) == Outcome::Quit {
            app.mode = Mode::Normal;
        }
        app.settle();
        if i % 50 == 0 {
            screen(&app, 140, 40);
            screen(&app, 20, 6);
        }
    }
    assert!(matches!(app.game_match().game().actor(), Actor::Seat(0) | Actor::Nobody));
    assert!(app.is_over() || app.my_turn());
}

#[test]
fn squares_of_choices_follow_the_picking_order() {
    use super::app::squares_of;
    let (a, b) = (sq("c3"), sq("d4"));
    assert_eq!(squares_of(Choice::Move { from: a, to: b }), vec![a, b]);
    assert_eq!(
        squares_of(Choice::Summon {
            card: card("imperial.knight"),
            at: b,
            orientation: tash_kalar_rules::Orientation::IDENTITY,
            pickup: Some(a)
        }),
        vec![b, a]
    );
    assert!(squares_of(Choice::EndTurn).is_empty());
}

#[test]
fn a_small_terminal_keeps_the_whole_board_and_stacks_the_rest() {
    let mut app = swordmaster_app();
    let text = screen(&app, 80, 24);
    assert!(text.contains("6   .   .   .   :   b   r   .   .  {. } 6"), "{text}");
    assert!(text.contains("Choices (69)"), "{text}");
    assert!(text.contains(" Log "), "{text}");
    assert!(!text.contains("S summon"), "no card panel unless the hand has the focus: {text}");
    app.focus = Focus::Hand;
    let text = screen(&app, 80, 24);
    assert!(text.contains("S summon"), "{text}");
}

/// A duel app for the match: seat 1 played here, seat 2 by a random bot,
/// everything seeded from `seed`; settled until the person is to choose.
fn duel_app(m: Match, seed: u64) -> App {
    duel_app_in(m, seed, tash_kalar_i18n::Lang::En)
}

fn duel_app_in(m: Match, seed: u64, lang: tash_kalar_i18n::Lang) -> App {
    let bots = (0..2).map(|s| tash_kalar_bots::from_spec("random", seed + s).unwrap()).collect();
    let driver = Driver::new(seed, vec![Seating::Person, Seating::Bot]);
    let players = vec![
        tash_kalar_present::Player::default(),
        tash_kalar_present::Player { name: None, bot: Some("random".into()) },
    ];
    let table = Table { m, form: Form::Duel, seed, bots, driver, lang, players };
    let mut app = App::new(table);
    app.settle();
    app
}

/// Brown (Highland, seat 1) holds an Eagle Lord whose pattern is on the
/// board around e5, with a green piece on h8 to leap onto.
fn eagle_lord_app() -> App {
    use tash_kalar_rules::School;
    let mut p =
        Position::with_schools(Form::Duel, "9/7g1/9/9/2n3n2/3n1n3/9/9/9", &[School::Highland, School::Sylvan]).unwrap();
    p.seats[0].beings = vec![card("highland.eagle_lord")];
    let m = Match::from_position(p).unwrap();
    duel_app(m, 3)
}

#[test]
fn a_move_is_picked_as_its_piece_then_its_target() {
    let mut app = eagle_lord_app();
    app.select_card(card("highland.eagle_lord"));
    assert!(app.highlighted().contains(sq("e5")), "{:?}", app.choices());
    app.pick_square(sq("e5"));
    if app.focus == Focus::Choices {
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.game_match().game().phase(), tash_kalar_rules::Phase::Effect, "the leap is offered");
    assert!(app.legal().iter().any(|c| matches!(c, Choice::Move { from, .. } if *from == sq("e5"))));
    // nothing lit up at first but the piece that can move
    goto(&mut app, sq("e5"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.picks, vec![sq("e5")]);
    assert!(app.message.as_deref().unwrap().contains("now its target"), "{:?}", app.message);
    assert!(app.highlighted().contains(sq("h8")));
    goto(&mut app, sq("h8"));
    press(&mut app, KeyCode::Enter);
    let board = app.game_match().game().board();
    assert_eq!(board.get(sq("h8")).map(|p| p.color), Some(Color::Brown), "the Eagle Lord leapt onto h8");
    assert_eq!(board.get(sq("e5")), None);
    assert!(app.picks.is_empty());
    assert_eq!(app.last, vec![sq("e5"), sq("h8")]);
    // the leap was the effect's last step: take it back, then skip it
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game_match().game().board().get(sq("h8")).map(|p| p.color), Some(Color::Green));
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.game_match().record().moves.last().map(|m| m.choice), Some(Choice::Skip));
}

#[test]
fn hotseat_hands_the_keyboard_to_the_seat_to_act() {
    let decks = vec!["northern".to_string(), "southern".to_string()];
    let mut app = App::new(Table::new("duel", &decks, "human", Some(9), 1).unwrap());
    app.settle();
    // the second seat places the start pieces in a duel
    assert_eq!(app.game_match().game().actor(), Actor::Seat(1));
    assert_eq!(app.viewer, 1);
    assert!(app.my_turn());
    assert!(screen(&app, 140, 40).contains("Setup: Red (you), Southern Imperial places the start pieces"));
    app.focus = Focus::Choices;
    press(&mut app, KeyCode::Enter);
    app.settle();
    assert_eq!(app.game_match().game().actor(), Actor::Seat(0));
    assert_eq!(app.viewer, 0);
    assert!(app.my_turn());
    assert_eq!(app.thinking, None, "no bot in hotseat");
    let text = screen(&app, 140, 40);
    assert!(text.contains("| last "), "the start pieces are the last action: {text}");
}

#[test]
fn a_tall_screen_shows_every_card_of_the_hand_in_full() {
    let app = seeded("high-form", &["highland", "sylvan"], 4);
    let hand = app.hand_cards();
    assert!(hand.len() >= 5);
    let text = screen(&app, 140, 44);
    for c in &hand {
        assert!(text.contains(c.def().name), "{c}: {text}");
    }
    assert!(text.contains("o . S . o  The Eagle Lord may make one"), "diagram beside text: {text}");
    assert!(!text.contains("highland.eagle_lord"), "no separate card panel: {text}");
    // a short one falls back to a list and the card at the cursor
    let text = screen(&app, 120, 30);
    assert!(text.contains("heroic - highland.eagle_lord"), "{text}");
}

#[test]
fn enter_does_not_confirm_quitting_and_ctrl_c_quits_at_once() {
    let mut app = swordmaster_app();
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(press(&mut app, KeyCode::Enter), Outcome::Continue);
    assert_eq!(app.mode, Mode::Normal);
    assert_eq!(app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Outcome::Quit);
}

/// The rows of the log panel (the bottom right one), without its borders.
fn log_rows(text: &str) -> Vec<String> {
    let rows: Vec<&str> = text.lines().collect();
    let top = rows.iter().rposition(|r| r.contains("Log")).expect("a log panel");
    let left = rows[top].chars().position(|c| c == '┌').unwrap_or(0);
    rows[top + 1..]
        .iter()
        .take_while(|r| r.chars().nth(left) != Some('└'))
        .map(|r| r.chars().skip(left + 1).collect::<String>().trim_end_matches(['│', ' ']).to_string())
        .collect()
}

#[test]
fn the_log_scrolls_back_with_page_keys_and_end_or_a_new_entry_brings_the_newest_back() {
    let mut app = swordmaster_app();
    for i in 0..40 {
        app.note(format!("entry {i:02}"));
    }
    let text = screen(&app, 140, 40);
    assert!(text.contains("entry 39"), "{text}");
    assert!(!text.contains("entry 05"), "{text}");
    assert!(text.contains("earlier"), "the title says older entries are hidden: {text}");

    // PageUp from the board: older entries, the newest out of sight
    press(&mut app, KeyCode::PageUp);
    assert!(app.log_scroll > 0);
    let text = screen(&app, 140, 40);
    assert!(!text.contains("entry 39"), "{text}");
    assert!(text.contains("later (End)"), "{text}");
    let bottom = log_rows(&text).last().cloned().unwrap();
    assert_eq!(bottom, format!("entry {}", 39 - app.log_scroll), "the entry scrolled to is at the bottom");
    press(&mut app, KeyCode::End);
    assert_eq!(app.log_scroll, 0);

    // as far back as it goes: the welcome line on top, no further
    for _ in 0..30 {
        press(&mut app, KeyCode::PageUp);
        screen(&app, 140, 40);
    }
    let text = screen(&app, 140, 40);
    assert_eq!(log_rows(&text).first().map(String::as_str), Some("Tash-Kalar: Deathmatch Duel, seed 7. Press ?"));
    let oldest = app.log_scroll;
    press(&mut app, KeyCode::PageUp);
    assert_eq!(app.log_scroll, oldest, "the scroll stops at the oldest entry");
    press(&mut app, KeyCode::PageDown);
    assert!(app.log_scroll < oldest, "one PageDown moves at once");

    // a new entry (here a move) brings the newest back
    app.command("place c3");
    assert_eq!(app.log_scroll, 0);
    let rows = log_rows(&screen(&app, 140, 40));
    assert_eq!(rows.last().map(String::as_str), Some("> Blue's common piece placed on c3"), "what it did, in words");
    assert!(!rows.iter().any(|r| r.starts_with("Blue: place")), "said once: {rows:?}");
}

#[test]
fn the_focused_log_scrolls_with_arrows_home_and_end() {
    let mut app = swordmaster_app();
    for i in 0..40 {
        app.note(format!("entry {i:02}"));
    }
    screen(&app, 140, 40);
    for _ in 0..3 {
        press(&mut app, KeyCode::Tab);
    }
    assert_eq!(app.focus, Focus::Log);
    assert!(screen(&app, 140, 40).contains("Log"), "the log panel is drawn focused");
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(app.log_scroll, 2);
    assert_eq!(log_rows(&screen(&app, 140, 40)).last().map(String::as_str), Some("entry 37"));
    press(&mut app, KeyCode::Down);
    assert_eq!(app.log_scroll, 1);
    press(&mut app, KeyCode::Home);
    assert!(log_rows(&screen(&app, 140, 40))[0].starts_with("Tash-Kalar:"));
    press(&mut app, KeyCode::End);
    assert_eq!(app.log_scroll, 0);
    // the arrows scroll the log, not the board cursor
    let cursor = app.cursor;
    press(&mut app, KeyCode::Left);
    assert_eq!(app.cursor, cursor);
    // in the choice list PageDown still pages the list
    app.focus = Focus::Choices;
    press(&mut app, KeyCode::PageDown);
    assert_eq!(app.choice_index, 10);
    assert_eq!(app.log_scroll, 0);
}

#[test]
fn wrapped_log_entries_are_shown_whole_with_the_newest_at_the_bottom() {
    // 80x24: the log panel has 3 rows of 34 characters
    let mut app = swordmaster_app();
    app.note("ALPHA one two three four five six seven eight nine OMEGA".into());
    app.note("BETA ten eleven twelve thirteen fourteen fifteen PSI".into());
    let rows = log_rows(&screen(&app, 80, 24));
    assert_eq!(rows.len(), 3, "{rows:?}");
    let shown = rows.join("\n");
    assert!(shown.contains("BETA") && shown.contains("PSI"), "the newest whole: {shown}");
    assert!(!shown.contains("OMEGA"), "no tail of an entry whose start is cut: {shown}");
    assert!(rows[0].is_empty(), "the room left by a hidden entry is on top: {rows:?}");
    assert!(screen(&app, 80, 24).contains("Log - 2 earlier"));

    // one entry back: the older one whole
    press(&mut app, KeyCode::PageUp);
    let shown = log_rows(&screen(&app, 80, 24)).join("\n");
    assert!(shown.contains("ALPHA") && shown.contains("OMEGA") && !shown.contains("BETA"), "{shown}");

    // an entry taller than the panel: its beginning, marked as cut
    app.note(format!("GAMMA {} ZETA", "word ".repeat(30)));
    let rows = log_rows(&screen(&app, 80, 24));
    assert!(rows[0].starts_with("GAMMA"), "{rows:?}");
    assert!(rows[2].ends_with('…'), "{rows:?}");
    // tiny screens draw without panicking
    for (w, h) in [(20, 6), (45, 14), (80, 12)] {
        screen(&app, w, h);
        press(&mut app, KeyCode::PageUp);
        press(&mut app, KeyCode::PageDown);
    }
}

/// 80x24: the cards that can be summoned now are marked, the choices are
/// in words as well as notation, and looking through the hand shows the
/// whole text of the card at the cursor.
#[test]
fn a_small_screen_marks_summonable_cards_words_the_choices_and_shows_a_whole_card() {
    let mut app = swordmaster_app();
    let text = screen(&app, 80, 24);
    assert!(text.contains("✦ Swordmaster (common)"), "{text}");
    assert!(text.contains("  Knight (heroic)"), "the Knight cannot be summoned yet: {text}");
    assert!(text.contains("summon the Swordmaster on e5"), "{text}");
    assert!(text.contains("place a common piece on c1"), "{text}");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.focus, Focus::Hand);
    let text = screen(&app, 80, 24);
    let def = card("imperial.swordmaster").def();
    let last_word = def.text.split_whitespace().last().unwrap();
    assert!(text.contains(last_word), "the card's text to its end ({last_word}): {text}");
}

/// After the bot's turn the board marks every square it touched and the
/// log tells its turn in words; once the human acts, their own action is
/// what is marked.
#[test]
fn the_opponents_last_turn_is_marked_on_the_board_and_told_in_the_log() {
    let mut app = swordmaster_app();
    app.command("place c3");
    app.command("place c4");
    app.command("end");
    app.settle();
    assert!(app.my_turn());
    let v = app.view();
    let last = ui::last_turn(&v, 0);
    assert_eq!(last.seat, Some(1), "red's turn is shown");
    assert!(!last.squares.is_empty());
    let text = screen(&app, 80, 24);
    assert!(text.contains("| last (Red"), "{text}");
    let red_turn = |l: &String| l.starts_with("-- Turn") && l.ends_with("Red (bot, random) --");
    assert!(app.log.iter().any(red_turn), "{:?}", app.log);
    let reds: Vec<&String> = app.log.iter().skip_while(|l| !red_turn(l)).collect();
    assert!(reds.iter().any(|l| l.contains("Red")), "{reds:?}");
    // every square marked is one red's events name
    let told = reds.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(" ");
    for sq in &last.squares {
        assert!(told.contains(&sq.to_string()), "{sq} is marked and told: {told}");
    }
    // acting moves the mark to the new turn
    let place = app.legal().into_iter().find(|c| matches!(c, Choice::Place(_))).unwrap();
    app.command(&place.to_string());
    let last = ui::last_turn(&app.view(), 0);
    assert_eq!(last.seat, Some(0));
}

/// The High Form's tasks show their requirement, not only their names.
#[test]
fn tasks_show_their_requirements() {
    let app = seeded("high-form", &["highland", "sylvan"], 4);
    let text = screen(&app, 140, 40);
    let v = app.view();
    let t = v.tasks.as_ref().unwrap().current[0].id;
    let start: String = app.msgs.task_text(t).split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    assert!(text.contains(&start), "{} ({start}): {text}", app.msgs.task_name(t));
}

/// White (Everfrost, seat 1 on screen, human) to act with a Crystal Grower
/// frozen and a common piece on e4 to upgrade when it is thawed.
fn frozen_app() -> App {
    use tash_kalar_rules::School;
    let mut p = Position::duel("9/9/9/9/9/4w4/9/9/9").unwrap();
    p.seats[0].school = School::Everfrost;
    p.set_supply(0, (15, p.seats[0].supply.1));
    p.seats[0].frozen = Some(card("everfrost.crystal_grower"));
    p.seats[0].beings = vec![card("everfrost.snow_fox")];
    p.seats[0].deck = Pile::shuffled([card("everfrost.royal_reindeer"), card("everfrost.frost_imp")]);
    p.seats[1].beings = vec![card("imperial.knight")];
    p.seats[1].deck = Pile::shuffled([card("imperial.cannon"), card("imperial.swordmaster")]);
    let m = Match::from_position(p).unwrap();
    duel_app(m, 7)
}

#[test]
fn a_frozen_card_is_shown_marked_and_thawing_is_a_choice_in_words() {
    let mut app = frozen_app();
    let text = screen(&app, 140, 40);
    assert!(text.contains("│  *FROZEN* Crystal Grower "), "{text}");
    // the thaw is at the end of the list: its cursor there shows it
    let at = app.choices().iter().position(|(_, c)| *c == Choice::Thaw).expect("thaw offered");
    app.focus = Focus::Choices;
    app.choice_index = at;
    let text = screen(&app, 140, 40);
    assert!(text.contains("thaw the frozen Crystal Grower [thaw]"), "thaw in words and notation: {text}");
    type_text(&mut app, ":thaw");
    press(&mut app, KeyCode::Enter);
    let text = screen(&app, 140, 40);
    assert!(!text.contains("*FROZEN*"), "thawed, no longer frozen: {text}");
    assert!(text.contains("thaws the frozen Crystal Grower"), "the log tells the thaw: {text}");
}

/// Orange (Nethervoid, seat 1 on screen, human) to act, its Gateway on e4.
fn gateway_app() -> App {
    use tash_kalar_rules::School;
    let mut p = Position::duel("9/9/9/9/9/4o4/9/9/9").unwrap();
    p.seats[0].school = School::Nethervoid;
    p.set_supply(0, (15, p.seats[0].supply.1));
    p.seats[0].gateway = Some(Square::parse("e4").unwrap());
    p.seats[0].beings = vec![card("nethervoid.flame_imp")];
    p.seats[0].deck = Pile::shuffled([card("nethervoid.shadow_imp"), card("nethervoid.gate_keeper")]);
    p.seats[1].beings = vec![card("imperial.knight")];
    p.seats[1].deck = Pile::shuffled([card("imperial.cannon"), card("imperial.swordmaster")]);
    assert_eq!(p.seats[0].gateway, Some(Square::parse("e4").unwrap()));
    let m = Match::from_position(p).unwrap();
    duel_app(m, 7)
}

/// Purple (Etherweave, seat 1 on screen, human) in a later turn, with the
/// Merchant of Time pending and a red piece kept on it, and a Paradox Worm
/// in hand whose warp may not be played while a being is pending.
fn pending_app() -> App {
    use tash_kalar_rules::{Color, Piece, Rank, School};
    let mut p = Position::duel("9/9/9/9/9/4p4/9/9/9").unwrap();
    p.seats[0].school = School::Etherweave;
    p.number = 3;
    p.set_supply(0, (15, p.seats[0].supply.1));
    p.seats[0].beings = vec![card("etherweave.merchant_of_time"), card("etherweave.paradox_worm")];
    p.seats[0].pending = Some(card("etherweave.merchant_of_time"));
    p.seats[0].stored = Some(Piece::new(Color::Red, Rank::Heroic));
    p.seats[1].supply.0 -= 1;
    p.seats[0].deck = Pile::shuffled([card("etherweave.singularity"), card("etherweave.warpmaster")]);
    p.seats[1].beings = vec![card("imperial.knight")];
    p.seats[1].deck = Pile::shuffled([card("imperial.cannon"), card("imperial.swordmaster")]);
    let m = Match::from_position(p).unwrap();
    duel_app(m, 7)
}

#[test]
fn the_gateway_is_marked_on_the_board_and_beside_its_seat() {
    let app = gateway_app();
    let text = screen(&app, 140, 40);
    assert!(text.contains("│  @GATEWAY@ on e4 "), "{text}");
    let row4 = text.lines().find(|l| l.contains("4  ") && l.contains(" o @")).unwrap_or_default();
    assert!(!row4.is_empty(), "the piece on e4 carries the @ marker: {text}");
}

#[test]
fn the_pending_being_and_the_stored_piece_are_shown_marked_and_a_warp_is_a_choice_in_words() {
    let app = pending_app();
    let text = screen(&app, 140, 40);
    assert!(text.contains("~PENDING~ Merchant of Time"), "{text}");
    assert!(text.contains("~STORED~ Red's heroic piece [r+]"), "{text}");
    assert!(text.contains("Merchant of Time (heroic) ~PENDING~"), "marked in the hand too: {text}");
    assert!(!app.choices().iter().any(|(_, c)| matches!(c, Choice::Warp(_))), "no warp with a being pending");
    // without the pending being the Worm's warp is offered, in words and notation
    let mut p = Position::of(app.game_match().game()).unwrap();
    p.seats[0].pending = None;
    p.seats[0].stored = None;
    p.seats[1].supply.0 += 1;
    let mut app = duel_app(Match::from_position(p).unwrap(), 7);
    let at = app.choices().iter().position(|(_, c)| matches!(c, Choice::Warp(_))).expect("warp offered");
    app.focus = Focus::Choices;
    app.choice_index = at;
    let text = screen(&app, 140, 40);
    assert!(text.contains("play the warp effect of the Paradox Worm"), "{text}");
    type_text(&mut app, ":warp etherweave.paradox_worm");
    press(&mut app, KeyCode::Enter);
    let text = screen(&app, 140, 40);
    assert!(text.contains("~PENDING~ Paradox Worm"), "{text}");
    assert!(text.contains("plays the warp effect of the Paradox"), "the log tells the warp: {text}");
}

#[test]
fn the_gateway_pending_being_stored_piece_and_warp_are_marked_in_spanish_and_czech() {
    use tash_kalar_i18n::Lang;
    let again = |app: &App, lang| {
        let p = Position::of(app.game_match().game()).unwrap();
        duel_app_in(Match::from_position(p).unwrap(), 7, lang)
    };
    let words = [
        (
            Lang::Es,
            ["@PORTAL@ en e4", "~PENDIENTE~ Mercader del Tiempo", "~GUARDADA~ ficha heroica roja [r+]", "Distorsión: "],
        ),
        (
            Lang::Cs,
            ["@BRÁNA@ na e4", "~ČEKAJÍCÍ~ Obchodník s časem", "~ULOŽENÝ~ červený hrdinský kámen [r+]", "Zkřivení: "],
        ),
    ];
    for (lang, [gateway, pending, stored, warp]) in words {
        let app = again(&gateway_app(), lang);
        let text = screen(&app, 140, 40);
        assert!(text.contains(gateway), "{lang}: {text}");
        assert!(!text.contains("GATEWAY"), "{lang}: {text}");
        let row4 = text.lines().find(|l| l.contains("4  ") && l.contains(" o @")).unwrap_or_default();
        assert!(!row4.is_empty(), "{lang}: the @ marker stays: {text}");
        let mut app = again(&pending_app(), lang);
        let text = screen(&app, 140, 40);
        assert!(text.contains(pending), "{lang}: {text}");
        assert!(text.contains(stored), "{lang}: {text}");
        assert!(!text.contains("PENDING~") && !text.contains("STORED"), "{lang}: {text}");
        // the hand in full names the warp effect in the language
        app.focus = Focus::Hand;
        let text = screen(&app, 140, 60);
        assert!(text.contains(warp) && !text.contains("Warp:"), "{lang}: {text}");
    }
}

/// The whole screen in Spanish and in Czech, against snapshots kept in
/// `src/tui/snapshots/` (`TK_BLESS=1 cargo test -p tash-kalar tui::tests`
/// writes them anew after an intended change): the hand, an effect's
/// question, the help overlay. The words are the language's; the notations
/// (choice texts, card ids, squares) are the same in every language.
#[test]
fn the_screen_in_spanish_and_czech_matches_its_snapshots() {
    use tash_kalar_i18n::Lang;
    let bless = std::env::var("TK_BLESS").is_ok_and(|v| v == "1");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui/snapshots");
    let staged = |lang| {
        let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
        p.seats[0].beings = vec![card("imperial.swordmaster"), card("imperial.knight")];
        p.seats[0].deck = Pile::shuffled([card("imperial.cannon"), card("imperial.herald")]);
        p.seats[1].beings = vec![card("imperial.knight")];
        p.seats[1].deck = Pile::shuffled([card("imperial.cannon"), card("imperial.swordmaster")]);
        duel_app_in(Match::from_position(p).unwrap(), 7, lang)
    };
    let words: [(Lang, &[&str]); 2] = [
        (
            Lang::Es,
            &[
                "Tu mano",
                "Maestra de Espadas",
                "invocar Maestra de Espadas en e5 (como está impresa) [summon",
                "colocar una ficha básica en c1 [place c1]",
                "te toca elegir",
                "Duelo a muerte",
            ],
        ),
        (
            Lang::Cs,
            &[
                "Tvoje ruka",
                "Šermířka",
                "vyvolat: Šermířka na e5 (jak je natištěna) [summon",
                "položit běžný kámen na c1 [place c1]",
                "vybíráš ty",
                "Deathmatch souboj",
            ],
        ),
    ];
    for (lang, want) in words {
        let mut app = staged(lang);
        app.focus = Focus::Hand;
        let hand = screen(&app, 200, 44);
        for w in want {
            assert!(hand.contains(w), "{lang}: {w:?} missing in\n{hand}");
        }
        app.focus = Focus::Board;
        app.command("summon imperial.swordmaster e5 r0");
        let effect = screen(&app, 200, 44);
        assert!(effect.contains("[f6]"), "{lang}: the effect's square in notation: {effect}");
        press(&mut app, KeyCode::Char('?'));
        let help = screen(&app, 200, 44);
        for english in ["Your hand", "Choices (", "take back your last choice", "Keys", "summon the"] {
            for (name, text) in [("hand", &hand), ("effect", &effect), ("help", &help)] {
                assert!(!text.contains(english), "{lang} {name}: English {english:?} left:\n{text}");
            }
        }
        for (name, text) in [("hand", hand), ("effect", effect), ("help", help)] {
            let path = dir.join(format!("swordmaster-{name}-{lang}.txt"));
            if bless {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, &text).unwrap();
            } else {
                let want = std::fs::read_to_string(&path)
                    .unwrap_or_else(|_| panic!("{} missing: run with TK_BLESS=1", path.display()));
                assert_eq!(text, want, "{}: the screen changed (TK_BLESS=1 to accept)", path.display());
            }
        }
    }
}

#[test]
fn the_last_turns_squares_are_marked_by_more_than_colour() {
    let mut app = swordmaster_app();
    app.command("place b3");
    assert_eq!(app.last, vec![sq("b3")]);
    let mut terminal = Terminal::new(TestBackend::new(140, 40)).unwrap();
    terminal.draw(|f| ui::draw(f, &app)).unwrap();
    let buffer = terminal.backend().buffer();
    // the board's row 3 and column b: find the cell showing the piece
    let (mut marked, mut plain) = (0, 0);
    for y in 0..buffer.area.height {
        let row: String = (0..60).map(|x| buffer[(x, y)].symbol().to_string()).collect();
        if !row.starts_with("│3 ") {
            continue;
        }
        for x in 0..60 {
            let cell = &buffer[(x, y)];
            if cell.modifier.contains(ratatui::style::Modifier::UNDERLINED) {
                marked += 1;
                assert!(x < 12, "only b3's cell is underlined (column {x})");
            } else if cell.symbol() == "." {
                plain += 1;
            }
        }
    }
    assert!(marked >= 3, "b3's cell, brackets included, is underlined: {marked}");
    assert!(plain > 0);
    press(&mut app, KeyCode::Char('?'));
    assert!(screen(&app, 140, 40).contains("_ last turn"), "the key names the mark");
}

#[test]
fn a_melee_seat_that_left_is_said_to_be_played_by_the_bot() {
    use tash_kalar_rules::School;
    let mut m = Match::new(Form::Melee, &[School::Northern, School::Southern, School::Highland], Some(5)).unwrap();
    m.leave(1).unwrap();
    let seed = 5;
    let bots = (0..3).map(|s| tash_kalar_bots::from_spec("random", seed + s).unwrap()).collect();
    let driver = Driver::new(seed, vec![Seating::Person, Seating::Bot, Seating::Bot]);
    let players = vec![
        tash_kalar_present::Player::default(),
        tash_kalar_present::Player { name: Some("Bo".into()), bot: Some("medium".into()) },
        tash_kalar_present::Player { name: None, bot: Some("random".into()) },
    ];
    let lang = tash_kalar_i18n::Lang::En;
    let app = App::new(Table { m, form: Form::Melee, seed, bots, driver, lang, players });
    let text = screen(&app, 160, 50);
    assert!(text.contains("Bo left; medium plays the seat"), "{text}");
    assert_eq!(text.matches(" left; ").count(), 1, "only the seat that left: {text}");
}
