//! Drawing the full-screen client from its state (no I/O of its own: a
//! `TestBackend` renders it as well as a terminal).

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;
use tash_kalar_i18n::{args, Messages};
use tash_kalar_rules::board::{CENTRAL_SQUARES, GREEN_SQUARES, RED_SQUARES};
use tash_kalar_rules::view::View;
use tash_kalar_rules::{Board, CardId, Choice, Color, Event, Phase, Piece, QuestionKind, Rank, Seat, Square};

use super::app::{result_text, App, Focus, LogFit, Mode};

/// The keys, for the help overlay: the key (a message id where the key
/// has a name in words) and the message saying what it does.
pub const HELP: &[(&str, &str)] = &[
    ("help-key-arrows", "help-move"),
    ("help-key-enter", "help-enter"),
    ("", "help-enter-more"),
    ("help-key-tab", "help-tab"),
    ("help-key-pages", "help-pages"),
    ("help-key-end", "help-end"),
    ("s", "help-skip"),
    ("e", "help-end-turn"),
    ("u", "help-undo"),
    ("help-key-esc", "help-esc"),
    (":", "help-type"),
    ("?", "help-help"),
    ("help-key-quit", "help-quit"),
];

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
    draw_scores(frame, app, &v, scores_area);
    draw_hand(frame, app, hand_area, card_area);
    draw_choices(frame, app, choices_area);
    draw_log(frame, app, log_area);

    draw_footer(frame, app, footer);

    match &app.mode {
        Mode::Help => draw_help(frame, &app.msgs),
        Mode::ConfirmQuit => {
            let area = centered(frame.area(), 36, 3);
            frame.render_widget(Clear, area);
            let block = Block::bordered().title(format!(" {} ", app.t("tui-quit-title", &[])));
            frame.render_widget(Paragraph::new(app.t("tui-quit-ask", &[])).block(block), area);
        }
        _ => {}
    }
}

/// Whose turn, the actions left, or the result.
fn status_line(app: &App, v: &View) -> String {
    let m = &app.msgs;
    let seat = |s: u8| {
        let sv = &v.seats[s as usize];
        // the seat's name as everywhere (a bot's with its level), and who is you
        let name = app.seat_name(s);
        let who = if app.is_human(s) { format!("{name} ({})", app.t("tui-you", &[])) } else { name };
        app.t("tui-seat", args![("who", who), ("school", m.school(sv.school))])
    };
    let state = if let Some(o) = v.outcome.as_ref().map(|_| result_text(m, app.game_match().game(), &app.table())) {
        app.t("tui-status-over", args![("result", o)])
    } else if let Some(s) = app.thinking {
        app.t("tui-status-thinking", args![("turn", v.turn.number), ("who", seat(s))])
    } else {
        match v.phase {
            Phase::StartPieces { seat: s } => app.t("status-setup", args![("who", seat(s))]),
            _ => {
                let turn = app.t(
                    "status-turn",
                    args![("turn", v.turn.number), ("who", seat(v.turn.seat)), ("n", v.turn.actions)],
                );
                if app.my_turn() {
                    app.t("tui-your-choice", args![("status", turn)])
                } else {
                    turn
                }
            }
        }
    };
    format!(" Tash-Kalar {} | {state}", m.form(v.form))
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
                // a legendary piece reads `*` after its color letter
                Some(p) => (piece_text(p), Style::new().fg(tint(p.color)).add_modifier(Modifier::BOLD)),
                None if target => ("o ".to_string(), Style::new().fg(Tint::Yellow).add_modifier(Modifier::BOLD)),
                // a piece destroyed in the turn shown: its ghost
                None if last.destroyed.contains(&sq) => ("x ".to_string(), Style::new().fg(Tint::Red)),
                None if CENTRAL_SQUARES.contains(sq) => (": ".to_string(), Style::new().fg(Tint::Gray)),
                None => (". ".to_string(), Style::new().fg(Tint::DarkGray)),
            };
            let mut bg = None;
            let in_last_turn = last.squares.contains(&sq);
            if in_last_turn {
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
            if in_last_turn {
                // not by colour alone: the last turn's squares are underlined too
                style = style.add_modifier(Modifier::UNDERLINED);
                mark = mark.add_modifier(Modifier::UNDERLINED);
            }
            spans.push(Span::styled(open, mark));
            spans.push(Span::styled(inner, style));
            spans.push(Span::styled(close, mark));
        }
        spans.push(Span::raw(format!(" {}", row + 1)));
        lines.push(Line::from(spans));
    }
    lines.push(Line::from("    a   b   c   d   e   f   g   h   i"));
    let mut about = app.t("tui-cursor", args![("at", app.cursor.to_string())]);
    if RED_SQUARES.contains(app.cursor) {
        about.push_str(&format!(", {}", app.t("tui-square-red", &[])));
    }
    if GREEN_SQUARES.contains(app.cursor) {
        about.push_str(&format!(", {}", app.t("tui-square-green", &[])));
    }
    if CENTRAL_SQUARES.contains(app.cursor) {
        about.push_str(&format!(", {}", app.t("tui-square-central", &[])));
    }
    if gateways.contains(&app.cursor) {
        about.push_str(&format!(", {}", app.t("tui-square-gateway", &[])));
    }
    if !last.squares.is_empty() {
        let mut squares: Vec<String> = last.squares.iter().map(|s| s.to_string()).collect();
        squares.truncate(4);
        let who = last.seat.map_or_else(|| "-".to_string(), |s| app.seat_name(s));
        about.push_str(&format!(" | {}", app.t("tui-last", args![("who", who), ("squares", squares.join(" "))])));
    }
    let block = panel(&app.t("tui-board", &[]), app.focus == Focus::Board).title_bottom(format!(" {about} "));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Scores, cards and pieces of each seat; the task board in the task forms.
