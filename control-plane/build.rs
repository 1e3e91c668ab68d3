//! Embeds the web app's translation catalogues (`web/src/i18n/locales/{en,bn}/*.json`), so the
//! control plane can seed the language dictionary from exactly what the web app ships, and
//! rebuilds when a migration is added or removed.

use std::fmt::Write;
use std::path::Path;

fn main() {
    // `embed_migrations!` reads this folder at compile time; Cargo watches only what it is told
    // (as in tenant-migrations/build.rs).
    println!("cargo:rerun-if-changed=migrations");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/i18n/locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::from("pub const CATALOGUES: &[(&str, &str, &str)] = &[\n");
    for lang in ["en", "bn"] {
        let dir = root.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
        files.sort();
        for file in files {
            println!("cargo:rerun-if-changed={}", file.display());
            let ns = file.file_stem().unwrap().to_string_lossy().to_string();
            let path = file.canonicalize().unwrap();
            writeln!(out, "    ({lang:?}, {ns:?}, include_str!({:?})),", path.display().to_string()).unwrap();
        }
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogues.rs");
    std::fs::write(dest, out).unwrap();
}
