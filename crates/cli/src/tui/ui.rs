//! Drawing the full-screen client from its state (no I/O of its own: a
//! `TestBackend` renders it as well as a terminal).

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;
use tash_kalar_rules::board::{CENTRAL_SQUARES, GREEN_SQUARES, RED_SQUARES};
use tash_kalar_rules::view::View;
use tash_kalar_rules::{Board, CardId, Choice, Color, Event, Phase, Piece, Rank, Seat, Square};

use super::app::{result_text, App, Focus, LogFit, Mode};

/// The keys, for the help overlay.
pub const HELP: &[(&str, &str)] = &[
    ("arrows, hjkl", "move the cursor on the board (or in the hand / choice list)"),
    ("Enter, space", "board: play the choice for this square, or narrow the choices to it;"),
    ("", "hand: pick the card (its summoning squares light up); choices: play it"),
    ("Tab, Shift-Tab", "focus board / hand / choices / log"),
    ("PageUp, PageDown", "scroll the log back and forth (in the choice list: page through it)"),
    ("End", "the log's newest entry (log: Home its oldest, arrows one entry)"),
    ("s", "skip an optional part (or decline to claim a task)"),
    ("e", "end the turn"),
    ("u", "take back your last choice this turn"),
    ("Esc", "drop the picked card and squares"),
    (":", "type a choice as line mode takes it: a number, `place e5`, `e5-f6`, `resign`..."),
    ("?", "this help"),
    ("q, Ctrl-C", "quit (q asks first)"),
];

const LEGEND: &str = "( ) red square  { } green square  : central  o target  [ ] cursor";

pub fn draw(frame: &mut Frame, app: &App) {
    let v = app.view();
    let [header, body, footer] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(10), Constraint::Length(2)]).areas(frame.area());
    frame.render_widget(Paragraph::new(status_line(app, &v)).style(Style::new().add_modifier(Modifier::BOLD)), header);

    let wide = body.width >= 110;
    let (left, hand_area, card_area, choices_area, log_area) = if wide {
        // three columns: board and scores, hand and card, choices and log
        let [left, middle, right] =
            Layout::horizontal([Constraint::Length(44), Constraint::Min(30), Constraint::Min(30)]).areas(body);
        // every card in full when they fit, else a list and the card at
        // the cursor
        let full = hand_in_full(app, middle.width.saturating_sub(2) as usize);
        let card_rows = if full.len() + 2 <= middle.height as usize { 0 } else { 13 };
        let [hand, card] = Layout::vertical([Constraint::Min(5), Constraint::Length(card_rows)]).areas(middle);
        let [choices, log] = Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(right);
        (left, hand, card, choices, log)
    } else {
        // a small terminal: the board keeps its width, the rest is stacked
        let [left, right] = Layout::horizontal([Constraint::Length(44), Constraint::Min(20)]).areas(body);
        let cards = app.hand_cards().len().clamp(1, 7) as u16;
        // while looking through the hand the card at its cursor takes the
        // room of the choices and the log, so its whole text shows
        let looking = app.focus == Focus::Hand;
        let [hand, card, choices, log] = Layout::vertical(if looking {
            [Constraint::Length(cards + 2), Constraint::Min(8), Constraint::Length(0), Constraint::Length(0)]
        } else {
            [Constraint::Length(cards + 2), Constraint::Length(0), Constraint::Min(3), Constraint::Length(5)]
        })
        .areas(right);
        (left, hand, card, choices, log)
    };
    let [board_area, scores_area] = Layout::vertical([Constraint::Length(13), Constraint::Min(3)]).areas(left);
    draw_board(frame, app, &v, board_area);
    draw_scores(frame, &v, scores_area);
    draw_hand(frame, app, hand_area, card_area);
    draw_choices(frame, app, choices_area);
    draw_log(frame, app, log_area);

    draw_footer(frame, app, &v, footer);

    match &app.mode {
        Mode::Help => draw_help(frame),
        Mode::ConfirmQuit => {
            let area = centered(frame.area(), 36, 3);
            frame.render_widget(Clear, area);
            frame.render_widget(Paragraph::new("Quit the game? y / n").block(Block::bordered().title(" Quit ")), area);
        }
        _ => {}
    }
}

