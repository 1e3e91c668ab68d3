//! The benchmarks (they print figures; nothing is asserted on time), one binary with a module
//! each: `cargo bench -p tenant-api --bench bench -- search fleet` runs those, in that order.
//! `infra/bench` starts the services they need and names them. One binary, not fourteen: each
//! linked the whole edge again, minutes of every cold build in CI for binaries it never runs.

mod support;

mod bell;
mod bulk;
mod classrooms;
mod courses;
mod dashboard;
mod edge;
mod edges;
mod exams;
mod fleet;
mod memory;
mod payments;
mod search;
mod tls;
mod trainings;

#[tokio::main]
async fn main() {
    // cargo passes `--bench` to a benchmark without the standard harness.
    let names: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    assert!(!names.is_empty(), "name the benchmarks to run, for example: cargo bench -p tenant-api --bench bench -- search");
    for name in names {
        match name.as_str() {
            "bell" => bell::run().await,
            "bulk" => bulk::run().await,
            "classrooms" => classrooms::run().await,
            "courses" => courses::run().await,
            "dashboard" => dashboard::run().await,
            "edge" => edge::run().await,
            "edges" => edges::run().await,
            "exams" => exams::run().await,
            "fleet" => fleet::run().await,
            "memory" => memory::run().await,
            "payments" => payments::run().await,
            "search" => search::run().await,
            "tls" => tls::run().await,
            "trainings" => trainings::run().await,
            other => panic!("no benchmark named {other}"),
        }
    }
}
