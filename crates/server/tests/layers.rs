//! The server's modules import only from the layers below them (the lib.rs
//! module doc and docs/architecture.md say which): this test reads every
//! source file and fails on a `crate::` path that points up or sideways.

use std::collections::BTreeMap;
use std::path::Path;

/// Each module's layer, from the bottom up.
const LAYERS: &[(&str, u8)] = &[
    ("clock", 0),
    ("limit", 0),
    ("proxy", 0),
    ("store", 0),
    // the bot decisions' queue (`workers`), which the bot pool carries for
    // a server with bot workers; the worker itself rebuilds games (`db`)
    ("workers", 1),
    ("pool", 2),
    ("workers/worker", 6),
    // the worker's cache of replayed games
    ("workers/cache", 6),
    // (unit tests may reach anywhere)
    ("workers/tests", 11),
    ("words", 0),
    ("site", 1),
    ("account", 2),
    ("wire", 2),
    ("error", 3),
    ("config", 4),
    ("live", 4),
    ("replay_cache", 4),
    ("rating", 4),
    ("db", 5),
    ("delta", 5),
    ("cluster", 5),
    ("actor", 6),
    ("state", 7),
    ("conn", 8),
    ("door", 8),
    ("account", 8),
    ("lobby", 9),
    ("replays", 9),
    ("analysis", 4),
    ("analysis/routes", 9),
    // a branch is made through the lobby's creation, as pairing's games are
    ("analysis/branch", 10),
    ("ws", 9),
    ("assets", 9),
    ("players", 9),
    ("learn", 9),
    ("puzzles", 9),
    // the account routes and the `Visitor` extractor, above the app's state
    ("account/routes", 9),
    // finding a game makes its games through the lobby's creation
    ("pairing", 10),
    ("lib", 11),
];

/// Names lib.rs re-exports, by the module that defines them.
const REEXPORTS: &[(&str, &str)] = &[
    ("AppState", "state"),
    ("Config", "config"),
    ("RateLimit", "limit"),
    ("StoreError", "store"),
    ("TrustedProxies", "proxy"),
];

fn layer(module: &str) -> u8 {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l).unwrap_or_else(|| panic!("{module} has no layer"))
}

/// The modules a piece of source names as `crate::module` (or a name lib.rs
/// re-exports), in `use` lines and paths alike.
fn imports(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let mut names = vec![];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            names.extend(group[..end].split(',').map(|n| n.trim().split("::").next().unwrap_or("").to_string()));
        } else {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
            names.push(rest[..end].to_string());
        }
        for n in names.into_iter().filter(|n| !n.is_empty()) {
            let module = REEXPORTS.iter().find(|(name, _)| *name == n).map_or(n.clone(), |(_, m)| m.to_string());
            out.push(module);
        }
    }
    out
}

#[test]
fn no_module_imports_from_a_layer_above_or_beside_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    let mut dirs = vec![src.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut wrong = BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        // a folder's files belong to its module, unless a file has its own layer
        let path = rel.to_string_lossy().trim_end_matches(".rs").to_string();
        let own = LAYERS.iter().any(|(m, _)| *m == path);
        let module =
            if own { path } else { rel.iter().next().unwrap().to_string_lossy().trim_end_matches(".rs").to_string() };
        let code = std::fs::read_to_string(f).unwrap();
        // (unit tests may reach anywhere)
        let code = code.split("#[cfg(test)]").next().unwrap_or("");
        for dep in imports(code) {
            let home = module.split('/').next().unwrap_or("");
            if dep != home && layer(&dep) >= layer(&module) {
                wrong.entry(rel.display().to_string()).or_insert_with(Vec::new).push(dep);
            }
        }
    }
    assert!(wrong.is_empty(), "imports from a layer above or beside: {wrong:?}");
    assert!(files.len() > 20, "the server's sources: {files:?}");
}