/// Whose turn, the actions left, or the result.
fn status_line(app: &App, v: &View) -> String {
    let seat = |s: u8| {
        let sv = &v.seats[s as usize];
        let who = if app.is_human(s) { "you".to_string() } else { app.bot_name(s).to_string() };
        format!("seat {} ({}, {}, {who})", s + 1, sv.school, color_name(sv.color))
    };
    let state = if let Some(o) = v.outcome.as_ref().map(|_| result_text(v)) {
        format!("The game is over. {o} q to leave.")
    } else if let Some(s) = app.thinking {
        format!("Turn {}: {} is thinking...", v.turn.number, seat(s))
    } else {
        match v.phase {
            Phase::StartPieces { seat: s } => format!("Setup: {} places the start pieces", seat(s)),
            _ => format!(
                "Turn {}: {} to play, {} action{} left{}",
                v.turn.number,
                seat(v.turn.seat),
                v.turn.actions,
                if v.turn.actions == 1 { "" } else { "s" },
                if app.my_turn() { " - your choice" } else { "" }
            ),
        }
    };
    format!(" Tash-Kalar {} | {state}", v.form.name())
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Blue => "blue",
        Color::Brown => "brown",
        Color::Green => "green",
        Color::White => "white",
        Color::Orange => "orange",
        Color::Purple => "purple",
    }
}

fn tint(c: Color) -> Tint {
    match c {
        Color::Red => Tint::LightRed,
        Color::Blue => Tint::LightBlue,
        Color::Brown => Tint::Yellow,
        Color::Green => Tint::LightGreen,
        Color::White => Tint::White,
        Color::Orange => Tint::Indexed(208),
        Color::Purple => Tint::Magenta,
    }
}

fn piece_text(p: Piece) -> String {
    format!("{:<2}", p.to_string())
}

fn panel(title: &str, focused: bool) -> Block<'static> {
    let block = Block::bordered().title(format!(" {title} "));
    if focused {
        block.border_style(Style::new().fg(Tint::Cyan).add_modifier(Modifier::BOLD))
    } else {
        block
    }
}

