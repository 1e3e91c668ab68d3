//! `embed_migrations!` reads the folder at compile time, but Cargo only watches files it was
//! told about: without this, a new migration file is not embedded until something else changes.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
