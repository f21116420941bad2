//! The language a page is served in, and the page's static texts in it.
//!
//! The page's first paint must already be in the reader's language (no
//! English flash, and a page without scripts still reads right), so the
//! server fills each HTML page before sending it: `<html lang>` and every
//! element the page marks for `web/i18n.js` (`data-l10n-id`,
//! `data-l10n-title`, `data-l10n-placeholder`, `data-l10n-aria-label`),
//! from the same messages the script uses.

use tash_kalar_i18n::{Lang, Messages};

/// `text` made safe as HTML text, and also as a quoted attribute value
/// when `attribute`.
fn escape(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\'' if attribute => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The attributes of a start tag's inside (`div id="a" hidden`): each
/// name with the byte range of its quoted value in `tag`, if it has one.
fn attributes(tag: &str) -> Vec<(&str, Option<std::ops::Range<usize>>)> {
    let b = tag.as_bytes();
    let mut out = Vec::new();
    // skip the element's name
    let mut i = b.iter().position(|c| c.is_ascii_whitespace()).unwrap_or(b.len());
    while i < b.len() {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' {
            i += 1;
        }
        if start == i {
            break;
        }
        let name = &tag[start..i];
        if i < b.len() && b[i] == b'=' && i + 1 < b.len() && (b[i + 1] == b'"' || b[i + 1] == b'\'') {
            let quote = b[i + 1];
            let value = i + 2;
            let end = b[value..].iter().position(|&c| c == quote).map_or(b.len(), |p| value + p);
            out.push((name, Some(value..end)));
            i = end + 1;
        } else {
            out.push((name, None));
        }
    }
    out
}

/// The attribute each `data-l10n-*` marker fills.
const MARKED_ATTRIBUTES: [(&str, &str); 3] =
    [("data-l10n-title", "title"), ("data-l10n-placeholder", "placeholder"), ("data-l10n-aria-label", "aria-label")];

/// A start tag's inside with its marked attributes filled in `messages`,
/// and the message for its text if it has `data-l10n-id`.
fn fill_tag(tag: &str, messages: &Messages) -> (String, Option<String>) {
    let attrs = attributes(tag);
    let value = |name: &str| {
        attrs.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).and_then(|(_, r)| r.clone()).map(|r| &tag[r])
    };
    let message = |id: &str, attribute: bool| messages.has(id).then(|| escape(&messages.text(id, &[]), attribute));
    // replacements of attribute values, by byte range, in order
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut added = String::new();
    for (marker, target) in MARKED_ATTRIBUTES {
        let Some(text) = value(marker).and_then(|id| message(id, true)) else { continue };
        match attrs.iter().find(|(n, _)| n.eq_ignore_ascii_case(target)) {
            Some((_, Some(range))) => edits.push((range.clone(), text)),
            // the page left the attribute out (or empty): add it
            _ => added.push_str(&format!(" {target}=\"{text}\"")),
        }
    }
    edits.sort_by_key(|(r, _)| r.start);
    let mut out = String::with_capacity(tag.len());
    let mut at = 0;
    for (range, text) in edits {
        out.push_str(&tag[at..range.start]);
        out.push_str(&text);
        at = range.end;
    }
    out.push_str(&tag[at..]);
    out.push_str(&added);
    (out, value("data-l10n-id").and_then(|id| message(id, false)))
}

/// An HTML page of `web/` with its language and marked texts in `lang`.
/// The page's markup is ours and simple: a marked element holds text only
/// (the script replaces its whole text too), attribute values are quoted.
/// An id without a message keeps the English written in the page.
pub fn localize_page(html: &str, lang: Lang) -> String {
    let messages = crate::words::messages(lang);
    let mut out = String::with_capacity(html.len() + html.len() / 4);
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        rest = &rest[open..];
        let Some(close) = rest.find('>') else { break };
        let inside = &rest[1..close];
        rest = &rest[close + 1..];
        if inside.starts_with(['/', '!', '?']) {
            out.push('<');
            out.push_str(inside);
            out.push('>');
            continue;
        }
        let (mut tag, text) = fill_tag(inside, messages);
        if tag.split_ascii_whitespace().next().is_some_and(|n| n.eq_ignore_ascii_case("html")) {
            tag = set_lang(&tag, lang);
        }
        out.push('<');
        out.push_str(&tag);
        out.push('>');
        if let Some(text) = text {
            let end = rest.find('<').unwrap_or(rest.len());
            out.push_str(&text);
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// The `html` tag's inside with `lang="…"` set to `lang`.
fn set_lang(tag: &str, lang: Lang) -> String {
    match attributes(tag).into_iter().find(|(n, _)| n.eq_ignore_ascii_case("lang")) {
        Some((_, Some(r))) => format!("{}{}{}", &tag[..r.start], lang.code(), &tag[r.end..]),
        _ => format!("{tag} lang=\"{}\"", lang.code()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_texts_and_attributes_are_filled_and_escaped() {
        let page = "<!doctype html>\n<html lang=\"en\">\n<title data-l10n-id=\"web-game-page-title\">Tash-Kalar: game</title>\
            <button title=\"Back\" data-l10n-title=\"web-back-title\" data-l10n-id=\"web-back-button\">Back</button>\
            <input aria-label=\"x\" data-l10n-aria-label=\"web-chat-label\" placeholder='p' data-l10n-placeholder=\"web-chat-placeholder\">\
            <p data-l10n-id=\"no-such-message\">Kept</p><b>plain</b></html>";
        let es = localize_page(page, Lang::Es);
        assert!(es.contains("<html lang=\"es\">"), "{es}");
        assert!(es.contains(">Tash-Kalar: partida</title>"), "{es}");
        assert!(es.contains("title=\"Atrás (←)\""), "{es}");
        assert!(es.contains(">‹ Atrás</button>"), "{es}");
        assert!(es.contains("aria-label=\"Mensaje a los demás jugadores\""), "{es}");
        assert!(es.contains("placeholder='Mensaje (solo jugadores)'"), "{es}");
        assert!(es.contains("<p data-l10n-id=\"no-such-message\">Kept</p><b>plain</b></html>"), "{es}");
        assert!(es.starts_with("<!doctype html>\n"));
        assert_eq!(escape("a<b>&\"'", true), "a&lt;b&gt;&amp;&quot;&#39;");
        assert_eq!(escape("a<b>&\"'", false), "a&lt;b&gt;&amp;\"'");
    }

    #[test]
    fn an_html_tag_without_lang_gets_one_and_so_does_a_missing_attribute() {
        assert_eq!(localize_page("<html><p>x</p></html>", Lang::Cs), "<html lang=\"cs\"><p>x</p></html>");
        assert_eq!(
            localize_page("<p data-l10n-title=\"web-back-title\">x</p>", Lang::Es),
            "<p data-l10n-title=\"web-back-title\" title=\"Atrás (←)\">x</p>"
        );
    }

    #[test]
    fn every_page_of_web_reads_in_each_language() {
        for page in ["index.html", "game.html", "replay.html"] {
            let html = std::str::from_utf8(super::super::file(page).expect("a page")).unwrap();
            for lang in Lang::ALL {
                let out = localize_page(html, lang);
                assert!(out.contains(&format!("<html lang=\"{}\"", lang.code())), "{page} {lang}");
                assert_eq!(
                    out.matches('<').count(),
                    html.matches('<').count(),
                    "{page} {lang}: no markup added or lost"
                );
            }
        }
    }
}
