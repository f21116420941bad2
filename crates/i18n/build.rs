//! Embeds every message file under `locales/<lang>/*.ftl`: a file added
//! there (a helper's translation of a new school, a new language's
//! folder) is picked up without editing a list by hand.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // read when the script runs, not when it was compiled: one compiled
    // script may serve several checkouts sharing a target folder
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::from("/// Every message file, by language folder: (language, file name, text).\n");
    out.push_str("pub(crate) const FILES: &[(&str, &str, &str)] = &[\n");
    let mut langs: Vec<_> = std::fs::read_dir(&root).expect("locales/").flatten().collect();
    langs.sort_by_key(|e| e.file_name());
    for lang in langs {
        if !lang.path().is_dir() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", lang.path().display());
        let mut files: Vec<_> = std::fs::read_dir(lang.path()).expect("a language folder").flatten().collect();
        files.sort_by_key(|e| e.file_name());
        for f in files {
            let p = f.path();
            if p.extension().is_some_and(|e| e == "ftl") {
                println!("cargo:rerun-if-changed={}", p.display());
                writeln!(
                    out,
                    "    ({:?}, {:?}, include_str!({:?})),",
                    lang.file_name().to_string_lossy(),
                    f.file_name().to_string_lossy(),
                    p.display().to_string()
                )
                .unwrap();
            }
        }
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("locales.rs");
    std::fs::write(dest, out).unwrap();
}
