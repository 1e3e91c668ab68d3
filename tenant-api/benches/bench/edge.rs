//! Edge benchmarks (not tests: they print figures). Run with `infra/bench`, which starts the
//! services and builds the release binaries this drives as child processes:
//! 1. approval -> active tenant, over 100 tenants (provisioner binary, NOTIFY-driven);
//! 2. `GET /my-account/institutions/retrieve-site` on partner hosts, 200 tenants spread over the
//!    requests (wrk, with a Lua script rotating the Host header);
//! 3. tenant-api RSS and open tenant connections after touching 1,000 tenants.

use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::process::Child;
use std::time::{Duration, Instant};

const PORT: u16 = 8097;
const BUDGET: u32 = 100;

use crate::support;

use crate::support::percentile;

fn spawn(platform: &TestPlatform, name: &str, extra: &[(&str, String)]) -> Child {
    support::spawn(platform, name, PORT, extra)
}

async fn state(platform: &TestPlatform, id: i64) -> String {
    sqlx::query_scalar("SELECT state FROM institutions WHERE id = $1").bind(id).fetch_one(&platform.db).await.unwrap()
}

async fn requested(platform: &TestPlatform, slug: &str) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO institutions (slug, institution_name, institution_name_en, type_id) VALUES ($1, $1, $1, 2) RETURNING id",
    )
    .bind(slug)
    .fetch_one(&platform.db)
    .await
    .unwrap()
}

pub async fn run() {
    let platform = TestPlatform::new().await;
    let mut provisioner = spawn(&platform, "provisioner", &[("PROVISIONER_WORKERS", "4".into()), ("PROVISIONER_POLL_SECS", "1".into())]);
    let mut edge = spawn(&platform, "tenant-api", &[("TENANT_DB_CONNECTION_BUDGET", BUDGET.to_string())]);
    let main = platform.main_id().await;
    support::wait_active(&platform, &[main]).await;
    platform.user("bench@example.com", Some((main, "super"))).await;
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build().unwrap();
    let base = format!("http://127.0.0.1:{PORT}");
    for _ in 0..100 {
        if http.get(format!("{base}/api-docs/openapi.json")).send().await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let login: Value = http
        .post(format!("{base}/my-account/user/login"))
        .header("host", format!("localhost:{PORT}"))
        .json(&json!({ "email": "bench@example.com", "password": "test-pass-123" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["data"]["token"].as_str().unwrap().to_owned();

    // 1. Approval -> active, one tenant at a time, through the API and the provisioner binary.
    let mut latencies = Vec::new();
    let mut ids = Vec::new();
    for n in 0..100 {
        let id = requested(&platform, &format!("bench-{n}")).await;
        let started = Instant::now();
        let r = http
            .post(format!("{base}/my-account/institutions/approve/{id}"))
            .header("host", format!("localhost:{PORT}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success());
        while state(&platform, id).await != "active" {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        latencies.push(started.elapsed().as_secs_f64() * 1000.0);
        ids.push(id);
    }
    latencies.sort_by(f64::total_cmp);
    println!(
        "approval -> active over {} tenants: median {:.0} ms, p90 {:.0} ms, max {:.0} ms",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.9),
        latencies.last().unwrap()
    );

    // 2. retrieve-site on 200 partner hosts.
    let mut more = Vec::new();
    for n in 100..200 {
        more.push(platform.approved_institution(&format!("bench-{n}")).await);
    }
    support::wait_active(&platform, &more).await;
    let lua = format!(
        "local i = 0\nrequest = function()\n  i = (i % 200) + 1\n  return wrk.format(\"GET\", \"/my-account/institutions/retrieve-site\", {{ [\"Host\"] = \"bench-\" .. (i - 1) .. \".localhost:{PORT}\", [\"Accept\"] = \"application/json\" }})\nend"
    );
    println!("retrieve-site, 200 tenants, 64 connections, 10 s: {}", support::wrk("retrieve-site", &lua, &base));

    // 3. Touch 1,000 tenants: each request opens (or reuses) that tenant's pool and queries it.
    let mut rest = Vec::new();
    for n in 200..1000 {
        rest.push(platform.approved_institution(&format!("bench-{n}")).await);
    }
    support::wait_active(&platform, &rest).await;
    // Sample the tenant roles' open connections while the requests run.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let (prefix, db, stop) = (platform.config.tenant_role_prefix.clone(), platform.db.clone(), stop.clone());
        tokio::spawn(async move {
            let mut peak = 0i64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let n: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE starts_with(usename, $1)")
                    .bind(&prefix)
                    .fetch_one(&db)
                    .await
                    .unwrap();
                peak = peak.max(n);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            peak
        })
    };
    let started = Instant::now();
    let mut failures = 0;
    for chunk in (0..1000).collect::<Vec<_>>().chunks(16) {
        let hosts: Vec<String> = chunk.iter().map(|n| format!("bench-{n}.localhost:{PORT}")).collect();
        failures += support::touch_sites(&http, PORT, &token, &hosts).await;
    }
    let elapsed = started.elapsed();
    let connections: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE starts_with(usename, $1)")
        .bind(&platform.config.tenant_role_prefix)
        .fetch_one(&platform.db)
        .await
        .unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let peak = sampler.await.unwrap();
    println!(
        "touched 1000 tenants in {:.1} s ({} failed): tenant-api RSS {} MB (peak {} MB); tenant connections peak {peak}, now {connections} (budget {BUDGET})",
        elapsed.as_secs_f64(),
        failures,
        support::rss_kb(edge.id(), "VmRSS:") / 1024,
        support::rss_kb(edge.id(), "VmHWM:") / 1024,
    );
    let _ = edge.kill();
    let _ = provisioner.kill();
}