/// The board as line mode draws it, one square to 4 columns: the square's
/// kind in the outer two (red `( )`, green `{ }`, the cursor `[ ]`), the
/// piece (`b`, `b+`, `b*`) or the empty square (`.`, central `:`, a
/// target `o`) inside.
fn draw_board(frame: &mut Frame, app: &App, v: &View, area: Rect) {
    let board = Board::from_text(&v.board).unwrap_or_default();
    let last = last_turn(v, app.viewer);
    let highlighted = app.highlighted();
    let preview = app.preview();
    // Nethervoid: each seat's Gateway, marked `@` after its piece
    let gateways: Vec<Square> = v.seats.iter().filter_map(|s| s.gateway).collect();
    let mut lines = vec![Line::from("    a   b   c   d   e   f   g   h   i")];
    for row in (0..9).rev() {
        let mut spans = vec![Span::raw(format!("{}  ", row + 1))];
        for column in 0..9 {
            let Some(sq) = Square::new(column, row) else {
                spans.push(Span::raw("    "));
                continue;
            };
            let (mut open, mut close, mut mark) = (" ", " ", Style::new());
            if RED_SQUARES.contains(sq) {
                (open, close, mark) = ("(", ")", Style::new().fg(Tint::LightRed));
            } else if GREEN_SQUARES.contains(sq) {
                (open, close, mark) = ("{", "}", Style::new().fg(Tint::LightGreen));
            }
            let target = highlighted.contains(sq);
            let (inner, mut style) = match board.get(sq) {
                Some(p) => {
                    let mut s = Style::new().fg(tint(p.color)).add_modifier(Modifier::BOLD);
                    if p.rank == Rank::Legendary {
                        s = s.add_modifier(Modifier::UNDERLINED);
                    }
                    (piece_text(p), s)
                }
                None if target => ("o ".to_string(), Style::new().fg(Tint::Yellow).add_modifier(Modifier::BOLD)),
                // a piece destroyed in the turn shown: its ghost
                None if last.destroyed.contains(&sq) => ("x ".to_string(), Style::new().fg(Tint::Red)),
                None if CENTRAL_SQUARES.contains(sq) => (": ".to_string(), Style::new().fg(Tint::Gray)),
                None => (". ".to_string(), Style::new().fg(Tint::DarkGray)),
            };
            let mut bg = None;
            if last.squares.contains(&sq) {
                bg = Some(Tint::Indexed(238));
            }
            if preview.contains(sq) {
                bg = Some(Tint::Indexed(24));
            }
            if target && board.get(sq).is_some() {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if sq == app.cursor {
                (open, close) = ("[", "]");
                mark = Style::new().fg(Tint::White).add_modifier(Modifier::BOLD);
                if app.focus == Focus::Board {
                    bg = Some(Tint::Indexed(94));
                }
            } else if gateways.contains(&sq) {
                close = "@";
                mark = Style::new().fg(Tint::LightYellow).add_modifier(Modifier::BOLD);
            }
            if let Some(b) = bg {
                style = style.bg(b);
                mark = mark.bg(b);
            }
            spans.push(Span::styled(open, mark));
            spans.push(Span::styled(inner, style));
            spans.push(Span::styled(close, mark));
        }
        spans.push(Span::raw(format!(" {}", row + 1)));
        lines.push(Line::from(spans));
    }
    lines.push(Line::from("    a   b   c   d   e   f   g   h   i"));
    let mut about = format!("cursor {}", app.cursor);
    if RED_SQUARES.contains(app.cursor) {
        about.push_str(", red");
    }
    if GREEN_SQUARES.contains(app.cursor) {
        about.push_str(", green");
    }
    if CENTRAL_SQUARES.contains(app.cursor) {
        about.push_str(", central");
    }
    if gateways.contains(&app.cursor) {
        about.push_str(", Gateway");
    }
    if !last.squares.is_empty() {
        let who = last.seat.map(|s| format!(" (seat {})", s + 1)).unwrap_or_default();
        let mut squares: Vec<String> = last.squares.iter().map(|s| s.to_string()).collect();
        squares.truncate(4);
        about.push_str(&format!(" | last{who} {}", squares.join(" ")));
    }
    let block = panel("Board", app.focus == Focus::Board).title_bottom(format!(" {about} "));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Scores, cards and pieces of each seat; the task board in the task forms.
fn draw_scores(frame: &mut Frame, v: &View, area: Rect) {
    let mut lines = Vec::new();
    for s in &v.seats {
        let style = Style::new().fg(tint(s.color)).add_modifier(Modifier::BOLD);
        lines.push(Line::from(vec![
            Span::styled(format!("{} {} {}", s.seat + 1, s.school, color_name(s.color)), style),
            Span::raw(format!(": score {}", s.score)),
        ]));
        if let Some(points) = &s.points {
            let by: Vec<String> = points.iter().map(|(c, p)| format!("{} {p}", color_name(*c))).collect();
            lines.push(Line::from(format!("  points: {}", by.join(", "))));
        }
        lines.push(Line::from(format!(
            "  hand {}b {}l {}f, deck {}, supply {}+{}",
            s.beings, s.legends, s.flares, s.deck, s.supply.0, s.supply.1
        )));
        if let Some(at) = s.gateway {
            // Nethervoid: the Gateway (public), marked @ on the board
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled("@GATEWAY@", Style::new().fg(Tint::LightYellow).add_modifier(Modifier::BOLD)),
                Span::raw(format!(" on {at}")),
            ]));
        }
        if let Some(card) = s.frozen {
            // Everfrost: the frozen card, face up (public), marked as such
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled("*FROZEN*", Style::new().fg(Tint::Cyan).add_modifier(Modifier::BOLD)),
                Span::raw(format!(" {}", card.def().name)),
            ]));
        }
        if let Some(card) = s.pending {
            // Etherweave: the pending being, face up on the deck (public)
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled("~PENDING~", Style::new().fg(Tint::Magenta).add_modifier(Modifier::BOLD)),
                Span::raw(format!(" {}", card.def().name)),
            ]));
        }
        if let Some(piece) = s.stored {
            // Etherweave: the piece kept on the Merchant of Time, off the board
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled("~STORED~", Style::new().fg(Tint::Magenta).add_modifier(Modifier::BOLD)),
                Span::raw(format!(" {} [{piece}]", tash_kalar_rules::event::piece_words(piece))),
            ]));
        }
    }
    if let Some(t) = &v.tasks {
        lines.push(Line::from(format!("Tasks ({} in deck):", t.deck)));
        let width = area.width.saturating_sub(6).max(10) as usize;
        for (task, next) in t.current.iter().map(|t| (t, false)).chain(t.next.iter().map(|t| (t, true))) {
            let head = format!("  {}{} ({}): ", if next { "next: " } else { "" }, task.name, task.points);
            // the requirement, wrapped under the name
            for (i, part) in wrap(&format!("{head}{}", task.text), width).into_iter().enumerate() {
                lines.push(Line::from(if i == 0 { part } else { format!("    {part}") }));
            }
        }
        match &t.team_claimed {
            // team play: a team's tasks, whichever teammate claimed them
            Some(teams) => {
                for (i, claimed) in teams.iter().enumerate() {
                    let seats = format!("seats {} and {}", i + 1, i + 3);
                    lines.push(Line::from(format!(
                        "  team {} ({seats}) claimed: {}",
                        i + 1,
                        crate::play::claimed_list(claimed)
                    )));
                }
            }
            None => {
                for (i, claimed) in t.claimed.iter().enumerate() {
                    lines.push(Line::from(format!("  seat {} claimed: {}", i + 1, crate::play::claimed_list(claimed))));
                }
            }
        }
    }
    if let Some(last) = v.end.last {
        lines.push(Line::from(format!("The end is triggered: seat {} plays last.", last + 1)));
    }
    frame.render_widget(Paragraph::new(lines).block(panel("Scores", false)), area);
}