fn draw_scores(frame: &mut Frame, app: &App, v: &View, area: Rect) {
    let m = &app.msgs;
    let mut lines = Vec::new();
    for s in &v.seats {
        let style = Style::new().fg(tint(s.color)).add_modifier(Modifier::BOLD);
        lines.push(Line::from(vec![
            // each seat named as everywhere else (the log, the status line)
            Span::styled(app.seat_name(s.seat), style),
            Span::raw(format!(": {}", m.text("tui-score", args![("score", s.score)]))),
        ]));
        lines.push(Line::from(format!("  {}", m.school(s.school))));
        // a melee or team seat that left: who plays it now
        if let Some(left) = tash_kalar_present::left_text(app.game_match().game(), s.seat, &app.table(), m) {
            lines.push(Line::from(format!("  {left}")));
        }
        if let Some(points) = &s.points {
            let by: Vec<String> = points.iter().map(|(c, p)| format!("{} {p}", m.color(*c))).collect();
            lines.push(Line::from(format!("  {}", m.text("tui-points", args![("points", by.join(", "))]))));
        }
        lines.push(Line::from(format!(
            "  {}",
            m.text(
                "tui-seat-cards",
                args![
                    ("beings", s.beings),
                    ("legends", s.legends),
                    ("flares", s.flares),
                    ("deck", s.deck),
                    ("common", s.supply.0),
                    ("legendary", s.supply.1)
                ]
            )
        )));
        if let Some(at) = s.gateway {
            // Nethervoid: the Gateway (public), marked @ on the board
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(
                    m.text("tui-gateway-mark", &[]),
                    Style::new().fg(Tint::LightYellow).add_modifier(Modifier::BOLD),
                ),
                Span::raw(format!(" {}", m.text("tui-gateway-at", args![("at", at.to_string())]))),
            ]));
        }
        if let Some(card) = s.frozen {
            // Everfrost: the frozen card, face up (public), marked as such
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(m.text("tui-frozen-mark", &[]), Style::new().fg(Tint::Cyan).add_modifier(Modifier::BOLD)),
                Span::raw(format!(" {}", m.card_name(card))),
            ]));
        }
        if let Some(card) = s.pending {
            // Etherweave: the pending being, face up on the deck (public)
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(
                    m.text("tui-pending-mark", &[]),
                    Style::new().fg(Tint::Magenta).add_modifier(Modifier::BOLD),
                ),
                Span::raw(format!(" {}", m.card_name(card))),
            ]));
        }
        if let Some(piece) = s.stored {
            // Etherweave: the piece kept on the Merchant of Time, off the board
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(
                    m.text("tui-stored-mark", &[]),
                    Style::new().fg(Tint::Magenta).add_modifier(Modifier::BOLD),
                ),
                Span::raw(format!(" {} [{piece}]", m.piece(piece))),
            ]));
        }
    }
    if let Some(t) = &v.tasks {
        lines.push(Line::from(m.text("tui-tasks", args![("deck", t.deck)])));
        let width = area.width.saturating_sub(6).max(10) as usize;
        for (task, next) in t.current.iter().map(|t| (t, false)).chain(t.next.iter().map(|t| (t, true))) {
            let name = m.task_name(task.id);
            let name = if next { m.text("tui-next-task", args![("task", name)]) } else { name };
            let head = format!("  {name} ({}): ", task.points);
            // the requirement, wrapped under the name
            for (i, part) in wrap(&format!("{head}{}", m.task_text(task.id)), width).into_iter().enumerate() {
                lines.push(Line::from(if i == 0 { part } else { format!("    {part}") }));
            }
        }
        match &t.team_claimed {
            // team play: a team's tasks, whichever teammate claimed them
            Some(teams) => {
                for (i, claimed) in teams.iter().enumerate() {
                    let team = m.text("tui-team", args![("team", i + 1), ("first", i + 1), ("second", i + 3)]);
                    let list = crate::talk::claimed_list(m, claimed);
                    lines.push(Line::from(format!(
                        "  {}",
                        m.text("play-claimed", args![("who", team), ("tasks", list)])
                    )));
                }
            }
            None => {
                for (i, claimed) in t.claimed.iter().enumerate() {
                    let who = m.text("seat-number", args![("seat", i + 1)]);
                    let list = crate::talk::claimed_list(m, claimed);
                    lines.push(Line::from(format!(
                        "  {}",
                        m.text("play-claimed", args![("who", who), ("tasks", list)])
                    )));
                }
            }
        }
    }
    if let Some(last) = v.end.last {
        lines.push(Line::from(m.text("end-triggered", args![("seat", last + 1)])));
    }
    frame.render_widget(Paragraph::new(lines).block(panel(&m.text("tui-scores", &[]), false)), area);
}

