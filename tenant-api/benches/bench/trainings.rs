//! Training benchmark (not a test: it prints figures). Run with `infra/bench`.
//! A training batch of 5,000 trainees over 10 sessions (two a day for five days):
//! 1. Attendance: each session's sheet loaded, then every trainee marked in one save, the ten
//!    sessions by ten markers at once, and again one after another: per-save latency and marks/s.
//! 2. The sheets: the meal sheet (JSON and XLSX) and the budget sheet (XLSX, with two logistic
//!    items handed to all 5,000), the trainee list and the honoraria: time of each, and
//!    tenant-api's peak memory.
//!
//! Trainees get sessions directly in the database (5,000 argon2 sign-ins would measure argon2);
//! they enrol through the API.

use crate::support;

use chrono::{Duration as Days, FixedOffset, Utc};
use control_plane::auth::sessions::{self, Holder};
use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;
use crate::support::figures;
use tokio::sync::Semaphore;

const PORT: u16 = 8098;
const TRAINEES: usize = 5000;
const SESSIONS: usize = 10;

pub async fn run() {
    let platform = TestPlatform::new().await;
    let (_provisioner, api, dhaka) = support::site(&platform, PORT, "dhaka").await;
    let call = {
        let site = support::Api::new("dhaka", PORT, 64);
        move |method: reqwest::Method, path: String, token: String, body: Value| site.call(method, path, token, body)
    };
    let data = |bytes: &bytes::Bytes| serde_json::from_slice::<Value>(bytes).unwrap()["data"].clone();

    let admin_id = platform.user("admin@bench.example", Some((dhaka, "partner-admin"))).await;
    let membership: i64 = sqlx::query_scalar("SELECT id FROM memberships WHERE user_id = $1").bind(admin_id).fetch_one(&platform.db).await.unwrap();
    let (admin, _) = sessions::create(&platform.db, Holder::User { id: admin_id, current_membership_id: Some(membership) }).await.unwrap();
    platform.user("trainer@bench.example", None).await;
    let post = |path: &str, body: Value| call(reqwest::Method::POST, path.to_owned(), admin.clone(), body);
    let put = |path: &str, body: Value| call(reqwest::Method::PUT, path.to_owned(), admin.clone(), body);

    // The training: a reading lesson, one batch over five days from today, venue and trainer.
    let today = Utc::now().with_timezone(&FixedOffset::east_opt(6 * 3600).unwrap()).date_naive();
    let course = data(&post("/course/course/create", json!({ "title": "Bench training", "course_type": "training" })).await.1)["id"].clone();
    let section = data(&post("/course/schedule/section", json!({ "course_id": course, "title": "Before" })).await.1)["id"].clone();
    post("/course/schedule/lesson", json!({ "course_id": course, "section_id": section, "title": "Read", "lesson_type": "manual", "body": "<p>x</p>" })).await;
    let batch = data(&post("/course/batch/create", json!({ "course_id": course, "name": "B", "start_date": today.to_string(), "end_date": (today + Days::days(4)).to_string() })).await.1)["id"]
        .as_i64()
        .unwrap();
    put("/course/batch/update-publish-feature", json!({ "id": batch, "published": true })).await;
    put("/course/update-publish-feature", json!({ "id": course, "published": true })).await;
    put(&format!("/course/training/batches/{batch}"), json!({ "venue": "Hall" })).await;
    let trainer = data(&post("/course/training/trainers", json!({ "batch_id": batch, "email": "trainer@bench.example", "rate_poisha": 250_000 })).await.1)["id"].clone();
    let mut sessions_ids = Vec::new();
    for n in 0..SESSIONS {
        let day = today + Days::days(n as i64 / 2);
        let hour = if n % 2 == 0 { 10 } else { 14 };
        let s = post("/course/training/sessions", json!({ "batch_id": batch, "title": format!("S{n}"), "trainer_id": trainer,
            "starts_at": format!("{day}T{hour:02}:00:00+06:00"), "ends_at": format!("{day}T{:02}:00:00+06:00", hour + 2) })).await;
        sessions_ids.push(data(&s.1)["id"].as_i64().unwrap());
    }

    // 5,000 trainees enrol (32 at a time).
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, email, password_hash) SELECT 'Trainee ' || n, 'trainee' || n || '@bench.example', 'not-a-hash'
           FROM generate_series(1, $1) n RETURNING id",
    )
    .bind(TRAINEES as i32)
    .fetch_all(&platform.db)
    .await
    .unwrap();
    let enrolling = Instant::now();
    let gate = Arc::new(Semaphore::new(32));
    let mut tasks = Vec::new();
    for id in ids {
        let (call, gate, db) = (call.clone(), gate.clone(), platform.db.clone());
        tasks.push(tokio::spawn(async move {
            let _turn = gate.acquire_owned().await.unwrap();
            let (token, _) = sessions::create(&db, Holder::User { id, current_membership_id: None }).await.unwrap();
            call(reqwest::Method::POST, "/learner-course/course-enrollment".into(), token, json!({ "batch_id": batch })).await.0
        }));
    }
    let mut enrolments = Vec::new();
    for task in tasks {
        enrolments.push(task.await.unwrap());
    }
    println!("enrolment, {TRAINEES} trainees 32 at a time in {:.1} s: {}", enrolling.elapsed().as_secs_f64(), figures(enrolments));

    // 1. Attendance: sheet, then one save of every mark per session; ten markers at once.
    let sheet = {
        let (call, admin) = (call.clone(), admin.clone());
        move |session: i64| call(reqwest::Method::GET, format!("/course/training/sessions/{session}/attendance"), admin.clone(), Value::Null)
    };
    let (_, rows) = sheet(sessions_ids[0]).await;
    let enrolment_ids: Vec<i64> = data(&rows).as_array().unwrap().iter().map(|r| r["enrollment_id"].as_i64().unwrap()).collect();
    assert_eq!(enrolment_ids.len(), TRAINEES);
    let marks = |round: usize| -> Value {
        // About nine in ten present, a different tenth absent each session.
        let (present, absent): (Vec<i64>, Vec<i64>) = enrolment_ids.iter().partition(|e| (**e as usize + round) % 10 != 0);
        json!({ "present": present, "absent": absent })
    };
    for (label, concurrent) in [("ten markers at once", true), ("one session after another", false)] {
        let wall = Instant::now();
        let mut loads = Vec::new();
        let mut saves = Vec::new();
        let mut tasks = Vec::new();
        for (round, session) in sessions_ids.iter().enumerate() {
            let (sheet, call, admin, body, session) = (sheet.clone(), call.clone(), admin.clone(), marks(round), *session);
            let task = async move {
                let (load, _) = sheet(session).await;
                let (save, _) = call(reqwest::Method::POST, format!("/course/training/sessions/{session}/attendance"), admin, body).await;
                (load, save)
            };
            if concurrent {
                tasks.push(tokio::spawn(task));
            } else {
                let (load, save) = task.await;
                loads.push(load);
                saves.push(save);
            }
        }
        for task in tasks {
            let (load, save) = task.await.unwrap();
            loads.push(load);
            saves.push(save);
        }
        let seconds = wall.elapsed().as_secs_f64();
        println!(
            "attendance, {label}: {} marks in {seconds:.2} s = {:.0} marks/s; sheet load {}; save of {TRAINEES} marks {}",
            TRAINEES * SESSIONS,
            (TRAINEES * SESSIONS) as f64 / seconds,
            figures(loads),
            figures(saves)
        );
    }

    // 2. The sheets.
    let tea = data(&post("/course/training-facility/items/create", json!({ "name": "Tea", "unit": "cup" })).await.1)["id"].clone();
    let rice = data(&post("/course/training-facility/items/create", json!({ "name": "Rice", "unit": "kg" })).await.1)["id"].clone();
    post("/course/training-facility/createOrUpdate", json!({ "batch_id": batch, "meal_type": "lunch", "training_time": "13:00", "extra_count": 20,
        "items": [{ "item_id": rice, "quantity_per_person": 0.2 }] })).await;
    post("/course/training-facility/createOrUpdate", json!({ "batch_id": batch, "meal_type": "afternoon_snack", "training_time": "16:00",
        "items": [{ "item_id": tea, "quantity_per_person": 1 }] })).await;
    let categories = ["venue", "meals", "materials", "transport", "honorarium"];
    let lines: Vec<Value> = (0..50).map(|n| json!({ "category": categories[n % 5], "description": format!("Line {n}"), "planned_poisha": 100_000 + n, "actual_poisha": 90_000 + n })).collect();
    post("/course/training-resource/budget/create", json!({ "batch_id": batch, "lines": lines })).await;
    for name in ["Bag", "Manual"] {
        let item = data(&post("/course/training-resource/logistic/create", json!({ "batch_id": batch, "name": name, "unit_cost_poisha": 30_000 })).await.1)["id"].clone();
        post("/course/training-resource/logistic/createOrUpdate", json!({ "logistic_id": item, "enrollment_ids": enrolment_ids })).await;
    }
    let get = |path: String| call(reqwest::Method::GET, path, admin.clone(), Value::Null);
    for (label, path, method) in [
        ("meal sheet (JSON)", format!("/course/training-facility/getFacilityByBatchId/{batch}"), reqwest::Method::POST),
        ("meal sheet (XLSX)", format!("/course/training/batches/{batch}/meals.xlsx"), reqwest::Method::GET),
        ("budget sheet (XLSX)", format!("/course/training/batches/{batch}/budget.xlsx"), reqwest::Method::GET),
        ("budget (JSON)", format!("/course/training/batches/{batch}/budget"), reqwest::Method::GET),
        ("trainee list, first page of 20", format!("/course/training-facility/enrolled_users/{batch}"), reqwest::Method::GET),
        ("trainee list, last page of 20", format!("/course/training-facility/enrolled_users/{batch}?page=250"), reqwest::Method::GET),
        ("honoraria", format!("/course/training-resource/get-honorium-data-for-enrollment-user/{batch}"), reqwest::Method::POST),
    ] {
        let mut times = Vec::new();
        let mut size = 0;
        for _ in 0..5 {
            let (ms, bytes) = if method == reqwest::Method::GET { get(path.clone()).await } else { post(&path, json!({})).await };
            times.push(ms);
            size = bytes.len();
        }
        println!("{label}: {} ; {} kB", figures(times), size / 1024);
    }
    let (_, facility) = post(&format!("/course/training-facility/getFacilityByBatchId/{batch}"), json!({})).await;
    let first_day = data(&facility)["days"][0].clone();
    println!("meal sheet check: day 1 trainees {} ({}), lunch count {}", first_day["trainees"], first_day["source"], first_day["meals"][0]["count"]);
    println!("tenant-api memory: peak {} MB, now {} MB", support::rss_kb(api.0.id(), "VmHWM:") / 1024, support::rss_kb(api.0.id(), "VmRSS:") / 1024);
}
