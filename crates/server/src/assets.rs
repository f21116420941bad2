//! The browser UI, compiled into the binary from the repository's `web/`
//! folder (see `build.rs`). The pages themselves (`/`, a game, a replay,
//! a player's profile, the leaderboard, the account page)
//! are served in the reader's language, negotiated per request
//! ([`crate::words::of_request`]): `<html lang>` and their marked texts are filled
//! before they leave ([`lang::localize_page`]), so the first paint is
//! already right and a page without scripts reads in that language too.

mod lang;

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tash_kalar_i18n::Lang;

use crate::AppState;

mod files {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|headers: HeaderMap| async move { html_page("index.html", &headers) }))
        .route("/games/:id", get(|headers: HeaderMap| async move { html_page("game.html", &headers) }))
        .route("/games/:id/replay", get(|headers: HeaderMap| async move { html_page("replay.html", &headers) }))
        .route("/account", get(|headers: HeaderMap| async move { html_page("account.html", &headers) }))
        .route("/players/:name", get(|headers: HeaderMap| async move { html_page("player.html", &headers) }))
        .route("/leaderboard", get(|headers: HeaderMap| async move { html_page("leaderboard.html", &headers) }))
        .route("/learn", get(|headers: HeaderMap| async move { html_page("learn.html", &headers) }))
        .route("/puzzles", get(|headers: HeaderMap| async move { html_page("puzzles.html", &headers) }))
        .route("/assets/*path", get(|Path(path): Path<String>| async move { page(&path) }))
        .route("/locales/:file", get(|Path(file): Path<String>| async move { locale(&file) }))
}

/// A language's messages for the page, `/locales/es.ftl`: every message
/// file of that language (embedded in the binary by `tash-kalar-i18n`) but
/// the terminal client's, one after the other.
fn locale(file: &str) -> Response {
    let lang = file.strip_suffix(".ftl").and_then(|code| Lang::ALL.into_iter().find(|l| l.code() == code));
    let Some(lang) = lang else { return (StatusCode::NOT_FOUND, "not found").into_response() };
    let mut text = String::new();
    for (name, body) in lang.files().filter(|(name, _)| *name != "terminal.ftl") {
        text.push_str(&format!("\n### {}/{name}\n\n", lang.code()));
        text.push_str(body);
        text.push('\n');
    }
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        text,
    )
        .into_response()
}

/// The compiled-in file at this path under `web/`.
pub fn file(path: &str) -> Option<&'static [u8]> {
    files::FILES.iter().find(|(p, _)| *p == path).map(|(_, bytes)| *bytes)
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The pages served at their own routes, each localized once per language.
const PAGES: [&str; 8] = [
    "index.html",
    "game.html",
    "replay.html",
    "account.html",
    "player.html",
    "leaderboard.html",
    "learn.html",
    "puzzles.html",
];

/// A page in the language negotiated from the request's headers.
fn html_page(path: &'static str, headers: &HeaderMap) -> Response {
    static LOCALIZED: OnceLock<Vec<(&'static str, Lang, String)>> = OnceLock::new();
    let pages = LOCALIZED.get_or_init(|| {
        let mut out = Vec::new();
        for page in PAGES {
            let html = file(page).map(String::from_utf8_lossy).unwrap_or_default();
            out.extend(Lang::ALL.into_iter().map(|l| (page, l, lang::localize_page(&html, l))));
        }
        out
    });
    let lang = crate::words::of_request(headers);
    match pages.iter().find(|(p, l, _)| *p == path && *l == lang) {
        Some((_, _, html)) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CONTENT_LANGUAGE, lang.code()),
                // the same address reads differently by language: caches must ask again
                (header::VARY, "Cookie, Accept-Language"),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            html.clone(),
        )
            .into_response(),
        None => page(path),
    }
}

fn page(path: &str) -> Response {
    match file(path) {
        Some(bytes) => (
            [
                (header::CONTENT_TYPE, content_type(path)),
                // the files change with the binary: always revalidate
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
