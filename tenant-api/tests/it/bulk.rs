//! Bulk messages (issue 13): a partner admin writes once to 10,000 learners by e-mail, SMS and
//! the bell; the e-mails reach a real SMTP server (mailcrab, in process) and the texts the local
//! SSL Wireless gateway, and the progress says so. Only the site's own learners are reached, and
//! an edge that died mid-batch leaves nobody out and nobody twice.

use crate::common::{SmsServer, TestApp, free_port};
use chrono::{DateTime, Utc};
use control_plane::messages::sms::promotional_send_at;
use control_plane::messages::worker::{self, Senders};
use control_plane::messages::{bulk, mail::Mailer};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tenant_api::bulk::worker as sending;

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";
const LEARNERS: i64 = 10_000;
/// Learners of the test that delivers through SMTP: the outbox sends one message at a time.
const SMALL: i64 = 200;
/// The learners with a phone.
const TEXTED: i64 = LEARNERS / 100;
const BODY: &str = "আগামী শনিবার ক্লাস হবে না। Classes resume on Sunday.";

/// A site with a course whose batch has `n` learners (every hundredth one with a phone), and its
/// admin's token: (site, course, admin).
async fn site_with_learners(t: &TestApp, n: i64) -> (i64, i64, String) {
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    let admin = t.login(DHAKA, "admin@dhaka.example").await;
    let (course, batch) = crate::common::published_course(&t, DHAKA, &admin).await;
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO users (name, email, phone)
         SELECT 'Learner ' || g, 'learner' || g || '@bulk.example', CASE WHEN g % 100 = 0 THEN '+88017' || lpad(g::text, 8, '0') END
           FROM generate_series(1, $1) g RETURNING id",
    )
    .bind(n)
    .fetch_all(&t.platform.db)
    .await
    .unwrap();
    let db = t.state.pools.get(dhaka).await.unwrap();
    sqlx::query("INSERT INTO enrollments (course_id, batch_id, user_id, status) SELECT $1, $2, u, 'active' FROM unnest($3::bigint[]) u")
        .bind(course)
        .bind(batch)
        .bind(&ids)
        .execute(&*db)
        .await
        .unwrap();
    (dhaka, course, admin)
}

fn progress(message: &Value, channel: &str) -> [i64; 5] {
    let p = &message["progress"][channel];
    ["total", "waiting", "sent", "delivered", "failed"].map(|k| p[k].as_i64().unwrap())
}

