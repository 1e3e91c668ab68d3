//! Dashboard benchmark (not a test: it prints figures). Run with `infra/bench`.
//! A site with 100,000 learners, 10 courses of 10 lessons and 1,000,000 completed lessons over
//! the last year, 30,000 completed courses with their certificates:
//! 1. Each site figure the admin's dashboard asks for, for the last 30 days and for the last
//!    year: 200 calls one after another, then 8 callers at once: p50 | p95 | p99 | max.
//! 2. What the summary tables cost the writes: 2,000 lessons completed through the API by 32
//!    learners at once (every completion adds to the same course-day rows).
//! 3. tenant-api's peak memory.
//!
//! The history is loaded straight into the site's schema in a few large statements (the
//! triggers keep the summary tables as they would for single writes); the site's figures are
//! then asked of the real, separately running release binary over HTTP.

use crate::support;

use chrono::Duration;
use control_plane::auth::sessions::{self, Holder};
use control_plane::dhaka;
use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;
use crate::support::figures;
use tenant_api::EdgeConfig;
use tenant_api::state::AppState;
use tokio::sync::Semaphore;

const PORT: u16 = 8099;
const LEARNERS: i64 = 100_000;
const COURSES: usize = 10;
const LESSONS: usize = 10;
const CALLS: usize = 200;