fn card_kind(card: CardId) -> String {
    let def = card.def();
    match def.flare {
        Some(t) => format!("flare, upper {} lower {}", t.upper, t.lower),
        None if card.is_legend() => "legend".to_string(),
        None => def.rank.name().to_string(),
    }
}

/// The cards of the hand that can be summoned now.
fn summonable(app: &App) -> Vec<CardId> {
    let mut cards: Vec<CardId> = app
        .legal()
        .into_iter()
        .filter_map(|c| match c {
            Choice::Summon { card, .. } => Some(card),
            _ => None,
        })
        .collect();
    cards.dedup();
    cards
}

/// The mark of a card that can be summoned now (as in the browser).
const CAN_SUMMON: &str = "✦ ";

/// Each card of the hand with its diagram beside its text.
fn hand_in_full(app: &App, width: usize) -> Vec<Line<'static>> {
    let ready = summonable(app);
    // Etherweave: the pending being is held, and marked
    let pendings: Vec<CardId> = app.view().seats.iter().filter_map(|s| s.pending).collect();
    let mut lines = Vec::new();
    for (i, c) in app.hand_cards().into_iter().enumerate() {
        let def = c.def();
        let picked = app.selected_card == Some(c);
        let mut style = Style::new().add_modifier(Modifier::BOLD);
        if picked {
            style = style.fg(Tint::Yellow);
        }
        if app.focus == Focus::Hand && i == app.hand_index {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let cursor = if i == app.hand_index { ">" } else { " " };
        let ready = ready.contains(&c);
        if ready && !picked {
            style = style.fg(Tint::LightGreen);
        }
        let mark = match (picked, ready) {
            (true, _) => "* ",
            (false, true) => CAN_SUMMON,
            _ => " ",
        };
        let pending = if pendings.contains(&c) { " ~PENDING~" } else { "" };
        lines.push(Line::styled(format!("{cursor}{mark}{} ({}){pending}", def.name, card_kind(c)), style));
        let diagram = pattern_diagram(c);
        let dw = diagram.iter().map(|r| r.chars().count()).max().map_or(0, |w| w + 2);
        let mut text = def.text.to_string();
        if !def.arrows.is_empty() {
            let arrows: Vec<&str> = def.arrows.iter().map(|d| d.name()).collect();
            text = format!("[arrows {}] {text}", arrows.join(" "));
        }
        if let Some(w) = tash_kalar_rules::warp::warp_effect(c) {
            text = format!("{text} Warp: {}", w.text);
        }
        let words = wrap(&text, width.saturating_sub(dw + 2).max(10));
        for k in 0..diagram.len().max(words.len()) {
            let left = diagram.get(k).map_or("", |s| s.as_str());
            let right = words.get(k).map_or("", |s| s.as_str());
            lines.push(Line::from(format!("  {left:<dw$}{right}")));
        }
    }
    lines
}