#[tokio::test]
async fn a_partner_writes_to_ten_thousand_learners_by_mail_sms_and_bell_and_watches_it_go() {
    let t = TestApp::new().await;
    let (dhaka, course, admin) = site_with_learners(&t, LEARNERS).await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let other_admin = t.login(SYLHET, "admin@sylhet.example").await;
    t.platform.user("learner@dhaka.example", None).await;
    let learner = t.login(DHAKA, "learner@dhaka.example").await;

    let audience = json!({ "course_id": course });
    let ask = json!({ "channels": ["email", "sms", "bell"], "audience": audience, "body": BODY });
    let reach = t.post(DHAKA, "/bulknotify/audience", Some(&admin), ask.clone()).await;
    assert_eq!(reach.status, 200, "{}", reach.text);
    assert_eq!(reach.body["data"]["people"], LEARNERS);
    assert_eq!(reach.body["data"]["reachable"], json!({ "bell": LEARNERS, "email": LEARNERS, "sms": TEXTED }));
    // Bangla goes as UCS-2: 52 characters, one segment each, at 35 poisha.
    assert_eq!((reach.body["data"]["sms_segments"].as_i64(), reach.body["data"]["sms_cost_poisha"].as_i64()), (Some(1), Some(TEXTED * 35)));

    // Bad input, and people who may not send.
    assert_eq!(t.post(DHAKA, "/bulknotify/audience", Some(&learner), ask.clone()).await.status, 403);
    let everyone = json!({ "channels": ["bell"], "audience": { "everyone": true }, "body": BODY });
    assert_eq!(t.post(DHAKA, "/bulknotify/audience", Some(&admin), everyone).await.status, 403, "only the main site's super admin writes to everyone");
    let empty = t.post(DHAKA, "/bulknotify/messages", Some(&admin), json!({ "channels": ["email"], "subject": "", "body": " ", "audience": audience })).await;
    assert_eq!(empty.status, 422);
    assert!(empty.body["errors"]["subject"].is_array() && empty.body["errors"]["body"].is_array(), "{}", empty.text);
    let nobody = json!({ "channels": ["email"], "subject": "x", "body": "x", "audience": { "course_id": course, "status": "completed" } });
    assert_eq!(t.post(DHAKA, "/bulknotify/messages", Some(&admin), nobody).await.body["code"], "audience_empty");
    let unknown = json!({ "channels": ["fax"], "subject": "x", "body": "x", "audience": audience });
    assert!(t.post(DHAKA, "/bulknotify/messages", Some(&admin), unknown).await.body["errors"]["channels"].is_array());

    let send = json!({ "channels": ["email", "sms", "bell"], "subject": "ক্লাস বন্ধ / No class on Saturday", "body": BODY, "audience": audience });
    let created = t.post(DHAKA, "/bulknotify/messages", Some(&admin), send).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["data"]["id"].as_i64().unwrap();
    assert_eq!(created.body["data"]["state"], "scheduled");
    // Another site's admin sees nothing of it.
    assert_eq!(t.get(SYLHET, &format!("/bulknotify/messages/{id}"), Some(&other_admin)).await.status, 404);
    assert_eq!(t.get(SYLHET, "/bulknotify/messages", Some(&other_admin)).await.body["total"], 0);

    assert_eq!(sending::run_due(&t.state).await.unwrap(), 1);
    let handed = t.get(DHAKA, &format!("/bulknotify/messages/{id}"), Some(&admin)).await.body["data"].clone();
    assert_eq!(handed["state"], "sent");
    assert_eq!(progress(&handed, "email"), [LEARNERS, 0, LEARNERS, 0, 0]);
    assert_eq!(progress(&handed, "sms"), [LEARNERS, 0, TEXTED, 0, LEARNERS - TEXTED]);
    assert_eq!(progress(&handed, "bell"), [LEARNERS, 0, LEARNERS, LEARNERS, 0]);

    // Who was not reached, and why.
    let failures = t.get(DHAKA, &format!("/bulknotify/messages/{id}/failures?limit=5"), Some(&admin)).await;
    assert_eq!(failures.body["total"], LEARNERS - TEXTED);
    assert_eq!((failures.body["data"][0]["channel"].as_str(), failures.body["data"][0]["error"].as_str()), (Some("sms"), Some("no_address")));

    // A learner's bell rang with it.
    let one: i64 = sqlx::query_scalar("SELECT id FROM users WHERE email = 'learner7@bulk.example'").fetch_one(&t.platform.db).await.unwrap();
    let db = t.state.pools.get(dhaka).await.unwrap();
    let kinds: Vec<String> = sqlx::query_scalar("SELECT kind FROM notifications WHERE user_id = $1").bind(one).fetch_all(&*db).await.unwrap();
    assert_eq!(kinds, ["announcement"]);
}