pub async fn run() {
    let platform = TestPlatform::new().await;
    let (_provisioner, api, dhaka_id) = support::site(&platform, PORT, "dhaka").await;
    let site = support::Api::new("dhaka", PORT, 64);
    let data = |bytes: &bytes::Bytes| serde_json::from_slice::<Value>(bytes).unwrap()["data"].clone();
    let admin_id = platform.user("admin@bench.example", Some((dhaka_id, "partner-admin"))).await;
    let membership: i64 = sqlx::query_scalar("SELECT id FROM memberships WHERE user_id = $1").bind(admin_id).fetch_one(&platform.db).await.unwrap();
    let (admin, _) = sessions::create(&platform.db, Holder::User { id: admin_id, current_membership_id: Some(membership) }).await.unwrap();
    let call = |method: reqwest::Method, path: &str, body: Value| site.call(method, path.to_owned(), admin.clone(), body);

    // Ten published courses of ten lessons, one batch each.
    let mut courses = Vec::new();
    for n in 0..COURSES {
        let course = data(&call(reqwest::Method::POST, "/course/course/create", json!({ "title": format!("Course {n}"), "title_bn": format!("কোর্স {n}") })).await.1)["id"].as_i64().unwrap();
        let section = data(&call(reqwest::Method::POST, "/course/schedule/section", json!({ "course_id": course, "title_bn": "অধ্যায়" })).await.1)["id"].clone();
        for l in 0..LESSONS {
            call(reqwest::Method::POST, "/course/schedule/lesson", json!({ "section_id": section, "title_bn": format!("পাঠ {l}"), "lesson_type": "manual", "body": "<p>x</p>" })).await;
        }
        let batch = data(&call(reqwest::Method::POST, "/course/batch/create", json!({ "course_id": course, "name": "B", "start_date": "2025-12-01" })).await.1)["id"].as_i64().unwrap();
        call(reqwest::Method::PUT, "/course/batch/update-publish-feature", json!({ "id": batch, "published": true })).await;
        call(reqwest::Method::PUT, "/course/update-publish-feature", json!({ "id": course, "published": true })).await;
        courses.push(course);
    }

    // 100,000 learners with genders, each enrolled in one course during the last year; every one
    // completes all ten lessons (1,000,000), three in ten finish and are certified.
    let loading = Instant::now();
    let state = AppState::build(platform.db.clone(), platform.config.clone(), EdgeConfig { web_dist: concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist").into(), ..EdgeConfig::default() }).unwrap();
    let db = (*state.pools.get(dhaka_id).await.unwrap()).clone();
    let users: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, email, password_hash, gender)
         SELECT 'Learner ' || n, 'learner' || n || '@bench.example', 'not-a-hash', (ARRAY['female', 'male', 'other', NULL])[1 + n % 4]
           FROM generate_series(1, $1) n RETURNING id",
    )
    .bind(LEARNERS)
    .fetch_all(&platform.db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO enrollments (course_id, batch_id, user_id, user_name, status, enrolled_at)
         SELECT b.course_id, b.id, u.id, 'Learner', 'active', now() - make_interval(secs => (u.n * 7919 % 31536000))
           FROM unnest($1::int8[]) WITH ORDINALITY AS u(id, n)
           JOIN (SELECT id, course_id, row_number() OVER (ORDER BY id) - 1 AS slot FROM batches) b ON b.slot = u.n % $2",
    )
    .bind(&users)
    .bind(COURSES as i64)
    .execute(&db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO learner_courses (user_id, institution_id, course_uuid, status)
         SELECT u.id, $2, gen_random_uuid(), 'active' FROM unnest($1::int8[]) AS u(id)",
    )
    .bind(&users)
    .bind(dhaka_id)
    .execute(&platform.db)
    .await
    .unwrap();
    // The lessons, a course at a time (100,000 rows a statement).
    for course in &courses {
        sqlx::query(
            "INSERT INTO lesson_progress (enrollment_id, lesson_id, completed_at)
             SELECT e.id, l.id, least(now(), e.enrolled_at + make_interval(hours => l.n::int * 6))
               FROM enrollments e
               JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM lessons WHERE course_id = $1) l ON true
              WHERE e.course_id = $1",
        )
        .bind(course)
        .execute(&db)
        .await
        .unwrap();
    }
    sqlx::query("UPDATE enrollments SET status = 'completed', completed_at = least(now(), enrolled_at + interval '3 days') WHERE id % 10 < 3").execute(&db).await.unwrap();
    sqlx::query(
        "INSERT INTO certificates (tracking_code, enrollment_id, user_id, holder_name, course_title, course_title_bn, status, issued_at)
         SELECT 'BENCH-' || e.id, e.id, e.user_id, e.user_name, 'Course', 'কোর্স', 'issued', e.completed_at FROM enrollments e WHERE e.status = 'completed'",
    )
    .execute(&db)
    .await
    .unwrap();
    let counted: (i64, i64) = sqlx::query_as("SELECT (SELECT count(*) FROM lesson_progress), (SELECT sum(lessons)::int8 FROM dashboard_course_days)").fetch_one(&db).await.unwrap();
    assert_eq!(counted.0, counted.1, "the summary counts every completed lesson");
    sqlx::query("VACUUM (ANALYZE) enrollments, lesson_progress, certificates, dashboard_course_days, dashboard_learners").execute(&db).await.unwrap();
    println!("history: {LEARNERS} learners, {} completed lessons loaded in {:.1} s", counted.0, loading.elapsed().as_secs_f64());

    // 1. The figures.
    let today = dhaka::today();
    for (label, days) in [("last 30 days", 29), ("last year", 365)] {
        let range = format!("start_date={}&end_date={today}", today - Duration::days(days));
        for figure in ["total/learner", "total/course", "total/exam", "total/certificate", "total/learner_by_gender", "completeness", "enrollment", "upcoming"] {
            let path = format!("/api/v3/dashboard/{figure}?{range}");
            let mut one_by_one = Vec::new();
            for _ in 0..CALLS {
                one_by_one.push(call(reqwest::Method::GET, &path, Value::Null).await.0);
            }
            let gate = Arc::new(Semaphore::new(8));
            let mut tasks = Vec::new();
            for _ in 0..CALLS {
                let (gate, request) = (gate.clone(), site.call(reqwest::Method::GET, path.clone(), admin.clone(), Value::Null));
                tasks.push(tokio::spawn(async move {
                    let _turn = gate.acquire_owned().await.unwrap();
                    request.await.0
                }));
            }
            let mut together = Vec::new();
            for task in tasks {
                together.push(task.await.unwrap());
            }
            println!("{figure} ({label}): one by one {}; 8 at once {}", figures(one_by_one), figures(together));
        }
    }

    // 2. Completing lessons with the triggers at work: 200 new learners of course 0, 32 at a
    // time, each completing its ten lessons in order.
    let lessons: Vec<i64> = sqlx::query_scalar("SELECT id FROM lessons WHERE course_id = $1 ORDER BY id")
        .bind(courses[0])
        .fetch_all(&db)
        .await
        .unwrap();
    let batch: i64 = sqlx::query_scalar("SELECT id FROM batches WHERE course_id = $1").bind(courses[0]).fetch_one(&db).await.unwrap();
    let newcomers: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, email, password_hash) SELECT 'New ' || n, 'new' || n || '@bench.example', 'not-a-hash' FROM generate_series(1, 200) n RETURNING id",
    )
    .fetch_all(&platform.db)
    .await
    .unwrap();
    let gate = Arc::new(Semaphore::new(32));
    let wall = Instant::now();
    let mut tasks = Vec::new();
    for id in newcomers {
        let (gate, site, lessons, pool) = (gate.clone(), site.clone(), lessons.clone(), platform.db.clone());
        tasks.push(tokio::spawn(async move {
            let _turn = gate.acquire_owned().await.unwrap();
            let (token, _) = sessions::create(&pool, Holder::User { id, current_membership_id: None }).await.unwrap();
            site.call(reqwest::Method::POST, "/learner-course/course-enrollment".into(), token.clone(), json!({ "batch_id": batch })).await;
            let mut times = Vec::new();
            for lesson in lessons {
                times.push(site.call(reqwest::Method::GET, format!("/course/batch/completed_lesson/{lesson}"), token.clone(), Value::Null).await.0);
            }
            times
        }));
    }
    let mut completions = Vec::new();
    for task in tasks {
        completions.extend(task.await.unwrap());
    }
    let seconds = wall.elapsed().as_secs_f64();
    println!("lessons completed through the API, 32 learners at once: {} in {seconds:.1} s = {:.0}/s; {}", completions.len(), completions.len() as f64 / seconds, figures(completions));
    let (_, today_figures) = call(reqwest::Method::GET, &format!("/api/v3/dashboard/enrollment?start_date={today}&end_date={today}"), Value::Null).await;
    println!("today's point after them: {}", data(&today_figures)["points"][0]);

    println!("tenant-api peak memory: {} MB", support::rss_kb(api.0.id(), "VmHWM:") / 1024);
}
