//! Helpers shared by the integration tests: positions from board text,
//! playing choices by their text, and reading the board back.
#![allow(dead_code)]

use tash_kalar_rules::{Board, CardId, Choice, Color, Game, Piece, Position, Rank, Square};

pub use tash_kalar_testkit::Gate;

/// A duel position: blue (Northern, seat 0) to act with 2 actions, holding
/// `cards` (beings, legends and flares by id, sorted into the right hand);
/// red (Southern, seat 1) holds nothing. Supplies are full for the pieces
/// not on the board.
pub fn duel(board: &str, cards: &[&str]) -> Game {
    duel_position(board, cards).to_game().expect("a valid position")
}

/// The position behind [`duel`], to adjust before making the game.
pub fn duel_position(board: &str, cards: &[&str]) -> Position {
    let mut p = Position::duel(board).expect("board text");
    give(&mut p, 0, cards);
    p
}

/// Puts cards (by id) into a seat's hand: beings, legends and flares each
/// into their own part.
pub fn give(p: &mut Position, seat: usize, cards: &[&str]) {
    for id in cards {
        let c = CardId::parse(id).unwrap_or_else(|| panic!("unknown card {id}"));
        let hand = &mut p.seats[seat];
        if c.is_legend() {
            hand.legends.push(c);
        } else if c.is_flare() {
            hand.flares.push(c);
        } else {
            hand.beings.push(c);
        }
    }
}

/// Sets every seat's supply to what is not on the board: 16 two-sided
/// pieces and 3 legendary ones.
pub fn supplies_from_board(p: &mut Position) {
    for s in &mut p.seats {
        let c = s.school.color();
        let two_sided = p.board.count(c, Rank::Common) + p.board.count(c, Rank::Heroic);
        s.supply = (16 - two_sided as u8, 3 - p.board.count(c, Rank::Legendary) as u8);
    }
}

/// A board from pieces given as words `square=piece` or `square:piece`
/// (`e5=g f6=r+ d7=b*`): a color letter, then `+` for heroic or `*` for
/// legendary.
pub fn board_of(pieces: &str) -> Board {
    let mut b = Board::empty();
    for word in pieces.split_whitespace() {
        let (square, piece) = word.split_once(['=', ':']).unwrap_or_else(|| panic!("not square=piece: {word}"));
        let mut chars = piece.chars();
        let color = chars.next().and_then(Color::from_letter).unwrap_or_else(|| panic!("no color letter: {word}"));
        let rank = match chars.as_str() {
            "" => Rank::Common,
            "+" => Rank::Heroic,
            "*" => Rank::Legendary,
            other => panic!("bad rank mark {other:?} in {word}"),
        };
        b.set(sq(square), Some(Piece::new(color, rank)));
    }
    b
}

/// Plays one choice by its text, panicking with the legal choices if it
/// is refused.
pub fn play(g: &mut Game, text: &str) {
    if let Err(e) = g.act_text(text) {
        panic!("{text}: {e}\nlegal: {:?}\nboard: {}", texts(g), g.board().to_text());
    }
}

/// Plays several choices in order.
pub fn play_all(g: &mut Game, texts_: &[&str]) {
    for t in texts_ {
        play(g, t);
    }
}

/// The legal choices as text.
pub fn texts(g: &Game) -> Vec<String> {
    g.legal_choices().iter().map(Choice::to_string).collect()
}

/// Whether a choice text is among the legal choices.
pub fn legal(g: &Game, text: &str) -> bool {
    let c: Choice = text.parse().expect("choice text");
    g.is_legal(g.normalize(c))
}

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("not a square: {name}"))
}

/// The piece on a square as board-text letters ("b", "r+", "g*"), or "".
pub fn at(g: &Game, name: &str) -> String {
    g.board().get(sq(name)).map(|p| p.to_string()).unwrap_or_default()
}

pub fn board(text: &str) -> Board {
    Board::from_text(text).expect("board text")
}

/// Enemy pieces destroyed this turn by the active player, of one color and rank.
pub fn destroyed(g: &Game, color: Color, rank: Rank) -> u8 {
    g.turn().destroyed[color.index()][rank.index()]
}

/// A count or seed from the environment (for longer property runs).
pub fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    Some(v.trim().parse().unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}")))
}

/// Checks a school's patterns as printed (`(card id, rank, squares of the
/// pattern when summoned upright at e5)`): each is summonable at e5 with
/// exactly those pieces of `letter`'s color and not with any one missing,
/// and the definition agrees on the count, the rank and whether e5 must
/// hold a piece. `game` builds the position from `square=piece` words and
/// the cards in hand.
pub fn check_printed_patterns(patterns: &[(&str, Rank, &str)], letter: char, game: impl Fn(&str, &[&str]) -> Game) {
    for &(id, rank, squares) in patterns {
        let squares: Vec<&str> = squares.split(' ').collect();
        let summon = format!("summon {id} e5 r0");
        let all: Vec<String> = squares.iter().map(|s| format!("{s}={letter}")).collect();
        assert!(legal(&game(&all.join(" "), &[id]), &summon), "{id}");
        for (i, missing) in squares.iter().enumerate() {
            let mut some = all.clone();
            some.remove(i);
            assert!(!legal(&game(&some.join(" "), &[id]), &summon), "{id} without {missing}");
        }
        let def = CardId::parse(id).unwrap_or_else(|| panic!("unknown card {id}")).def();
        assert_eq!(def.pattern.len(), squares.len(), "{id}");
        assert_eq!(def.needs_piece_at_summoning_square(), squares.contains(&"e5"), "{id}");
        assert_eq!(def.rank, rank, "{id}");
    }
}

/// Whoever is to choose in a match makes `choice`, through the gate
/// (`Match::act`).
pub fn act(m: &mut tash_kalar_rules::Match, choice: Choice) -> Result<Choice, tash_kalar_rules::Refusal> {
    let by = tash_kalar_rules::Mover::of(m.game().actor()).ok_or(tash_kalar_rules::Refusal::GameOver)?;
    m.act(by, choice)
}

/// Whoever is to choose in a match makes the choice of this text, through
/// the gate (`Match::act_text`).
pub fn act_text(m: &mut tash_kalar_rules::Match, text: &str) -> Result<Choice, tash_kalar_rules::Refusal> {
    let by = tash_kalar_rules::Mover::of(m.game().actor()).ok_or(tash_kalar_rules::Refusal::GameOver)?;
    m.act_text(by, text)
}