#[tokio::test]
async fn the_outboxs_workers_deliver_a_bulk_message_and_its_progress_says_so() {
    let t = TestApp::new().await;
    let (_, course, admin) = site_with_learners(&t, SMALL).await;
    let send = json!({ "channels": ["email", "sms"], "subject": "ক্লাস বন্ধ / No class on Saturday", "body": BODY, "audience": { "course_id": course } });
    let id = t.post(DHAKA, "/bulknotify/messages", Some(&admin), send).await.body["data"]["id"].as_i64().unwrap();
    assert_eq!(sending::run_due(&t.state).await.unwrap(), 1);
    // The texts wait for the day's hours in Dhaka (now, by day); the test does not wait for the clock.
    let held: Vec<(DateTime<Utc>, DateTime<Utc>)> =
        sqlx::query_as("SELECT created_at, next_attempt_at FROM outbox WHERE channel = 'sms'").fetch_all(&t.platform.db).await.unwrap();
    assert_eq!(held.len() as i64, SMALL / 100);
    for (queued, due) in held {
        assert!((due - promotional_send_at(queued)).num_seconds().abs() < 60, "queued {queued}, due {due}");
    }
    sqlx::query("UPDATE outbox SET next_attempt_at = now() WHERE channel = 'sms'").execute(&t.platform.db).await.unwrap();
    // The outbox's workers deliver: every e-mail reaches the SMTP server, every text the gateway.
    let port = free_port();
    let mut mail = mailcrab::development_mail_server([127, 0, 0, 1], port).await;
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        tokio::task::yield_now().await;
    }
    let arrived = Arc::new(AtomicUsize::new(0));
    let counter = arrived.clone();
    tokio::spawn(async move {
        loop {
            match mail.rx.recv().await {
                Ok(_) => counter.fetch_add(1, Ordering::SeqCst),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => counter.fetch_add(n as usize, Ordering::SeqCst),
                Err(_) => break,
            };
        }
    });
    let sms = SmsServer::start().await;
    let senders = Senders { mail: Some(Mailer::new(&format!("smtp://127.0.0.1:{port}"), "no-reply@localhost").unwrap()), sms: sms.senders().sms, ..Default::default() };
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap() as i64, SMALL + SMALL / 100);
    t.eventually(|| async { arrived.load(Ordering::SeqCst) as i64 == SMALL }).await;
    assert_eq!(sms.texts("8801700000100").await[0]["sms_body"], BODY);
    let delivered = t.get(DHAKA, &format!("/bulknotify/messages/{id}"), Some(&admin)).await.body["data"].clone();
    assert_eq!(progress(&delivered, "email"), [SMALL, 0, SMALL, SMALL, 0]);
    assert_eq!(progress(&delivered, "sms"), [SMALL, 0, SMALL / 100, SMALL / 100, SMALL - SMALL / 100]);

    // A mail the server later bounced: the failures list both kinds, a page at a time, the site's
    // "no address" first; the last page holds the end of one list and the start of the other.
    sqlx::query("UPDATE outbox SET state = 'failed', last_error = '550 mailbox unavailable' WHERE id = (SELECT min(id) FROM outbox WHERE channel = 'email')")
        .execute(&t.platform.db)
        .await
        .unwrap();
    let no_address = SMALL - SMALL / 100;
    let last = t.get(DHAKA, &format!("/bulknotify/messages/{id}/failures?limit=10&page={}", no_address / 10 + 1), Some(&admin)).await;
    assert_eq!(last.body["total"], no_address + 1, "{}", last.text);
    let rows = last.body["data"].as_array().unwrap();
    assert_eq!(rows.len() as i64, no_address % 10 + 1);
    assert_eq!((rows[0]["error"].as_str(), rows.last().unwrap()["error"].as_str()), (Some("no_address"), Some("550 mailbox unavailable")));
    assert!(rows.last().unwrap()["name"].as_str().unwrap().starts_with("Learner "), "the bounced address is named: {}", last.text);
}