fn draw_hand(frame: &mut Frame, app: &App, list_area: Rect, card_area: Rect) {
    let cards = app.hand_cards();
    if card_area.height == 0 {
        let full = hand_in_full(app, list_area.width.saturating_sub(2) as usize);
        if full.len() + 2 <= list_area.height as usize {
            let legend = "✦ can be summoned now; S summon, o + * your piece (least rank), x marked";
            let mut lines = full;
            lines.push(Line::styled(legend, Style::new().fg(Tint::DarkGray)));
            let block = panel("Your hand", app.focus == Focus::Hand);
            frame.render_widget(Paragraph::new(lines).block(block), list_area);
            return;
        }
    }
    let ready = summonable(app);
    let pendings: Vec<CardId> = app.view().seats.iter().filter_map(|s| s.pending).collect();
    let items: Vec<ListItem> = cards
        .iter()
        .map(|&c| {
            let picked = app.selected_card == Some(c);
            let ready = ready.contains(&c);
            let mark = match (picked, ready) {
                (true, _) => "* ",
                (false, true) => CAN_SUMMON,
                _ => "  ",
            };
            let pending = if pendings.contains(&c) { " ~PENDING~" } else { "" };
            let text = format!("{mark}{} ({}){pending}", c.def().name, card_kind(c));
            let style = if picked {
                Style::new().fg(Tint::Yellow).add_modifier(Modifier::BOLD)
            } else if ready {
                Style::new().fg(Tint::LightGreen)
            } else {
                Style::new()
            };
            ListItem::new(text).style(style)
        })
        .collect();
    let focused = app.focus == Focus::Hand;
    let list = List::new(items)
        .block(panel("Your hand", focused))
        .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
        .highlight_symbol(">");
    let mut state = ListState::default();
    if !cards.is_empty() {
        state.select(Some(app.hand_index.min(cards.len() - 1)));
    }
    frame.render_stateful_widget(list, list_area, &mut state);

    let shown = app.selected_card.filter(|_| !focused).or_else(|| cards.get(app.hand_index).copied());
    let (title, lines) = match shown {
        Some(c) => (c.def().name.to_string(), card_lines(c)),
        None => ("Card".to_string(), vec![Line::from("No card in hand.")]),
    };
    if card_area.height > 0 {
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(panel(&title, false)), card_area);
    }
}

