//! Embeds every `lessons/*.json` file, in file-name order, so that adding a
//! lesson needs no code.

use std::{env, fs, path::Path};

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("lessons");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("crates/learn/lessons")
        .map(|e| e.expect("a lesson file").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let mut out = String::from(
        "/// Every lesson file: (file name, contents), in order.\npub(crate) const FILES: &[(&str, &str)] = &[\n",
    );
    for n in &names {
        println!("cargo:rerun-if-changed={}", dir.join(n).display());
        out.push_str(&format!("    ({n:?}, include_str!({:?})),\n", dir.join(n).display().to_string()));
    }
    out.push_str("];\n");
    fs::write(Path::new(&env::var("OUT_DIR").expect("cargo sets it")).join("lessons.rs"), out)
        .expect("OUT_DIR is writable");
}
