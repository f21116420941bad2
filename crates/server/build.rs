//! Compiles the browser UI (the repository's `web/` folder) into the
//! binary: writes `assets.rs` in OUT_DIR with an `include_bytes!` for every
//! file under `web/` (dotfiles, `node_modules/` and `tests/` left out), so
//! a plain `cargo run` serves the UI with no separate build step.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "node_modules" || name == "tests" {
            continue;
        }
        let path = e.path();
        if path.is_dir() {
            walk(&path, root, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            let rel = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
            out.push((rel, path));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let web = manifest.join("../../web");
    // a directory: cargo looks at every file under it
    println!("cargo:rerun-if-changed={}", web.display());
    let mut files = Vec::new();
    if let Ok(web) = web.canonicalize() {
        walk(&web, &web, &mut files);
    }
    let mut code = String::from("pub static FILES: &[(&str, &[u8])] = &[\n");
    for (rel, path) in &files {
        let _ = writeln!(code, "    ({rel:?}, include_bytes!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("assets.rs");
    std::fs::write(out, code).expect("write assets.rs");
}