/// A card's pattern as a small diagram (card upright, north up): `S` the
/// summoning square, `o + *` your pieces of at least common, heroic,
/// legendary rank, `x` a marked square; then its arrows and our text.
pub fn pattern_diagram(card: CardId) -> Vec<String> {
    let def = card.def();
    if def.flare.is_some() {
        return Vec::new();
    }
    let cells: Vec<(i8, i8)> = def.pattern.iter().map(|&(x, y, _)| (x, y)).chain(def.marked.iter().copied()).collect();
    let xs = cells.iter().map(|c| c.0).chain([0]);
    let ys = cells.iter().map(|c| c.1).chain([0]);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
    let mut rows = Vec::new();
    for y in (y0..=y1).rev() {
        let mut row = String::new();
        for x in x0..=x1 {
            let piece = def.pattern.iter().find(|&&(px, py, _)| (px, py) == (x, y)).map(|&(_, _, r)| r);
            // (the Time Traveler has no summoning square: its origin is a pattern piece)
            let summoning = x == 0 && y == 0 && !tash_kalar_rules::warp::is_time_traveler(card);
            let c = match (summoning, piece) {
                (true, _) => 'S',
                (false, Some(Rank::Common)) => 'o',
                (false, Some(Rank::Heroic)) => '+',
                (false, Some(Rank::Legendary)) => '*',
                (false, None) if def.marked.contains(&(x, y)) => 'x',
                (false, None) => '.',
            };
            row.push(c);
            row.push(' ');
        }
        rows.push(row.trim_end().to_string());
    }
    rows
}

fn card_lines(card: CardId) -> Vec<Line<'static>> {
    let def = card.def();
    let mut lines =
        vec![Line::styled(format!("{} - {}", card_kind(card), def.id), Style::new().add_modifier(Modifier::ITALIC))];
    for row in pattern_diagram(card) {
        lines.push(Line::from(format!("  {row}")));
    }
    if def.flare.is_none() {
        let mut key = "S summon, o/+/* your piece, x marked".to_string();
        if tash_kalar_rules::warp::is_time_traveler(card) {
            key = "o your piece: the pattern anywhere; summoned on any empty colorless square".to_string();
        } else if def.needs_piece_at_summoning_square() {
            key.push_str(", S on your piece");
        }
        lines.push(Line::styled(key, Style::new().fg(Tint::DarkGray)));
    }
    if !def.arrows.is_empty() {
        let arrows: Vec<&str> = def.arrows.iter().map(|d| d.name()).collect();
        lines.push(Line::from(format!("arrows: {}", arrows.join(" "))));
    }
    lines.push(Line::from(def.text));
    if let Some(w) = tash_kalar_rules::warp::warp_effect(card) {
        lines.push(Line::styled(format!("warp: {}", w.text), Style::new().add_modifier(Modifier::ITALIC)));
    }
    lines
}

fn draw_choices(frame: &mut Frame, app: &App, area: Rect) {
    if area.height == 0 {
        return;
    }
    let list = app.choices();
    let game = app.game_match().game();
    let items: Vec<ListItem> = list
        .iter()
        .map(|(n, c)| {
            // in words, then the notation (what `:` takes)
            let label = game.choice_view(*c).label;
            ListItem::new(Line::from(vec![
                Span::raw(format!("{n:>3} {label} ")),
                Span::styled(format!("[{c}]"), Style::new().fg(Tint::DarkGray)),
            ]))
        })
        .collect();
    let mut title = format!("Choices ({})", list.len());
    if let Some(c) = app.selected_card {
        title.push_str(&format!(" - {}", c.def().name));
    }
    if !app.picks.is_empty() {
        let picks: Vec<String> = app.picks.iter().map(|s| s.to_string()).collect();
        title.push_str(&format!(" at {}", picks.join("-")));
    }
    let focused = app.focus == Focus::Choices;
    let widget = List::new(items)
        .block(panel(&title, focused))
        .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
        .highlight_symbol(">");
    let mut state = ListState::default();
    if focused && !list.is_empty() {
        state.select(Some(app.choice_index.min(list.len() - 1)));
    }
    frame.render_stateful_widget(widget, area, &mut state);
}