#[tokio::test]
async fn a_message_taken_over_from_a_dead_edge_reaches_each_person_once_and_cancel_stops_one() {
    let t = TestApp::new().await;
    let (dhaka, course, admin) = site_with_learners(&t, 1_200).await;
    let send = json!({ "channels": ["email"], "subject": "Notice", "body": BODY, "audience": { "course_id": course } });
    let id = t.post(DHAKA, "/bulknotify/messages", Some(&admin), send.clone()).await.body["data"]["id"].as_i64().unwrap();

    // What an edge that died mid-batch leaves: the job leased and run out, the first 500 people
    // handed to the outbox but not yet marked as sent.
    let db = t.state.pools.get(dhaka).await.unwrap();
    sqlx::query("UPDATE bulk_jobs SET locked_until = now() - interval '1 second'").execute(&t.platform.db).await.unwrap();
    let addresses: Vec<String> = sqlx::query_scalar(
        "SELECT u.email FROM users u WHERE u.email LIKE '%@bulk.example' ORDER BY u.id LIMIT 500",
    )
    .fetch_all(&t.platform.db)
    .await
    .unwrap();
    let bulk_ref = bulk::reference(dhaka, id);
    let batch = bulk::Batch { bulk_ref: &bulk_ref, channel: "email", institution_id: dhaka, sender_name: "dhaka", subject: "Notice", text: BODY, html: None };
    let recipients: Vec<bulk::Recipient> = addresses.into_iter().map(|address| bulk::Recipient { address, unsubscribe: None }).collect();
    bulk::enqueue(&t.platform.db, &batch, &recipients).await.unwrap();

    assert_eq!(sending::run_due(&t.state).await.unwrap(), 1);
    let (rows, people): (i64, i64) = sqlx::query_as("SELECT count(*), count(DISTINCT recipient) FROM outbox WHERE once_ref = $1")
        .bind(&bulk_ref)
        .fetch_one(&t.platform.db)
        .await
        .unwrap();
    assert_eq!((rows, people), (1_200, 1_200), "each learner once");
    let waiting: i64 = sqlx::query_scalar("SELECT count(*) FROM bulk_recipients WHERE state = 'waiting'").fetch_one(&*db).await.unwrap();
    assert_eq!(waiting, 0);

    // A message for tomorrow, cancelled, never goes; cancelling it again is refused.
    let later = json!({ "channels": ["email"], "subject": "Later", "body": BODY, "audience": { "course_id": course },
                        "send_at": (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339() });
    let later = t.post(DHAKA, "/bulknotify/messages", Some(&admin), later).await;
    assert_eq!(later.status, 201, "{}", later.text);
    let later = later.body["data"]["id"].as_i64().unwrap();
    let cancelled = t.post(DHAKA, &format!("/bulknotify/messages/{later}/cancel"), Some(&admin), json!({})).await;
    assert_eq!(cancelled.body["data"]["state"], "cancelled", "{}", cancelled.text);
    assert_eq!(t.post(DHAKA, &format!("/bulknotify/messages/{later}/cancel"), Some(&admin), json!({})).await.status, 409);
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM bulk_jobs").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(jobs, 0);
}

/// The mail's one-click address and page link (RFC 8058) of an announcement, and its token.
fn unsubscribe_links(mail: &crate::accounts::Mail) -> (String, String) {
    let headers = mail.raw.split("\r\n\r\n").next().unwrap();
    assert!(headers.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{headers}");
    let one_click = headers.split("List-Unsubscribe: <").nth(1).expect("List-Unsubscribe").split('>').next().unwrap().to_owned();
    let page = mail.text().split_whitespace().find(|w| w.contains("/unsubscribe?token=")).expect("the link in the text").to_owned();
    (one_click, page)
}

#[tokio::test]
async fn a_learner_leaves_a_sites_announcements_with_one_click_and_gets_no_more() {
    let t = TestApp::new().await;
    let (dhaka, course, admin) = site_with_learners(&t, 3).await;
    t.tenant("sylhet").await;
    let mut smtp = crate::accounts::MailServer::start().await;
    let send = json!({ "channels": ["email"], "subject": "Notice", "body": BODY, "audience": { "course_id": course } });
    assert_eq!(t.post(DHAKA, "/bulknotify/messages", Some(&admin), send.clone()).await.status, axum::http::StatusCode::CREATED);
    sending::run_due(&t.state).await.unwrap();
    let mails = smtp.deliver(&t).await;
    assert_eq!(mails.len(), 3);

    // Each mail carries its reader's own way out, as a header for mail clients and as a link.
    let first = mails.iter().find(|m| m.to() == "learner1@bulk.example").unwrap();
    let (one_click, page) = unsubscribe_links(first);
    let token = one_click.split("token=").nth(1).unwrap().to_owned();
    assert!(one_click.starts_with("http://dhaka.localhost:8080/my-account/unsubscribe?token="), "{one_click}");
    assert_eq!(page, format!("http://dhaka.localhost:8080/unsubscribe?token={token}"));
    assert_ne!(unsubscribe_links(mails.iter().find(|m| m.to() == "learner2@bulk.example").unwrap()).0, one_click);

    // The mail client's one-click POST (a form body, no sign-in) takes learner 1 out of Dhaka's.
    let path = format!("/my-account/unsubscribe?token={token}");
    let click = axum::http::Request::builder()
        .method("POST")
        .uri(&path)
        .header("host", DHAKA)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(axum::body::Body::from("List-Unsubscribe=One-Click"))
        .unwrap();
    let r = t.send(click).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.text);
    assert_eq!((r.body["data"]["address"].as_str(), r.body["data"]["left"].as_bool()), (Some("learner1@bulk.example"), Some(true)));
    assert_eq!(t.get(DHAKA, &path, None).await.body["data"]["left"], true);
    // The link is Dhaka's: on Sylhet, or altered, it is nobody's.
    assert_eq!(t.get(SYLHET, &path, None).await.body["code"], "unsubscribe_link_invalid");
    let forged = format!("/my-account/unsubscribe?token={}x", token);
    assert_eq!(t.post(DHAKA, &forged, None, json!({})).await.status, axum::http::StatusCode::NOT_FOUND);

    // Learner 2 leaves from their settings; mail is theirs to choose, a phone they do not have is not.
    sqlx::query("UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'admin@dhaka.example') WHERE email = 'learner2@bulk.example'")
        .execute(&t.platform.db)
        .await
        .unwrap();
    let learner2 = t.login(DHAKA, "learner2@bulk.example").await;
    let mine = t.get(DHAKA, "/my-account/message-preferences", Some(&learner2)).await;
    assert_eq!(mine.body["data"], json!([{ "site_name": "dhaka (বাংলা)", "site_name_en": "dhaka College", "channel": "email", "address": "learner2@bulk.example", "left": false }]));
    let set = t.put(DHAKA, "/my-account/message-preferences", &learner2, json!({ "channel": "email", "left": true })).await;
    assert_eq!(set.body["data"][0]["left"], true, "{}", set.text);
    assert_eq!(t.put(DHAKA, "/my-account/message-preferences", &learner2, json!({ "channel": "sms", "left": true })).await.body["code"], "no_address");
    assert_eq!(t.put(DHAKA, "/my-account/message-preferences", &learner2, json!({ "channel": "fax" })).await.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.get(DHAKA, "/my-account/message-preferences", None).await.status, axum::http::StatusCode::UNAUTHORIZED);
    // Sylhet's announcements are another matter.
    let on_sylhet = t.login(SYLHET, "learner2@bulk.example").await;
    assert_eq!(t.get(SYLHET, "/my-account/message-preferences", Some(&on_sylhet)).await.body["data"][0]["left"], false);

    // The next announcement reaches learner 3 only; the two who left are recorded, not mailed.
    let id = t.post(DHAKA, "/bulknotify/messages", Some(&admin), send).await.body["data"]["id"].as_i64().unwrap();
    sending::run_due(&t.state).await.unwrap();
    let mails = smtp.deliver(&t).await;
    assert_eq!(mails.iter().map(|m| m.to()).collect::<Vec<_>>(), ["learner3@bulk.example"]);
    let message = t.get(DHAKA, &format!("/bulknotify/messages/{id}"), Some(&admin)).await;
    assert_eq!(progress(&message.body["data"], "email"), [3, 0, 1, 1, 2]);
    let failures = t.get(DHAKA, &format!("/bulknotify/messages/{id}/failures"), Some(&admin)).await;
    let reasons: Vec<&str> = failures.body["data"].as_array().unwrap().iter().map(|f| f["error"].as_str().unwrap()).collect();
    assert_eq!(reasons, ["opted_out", "opted_out"], "{}", failures.text);

    // The same link takes learner 1 back.
    let back = t.call(axum::http::Method::DELETE, DHAKA, &path, None, &[], None).await;
    assert_eq!(back.body["data"]["left"], false, "{}", back.text);
    let left = control_plane::messages::opt_out::left(&t.platform.db, dhaka, "email", &["learner1@bulk.example".into()]).await.unwrap();
    assert!(left.is_empty());
}

/// BTRC's three promotional texts a day: a fourth announcement by text waits for the next day
/// with room, at opening, whatever the hour the test runs at.
#[tokio::test]
async fn a_fourth_announcement_by_text_in_a_day_waits_for_the_next() {
    let t = TestApp::new().await;
    let (_, course, admin) = site_with_learners(&t, 100).await;
    for n in 1..=4 {
        let send = json!({ "channels": ["sms"], "body": format!("ঘোষণা {n}"), "audience": { "course_id": course } });
        assert_eq!(t.post(DHAKA, "/bulknotify/messages", Some(&admin), send).await.status, axum::http::StatusCode::CREATED);
        sending::run_due(&t.state).await.unwrap();
    }
    let due: Vec<DateTime<Utc>> = sqlx::query_scalar("SELECT next_attempt_at FROM outbox WHERE channel = 'sms' AND recipient = '+8801700000100' ORDER BY id")
        .fetch_all(&t.platform.db)
        .await
        .unwrap();
    assert_eq!(due.len(), 4);
    let dhaka = chrono::FixedOffset::east_opt(6 * 3600).unwrap();
    let day = |at: &DateTime<Utc>| at.with_timezone(&dhaka).date_naive();
    assert!(due[..3].iter().all(|d| day(d) == day(&due[0])), "three on one day: {due:?}");
    let fourth = due[3].with_timezone(&dhaka);
    assert_eq!(fourth.date_naive(), day(&due[0]).succ_opt().unwrap(), "{due:?}");
    assert_eq!(fourth.format("%H:%M:%S").to_string(), "09:00:00");
}

/// Nine announcements by text to one number, queued at the same instant as if by nine edges, still
/// keep it to three a day: none may count before another's rows are in.
#[tokio::test]
async fn texts_queued_at_once_by_several_edges_still_keep_three_a_day() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let refs: Vec<String> = (0..9).map(|n| bulk::reference(dhaka, 900 + n)).collect();
    let queue = async |bulk_ref: &String| {
        let batch = bulk::Batch { bulk_ref, channel: "sms", institution_id: dhaka, sender_name: "dhaka", subject: "", text: "ঘোষণা", html: None };
        let one = [bulk::Recipient { address: "+8801700000999".into(), unsubscribe: None }];
        bulk::enqueue(&t.platform.db, &batch, &one).await
    };
    futures::future::try_join_all(refs.iter().map(queue)).await.unwrap();
    let per_day: Vec<i64> = sqlx::query_scalar(
        "SELECT count(*) FROM outbox WHERE recipient = '+8801700000999'
          GROUP BY (next_attempt_at AT TIME ZONE 'Asia/Dhaka')::date ORDER BY 1",
    )
    .fetch_all(&t.platform.db)
    .await
    .unwrap();
    assert_eq!(per_day, [3, 3, 3]);
}
