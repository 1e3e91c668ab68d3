//! Classroom benchmark (not a test: it prints figures). Run with `infra/bench`.
//! A class of 1,000 students, every one with the timeline open:
//! 1. Fan-out: the teacher writes 20 posts, one after another; for each, the time from sending it
//!    to its arrival on each of the 1,000 open streams (p50, p99, max), and tenant-api's memory
//!    before and with the streams open (per stream).
//! 2. Attendance: 40 sessions, each marked for all 1,000 in one save; then each session's sheet
//!    downloaded as XLSX: time per save and per export.
//!
//! Students get sessions directly in the database (1,000 argon2 sign-ins would measure argon2);
//! they join the class through its link, over the API.

use crate::support;

use chrono::{Duration as Days, Utc};
use control_plane::auth::sessions::{self, Holder};
use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use crate::support::figures;
use tokio::sync::Semaphore;

const PORT: u16 = 8099;
const STUDENTS: usize = 1000;
const POSTS: usize = 20;
const SESSIONS: usize = 40;

pub async fn run() {
    let platform = TestPlatform::new().await;
    let (_provisioner, api, dhaka) = support::site(&platform, PORT, "dhaka").await;
    let site = support::Api::new("dhaka", PORT, 64);
    let call = {
        let site = site.clone();
        move |method: reqwest::Method, path: String, token: String, body: Value| site.call(method, path, token, body)
    };
    let data = |bytes: &bytes::Bytes| serde_json::from_slice::<Value>(bytes).unwrap()["data"].clone();

    let teacher_id = platform.user("teacher@bench.example", Some((dhaka, "teacher"))).await;
    let membership: i64 = sqlx::query_scalar("SELECT id FROM memberships WHERE user_id = $1").bind(teacher_id).fetch_one(&platform.db).await.unwrap();
    let (teacher, _) = sessions::create(&platform.db, Holder::User { id: teacher_id, current_membership_id: Some(membership) }).await.unwrap();
    let post = |path: &str, body: Value| call(reqwest::Method::POST, path.to_owned(), teacher.clone(), body);
    let class = data(&post("/classroom/class/create", json!({ "name": "Bench class", "starts_at": Utc::now().to_rfc3339() })).await.1);
    let (class_id, code) = (class["id"].as_i64().unwrap(), class["code"].as_str().unwrap().to_owned());

    // 1,000 students join through the link (32 at a time).
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, email, password_hash) SELECT 'ছাত্র ' || n, 'student' || n || '@bench.example', 'not-a-hash'
           FROM generate_series(1, $1) n RETURNING id",
    )
    .bind(STUDENTS as i32)
    .fetch_all(&platform.db)
    .await
    .unwrap();
    let gate = Arc::new(Semaphore::new(32));
    let mut tasks = Vec::new();
    for id in &ids {
        let (call, gate, db, code, id) = (call.clone(), gate.clone(), platform.db.clone(), code.clone(), *id);
        tasks.push(tokio::spawn(async move {
            let _turn = gate.acquire_owned().await.unwrap();
            let (token, _) = sessions::create(&db, Holder::User { id, current_membership_id: None }).await.unwrap();
            call(reqwest::Method::POST, format!("/classroom/batch/enroll/{code}"), token.clone(), json!({})).await;
            token
        }));
    }
    let mut tokens = Vec::new();
    for task in tasks {
        tokens.push(task.await.unwrap());
    }
    println!("{STUDENTS} students joined the class");

    // 1. Every student opens the timeline's stream; each stream reports the posts it receives.
    let before_kb = support::rss_kb(api.0.id(), "VmRSS:");
    let mut arrivals = support::open_event_streams(&site, &format!("/classroom/timeline/stream?course_batch_id={class_id}"), &tokens).await;
    let open_kb = support::rss_kb(api.0.id(), "VmRSS:");
    println!(
        "{STUDENTS} streams open: tenant-api {} MB before, {} MB with them: {:.1} KB per open stream",
        before_kb / 1024,
        open_kb / 1024,
        (open_kb.saturating_sub(before_kb)) as f64 / STUDENTS as f64
    );
    let mut latencies = Vec::new();
    let mut posting = Vec::new();
    for n in 0..POSTS {
        let sent = Instant::now();
        let (ms, _) = post("/classroom/timeline/create", json!({ "course_batch_id": class_id, "body": format!("bench post {n} — আজকের ক্লাসের নোট") })).await;
        posting.push(ms);
        let mut got = 0;
        while got < STUDENTS {
            let (_, event, at) = tokio::time::timeout(Duration::from_secs(60), arrivals.recv()).await.expect("every stream receives the post").unwrap();
            let post = event.find("bench post ").map(|i| &event[i + 11..]).and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse::<usize>().ok());
            if post == Some(n) {
                latencies.push(at.duration_since(sent).as_secs_f64() * 1000.0);
                got += 1;
            }
        }
    }
    println!("posting ({POSTS} posts): {}", figures(posting));
    println!("fan-out to {STUDENTS} open streams, send to arrival ({} deliveries): {}", latencies.len(), figures(latencies));
    println!("tenant-api memory: peak {} MB, now {} MB", support::rss_kb(api.0.id(), "VmHWM:") / 1024, support::rss_kb(api.0.id(), "VmRSS:") / 1024);

    // 2. Attendance of 1,000 over 40 sessions, and each sheet's export.
    let start = Utc::now() + Days::days(1);
    let mut saves = Vec::new();
    let mut exports = Vec::new();
    for n in 0..SESSIONS {
        let at = (start + Days::days(n as i64)).to_rfc3339();
        let session = data(&post("/classroom/schedule/create-one", json!({ "classroom_id": class_id, "title": format!("S{n}"), "starts_at": at, "duration_minutes": 60 })).await.1)["id"]
            .as_i64()
            .unwrap();
        let present: Vec<i64> = ids.iter().copied().filter(|id| (*id as usize + n) % 10 != 0).collect();
        saves.push(post(&format!("/classroom/attendance/store/{session}"), json!({ "present": present })).await.0);
        let (ms, bytes) = call(reqwest::Method::GET, format!("/classroom/attendance/download/{session}"), teacher.clone(), Value::Null).await;
        assert!(bytes.starts_with(b"PK"), "an XLSX workbook");
        exports.push(ms);
    }
    println!("attendance save, {STUDENTS} marks per session ({SESSIONS} sessions): {}", figures(saves));
    println!("attendance XLSX export, {STUDENTS} rows per session ({SESSIONS} sessions): {}", figures(exports));
    println!("tenant-api memory: peak {} MB, now {} MB", support::rss_kb(api.0.id(), "VmHWM:") / 1024, support::rss_kb(api.0.id(), "VmRSS:") / 1024);
}
