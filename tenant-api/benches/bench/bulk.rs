//! Bulk-message benchmark (not a test: it prints figures). Run with `infra/bench bulk`.
//! 100,000 learners enrolled on one site, one in ten with a phone; its admin sends one message by
//! e-mail and SMS. Figures: the reach call (whom it reaches and what the texts cost); the hand-off
//! (recipients fixed and queued in the outbox) in recipients per second; e-mails per second into
//! a real SMTP server (mailcrab, in this process) and texts per second into the local SSL Wireless
//! gateway (infra/sms/sslwireless.py), as tenant-api's outbox worker delivers them; the time from
//! sending to the last delivery; tenant-api's memory.

use crate::support;

use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PORT: u16 = 8096;
const LEARNERS: i64 = 100_000;
const TEXTED: i64 = LEARNERS / 10;

pub async fn run() {
    let platform = control_plane::testing::TestPlatform::new().await;
    let smtp = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut mail = mailcrab::development_mail_server([127, 0, 0, 1], smtp).await;
    let arrivals: Arc<Mutex<Vec<Instant>>> = Arc::default();
    let seen = arrivals.clone();
    tokio::spawn(async move {
        loop {
            match mail.rx.recv().await {
                Ok(_) => seen.lock().unwrap().push(Instant::now()),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => seen.lock().unwrap().extend((0..n).map(|_| Instant::now())),
                Err(_) => break,
            }
        }
    });
    let sms_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let texts_file = std::env::temp_dir().join(format!("bench-bulk-texts-{sms_port}.jsonl"));
    let _gateway = support::Running(
        std::process::Command::new("python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/../infra/sms/sslwireless.py"))
            .args([sms_port.to_string(), "bench-token".into(), "BENCH".into(), texts_file.display().to_string()])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let env = [
        ("SMTP_URL", format!("smtp://127.0.0.1:{smtp}")),
        ("SMS_GATEWAY_URL", format!("http://127.0.0.1:{sms_port}")),
        ("SMS_API_TOKEN", "bench-token".into()),
        ("SMS_SID", "BENCH".into()),
    ];
    let (_provisioner, api, dhaka) = support::site_with(&platform, PORT, "dhaka", &env).await;
    let site = support::Api::new("dhaka", PORT, 8);
    let admin = support::staff_session(&platform, "admin@bench.example", dhaka, "partner-admin").await;
    let call = |method: reqwest::Method, path: &str, body: Value| {
        let call = site.call(method, path.to_owned(), admin.clone(), body);
        async move { serde_json::from_slice::<Value>(&call.await.1).unwrap() }
    };

    // One course and batch, with the learners enrolled directly (100,000 enrolments through the
    // API would measure enrolling).
    let course = call(reqwest::Method::POST, "/course/course/create", json!({ "title": "Bench course", "title_bn": "বেঞ্চ কোর্স" })).await["data"]["id"].as_i64().unwrap();
    let batch = json!({ "course_id": course, "name": "Batch", "start_date": "2026-01-01" });
    let batch = call(reqwest::Method::POST, "/course/batch/create", batch).await["data"]["id"].as_i64().unwrap();
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, email, phone)
         SELECT 'শিক্ষার্থী ' || g, 'learner' || g || '@bench.example', CASE WHEN g % 10 = 0 THEN '+88017' || lpad(g::text, 8, '0') END
           FROM generate_series(1, $1) g RETURNING id",
    )
    .bind(LEARNERS)
    .fetch_all(&platform.db)
    .await
    .unwrap();
    // In the site's schema, as its own role would: the enrolment triggers name its functions unqualified.
    let schema = control_plane::tenancy::SchemaName::for_tenant(dhaka);
    let mut tx = platform.db.begin().await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("SET LOCAL search_path TO {}", schema.as_str()))).execute(&mut *tx).await.unwrap();
    sqlx::query("INSERT INTO enrollments (course_id, batch_id, user_id, status) SELECT $1, $2, u, 'active' FROM unnest($3::bigint[]) u")
        .bind(course)
        .bind(batch)
        .bind(&ids)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    println!("{LEARNERS} learners enrolled, {TEXTED} of them with a phone");

    let body = "আগামী শনিবার ক্লাস হবে না; রবিবার থেকে যথারীতি। No classes on Saturday; they resume on Sunday.";
    let audience = json!({ "course_id": course });
    let asked = Instant::now();
    let reach = call(reqwest::Method::POST, "/bulknotify/audience", json!({ "channels": ["email", "sms"], "audience": audience, "body": body })).await;
    println!("reach of {} people counted in {:.0} ms: {}", reach["data"]["people"], asked.elapsed().as_secs_f64() * 1000.0, reach["data"]);

    let sent = Instant::now();
    let message = json!({ "channels": ["email", "sms"], "subject": "ক্লাস বন্ধ / No class on Saturday", "body": body, "audience": audience });
    let id = call(reqwest::Method::POST, "/bulknotify/messages", message).await["data"]["id"].as_i64().unwrap();
    let (mut handed, mut texted, mut peak_kb) = (None, None, 0);
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        peak_kb = peak_kb.max(support::rss_kb(api.0.id(), "VmRSS:"));
        let now = call(reqwest::Method::GET, &format!("/bulknotify/messages/{id}"), Value::Null).await;
        let p = &now["data"]["progress"];
        let n = |channel: &str, what: &str| p[channel][what].as_i64().unwrap_or(0);
        if handed.is_none() && n("email", "waiting") == 0 && n("sms", "waiting") == 0 && now["data"]["state"] == "sent" {
            handed = Some(sent.elapsed());
        }
        if texted.is_none() && n("sms", "delivered") + n("sms", "failed") - (LEARNERS - TEXTED) >= TEXTED {
            texted = Some(sent.elapsed());
        }
        if n("email", "delivered") + n("email", "failed") >= LEARNERS && texted.is_some() {
            break;
        }
        assert!(sent.elapsed() < Duration::from_secs(3600), "not delivered within an hour: {p}");
    }
    let last = sent.elapsed();
    let handed = handed.unwrap();
    let mails = arrivals.lock().unwrap().clone();
    let mail_span = mails.last().unwrap().duration_since(mails[0]).as_secs_f64();
    println!(
        "hand-off: {} recipients (2 channels) fixed and queued in {:.1} s = {:.0} recipients/s",
        LEARNERS * 2,
        handed.as_secs_f64(),
        (LEARNERS * 2) as f64 / handed.as_secs_f64()
    );
    println!("e-mail into the SMTP server: {} in {:.1} s = {:.0} mails/s", mails.len(), mail_span, mails.len() as f64 / mail_span);
    let texted = texted.unwrap().as_secs_f64();
    println!("texts into the SMS gateway: {TEXTED} by {texted:.1} s after sending = {:.0} texts/s (at most; they share the worker with the mail)", TEXTED as f64 / texted);
    println!("sent to last delivery: {:.1} s", last.as_secs_f64());
    println!("tenant-api memory: peak sampled {} MB, high-water {} MB", peak_kb / 1024, support::rss_kb(api.0.id(), "VmHWM:") / 1024);
    let _ = std::fs::remove_file(texts_file);
}
