//! Two edges behind HAProxy against one (issue 17; not a test: it prints figures). Run with
//! `infra/bench edges`, which builds the release binaries this drives as child processes and
//! installs Debian's HAProxy. wrk (64 connections, 10 s) asks for a partner's retrieve-site and a
//! course page (5 sections of 4 lessons) through:
//! 1. one edge, directly;
//! 2. HAProxy in front of that one edge (what the balancer itself costs);
//! 3. HAProxy spreading the requests over two edges (round robin).
//!
//! On this 2-core machine wrk, HAProxy, both edges and PostgreSQL share the same two cores, so
//! the third line shows what spreading costs or gains here, not what two hosts would serve.

use crate::support;

use control_plane::testing::TestPlatform;
use std::process::{Command, Stdio};
use crate::support::Running;

const EDGE_A: u16 = 8111;
const EDGE_B: u16 = 8112;
const ONE_BEHIND: u16 = 8113;
const TWO_BEHIND: u16 = 8114;

fn haproxy_config() -> String {
    format!(
        "global\n  maxconn 4096\ndefaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  timeout server 30s\n  http-reuse always\n\
         frontend one\n  bind 127.0.0.1:{ONE_BEHIND}\n  default_backend one\nbackend one\n  server a 127.0.0.1:{EDGE_A}\n\
         frontend two\n  bind 127.0.0.1:{TWO_BEHIND}\n  default_backend two\nbackend two\n  balance roundrobin\n  server a 127.0.0.1:{EDGE_A}\n  server b 127.0.0.1:{EDGE_B}\n"
    )
}

pub async fn run() {
    let platform = TestPlatform::new().await;
    let (_provisioner, edge_a, dhaka) = support::site(&platform, EDGE_A, "dhaka").await;
    let edge_b = Running(support::spawn(&platform, "tenant-api", EDGE_B, &[]));
    let config = std::env::temp_dir().join("bench-edges-haproxy.cfg");
    std::fs::write(&config, haproxy_config()).unwrap();
    let _haproxy = Running(Command::new("haproxy").arg("-db").arg("-f").arg(&config).stdout(Stdio::null()).spawn().expect("haproxy (apt-get install haproxy)"));

    // A course on dhaka, made through edge A by the partner's admin.
    let addr: std::net::SocketAddr = format!("127.0.0.1:{EDGE_A}").parse().unwrap();
    let client = reqwest::Client::builder().resolve("dhaka.localhost", addr).build().unwrap();
    platform.user("admin@bench.example", Some((dhaka, "partner-admin"))).await;
    let call = support::caller(client, format!("http://dhaka.localhost:{EDGE_A}"));
    let token = support::signed_in(&call, "admin@bench.example").await;
    let uuid = support::published_course(&call, &token).await;

    // Every edge and the balancer answer before the runs.
    for port in [EDGE_B, ONE_BEHIND, TWO_BEHIND] {
        let base = format!("http://127.0.0.1:{port}/api-docs/openapi.json");
        while reqwest::get(&base).await.map_or(true, |r| !r.status().is_success()) {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
    let pages = [("retrieve-site", "/my-account/institutions/retrieve-site".to_owned()), ("course page", format!("/learner-course/details/{uuid}"))];
    for (name, path) in &pages {
        let lua = format!(
            "request = function()\n  return wrk.format(\"GET\", \"{path}\", {{ [\"Host\"] = \"dhaka.localhost:{EDGE_A}\", [\"Accept\"] = \"application/json\" }})\nend"
        );
        for (how, port) in [("one edge", EDGE_A), ("HAProxy, one edge", ONE_BEHIND), ("HAProxy, two edges", TWO_BEHIND)] {
            let figures = support::wrk(&format!("edges-{port}"), &lua, &format!("http://127.0.0.1:{port}"));
            println!("{name}, {how}, 64 connections, 10 s: {figures}");
        }
    }
    for (edge, running) in [("a", &edge_a), ("b", &edge_b)] {
        println!("edge {edge}: RSS {} MB, peak {} MB", support::rss_kb(running.0.id(), "VmRSS:") / 1024, support::rss_kb(running.0.id(), "VmHWM:") / 1024);
    }
}
