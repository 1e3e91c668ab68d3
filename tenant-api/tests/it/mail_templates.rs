//! A site's own wording of its e-mails (issue 13, `/template/mail`) and the notices that go by
//! e-mail in the reader's language: words checked and previewed before they are saved, kept to
//! their site, used for the next mail; an approved enrolment mailed to each learner in the
//! language they use; a notice an edge did not get to mails once, through the sweep; a reader
//! with only a proven number is texted.

use crate::accounts::MailServer;
use crate::common::TestApp;
use axum::http::{Method, StatusCode};
use serde_json::json;
use std::time::Duration;
use tenant_api::notifications::{relay, store as notices};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

fn fields(r: &crate::common::Response) -> Vec<&str> {
    r.body["errors"].as_object().map(|e| e.keys().map(String::as_str).collect()).unwrap_or_default()
}

async fn pending_enrolment(t: &TestApp, site: i64, course: i64, batch: i64, email: &str) -> i64 {
    let user: i64 = sqlx::query_scalar("SELECT id FROM users WHERE email = $1").bind(email).fetch_one(&t.platform.db).await.unwrap();
    let db = t.state.pools.get(site).await.unwrap();
    sqlx::query_scalar("INSERT INTO enrollments (course_id, batch_id, user_id, status) VALUES ($1, $2, $3, 'pending') RETURNING id")
        .bind(course)
        .bind(batch)
        .bind(user)
        .fetch_one(&*db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_partner_words_its_mails_and_each_learner_gets_them_in_their_language() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    for learner in ["rina@example.com", "john@example.com"] {
        t.platform.user(learner, None).await;
    }
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let other = t.acting(SYLHET, "admin@sylhet.example").await;
    // Each learner last used the site in their own language.
    let rina = t.call(Method::POST, DHAKA, "/my-account/user/login", None, &[("lang", "2")], Some(json!({ "email": "rina@example.com", "password": crate::common::PASSWORD }))).await;
    assert_eq!(rina.status, StatusCode::OK, "{}", rina.text);
    let rina = rina.body["data"]["token"].as_str().unwrap().to_owned();
    t.call(Method::POST, DHAKA, "/my-account/user/login", None, &[("lang", "1")], Some(json!({ "email": "john@example.com", "password": crate::common::PASSWORD }))).await;

    // The list: the site's mails, none its own yet; partner approvals are the main site's.
    let list = t.get(DHAKA, "/mail-template/list", Some(&admin)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    let keys: Vec<&str> = list.body["data"].as_array().unwrap().iter().map(|k| k["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["email_verification", "password_reset", "password_changed", "enrolment_approved", "certificate_issued", "payment_received", "payment_refunded", "event_reminder", "exam_invitation", "training_nomination", "classroom_invitation"]);
    assert_eq!(list.body["data"][3]["placeholders"], json!(["name", "site", "course", "link"]));
    assert_eq!(list.body["data"][3]["customized"], json!({ "en": false, "bn": false }));
    assert_eq!(t.get(DHAKA, "/mail-template/partner_approved", Some(&admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/mail-template/nonsense", Some(&admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/mail-template/list", Some(&rina)).await.status, StatusCode::FORBIDDEN, "a learner");
    assert_eq!(t.get(DHAKA, "/mail-template/list", None).await.status, StatusCode::UNAUTHORIZED);
    let main_list = t.get("localhost", "/mail-template/list", Some(&t.super_admin().await)).await;
    assert_eq!(main_list.body["data"].as_array().unwrap().len(), 12, "the main site words partner approvals too");

    // Bad words: each field says what is wrong, in the admin's language.
    let path = "/mail-template/enrolment_approved";
    let bad = json!({ "lang": "bn", "subject": "", "body": "স্বাগতম {name}!", "button": "{password} দেখুন" });
    let r = t.call(Method::PUT, DHAKA, path, Some(&admin), &[("lang", "2")], Some(bad)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(fields(&r), ["body", "button", "subject"]);
    assert!(r.body["errors"]["body"][0].as_str().unwrap().contains("{link}"), "{}", r.text);
    let r = t.put(DHAKA, path, &admin, json!({ "lang": "fr", "subject": "x", "body": "{link}", "button": "x" })).await;
    assert_eq!((r.status, fields(&r)), (StatusCode::UNPROCESSABLE_ENTITY, vec!["lang"]));
    let r = t.put(DHAKA, path, &admin, json!({ "lang": "bn", "subject": 5, "body": [], "button": null })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "wrong types: {}", r.text);
    let r = t.put(DHAKA, path, &admin, json!({ "lang": "bn", "subject": "a\u{0}b", "body": "{link}", "button": "b" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "a null byte: {}", r.text);

    // The preview fills in sample values and escapes what the admin wrote.
    let words = json!({ "lang": "bn", "subject": "{site}: “{course}”-এ স্বাগতম",
        "body": "প্রিয় {name},\n\nআপনি এখন <b>ভর্তি</b>।\n\n{link}\n\nঢাকা একাডেমি", "button": "ক্লাসে যান" });
    let mut preview = words.clone();
    preview["key"] = json!("enrolment_approved");
    let p = t.post(DHAKA, "/mail-template/preview", Some(&admin), preview).await;
    assert_eq!(p.status, StatusCode::OK, "{}", p.text);
    assert_eq!(p.body["data"]["subject"], "dhaka (বাংলা): “ডেটা সায়েন্সের প্রাথমিক পাঠ”-এ স্বাগতম");
    let html = p.body["data"]["html"].as_str().unwrap();
    assert!(html.contains("&lt;b&gt;ভর্তি&lt;/b&gt;") && html.contains(">ক্লাসে যান</a>"), "{html}");
    assert_eq!(t.get(DHAKA, path, Some(&admin)).await.body["data"]["bn"]["customized"], false, "a preview saves nothing");

    let saved = t.put(DHAKA, path, &admin, words.clone()).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!((saved.body["data"]["bn"]["customized"].as_bool(), saved.body["data"]["en"]["customized"].as_bool()), (Some(true), Some(false)));
    assert_eq!(saved.body["data"]["bn"]["button"], "ক্লাসে যান");

    // Sylhet's admin sees Sylhet's words only, and cannot touch Dhaka's.
    assert_eq!(t.get(SYLHET, path, Some(&other)).await.body["data"]["bn"]["customized"], false);
    assert_eq!(t.get(DHAKA, path, Some(&other)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.put(DHAKA, path, &other, words.clone()).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.delete(DHAKA, "/mail-template/enrolment_approved/bn", Some(&other)).await.status, StatusCode::FORBIDDEN);

    // Two enrolments approved: Rina reads Bangla and gets Dhaka's words; John reads English and
    // gets the built-in ones, with the course's English title.
    let (course, batch) = crate::common::published_course(&t, DHAKA, &admin).await;
    let mut smtp = MailServer::start().await;
    for learner in ["rina@example.com", "john@example.com"] {
        let id = pending_enrolment(&t, dhaka, course, batch, learner).await;
        assert_eq!(t.put(DHAKA, &format!("/course/batch/approve_enroll/{id}"), &admin, json!({})).await.status, StatusCode::OK);
    }
    let mails = smtp.deliver(&t).await;
    let of = |to: &str| mails.iter().find(|m| m.to() == to).unwrap_or_else(|| panic!("no mail to {to}"));
    assert_eq!(mails.len(), 2);
    let bn = of("rina@example.com");
    assert_eq!(bn.subject(), "dhaka (বাংলা): “ক্যালকুলাস”-এ স্বাগতম");
    assert!(bn.text().contains("আপনি এখন <b>ভর্তি</b>।") && bn.text().contains("http://dhaka.localhost"), "{}", bn.text());
    let en = of("john@example.com");
    assert_eq!(en.subject(), "You are enrolled in Calculus");
    assert!(en.text().starts_with("Hello ") && en.text().contains("“Calculus”") && en.text().contains("has been approved"), "{}", en.text());

    // Restoring the default brings the built-in words back.
    let restored = t.delete(DHAKA, "/mail-template/enrolment_approved/bn", Some(&admin)).await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.text);
    assert_eq!(restored.body["data"]["bn"]["customized"], false);
    assert_eq!(restored.body["data"]["bn"]["subject"], "“{course}” কোর্সে আপনার ভর্তি নিশ্চিত হয়েছে");
    assert_eq!(t.delete(DHAKA, "/mail-template/enrolment_approved/fr", Some(&admin)).await.status, StatusCode::NOT_FOUND);

    // An account mail uses the site's words too.
    let reset = json!({ "lang": "en", "subject": "Dhaka Academy: your new password", "body": "Dear {name}, follow this:\n\n{link}", "button": "Reset" });
    assert_eq!(t.put(DHAKA, "/mail-template/password_reset", &admin, reset).await.status, StatusCode::OK);
    let r = t.call(Method::POST, DHAKA, "/my-account/password/reset_code", None, &[("lang", "1")], Some(json!({ "email": "john@example.com" }))).await;
    assert_eq!(r.status, StatusCode::OK);
    let mails = smtp.deliver(&t).await;
    assert_eq!(mails[0].subject(), "Dhaka Academy: your new password");
    assert!(mails[0].text().contains("/password-reset?token="), "{}", mails[0].text());
}

#[tokio::test]
async fn a_notice_an_edge_did_not_mail_goes_once_through_the_sweep() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("rina@example.com", None).await;
    let rina: i64 = sqlx::query_scalar("SELECT id FROM users WHERE email = 'rina@example.com'").fetch_one(&t.platform.db).await.unwrap();
    let db = t.state.pools.get(dhaka).await.unwrap();
    let params = json!({ "course_title": "Calculus", "course_title_bn": "ক্যালকুলাস", "tracking_code": "ABC" });
    // The event committed and the edge stopped before relaying it; the bell's own kinds stay off.
    notices::add(&*db, dhaka, rina, "certificate_issued", params, Some("/certificate/check/ABC")).await.unwrap();
    notices::add(&*db, dhaka, rina, "announcement", json!({}), None).await.unwrap();
    let queued = || async { sqlx::query_scalar::<_, i64>("SELECT count(*) FROM outbox WHERE kind = 'certificate_issued'").fetch_one(&t.platform.db).await.unwrap() };

    assert_eq!(relay::sweep(&t.state, dhaka, &db, Duration::from_secs(3600)).await.unwrap(), 0, "too young: an edge may still be at it");
    assert_eq!(relay::sweep(&t.state, dhaka, &db, Duration::ZERO).await.unwrap(), 1);
    assert_eq!(queued().await, 1);
    let (subject, body): (String, String) = sqlx::query_as("SELECT subject, body_text FROM outbox WHERE kind = 'certificate_issued'").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(subject, "“ক্যালকুলাস” কোর্সের সনদ প্রস্তুত", "Bangla, the language of a person who never said");
    assert!(body.contains("http://dhaka.localhost:8080/certificate/check/ABC"), "{body}");

    // An edge that queued it and stopped before unmarking it: the next relay sends nothing again.
    sqlx::query("UPDATE notifications SET relay_due = true WHERE kind = 'certificate_issued'").execute(&*db).await.unwrap();
    let site = control_plane::institutions::store::tenant_by_id(&t.platform.db, dhaka).await.unwrap().unwrap();
    assert_eq!(relay::relay(&t.state, &site, &db).await.unwrap(), 1);
    assert_eq!(queued().await, 1, "once only");
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM notifications WHERE relay_due").fetch_one(&*db).await.unwrap();
    assert_eq!(left, 0);

    // A reader with only a proven number gets a short text in their language; one whose number
    // is not proven gets nothing.
    let texted: i64 = sqlx::query_scalar("INSERT INTO users (name, phone, phone_verified_at, lang) VALUES ('Shapla', '+8801711000555', now(), 'en') RETURNING id")
        .fetch_one(&t.platform.db)
        .await
        .unwrap();
    let unproven: i64 = sqlx::query_scalar("INSERT INTO users (name, phone) VALUES ('Bokul', '+8801711000556') RETURNING id").fetch_one(&t.platform.db).await.unwrap();
    for user in [texted, unproven] {
        let params = json!({ "course_title": "Calculus", "course_title_bn": "ক্যালকুলাস", "tracking_code": "XYZ" });
        notices::add(&*db, dhaka, user, "certificate_issued", params, Some("/certificate/check/XYZ")).await.unwrap();
    }
    assert_eq!(relay::relay(&t.state, &site, &db).await.unwrap(), 2);
    let texts: Vec<(String, String)> = sqlx::query_as("SELECT recipient, body_text FROM outbox WHERE channel = 'sms'").fetch_all(&t.platform.db).await.unwrap();
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert_eq!(texts[0].0, "+8801711000555");
    assert!(texts[0].1.ends_with(": your certificate for “Calculus” is ready. http://dhaka.localhost:8080/certificate/check/XYZ"), "{}", texts[0].1);
}