/// The log as whole entries, each wrapped to the panel: the entry
/// `log_scroll` back from the newest at the bottom, older ones above as far
/// as they fit whole (a half entry at the top would start mid-sentence).
fn draw_log(frame: &mut Frame, app: &App, area: Rect) {
    if area.height == 0 {
        return;
    }
    let room = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2).max(1) as usize;
    let entries: Vec<Vec<String>> = app
        .log
        .iter()
        .map(|entry| {
            let parts = wrap(entry, width).into_iter().enumerate();
            parts.map(|(i, part)| if i == 0 { part } else { format!(" {part}") }).collect()
        })
        .collect();
    // scrolled back the farthest, the oldest entries fill the panel from the top
    let mut used = 0;
    let mut first_page = 0;
    for e in &entries {
        if first_page > 0 && used + e.len() > room {
            break;
        }
        used += e.len();
        first_page += 1;
    }
    let max_scroll = entries.len().saturating_sub(first_page.max(1));
    let scroll = app.log_scroll.min(max_scroll);
    let newest = entries.len().saturating_sub(scroll);
    let mut lines: Vec<String> = Vec::new();
    let mut shown = 0;
    for e in entries[..newest].iter().rev() {
        if lines.len() + e.len() > room {
            if shown == 0 {
                // taller than the panel: its beginning, marked as cut
                lines = e.iter().take(room).cloned().collect();
                if let Some(last) = lines.last_mut() {
                    let keep = last.chars().count().min(width.saturating_sub(1));
                    *last = last.chars().take(keep).chain(['…']).collect();
                }
                shown = 1;
            }
            break;
        }
        lines.splice(0..0, e.iter().cloned());
        shown += 1;
    }
    let earlier = newest.saturating_sub(shown);
    if earlier > 0 {
        // a full panel keeps the shown entry at its bottom
        let gap = room.saturating_sub(lines.len());
        lines.splice(0..0, vec![String::new(); gap]);
    }
    app.log_fit.set(LogFit { max_scroll, page: shown.saturating_sub(1).max(1) });
    let title = match (earlier, scroll) {
        (0, 0) => "Log".to_string(),
        (e, 0) => format!("Log - {e} earlier"),
        (0, l) => format!("Log - {l} later (End)"),
        (e, l) => format!("Log - {e} earlier, {l} later (End)"),
    };
    let lines: Vec<Line> = lines.into_iter().map(Line::from).collect();
    frame.render_widget(Paragraph::new(lines).block(panel(&title, app.focus == Focus::Log)), area);
}

/// The question of the moment (or the last message), then the prompt or
/// the keys.
fn draw_footer(frame: &mut Frame, app: &App, v: &View, area: Rect) {
    let question = if let Some(m) = &app.message {
        m.clone()
    } else if let Some(r) = &v.result {
        r.text.clone()
    } else if let Some(q) = v.question.as_ref().filter(|q| q.seat == app.viewer) {
        match (&v.effect, q.kind) {
            (Some(e), "effect") => match e.at {
                Some(at) if !e.card.is_flare() => {
                    format!("{} on {at}: {}", e.name, q.text.trim_start_matches(e.name).trim_start_matches(": "))
                }
                _ => q.text.clone(),
            },
            (_, "claim") => format!("{} (s to skip)", q.text),
            _ => q.text.clone(),
        }
    } else if let Some(q) = &v.question {
        format!("Seat {} is choosing: {}", q.seat + 1, q.text)
    } else {
        LEGEND.to_string()
    };
    let second = match &app.mode {
        Mode::Prompt(text) => Line::from(vec![Span::styled(":", Style::new().fg(Tint::Cyan)), Span::raw(text.clone())]),
        _ => Line::styled(
            "? help  Tab focus  Enter pick  s skip  e end turn  u undo  : type  PgUp log  q quit",
            Style::new().fg(Tint::DarkGray),
        ),
    };
    frame.render_widget(Paragraph::new(vec![Line::from(question), second]), area);
}

