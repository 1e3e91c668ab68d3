//! Bell benchmark (not a test: it prints figures). Run with `infra/bench bell`.
//! 1,000 learners of one site, every one with their bell open (`/my-account/notifications/stream`),
//! each asking to join a batch that needs approval:
//! 1. One at a time, the teacher approves each request: the time from sending the approval to the
//!    new count's arrival on that learner's stream (p50, p99, max), while all 1,000 streams are
//!    open (every announcement wakes every stream on the edge, which checks whether it is theirs).
//! 2. Then a request each to a second course, approved 32 at a time: approvals per second and the
//!    same latency.
//! And tenant-api's memory before and with the streams open (per stream).
//!
//! Learners get sessions directly in the database (1,000 argon2 sign-ins would measure argon2).

use crate::support;

use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use crate::support::figures;
use tokio::sync::Semaphore;

const PORT: u16 = 8098;
const LEARNERS: usize = 1000;
const AT_ONCE: usize = 32;

pub async fn run() {
    let platform = TestPlatform::new().await;
    let (_provisioner, api, dhaka) = support::site(&platform, PORT, "dhaka").await;
    let site = support::Api::new("dhaka", PORT, 64);
    let call = {
        let site = site.clone();
        move |method: reqwest::Method, path: String, token: String, body: Value| site.call(method, path, token, body)
    };
    let data = |bytes: &bytes::Bytes| serde_json::from_slice::<Value>(bytes).unwrap()["data"].clone();

    let teacher = support::staff_session(&platform, "teacher@bench.example", dhaka, "teacher").await;
    let send = {
        let (call, teacher) = (call.clone(), teacher.clone());
        move |method: reqwest::Method, path: String, body: Value| call(method, path, teacher.clone(), body)
    };
    // A published course whose one batch needs approval; answers the batch.
    let course_batch = |title: &'static str| {
        let send = send.clone();
        async move {
            let post = |path: &str, body: Value| send(reqwest::Method::POST, path.to_owned(), body);
            let course = data(&post("/course/course/create", json!({ "title": title, "title_bn": "বেঞ্চ কোর্স" })).await.1)["id"].as_i64().unwrap();
            let section = data(&post("/course/schedule/section", json!({ "course_id": course, "title": "One" })).await.1)["id"].as_i64().unwrap();
            post("/course/schedule/lesson", json!({ "section_id": section, "title": "Only", "lesson_type": "discussion" })).await;
            let batch = json!({ "course_id": course, "name": "Batch", "start_date": "2026-01-01", "let_enroll": 2 });
            let batch = data(&post("/course/batch/create", batch).await.1)["id"].as_i64().unwrap();
            send(reqwest::Method::PUT, "/course/batch/update-publish-feature".into(), json!({ "id": batch, "published": true })).await;
            send(reqwest::Method::PUT, "/course/update-publish-feature".into(), json!({ "id": course, "published": true })).await;
            batch
        }
    };
    let (first, second) = (course_batch("Bench course 1").await, course_batch("Bench course 2").await);

    let (_, tokens) = support::accounts(&platform, "শিক্ষার্থী", "learner", LEARNERS).await;
    // Each learner asks to join a batch (32 at a time); the requests' ids, in learner order.
    let ask = |batch: i64| {
        let (call, tokens) = (call.clone(), tokens.clone());
        async move {
            let gate = Arc::new(Semaphore::new(AT_ONCE));
            let tasks: Vec<_> = tokens
                .into_iter()
                .map(|token| {
                    let (call, gate) = (call.clone(), gate.clone());
                    tokio::spawn(async move {
                        let _turn = gate.acquire_owned().await.unwrap();
                        let (_, body) = call(reqwest::Method::POST, format!("/course/batch/enroll/{batch}"), token, json!({})).await;
                        let started = serde_json::from_slice::<Value>(&body).unwrap()["data"].clone();
                        assert_eq!(started["status"], "pending");
                        started["enrollment_id"].as_i64().unwrap()
                    })
                })
                .collect();
            let mut requests = Vec::new();
            for task in tasks {
                requests.push(task.await.unwrap());
            }
            requests
        }
    };
    let requests = ask(first).await;
    println!("{LEARNERS} learners asked to join");

    let before_kb = support::rss_kb(api.0.id(), "VmRSS:");
    let mut arrivals = support::open_event_streams(&site, "/my-account/notifications/stream", &tokens).await;
    let open_kb = support::rss_kb(api.0.id(), "VmRSS:");
    println!(
        "{LEARNERS} bells open: tenant-api {} MB before, {} MB with them: {:.1} KB per open stream",
        before_kb / 1024,
        open_kb / 1024,
        (open_kb.saturating_sub(before_kb)) as f64 / LEARNERS as f64
    );
    counts(&mut arrivals, 0, LEARNERS).await;

    // 1. One approval at a time.
    let mut latencies = Vec::new();
    for (which, request) in requests.iter().enumerate() {
        let sent = Instant::now();
        send(reqwest::Method::PUT, format!("/course/batch/approve_enroll/{request}"), json!({})).await;
        let arrived = counts(&mut arrivals, 1, 1).await;
        let at = arrived.get(&which).copied().expect("the approved learner's bell, not another's");
        latencies.push(at.duration_since(sent).as_secs_f64() * 1000.0);
    }
    println!("approval to the learner's bell, one at a time, {LEARNERS} bells open: {}", figures(latencies));

    // 2. A second request each, approved 32 at a time.
    let requests = ask(second).await;
    let gate = Arc::new(Semaphore::new(AT_ONCE));
    let started = Instant::now();
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|request| {
            let (send, gate) = (send.clone(), gate.clone());
            tokio::spawn(async move {
                let _turn = gate.acquire_owned().await.unwrap();
                let sent = Instant::now();
                send(reqwest::Method::PUT, format!("/course/batch/approve_enroll/{request}"), json!({})).await;
                sent
            })
        })
        .collect();
    let arrived = counts(&mut arrivals, 2, LEARNERS).await;
    let elapsed = started.elapsed().as_secs_f64();
    let mut latencies = Vec::new();
    for (which, task) in tasks.into_iter().enumerate() {
        latencies.push(arrived[&which].duration_since(task.await.unwrap()).as_secs_f64() * 1000.0);
    }
    println!("{LEARNERS} approvals {AT_ONCE} at a time: {:.0} approvals/s; approval to the learner's bell: {}", LEARNERS as f64 / elapsed, figures(latencies));
    println!("tenant-api memory: peak {} MB, now {} MB", support::rss_kb(api.0.id(), "VmHWM:") / 1024, support::rss_kb(api.0.id(), "VmRSS:") / 1024);
}

/// Waits until `learners` streams have reported an unread count of `count`; answers when each did.
async fn counts(arrivals: &mut tokio::sync::mpsc::UnboundedReceiver<(usize, String, Instant)>, count: usize, learners: usize) -> HashMap<usize, Instant> {
    let needle = format!("\"unread\":{count}");
    let mut seen = HashMap::new();
    while seen.len() < learners {
        let (which, event, at) = tokio::time::timeout(Duration::from_secs(60), arrivals.recv()).await.expect("every bell hears its count").unwrap();
        if event.contains(&needle) {
            seen.entry(which).or_insert(at);
        }
    }
    seen
}