fn card_kind(m: &Messages, card: CardId) -> String {
    crate::talk::card_kind(m, card)
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
    let m = &app.msgs;
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
        let pending =
            if pendings.contains(&c) { format!(" {}", m.text("tui-pending-mark", &[])) } else { String::new() };
        lines.push(Line::styled(format!("{cursor}{mark}{} ({}){pending}", m.card_name(c), card_kind(m, c)), style));
        let diagram = pattern_diagram(c);
        let dw = diagram.iter().map(|r| r.chars().count()).max().map_or(0, |w| w + 2);
        let mut text = m.card_text(c);
        if !def.arrows.is_empty() {
            let arrows: Vec<&str> = def.arrows.iter().map(|d| d.name()).collect();
            text = format!("[{}] {text}", m.text("tui-arrows", args![("arrows", arrows.join(" "))]));
        }
        if let Some(w) = m.card_warp(c) {
            text = format!("{text} {}", m.text("card-warp-effect", args![("text", w)]));
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
            let legend = app.t("tui-hand-key", &[]);
            let mut lines = full;
            lines.push(Line::styled(legend, Style::new().fg(Tint::DarkGray)));
            let block = panel(&app.t("tui-your-hand", &[]), app.focus == Focus::Hand);
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
            let pending =
                if pendings.contains(&c) { format!(" {}", app.t("tui-pending-mark", &[])) } else { String::new() };
            let text = format!("{mark}{} ({}){pending}", app.msgs.card_name(c), card_kind(&app.msgs, c));
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
        .block(panel(&app.t("tui-your-hand", &[]), focused))
        .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
        .highlight_symbol(">");
    let mut state = ListState::default();
    if !cards.is_empty() {
        state.select(Some(app.hand_index.min(cards.len() - 1)));
    }
    frame.render_stateful_widget(list, list_area, &mut state);

    let shown = app.selected_card.filter(|_| !focused).or_else(|| cards.get(app.hand_index).copied());
    let (title, lines) = match shown {
        Some(c) => (app.msgs.card_name(c), card_lines(&app.msgs, c)),
        None => (app.t("tui-card", &[]), vec![Line::from(app.t("tui-no-card", &[]))]),
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

fn card_lines(m: &Messages, card: CardId) -> Vec<Line<'static>> {
    let def = card.def();
    let mut lines =
        vec![Line::styled(format!("{} - {}", card_kind(m, card), def.id), Style::new().add_modifier(Modifier::ITALIC))];
    for row in pattern_diagram(card) {
        lines.push(Line::from(format!("  {row}")));
    }
    if def.flare.is_none() {
        let key = if tash_kalar_rules::warp::is_time_traveler(card) {
            m.text("tui-pattern-key-anywhere", &[])
        } else {
            m.text(
                "tui-pattern-key",
                args![("on_piece", if def.needs_piece_at_summoning_square() { "yes" } else { "no" })],
            )
        };
        lines.push(Line::styled(key, Style::new().fg(Tint::DarkGray)));
    }
    if !def.arrows.is_empty() {
        let arrows: Vec<&str> = def.arrows.iter().map(|d| d.name()).collect();
        lines.push(Line::from(m.text("tui-arrows", args![("arrows", arrows.join(" "))])));
    }
    lines.push(Line::from(m.card_text(card)));
    if let Some(frozen) = m.card_frozen(card) {
        lines.push(Line::from(m.text("frozen-effect", args![("text", frozen)])));
    }
    if let Some(warp) = m.card_warp(card) {
        lines.push(Line::styled(
            m.text("card-warp-effect", args![("text", warp)]),
            Style::new().add_modifier(Modifier::ITALIC),
        ));
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
            let label = tash_kalar_present::choice_label(game, *c, &app.msgs);
            ListItem::new(Line::from(vec![
                Span::raw(format!("{n:>3} {label} ")),
                Span::styled(format!("[{c}]"), Style::new().fg(Tint::DarkGray)),
            ]))
        })
        .collect();
    let mut title = app.t("tui-choices", args![("n", list.len())]);
    if let Some(c) = app.selected_card {
        title.push_str(&format!(" - {}", app.msgs.card_name(c)));
    }
    if !app.picks.is_empty() {
        let picks: Vec<String> = app.picks.iter().map(|s| s.to_string()).collect();
        title.push_str(&format!(" {}", app.t("tui-at", args![("squares", picks.join("-"))])));
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
    let title = app.t("tui-log", args![("earlier", earlier), ("later", scroll)]);
    let lines: Vec<Line> = lines.into_iter().map(Line::from).collect();
    frame.render_widget(Paragraph::new(lines).block(panel(&title, app.focus == Focus::Log)), area);
}

/// The question of the moment (or the last message), then the prompt or
/// the keys.
fn draw_footer(frame: &mut Frame, app: &App, area: Rect) {
    let m = &app.msgs;
    let game = app.game_match().game();
    let question = if let Some(message) = &app.message {
        message.clone()
    } else if let Some(r) = tash_kalar_present::result_text(game, &app.table(), m) {
        r
    } else if let Some(q) = game.question().filter(|q| q.seat == app.viewer) {
        let text = tash_kalar_present::question_text(game, m).unwrap_or_default();
        match q.kind {
            QuestionKind::Claim => app.t("tui-claim-or-skip", args![("question", text)]),
            _ => text,
        }
    } else if let Some(q) = game.question() {
        let text = tash_kalar_present::question_text(game, m).unwrap_or_default();
        app.t("tui-seat-choosing", args![("who", app.seat_name(q.seat)), ("question", text)])
    } else {
        app.t("tui-legend", &[])
    };
    let second = match &app.mode {
        Mode::Prompt(text) => Line::from(vec![Span::styled(":", Style::new().fg(Tint::Cyan)), Span::raw(text.clone())]),
        _ => Line::styled(app.t("tui-keys-line", &[]), Style::new().fg(Tint::DarkGray)),
    };
    frame.render_widget(Paragraph::new(vec![Line::from(question), second]), area);
}

fn draw_help(frame: &mut Frame, m: &Messages) {
    let key = |k: &str| if k.starts_with("help-") { m.text(k, &[]) } else { k.to_string() };
    let mut lines: Vec<Line> = HELP
        .iter()
        .map(|(k, t)| {
            let k = key(k);
            let pad = 16usize.saturating_sub(k.chars().count());
            Line::from(format!("{k}{} {}", " ".repeat(pad), m.text(t, &[])))
        })
        .collect();
    lines.push(Line::from(""));
    lines.push(Line::from(m.text("tui-legend", &[])));
    lines.push(Line::from(m.text("tui-pieces-key", &[])));
    // as wide as the longest line wants, within the screen; as tall as the
    // lines take once wrapped
    let width = lines.iter().map(|l| l.width() as u16 + 2).max().unwrap_or(40).clamp(40, 124).min(frame.area().width);
    let inner = width.saturating_sub(2).max(1) as usize;
    let rows: usize = lines.iter().map(|l| l.width().max(1).div_ceil(inner)).sum();
    let area = centered(frame.area(), width, rows as u16 + 2);
    frame.render_widget(Clear, area);
    let block = Block::bordered().title(format!(" {} ", m.text("tui-keys-title", &[])));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), area);
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
