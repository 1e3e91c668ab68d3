//! Payment benchmark (not a test: it prints figures). Run with `infra/bench`.
//! 100 learners of one site try to buy a seat in the same batch of 50 seats at once, through the
//! local SSLCommerz gateway (`infra/payments/sslcommerz.py`, started here): checkout p50/p95/p99
//! and orders/s, how many got a seat. The 50 then pay; every gateway notice is delivered twice,
//! 32 at a time (the edge asks the gateway's validation API each time): notice p50/p95/p99 and
//! orders settled per second. Afterwards the books are counted: no seat sold twice over the
//! limit, no order charged twice, every posting balanced.
//!
//! Learners get sessions directly in the database (100 argon2 sign-ins would measure argon2).

use crate::support;

use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use crate::support::figures;
use tokio::sync::Semaphore;

const PORT: u16 = 8098;
const GATEWAY_PORT: u16 = 8097;
const BUYERS: usize = 100;
const SEATS: i64 = 50;

pub async fn run() {
    let gateway_url = format!("http://127.0.0.1:{GATEWAY_PORT}");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../infra/payments/sslcommerz.py");
    let _gateway = support::Running(
        std::process::Command::new("python3").args([script, &GATEWAY_PORT.to_string(), "benchstore", "bench-pass"]).spawn().expect("python3 runs the local gateway"),
    );
    let platform = TestPlatform::new().await;
    let _provisioner = support::Running(support::spawn(&platform, "provisioner", PORT, &[("PROVISIONER_POLL_SECS", "1".into())]));
    let payments = [
        ("SSLCOMMERZ_URL", gateway_url.clone()),
        ("SSLCOMMERZ_STORE_ID", "benchstore".into()),
        ("SSLCOMMERZ_STORE_PASSWORD", "bench-pass".into()),
    ];
    let _api = support::Running(support::spawn(&platform, "tenant-api", PORT, &payments));
    let dhaka = platform.approved_institution("dhaka").await;
    let started = Instant::now();
    while sqlx::query_scalar::<_, String>("SELECT state FROM institutions WHERE id = $1").bind(dhaka).fetch_one(&platform.db).await.unwrap() != "active" {
        assert!(started.elapsed() < Duration::from_secs(60), "dhaka did not become active");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let addr: std::net::SocketAddr = format!("127.0.0.1:{PORT}").parse().unwrap();
    let client = reqwest::Client::builder().resolve("dhaka.localhost", addr).pool_max_idle_per_host(256).build().unwrap();
    let host = format!("http://dhaka.localhost:{PORT}");
    while client.get(format!("{host}/api-docs/openapi.json")).send().await.is_err() || client.get(format!("{gateway_url}/healthz")).send().await.is_err() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let call = |method: reqwest::Method, path: &str, token: &str, body: Value| {
        client.request(method, format!("{host}{path}")).header("accept", "application/json").bearer_auth(token).json(&body).send()
    };

    // A published course with one batch of 50 seats at 1,500 taka.
    let teacher = support::staff_session(&platform, "teacher@bench.example", dhaka, "teacher").await;
    let data = |r: reqwest::Response| async move {
        assert!(r.status().is_success(), "{}", r.status());
        r.json::<Value>().await.unwrap()["data"].clone()
    };
    let course = data(call(reqwest::Method::POST, "/course/course/create", &teacher, json!({ "title": "Bench course" })).await.unwrap()).await["id"].as_i64().unwrap();
    let section = data(call(reqwest::Method::POST, "/course/schedule/section", &teacher, json!({ "course_id": course, "title": "One" })).await.unwrap()).await["id"].as_i64().unwrap();
    data(call(reqwest::Method::POST, "/course/schedule/lesson", &teacher, json!({ "section_id": section, "title": "One", "lesson_type": "manual", "body": "<p>x</p>" })).await.unwrap()).await;
    let batch = json!({ "course_id": course, "name": "Paid", "start_date": "2026-01-01", "enrolment_limit": SEATS, "price": "1500" });
    let batch = data(call(reqwest::Method::POST, "/course/batch/create", &teacher, batch).await.unwrap()).await["id"].as_i64().unwrap();
    data(call(reqwest::Method::PUT, "/course/batch/update-publish-feature", &teacher, json!({ "id": batch, "published": true })).await.unwrap()).await;
    data(call(reqwest::Method::PUT, "/course/update-publish-feature", &teacher, json!({ "id": course, "published": true })).await.unwrap()).await;

    let (_, tokens) = support::accounts(&platform, "Buyer", "buyer", BUYERS).await;
    // The gateway keeps its notices for the benchmark to deliver, twice each.
    client.post(format!("{gateway_url}/faults")).json(&json!({ "mode": "no_ipn" })).send().await.unwrap();

    // 1. Everyone presses "buy" at once.
    let burst = Instant::now();
    let checkouts = tokens.iter().map(|token| {
        let request = call(reqwest::Method::POST, "/course/transactions/create", token, json!({ "batch_id": batch }));
        async move {
            let start = Instant::now();
            let response = request.await.unwrap();
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let status = response.status().as_u16();
            (ms, status, response.json::<Value>().await.unwrap())
        }
    });
    let results = futures::future::join_all(checkouts).await;
    let wall = burst.elapsed().as_secs_f64();
    let sessions: Vec<String> = results
        .iter()
        .filter(|(_, status, _)| *status == 201)
        .map(|(_, _, body)| body["data"]["redirect_url"].as_str().unwrap().split("SESSIONKEY=").nth(1).unwrap().to_owned())
        .collect();
    let full = results.iter().filter(|(_, _, body)| body["code"] == "batch_full").count();
    let other = results.len() - sessions.len() - full;
    println!(
        "checkout, {BUYERS} buyers of a batch of {SEATS} seats at once: {}; {:.0} orders/s; {} seats held, {full} told the batch is full, {other} other answers",
        figures(results.iter().map(|r| r.0).collect()),
        BUYERS as f64 / wall,
        sessions.len()
    );

    // 2. They pay; each notice reaches the site twice.
    let mut notices = Vec::new();
    for session in &sessions {
        let paid: Value = client.post(format!("{gateway_url}/pay/{session}")).json(&json!({ "outcome": "success" })).send().await.unwrap().json().await.unwrap();
        let tran_id = paid["fields"]["tran_id"].as_str().unwrap();
        let ipns: Vec<Value> = client.get(format!("{gateway_url}/ipn?tran_id={tran_id}")).send().await.unwrap().json().await.unwrap();
        let fields: Vec<(String, String)> = ipns[0]["fields"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned())).collect();
        notices.push(serde_urlencoded::to_string(&fields).unwrap());
    }
    let gate = Arc::new(Semaphore::new(32));
    let settling = Instant::now();
    let deliveries = notices.iter().chain(notices.iter()).map(|body| {
        let (gate, request) = (gate.clone(), client.post(format!("{host}/payment/sslcommerz/ipn")).header("content-type", "application/x-www-form-urlencoded").body(body.clone()));
        async move {
            let _permit = gate.acquire().await.unwrap();
            let start = Instant::now();
            let response = request.send().await.unwrap();
            (start.elapsed().as_secs_f64() * 1000.0, response.status().is_success())
        }
    });
    let delivered = futures::future::join_all(deliveries).await;
    let settle_wall = settling.elapsed().as_secs_f64();
    let failed = delivered.iter().filter(|d| !d.1).count();
    println!(
        "notices, {} orders x 2 deliveries, 32 at a time: {}; {failed} errors; {:.0} orders settled/s",
        notices.len(),
        figures(delivered.iter().map(|d| d.0).collect()),
        notices.len() as f64 / settle_wall
    );

    // 3. The books.
    let schema = control_plane::tenancy::SchemaName::for_tenant(dhaka).as_str().to_owned();
    let count = |sql: String| {
        let db = platform.db.clone();
        async move { sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql)).fetch_one(&db).await.unwrap() }
    };
    let paid = count(format!("SELECT count(*) FROM {schema}.orders WHERE state = 'paid'")).await;
    let enrolled = count(format!("SELECT count(*) FROM {schema}.enrollments WHERE batch_id = {batch}")).await;
    let charged_twice = count(format!("SELECT count(*) FROM (SELECT order_id FROM {schema}.ledger_entries GROUP BY order_id HAVING count(DISTINCT posting) > 1) d")).await;
    let unbalanced = count(format!("SELECT count(*) FROM (SELECT posting FROM {schema}.ledger_entries GROUP BY posting HAVING sum(amount_poisha) <> 0) u")).await;
    println!("books: {paid} orders paid, {enrolled} enrolled of {SEATS} seats, {charged_twice} orders posted twice, {unbalanced} unbalanced postings");
}
