//! Fleet benchmarks (issue 17; they print figures, nothing is asserted on time). Run with
//! `infra/bench fleet`, which starts two PostgreSQL clusters and builds the release binaries:
//! 1. 2,000 tenants placed on two database servers: provisioning time and placement, then
//!    tenant-api RSS and tenant connections per server after touching every one of them, then
//!    `provisioner migrate-all --concurrency 8` over the fleet (nothing pending: the check every
//!    release pays, and the floor of a real migration's time);
//! 2. a tenant holding 1 GB moved to the other server while a teacher keeps adding sections
//!    through the edge: the move's total time, its read-only window, writes refused and lost.

use control_plane::placement;
use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::support;

use crate::support::Running;

const PORT: u16 = 8096;
const TENANTS: usize = 2000;

async fn login(http: &reqwest::Client, host: &str, email: &str) -> String {
    let r: Value = http
        .post(format!("http://127.0.0.1:{PORT}/my-account/user/login"))
        .header("host", host)
        .json(&json!({ "email": email, "password": "test-pass-123" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    r["data"]["token"].as_str().unwrap().to_owned()
}

/// Tenant connections open on a cluster.
async fn connections(server: &sqlx::PgPool, prefix: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE starts_with(usename, $1)").bind(prefix).fetch_one(server).await.unwrap()
}

fn provisioner(platform: &TestPlatform, args: &[&str]) -> (String, Duration) {
    let started = Instant::now();
    let out = Command::new(support::release_binary("provisioner"))
        .envs(platform.env())
        .env("RUST_LOG", "error")
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(out.status.success(), "provisioner {args:?} failed");
    (String::from_utf8_lossy(&out.stdout).into_owned(), started.elapsed())
}

pub async fn run() {
    let platform = TestPlatform::new().await;
    let second = platform.second_server("second").await;
    let on_second = sqlx::PgPool::connect_with(second.admin_options(&platform.config).unwrap()).await.unwrap();
    let prefix = platform.config.tenant_role_prefix.clone();
    let _provisioner = Running(support::spawn(&platform, "provisioner", PORT, &[("PROVISIONER_WORKERS", "4".into()), ("PROVISIONER_POLL_SECS", "1".into())]));
    let edge = Running(support::spawn(&platform, "tenant-api", PORT, &[("TENANT_DB_CONNECTION_BUDGET", "100".into())]));
    let main = platform.main_id().await;
    support::wait_active(&platform, &[main]).await;
    platform.user("bench@example.com", Some((main, "super"))).await;
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build().unwrap();
    while http.get(format!("http://127.0.0.1:{PORT}/api-docs/openapi.json")).send().await.is_err() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let token = login(&http, &format!("localhost:{PORT}"), "bench@example.com").await;

    // 1. 2,000 tenants on two servers.
    let started = Instant::now();
    let mut ids = Vec::with_capacity(TENANTS);
    for n in 0..TENANTS {
        ids.push(platform.approved_institution(&format!("fleet-{n}")).await);
    }
    support::wait_active(&platform, &ids).await;
    let placed: Vec<(String, i64)> = sqlx::query_as("SELECT server, count(*) FROM tenant_placements GROUP BY 1 ORDER BY 1")
        .fetch_all(&platform.db)
        .await
        .unwrap();
    println!("provisioned {TENANTS} tenants in {:.0} s (4 workers); placed: {placed:?}", started.elapsed().as_secs_f64());

    let started = Instant::now();
    let mut failures = 0;
    let (mut peak_main, mut peak_second) = (0, 0);
    for chunk in (0..TENANTS).collect::<Vec<_>>().chunks(16) {
        let hosts: Vec<String> = chunk.iter().map(|n| format!("fleet-{n}.localhost:{PORT}")).collect();
        failures += support::touch_sites(&http, PORT, &token, &hosts).await;
        peak_main = peak_main.max(connections(&platform.db, &prefix).await);
        peak_second = peak_second.max(connections(&on_second, &prefix).await);
    }
    println!(
        "touched {TENANTS} tenants in {:.1} s ({failures} failed): tenant-api RSS {} MB (peak {} MB); tenant connections peak main {peak_main}, second {peak_second} (budget 100 each)",
        started.elapsed().as_secs_f64(),
        support::rss_kb(edge.0.id(), "VmRSS:") / 1024,
        support::rss_kb(edge.0.id(), "VmHWM:") / 1024,
    );
    let (out, took) = provisioner(&platform, &["migrate-all", "--concurrency", "8"]);
    println!("migrate-all --concurrency 8 over {} tenants: {:.1} s; {}", TENANTS + 1, took.as_secs_f64(), out.lines().last().unwrap_or_default());

    // 2. A 1 GB tenant moved while its teacher writes.
    let heavy = ids[1]; // the tie-break placed the odd ones on main
    let from = placement::of(&platform.db, heavy).await.unwrap().unwrap().server;
    let source = if from.name == "second" { on_second.clone() } else { platform.db.clone() };
    let to = if from.name == "second" { "main" } else { "second" };
    let schema = control_plane::tenancy::SchemaName::for_tenant(heavy);
    let started = Instant::now();
    // Rows of about 1 kB stay inline and uncompressed, so 1,000,000 of them are 1 GB on disk.
    let fill = format!("INSERT INTO {}.activity_logs (action, subject) SELECT 'bench', repeat(md5(g::text), 31) FROM generate_series(1, 1000000) g", schema.as_str());
    sqlx::raw_sql(sqlx::AssertSqlSafe(fill)).execute(&source).await.unwrap();
    let size: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)))::int8 FROM pg_tables WHERE schemaname = '{}'", schema.as_str())))
        .fetch_one(&source)
        .await
        .unwrap();
    println!("fleet-1 filled to {} MB on {} in {:.0} s", size / 1_000_000, from.name, started.elapsed().as_secs_f64());

    let host = "fleet-1.localhost";
    platform.user("teacher@fleet.example", Some((heavy, "teacher"))).await;
    let teacher = login(&http, host, "teacher@fleet.example").await;
    let call = async |path: &str, body: Value| -> reqwest::Response {
        http.post(format!("http://127.0.0.1:{PORT}{path}")).header("host", host).bearer_auth(&teacher).json(&body).send().await.unwrap()
    };
    let course: Value = call("/course/course/create", json!({ "title": "Load", "title_bn": "লোড", "category_id": 2 })).await.json().await.unwrap();
    let course = course["data"]["id"].as_i64().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (http, teacher, stop) = (http.clone(), teacher.clone(), stop.clone());
        tokio::spawn(async move {
            let (mut acked, mut refused, mut failed) = (Vec::new(), 0, 0);
            for i in 0.. {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let title = format!("s{i}");
                let r = http
                    .post(format!("http://127.0.0.1:{PORT}/course/schedule/section"))
                    .header("host", host)
                    .bearer_auth(&teacher)
                    .json(&json!({ "course_id": course, "title_bn": title }))
                    .send()
                    .await;
                match r.map(|r| r.status().as_u16()) {
                    Ok(201) => acked.push(title),
                    Ok(503) => refused += 1,
                    _ => failed += 1,
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            (acked, refused, failed)
        })
    };
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (out, took) = provisioner(&platform, &["move-tenant", "fleet-1", "--to", to, "--grace-secs", "5"]);
    tokio::time::sleep(Duration::from_secs(2)).await;
    stop.store(true, Ordering::SeqCst);
    let (acked, refused, failed) = writer.await.unwrap();
    let target = if to == "second" { on_second.clone() } else { platform.db.clone() };
    let landed: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT title_bn FROM {}.course_sections", schema.as_str())))
        .fetch_all(&target)
        .await
        .unwrap();
    let lost = acked.iter().filter(|t| !landed.contains(t)).count();
    println!(
        "moved fleet-1 ({} MB) {} -> {to} in {:.1} s (grace 5 s included); {}; writes: {} acknowledged, {refused} refused with 503, {failed} failed, {lost} lost",
        size / 1_000_000,
        from.name,
        took.as_secs_f64(),
        out.lines().find(|l| l.starts_with("moved ")).unwrap_or_default(),
        acked.len(),
    );
}
