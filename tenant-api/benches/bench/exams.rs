//! Exam benchmarks (not tests: they print figures). Run with `infra/bench`.
//! 1. The start burst: 2,000 learners of one site, each on the exam's cover page (loaded over
//!    the ten seconds before, as a class waits for the start; their connections stay open), start
//!    the same exam within one second (arrivals spread evenly over the second): start
//!    p50/p95/p99, errors.
//! 2. Saving: each learner then saves an answer every 30 s (jittered) for `EXAM_BENCH_ROUNDS`
//!    rounds (10 = five minutes): save p50/p95/p99, errors, and answers lost (every answer sent
//!    is looked up afterwards).
//! 3. Marking: each paper of 50 objective questions is filled in, then the 2,000 attempts are
//!    submitted (64 at a time): time until every attempt has its result, submit p95.
//!
//! Learners get sessions directly in the database (2,000 argon2 sign-ins would measure argon2).

use crate::support;

use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use crate::support::figures;
use tokio::sync::Semaphore;

const PORT: u16 = 8099;

fn parsed(body: bytes::Bytes) -> Value {
    serde_json::from_slice(&body).expect("a JSON answer")
}
const LEARNERS: usize = 2000;
const QUESTIONS: usize = 50;

pub async fn run() {
    let rounds: usize = std::env::var("EXAM_BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(10);
    let platform = TestPlatform::new().await;
    let (_provisioner, api, dhaka) = support::site(&platform, PORT, "dhaka").await;
    let addr: std::net::SocketAddr = format!("127.0.0.1:{PORT}").parse().unwrap();
    let client = reqwest::Client::builder().resolve("dhaka.localhost", addr).pool_max_idle_per_host(2048).build().unwrap();
    let host = format!("http://dhaka.localhost:{PORT}");
    let call = {
        let (client, host) = (client.clone(), host.clone());
        move |method: reqwest::Method, path: String, token: String, body: Value| {
            let request = client.request(method, format!("{host}{path}")).header("accept", "application/json").bearer_auth(token).json(&body);
            async move {
                let start = Instant::now();
                let response = request.send().await;
                match response {
                    // Timed to the whole body; parsed later, off the burst (the learners'
                    // browsers are not on this machine, so the client should spend as little of
                    // its two cores as it can while the server is measured).
                    Ok(r) if r.status().is_success() => {
                        let body = r.bytes().await.ok();
                        (start.elapsed().as_secs_f64() * 1000.0, body)
                    }
                    Ok(r) => {
                        let ms = start.elapsed().as_secs_f64() * 1000.0;
                        eprintln!("{} {}", r.status(), r.text().await.unwrap_or_default());
                        (ms, None)
                    }
                    Err(e) => {
                        eprintln!("{e}");
                        (start.elapsed().as_secs_f64() * 1000.0, None)
                    }
                }
            }
        }
    };

    // The teacher's exam: 50 multiple-choice questions, an hour long, open now.
    let teacher = support::staff_session(&platform, "teacher@bench.example", dhaka, "teacher").await;
    let mut parts = Vec::new();
    for n in 0..QUESTIONS {
        let options: Vec<Value> = (0..4).map(|o| json!({ "text": format!("Option {o}"), "text_bn": format!("বিকল্প {o}"), "correct": o == n % 4 })).collect();
        let q = json!({ "question_type": "multiple_choice", "text": format!("Question {n}"), "text_bn": format!("প্রশ্ন {n}"), "marks": 1, "options": options });
        let (_, body) = call(reqwest::Method::POST, "/question-bank/create".into(), teacher.clone(), q).await;
        parts.push(json!({ "question_id": parsed(body.expect("question created"))["data"]["id"] }));
    }
    let now = chrono::Utc::now();
    let exam = json!({
        "title": "Bench exam", "starts_at": now - chrono::Duration::minutes(1), "ends_at": now + chrono::Duration::hours(3),
        "duration_minutes": 60, "attempts_allowed": 1, "pass_percent": 40, "shuffle_questions": true, "shuffle_options": true,
        "results_release": "on_submit", "grace_seconds": 60, "published": true, "parts": parts,
    });
    let (_, body) = call(reqwest::Method::POST, "/course/exam/create-single".into(), teacher.clone(), exam).await;
    let exam = parsed(body.expect("exam created"))["data"].clone();
    let uuid = exam["uuid"].as_str().unwrap().to_owned();

    // 2,000 learners with sessions.
    let (_, tokens) = support::accounts(&platform, "Learner", "learner", LEARNERS).await;

    // The class on the cover page.
    let waiting = Instant::now();
    let mut tasks = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let (call, token, uuid) = (call.clone(), token.clone(), uuid.clone());
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(Duration::from_micros((i * 10_000_000 / LEARNERS) as u64)).await;
            call(reqwest::Method::GET, format!("/exam-front/single/{uuid}"), token, Value::Null).await
        }));
    }
    let mut covers = Vec::new();
    for task in tasks {
        covers.push(task.await.unwrap().0);
    }
    println!("cover page, {LEARNERS} learners over {:.1} s: {}", waiting.elapsed().as_secs_f64(), figures(covers));

    // 1. The start burst.
    let burst = Instant::now();
    let mut tasks = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let (call, token, uuid) = (call.clone(), token.clone(), uuid.clone());
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(Duration::from_micros((i * 1_000_000 / LEARNERS) as u64)).await;
            call(reqwest::Method::POST, format!("/exam-front/single/{uuid}/start"), token, json!({})).await
        }));
    }
    let mut starts = Vec::new();
    let mut papers = Vec::new();
    for task in tasks {
        let (ms, body) = task.await.unwrap();
        starts.push(ms);
        papers.push(body);
    }
    let errors = papers.iter().filter(|p| p.is_none()).count();
    println!("start, {LEARNERS} learners arriving within 1 s: {}; {errors} errors; all answered in {:.2} s", figures(starts), burst.elapsed().as_secs_f64());
    let papers: Vec<Value> = papers.into_iter().map(|p| parsed(p.expect("every start succeeded"))["data"].clone()).collect();

    // 2. Saves every 30 s, jittered over the 30 s, for `rounds` rounds.
    let saving = Instant::now();
    let mut tasks = Vec::new();
    for (i, (token, paper)) in tokens.iter().zip(&papers).enumerate() {
        let (call, token, paper) = (call.clone(), token.clone(), paper.clone());
        tasks.push(tokio::spawn(async move {
            let offset = Duration::from_millis((i * 30_000 / LEARNERS) as u64);
            let mut out = Vec::new();
            for round in 0..rounds {
                tokio::time::sleep_until(tokio::time::Instant::from_std(saving + offset + Duration::from_secs(30 * round as u64))).await;
                let attempt = paper["uuid"].as_str().unwrap();
                let choice = paper["questions"][round]["options"][(i + round) % 4]["id"].as_u64().unwrap();
                let body = json!({ "slot": round, "client_seq": 1, "answer": { "choices": [choice] } });
                let (ms, r) = call(reqwest::Method::PUT, format!("/exam-front/attempt/{attempt}/answer"), token.clone(), body).await;
                out.push((ms, r.is_some(), round, choice));
            }
            out
        }));
    }
    let mut saves = Vec::new();
    let mut save_errors = 0;
    let mut sent: Vec<(String, usize, u64)> = Vec::new();
    for (task, paper) in tasks.into_iter().zip(&papers) {
        for (ms, ok, round, choice) in task.await.unwrap() {
            saves.push(ms);
            save_errors += usize::from(!ok);
            sent.push((paper["uuid"].as_str().unwrap().to_owned(), round, choice));
        }
    }
    println!("save, {LEARNERS} learners x {rounds} answers at one per learner per 30 s: {}; {save_errors} errors", figures(saves));
    let schema = control_plane::tenancy::SchemaName::for_tenant(dhaka).as_str().to_owned();
    let stored: Vec<(String, i32, Value)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT a.uuid::text, x.slot, x.answer FROM {schema}.exam_answers x JOIN {schema}.exam_attempts a ON a.id = x.attempt_id"
    )))
    .fetch_all(&platform.db)
    .await
    .unwrap();
    let stored: std::collections::HashMap<(String, i32), Value> = stored.into_iter().map(|(a, s, v)| ((a, s), v)).collect();
    let lost = sent.iter().filter(|(a, slot, choice)| stored.get(&(a.clone(), *slot as i32)).map(|v| v["choices"][0].as_u64()) != Some(Some(*choice))).count();
    println!("answers lost: {lost} of {} sent", sent.len());

    // 3. Marking: the rest of each paper answered (in the database), then every attempt submitted.
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO {schema}.exam_answers (attempt_id, slot, client_seq, answer)
         SELECT a.id, s.slot, 1, jsonb_build_object('choices', jsonb_build_array((a.layout -> s.slot -> 'options' ->> (s.slot % 4))::int))
           FROM {schema}.exam_attempts a, generate_series(0, {QUESTIONS} - 1) AS s(slot)
         ON CONFLICT DO NOTHING"
    )))
    .execute(&platform.db)
    .await
    .unwrap();
    let marking = Instant::now();
    let gate = Arc::new(Semaphore::new(64));
    let mut tasks = Vec::new();
    for (token, paper) in tokens.iter().zip(&papers) {
        let (call, token, attempt, gate) = (call.clone(), token.clone(), paper["uuid"].as_str().unwrap().to_owned(), gate.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.unwrap();
            call(reqwest::Method::POST, format!("/exam-front/attempt/{attempt}/submit"), token, json!({})).await
        }));
    }
    let mut submits = Vec::new();
    let mut submit_errors = 0;
    for task in tasks {
        let (ms, body) = task.await.unwrap();
        submits.push(ms);
        submit_errors += usize::from(body.is_none_or(|b| parsed(b)["data"]["state"] != "finished"));
    }
    let all_marked = marking.elapsed().as_secs_f64();
    let finished: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM {schema}.exam_attempts WHERE state = 'finished' AND score IS NOT NULL")))
        .fetch_one(&platform.db)
        .await
        .unwrap();
    println!(
        "marking {LEARNERS} attempts of {QUESTIONS} objective questions (submit, 64 at a time): all results in {all_marked:.1} s; {finished} finished; submit {}; {submit_errors} errors",
        figures(submits)
    );
    println!("tenant-api memory: peak {} MB, now {} MB", support::rss_kb(api.0.id(), "VmHWM:") / 1024, support::rss_kb(api.0.id(), "VmRSS:") / 1024);
}