fn draw_help(frame: &mut Frame) {
    let mut lines: Vec<Line> = HELP.iter().map(|(k, t)| Line::from(format!("{k:<16} {t}"))).collect();
    lines.push(Line::from(""));
    lines.push(Line::from(LEGEND));
    lines.push(Line::from(
        "Pieces: letter = color (r b n g w o p), + heroic, * legendary, @ after it the Gateway; any key closes.",
    ));
    let area = centered(frame.area(), 96, lines.len() as u16 + 2);
    frame.render_widget(Clear, area);
    frame
        .render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::bordered().title(" Keys ")), area);
}

/// Words into lines of at most `width` characters (the continuation lines
/// get one less, for their indent); a word longer than a line is cut.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let room = if lines.len() == 1 { width } else { width.saturating_sub(1).max(1) };
        let last = lines.last_mut().expect("one line at least");
        let len = last.chars().count();
        if len == 0 || len + 1 + word.chars().count() <= room {
            if len > 0 {
                last.push(' ');
            }
            last.push_str(word);
        } else {
            lines.push(word.to_string());
        }
    }
    // a word longer than the line: cut it up
    let mut out = Vec::new();
    for line in lines {
        let chars: Vec<char> = line.chars().collect();
        if chars.is_empty() {
            out.push(String::new());
        }
        for chunk in chars.chunks(width.max(1)) {
            out.push(chunk.iter().collect());
        }
    }
    out
}

/// A rectangle of at most this size in the middle of `area`.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

/// What just happened, for a seat: the current turn once it has changed
/// the board, else every turn since the seat's own last turn (from the
/// view's events, as the browser shows it).
pub struct LastTurn {
    /// Whose turn is shown (the latest one).
    pub seat: Option<Seat>,
    /// Every square its events touched.
    pub squares: Vec<Square>,
    /// Where pieces were destroyed.
    pub destroyed: Vec<Square>,
}

pub fn last_turn(v: &View, viewer: Seat) -> LastTurn {
    // the events split into turns (what came before any turn first)
    let mut turns: Vec<(Option<Seat>, Vec<Event>)> = vec![(None, Vec::new())];
    for e in &v.events {
        match e.event {
            Event::TurnStarted { seat, .. } => turns.push((Some(seat), Vec::new())),
            ev => turns.last_mut().expect("a turn").1.push(ev),
        }
    }
    let acted = |t: &(Option<Seat>, Vec<Event>)| t.1.iter().any(|e| !e.squares().is_empty());
    let last = turns.len() - 1;
    let shown: Vec<usize> = if acted(&turns[last]) || last == 0 {
        vec![last]
    } else {
        let mut v = Vec::new();
        for i in (0..last).rev() {
            // what came before the first turn only when nothing else is shown
            if turns[i].0 == Some(viewer) || (i == 0 && !v.is_empty()) {
                break;
            }
            v.push(i);
        }
        v
    };
    let mut out =
        LastTurn { seat: shown.first().and_then(|&i| turns[i].0), squares: Vec::new(), destroyed: Vec::new() };
    for &i in shown.iter().rev() {
        for e in &turns[i].1 {
            for sq in e.squares() {
                if !out.squares.contains(&sq) {
                    out.squares.push(sq);
                }
            }
            if let Event::Destroyed { at, .. } = e {
                out.destroyed.push(*at);
            }
        }
    }
    out
}
