//! Accounts: a forgotten password reset through a mailed link, an e-mail address verified by one. Mail goes through the outbox and
//! the delivery worker to a real SMTP server (mailcrab, in process), and the tests read what
//! arrived there, decoded.

use crate::common::{PASSWORD, SmsServer, TestApp, code_in, free_port};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode};
use control_plane::messages::worker::{self, Senders};
use control_plane::messages::mail::Mailer;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;

/// A real SMTP server on a free port, and a mailer that sends to it.
pub struct MailServer {
    handle: mailcrab::TestMailServerHandle,
    senders: Senders,
    port: u16,
}

fn mailer(port: u16) -> Senders {
    Senders { mail: Some(Mailer::new(&format!("smtp://127.0.0.1:{port}"), "no-reply@localhost").unwrap()), ..Default::default() }
}

impl MailServer {
    pub async fn start() -> Self {
        Self::on(free_port()).await
    }

    async fn on(port: u16) -> Self {
        let handle = mailcrab::development_mail_server([127, 0, 0, 1], port).await;
        // The server binds in its own task: wait until it accepts connections.
        for _ in 0..500 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                break;
            }
            tokio::task::yield_now().await;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        Self { handle, senders: mailer(port), port }
    }

    /// Delivers the outbox and answers the messages that arrived, decoded, in order.
    pub async fn deliver(&mut self, t: &TestApp) -> Vec<Mail> {
        let sent = worker::deliver_due(&t.platform.db, &self.senders).await.unwrap();
        let mut mails = Vec::new();
        for _ in 0..sent {
            let message = tokio::time::timeout(Duration::from_secs(10), self.handle.rx.recv()).await.unwrap().unwrap();
            let raw = String::from_utf8(message.raw_bytes().unwrap()).unwrap();
            mails.push(Mail { json: serde_json::to_value(&message).unwrap(), raw });
        }
        mails
    }
}

pub struct Mail {
    pub json: Value,
    pub raw: String,
}

impl Mail {
    pub fn subject(&self) -> &str {
        self.json["subject"].as_str().unwrap()
    }
    pub fn text(&self) -> &str {
        self.json["text"].as_str().unwrap()
    }
    pub fn to(&self) -> &str {
        self.json["to"][0]["email"].as_str().unwrap()
    }
    /// The token of the reset link in the plain-text part.
    fn token(&self) -> String {
        let start = self.text().find("token=").expect("a reset link") + "token=".len();
        self.text()[start..].split_whitespace().next().unwrap().to_owned()
    }
}

async fn reset_code(t: &TestApp, host: &str, login: &str, lang: &str) -> StatusCode {
    let r = t.call(Method::POST, host, "/my-account/password/reset_code", None, &[("lang", lang)], Some(json!({ "email": login }))).await;
    assert!(r.status != StatusCode::OK || r.body == json!({ "data": { "ok": true } }), "{}", r.text);
    r.status
}

async fn reset(t: &TestApp, host: &str, token: &str, password: &str, confirmation: &str) -> crate::common::Response {
    let body = json!({ "token": token, "password": password, "password_confirmation": confirmation });
    t.call(Method::PUT, host, "/my-account/password/reset", None, &[("lang", "2")], Some(body)).await
}

#[tokio::test]
async fn a_forgotten_password_is_reset_through_a_mailed_link_in_bangla() {
    let t = TestApp::new().await;
    let site = t.tenant("dhaka").await;
    t.platform.user("mitu@example.com", None).await;
    sqlx::query("UPDATE institutions SET contact_email = 'office@dhaka.example.org' WHERE id = $1").bind(site).execute(&t.platform.db).await.unwrap();
    let old_session = t.login("dhaka.localhost", "mitu@example.com").await;
    let mut smtp = MailServer::start().await;

    // The same answer for an account and for nobody; only the account gets mail.
    assert_eq!(reset_code(&t, "dhaka.localhost", " Mitu@Example.com ", "2").await, StatusCode::OK);
    assert_eq!(reset_code(&t, "dhaka.localhost", "nobody@example.com", "2").await, StatusCode::OK);
    let mails = smtp.deliver(&t).await;
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.to(), "mitu@example.com");
    assert_eq!(mail.subject(), "dhaka (বাংলা)-এ আপনার পাসওয়ার্ড রিসেট করুন", "the Bangla subject arrives decoded");
    let headers = mail.raw.split("\r\n\r\n").next().unwrap();
    assert!(headers.is_ascii() && headers.contains("Subject: dhaka =?utf-8?b?"), "non-ASCII headers are encoded (RFC 2047):\n{headers}");
    assert_eq!(mail.json["from"]["name"], "dhaka (বাংলা)", "the sender is the site");
    assert!(mail.raw.contains("Reply-To: office@dhaka.example.org"), "replies go to the site's office");
    assert!(mail.raw.contains("Message-ID: <outbox-"));
    assert!(mail.text().contains("http://dhaka.localhost:8080/password-reset?token="), "{}", mail.text());
    assert!(mail.json["html"].as_str().unwrap().contains("href=\"http://dhaka.localhost:8080/password-reset?token="));
    let (state, body): (String, String) = sqlx::query_as("SELECT state, body_text FROM outbox").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!((state.as_str(), body.as_str()), ("sent", ""), "a delivered link does not stay in the database");
    let token = mail.token();

    let check = t.get("dhaka.localhost", &format!("/my-account/password/reset_code_verification?token={token}"), None).await;
    assert_eq!(check.status, StatusCode::OK, "{}", check.text);
    assert_eq!(check.body["data"]["email"], "m***@example.com");

    // Weak, personal and mismatched passwords are refused in the caller's language.
    let weak = reset(&t, "dhaka.localhost", &token, "password1", "password1").await;
    assert_eq!(weak.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(weak.body["errors"]["password"][0].as_str().unwrap().contains("প্রচলিত"), "{}", weak.text);
    let personal = reset(&t, "dhaka.localhost", &token, "mitu@example.com", "mitu@example.com").await;
    assert_eq!(personal.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", personal.text);
    let mismatch = reset(&t, "dhaka.localhost", &token, "shapla-nodi-2026", "shapla-nodi-2027").await;
    assert_eq!(mismatch.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(mismatch.body["errors"]["password_confirmation"][0].as_str().unwrap().contains("মেলেনি"));

    let done = reset(&t, "dhaka.localhost", &token, "shapla-nodi-2026", "shapla-nodi-2026").await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let new_session = done.body["data"]["token"].as_str().unwrap();
    assert_eq!(done.body["data"]["user"]["email_verified"], true, "the mailed link proved the address");
    assert_eq!(t.get("dhaka.localhost", "/api/user", Some(new_session)).await.status, StatusCode::OK, "signed in at once");
    assert_eq!(t.get("dhaka.localhost", "/api/user", Some(&old_session)).await.status, StatusCode::UNAUTHORIZED, "every other session ended");
    t.login_with("dhaka.localhost", "mitu@example.com", "shapla-nodi-2026").await;
    let old = t.post("dhaka.localhost", "/my-account/user/login", None, json!({ "email": "mitu@example.com", "password": PASSWORD })).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);

    // The link works once.
    let again = reset(&t, "dhaka.localhost", &token, "another-pass-77", "another-pass-77").await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(again.body["errors"]["token"][0].as_str().unwrap().contains("মেয়াদ"), "{}", again.text);
    let check = t.get("dhaka.localhost", &format!("/my-account/password/reset_code_verification?token={token}"), None).await;
    assert_eq!((check.status, check.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("reset_link_invalid")));

    // The owner is told, in the same language.
    let notices = smtp.deliver(&t).await;
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].subject(), "dhaka (বাংলা)-এ আপনার পাসওয়ার্ড বদলানো হয়েছে");
    assert!(notices[0].text().contains("http://dhaka.localhost:8080/forgot-password"));
    assert!(!notices[0].text().contains("shapla"), "no password is ever mailed");
}

#[tokio::test]
async fn expired_links_are_refused_and_floods_send_nothing_more() {
    let t = TestApp::new().await;
    t.platform.user("karim@example.com", None).await;
    let mut smtp = MailServer::start().await;

    assert_eq!(reset_code(&t, "localhost", "karim@example.com", "1").await, StatusCode::OK);
    let mail = smtp.deliver(&t).await.pop().unwrap();
    assert_eq!(mail.subject().split(" on ").next(), Some("Reset your password"));
    sqlx::query("UPDATE account_links SET expires_at = now() - interval '1 second'").execute(&t.platform.db).await.unwrap();
    let late = reset(&t, "localhost", &mail.token(), "shapla-nodi-2026", "shapla-nodi-2026").await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(late.body["errors"]["token"].is_array(), "{}", late.text);
    let made_up = reset(&t, "localhost", "made-up", "shapla-nodi-2026", "shapla-nodi-2026").await;
    assert_eq!(made_up.status, StatusCode::UNPROCESSABLE_ENTITY);
    t.login("localhost", "karim@example.com").await;

    // Past five links an hour the account gets no more mail, and the answer does not change.
    for _ in 0..6 {
        assert_eq!(reset_code(&t, "localhost", "karim@example.com", "1").await, StatusCode::OK);
    }
    let links: i64 = sqlx::query_scalar("SELECT count(*) FROM account_links").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(links, 5, "the first link and four more");

    // One address asking for many accounts is stopped with 429.
    let ask = |n: usize| {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri("/my-account/password/reset_code")
            .header("host", "localhost")
            .header("content-type", "application/json")
            .body(Body::from(json!({ "email": format!("someone{n}@example.com") }).to_string()))
            .unwrap();
        request.extensions_mut().insert(ConnectInfo("203.0.113.9:4000".parse::<SocketAddr>().unwrap()));
        request
    };
    for n in 0..20 {
        assert_eq!(t.send(ask(n)).await.status, StatusCode::OK);
    }
    let blocked = t.send(ask(20)).await;
    assert_eq!((blocked.status, blocked.body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts")));

    let blank = t.post("localhost", "/my-account/password/reset_code", None, json!({ "email": " " })).await;
    assert_eq!(blank.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(blank.body["errors"]["email"].is_array());
}

#[tokio::test]
async fn mail_survives_a_down_server_and_a_worker_that_died_mid_send() {
    let t = TestApp::new().await;
    t.platform.user("rina@example.com", None).await;
    let port = free_port();
    let down = mailer(port);

    assert_eq!(reset_code(&t, "localhost", "rina@example.com", "1").await, StatusCode::OK);
    assert_eq!(worker::deliver_due(&t.platform.db, &down).await.unwrap(), 0);
    let (state, attempts, error, later): (String, i32, Option<String>, bool) =
        sqlx::query_as("SELECT state, attempts, last_error, next_attempt_at > now() FROM outbox").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!((state.as_str(), attempts, later), ("pending", 1, true), "kept for a later attempt");
    assert!(error.is_some());
    assert_eq!(worker::deliver_due(&t.platform.db, &down).await.unwrap(), 0, "not due again before its backoff");

    // A worker claimed the message and died: once its lease runs out, the message goes, once.
    sqlx::query("UPDATE outbox SET state = 'sending', next_attempt_at = now(), locked_until = now() + interval '5 minutes'")
        .execute(&t.platform.db)
        .await
        .unwrap();
    let mut smtp = MailServer::on(port).await;
    assert_eq!(smtp.port, port);
    assert!(smtp.deliver(&t).await.is_empty(), "a leased message is left to its worker");
    sqlx::query("UPDATE outbox SET locked_until = now() - interval '1 second'").execute(&t.platform.db).await.unwrap();
    let mails = smtp.deliver(&t).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to(), "rina@example.com");
    assert!(smtp.deliver(&t).await.is_empty(), "delivered once");
    let (state, attempts): (String, i32) = sqlx::query_as("SELECT state, attempts FROM outbox").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!((state.as_str(), attempts), ("sent", 2), "the failed attempt and the one after the lease");

    // Housekeeping forgets month-old messages and links, but not a link that still works.
    let db = &t.platform.db;
    sqlx::query("UPDATE outbox SET created_at = now() - interval '31 days'").execute(db).await.unwrap();
    sqlx::query("UPDATE account_links SET created_at = now() - interval '31 days'").execute(db).await.unwrap();
    assert_eq!(control_plane::messages::outbox::purge_old(db).await.unwrap(), 1);
    assert_eq!(control_plane::users::links::purge_old(db).await.unwrap(), 0, "an open link stays");
    sqlx::query("UPDATE account_links SET expires_at = now() - interval '1 second'").execute(db).await.unwrap();
    assert_eq!(control_plane::users::links::purge_old(db).await.unwrap(), 1);
}

#[tokio::test]
async fn a_new_account_verifies_its_address_with_the_mailed_link() {
    let t = TestApp::new().await;
    t.tenant("dhaka").await;
    let mut smtp = MailServer::start().await;
    let r = t
        .call(Method::POST, "dhaka.localhost", "/my-account/user/register", None, &[("lang", "2")],
            Some(json!({ "name": "Nabila", "email": "nabila@example.com", "password": "nodir-dhare-2026" })))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["user"]["email_verified"], false);
    let session = r.body["data"]["token"].as_str().unwrap().to_owned();
    let first = smtp.deliver(&t).await.pop().expect("the registration mails a link");
    assert_eq!(first.to(), "nabila@example.com");
    assert_eq!(first.subject(), "dhaka (বাংলা)-এর জন্য আপনার ই-মেইল ঠিকানা নিশ্চিত করুন");
    assert!(first.text().contains("http://dhaka.localhost:8080/verification-by-mail?token="), "{}", first.text());

    // Asking again mails a fresh link, five times an hour at most.
    let resend = |token: Option<String>| {
        let t = &t;
        async move { t.call(Method::POST, "dhaka.localhost", "/my-account/verify/resend_code", token.as_deref(), &[], Some(json!({}))).await }
    };
    assert_eq!(resend(None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(resend(Some(session.clone())).await.status, StatusCode::OK);
    let second = smtp.deliver(&t).await.pop().unwrap();
    for _ in 0..4 {
        assert_eq!(resend(Some(session.clone())).await.status, StatusCode::OK);
    }
    let flood = resend(Some(session.clone())).await;
    assert_eq!((flood.status, flood.body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts")));

    let verify = |token: String| {
        let t = &t;
        async move { t.get("dhaka.localhost", &format!("/my-account/verification-by-mail?token={token}"), None).await }
    };
    let ok = verify(first.token()).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.body["data"]["email"], "nabila@example.com");
    let me = t.get("dhaka.localhost", "/my-account/user/view-info", Some(&session)).await;
    assert_eq!(me.body["data"]["email_verified"], true);
    // The other links are spent with it, and a verified address needs no more.
    let spent = verify(second.token()).await;
    assert_eq!((spent.status, spent.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("verification_link_invalid")));
    assert_eq!(verify("made-up".into()).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let again = resend(Some(session.clone())).await;
    assert_eq!((again.status, again.body["code"].as_str()), (StatusCode::CONFLICT, Some("already_verified")));
}

#[tokio::test]
async fn a_profile_is_filled_in_and_its_address_and_password_changed_with_the_current_password() {
    let t = TestApp::new().await;
    t.platform.user("rafi@example.com", None).await;
    t.platform.user("taken@example.com", None).await;
    let session = t.login("localhost", "rafi@example.com").await;
    let mut smtp = MailServer::start().await;
    assert_eq!(t.get("localhost", "/my-account/user/profile-info", None).await.status, StatusCode::UNAUTHORIZED);
    let profile = t.get("localhost", "/my-account/user/profile-info", Some(&session)).await;
    assert_eq!(profile.status, StatusCode::OK, "{}", profile.text);
    assert_eq!(profile.body["data"]["completeness"], 20);
    assert_eq!(profile.body["data"]["missing"].as_array().unwrap().len(), 8);

    let form = |changes: Value| {
        let mut body = json!({ "name": "Rafi Ahmed", "name_bn": "রাফি আহমেদ", "email": "rafi@example.com", "phone": "017-1234-5679",
            "gender": "male", "date_of_birth": "2001-03-26", "address": "Mirpur, Dhaka", "bio": "Learning to code." });
        body.as_object_mut().unwrap().extend(changes.as_object().unwrap().clone());
        body
    };
    let update = |body: Value| {
        let (t, session) = (&t, session.clone());
        async move { t.post("localhost", "/my-account/user/update-profile", Some(&session), body).await }
    };
    let bad = update(form(json!({ "name": " ", "gender": "x", "date_of_birth": "2099-01-01", "phone": "123" }))).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["name", "gender", "date_of_birth", "phone"] {
        assert!(bad.body["errors"][field].is_array(), "{field}: {}", bad.text);
    }
    assert_eq!(update(form(json!({ "date_of_birth": "26/03/2001" }))).await.body["errors"]["date_of_birth"][0], "Enter a valid date (YYYY-MM-DD).");

    let saved = update(form(json!({}))).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.body["data"]["phone"], "+8801712345679");
    assert_eq!(saved.body["data"]["completeness"], 80, "all but the verified address and the photo");
    assert_eq!(saved.body["data"]["missing"], json!(["email_verified", "photo"]));
    assert_eq!(t.get("localhost", "/api/user", Some(&session)).await.body["data"]["name_bn"], "রাফি আহমেদ");

    // Where they live: a district of a division, and one of that district's upazilas.
    let divisions = t.get("localhost", "/admin-settings/divisions", None).await.body["data"].clone();
    assert_eq!(divisions.as_array().unwrap().len(), 8);
    let districts = t.get("localhost", "/admin-settings/districts/0", None).await.body["data"].clone();
    assert_eq!(districts.as_array().unwrap().len(), 64);
    let district = |name: &str| districts.as_array().unwrap().iter().find(|d| d["title"] == name).unwrap()["id"].as_i64().unwrap();
    let (dhaka, sylhet) = (district("Dhaka"), district("Sylhet"));
    let upazilas = t.get("localhost", &format!("/admin-settings/upazilas/{dhaka}"), None).await.body["data"].clone();
    let names: Vec<&str> = upazilas.as_array().unwrap().iter().map(|u| u["title"].as_str().unwrap()).collect();
    assert_eq!(names, ["Dhamrai", "Dohar", "Keraniganj", "Nawabganj", "Savar"]);
    let savar = upazilas[4]["id"].as_i64().unwrap();
    let info = t.get("localhost", &format!("/admin-settings/upazilaInfo/{savar}"), None).await.body["data"].clone();
    assert_eq!((info["bn_title"].as_str(), info["district"]["bn_title"].as_str(), info["division"]["title"].as_str()), (Some("সাভার"), Some("ঢাকা"), Some("Dhaka")));
    assert_eq!(t.get("localhost", "/admin-settings/upazilaInfo/999999", None).await.status, StatusCode::NOT_FOUND);
    let all: i64 = sqlx::query_scalar("SELECT count(*) FROM upazilas").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(all, 494);
    let wrong = update(form(json!({ "district_id": sylhet, "upazila_id": savar }))).await;
    assert_eq!(wrong.body["errors"]["upazila_id"][0], "Choose an upazila of the chosen district.", "{}", wrong.text);
    assert_eq!(update(form(json!({ "upazila_id": savar }))).await.body["errors"]["upazila_id"][0], "Choose an upazila of the chosen district.");
    assert_eq!(update(form(json!({ "district_id": dhaka, "upazila_id": 999_999 }))).await.body["errors"]["upazila_id"][0], "Choose one of the offered values.");
    let placed = update(form(json!({ "district_id": dhaka, "upazila_id": savar }))).await;
    assert_eq!((placed.body["data"]["district_id"].as_i64(), placed.body["data"]["upazila_id"].as_i64()), (Some(dhaka), Some(savar)), "{}", placed.text);

    // A new address needs the current password, is free, and is verified through its mailbox.
    let no_password = update(form(json!({ "email": "rafi.ahmed@example.com" }))).await;
    assert!(no_password.body["errors"]["current_password"].is_array(), "{}", no_password.text);
    let wrong = update(form(json!({ "email": "rafi.ahmed@example.com", "current_password": "not-my-password" }))).await;
    assert_eq!(wrong.body["errors"]["current_password"][0], "This is not your current password.");
    let taken = update(form(json!({ "email": "taken@example.com", "current_password": PASSWORD }))).await;
    assert_eq!(taken.body["errors"]["email"][0], "An account with this e-mail already exists.", "{}", taken.text);
    let moved = update(form(json!({ "email": "Rafi.Ahmed@example.com", "current_password": PASSWORD }))).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    assert_eq!((moved.body["data"]["email"].as_str(), moved.body["data"]["email_verified"].as_bool()), (Some("rafi.ahmed@example.com"), Some(false)));
    let mail = smtp.deliver(&t).await.pop().unwrap();
    assert_eq!(mail.to(), "rafi.ahmed@example.com");
    assert_eq!(t.get("localhost", &format!("/my-account/verification-by-mail?token={}", mail.token()), None).await.status, StatusCode::OK);

    // Changing the password while signed in: the current one is the proof.
    let change = |current: &str| {
        let body = json!({ "current_password": current, "password": "notun-pass-2026", "password_confirmation": "notun-pass-2026" });
        let (t, session) = (&t, session.clone());
        async move { t.put("localhost", "/my-account/password/reset", &session, body).await }
    };
    let refused = change("not-my-password").await;
    assert_eq!(refused.body["errors"]["current_password"][0], "This is not your current password.", "{}", refused.text);
    let changed = change(PASSWORD).await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    assert_eq!(t.get("localhost", "/api/user", Some(&session)).await.status, StatusCode::UNAUTHORIZED, "the old session ended");
    t.login_with("localhost", "rafi.ahmed@example.com", "notun-pass-2026").await;
    let notice = smtp.deliver(&t).await.pop().unwrap();
    assert_eq!(notice.subject().split(" on ").next(), Some("Your password"));
}

fn picture(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let mut out = Vec::new();
    image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]))
        .write_to(&mut std::io::Cursor::new(&mut out), format)
        .unwrap();
    out
}

#[tokio::test]
async fn a_profile_photo_is_checked_squared_and_shown_on_every_site() {
    let t = TestApp::new().await;
    t.tenant("dhaka").await;
    let me = t.platform.user("photo@example.com", None).await;
    let other = t.platform.user("other@example.com", None).await;
    let session = t.login("dhaka.localhost", "photo@example.com").await;
    let upload = |bytes: Vec<u8>, name: &'static str| {
        let (t, session) = (&t, session.clone());
        async move { t.upload("dhaka.localhost", "/my-account/user/profile_photo", &session, &[("photo", Some(name), &bytes)]).await }
    };

    let pdf = upload(b"%PDF-1.7 not a picture".to_vec(), "me.png").await;
    assert_eq!(pdf.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(pdf.body["errors"]["photo"][0], "Upload a JPEG, PNG, GIF or WebP photo.");
    let mut lying = b"\x89PNG\r\n\x1a\n".to_vec();
    lying.extend_from_slice(&[7; 200]);
    assert_eq!(upload(lying, "me.png").await.status, StatusCode::UNPROCESSABLE_ENTITY, "a PNG signature over garbage");
    let unauthenticated = t.upload("dhaka.localhost", "/my-account/user/profile_photo", "made-up", &[("photo", Some("a.png"), b"x")]).await;
    assert_eq!(unauthenticated.status, StatusCode::UNAUTHORIZED);

    let first = upload(picture(1200, 800, image::ImageFormat::Png), "wide.png").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let url = first.body["data"]["photo"].as_str().unwrap().to_owned();
    assert!(url.starts_with(&format!("/user-photo/{me}/photo-")) && url.ends_with(".jpg"), "{url}");
    for host in ["dhaka.localhost", "localhost"] {
        let served = t.get(host, &url, None).await;
        assert_eq!((served.status, served.header("content-type")), (StatusCode::OK, "image/jpeg"), "{host}");
    }
    let profile = t.get("dhaka.localhost", "/my-account/user/profile-info", Some(&session)).await;
    assert!(!profile.body["data"]["missing"].as_array().unwrap().contains(&json!("photo")));

    // A new photo replaces the old, which is no longer served; another person's path shows nothing.
    let second = upload(picture(300, 300, image::ImageFormat::Jpeg), "square.jpg").await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    assert_ne!(second.body["data"]["photo"].as_str().unwrap(), url);
    assert_eq!(t.get("localhost", &url, None).await.status, StatusCode::NOT_FOUND);
    let file = url.rsplit('/').next().unwrap();
    assert_eq!(t.get("localhost", &format!("/user-photo/{other}/{file}"), None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_phone_is_verified_with_the_code_texted_to_it() {
    let t = TestApp::new().await;
    t.tenant("dhaka").await;
    let user = t.platform.user("shapla@example.com", None).await;
    sqlx::query("UPDATE users SET phone = '+8801711000099' WHERE id = $1").bind(user).execute(&t.platform.db).await.unwrap();
    let session = t.login("dhaka.localhost", "shapla@example.com").await;
    let gateway = SmsServer::start().await;
    let senders = gateway.senders();
    let ask = || async { t.call(Method::POST, "dhaka.localhost", "/my-account/verify/resend_code", Some(&session), &[("lang", "2")], Some(json!({ "channel": "phone" }))).await };
    let verify = |otp: String| {
        let (t, session) = (&t, session.clone());
        async move { t.put("dhaka.localhost", "/my-account/verification-by-phone", &session, json!({ "otp": otp })).await }
    };

    let early = verify("123456".into()).await;
    assert_eq!((early.status, early.body["errors"]["otp"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{}", early.text);
    assert_eq!(ask().await.status, StatusCode::OK);
    let again = ask().await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS, "a new code not before a minute");
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1);
    let texts = gateway.texts("8801711000099").await;
    assert_eq!(texts.len(), 1);
    assert_eq!(texts[0]["sms_type"], "BN", "a Bangla text");
    let body = texts[0]["sms_body"].as_str().unwrap();
    assert!(body.starts_with("dhaka (বাংলা): আপনার যাচাই কোড "), "{body}");
    let code = code_in(body);
    let stored: Vec<u8> = sqlx::query_scalar("SELECT code_hmac FROM otp_codes").fetch_one(&t.platform.db).await.unwrap();
    assert_ne!(stored, code.as_bytes(), "only an HMAC of the code is kept");
    let (state, kept): (String, String) = sqlx::query_as("SELECT state, body_text FROM outbox WHERE channel = 'sms'").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!((state.as_str(), kept.as_str()), ("sent", ""), "the code does not stay in the outbox");

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let refused = verify(wrong.into()).await;
    assert_eq!(refused.body["errors"]["otp"][0], "This code is not right. Check the text message and try again.");
    let bangla: String = code.chars().map(|c| char::from_u32('০' as u32 + c.to_digit(10).unwrap()).unwrap()).collect();
    let ok = verify(bangla).await;
    assert_eq!(ok.status, StatusCode::OK, "a code typed in Bangla digits: {}", ok.text);
    assert_eq!(ok.body["data"]["phone"], "+8801711000099");
    assert_eq!(t.get("dhaka.localhost", "/api/user", Some(&session)).await.body["data"]["phone_verified"], true);
    assert_eq!(verify(code).await.status, StatusCode::UNPROCESSABLE_ENTITY, "a code works once");
    assert_eq!(ask().await.status, StatusCode::CONFLICT, "nothing left to verify");

    // A verified phone hears of a password change too (the mail waits for its own sender).
    let body = json!({ "current_password": PASSWORD, "password": "notun-pass-2026", "password_confirmation": "notun-pass-2026" });
    assert_eq!(t.put("dhaka.localhost", "/my-account/password/reset", &session, body).await.status, StatusCode::OK);
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1);
    let texts = gateway.texts("8801711000099").await;
    assert_eq!(texts.len(), 2);
    let notice = texts[1]["sms_body"].as_str().unwrap();
    assert!(notice.contains("your password was just changed") && notice.contains("http://dhaka.localhost:8080/forgot-password"), "{notice}");
}

#[tokio::test]
async fn codes_stop_after_five_wrong_tries_and_texts_survive_a_failing_gateway_without_doubles() {
    let t = TestApp::new().await;
    let user = t.platform.user("kanak@example.com", None).await;
    sqlx::query("UPDATE users SET phone = '+8801811000077' WHERE id = $1").bind(user).execute(&t.platform.db).await.unwrap();
    let session = t.login("localhost", "kanak@example.com").await;
    let gateway = SmsServer::start().await;
    let senders = gateway.senders();
    let r = t.post("localhost", "/my-account/verify/resend_code", Some(&session), json!({ "channel": "phone" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    // The gateway fails: the text waits for its retry, and is not lost.
    gateway.fault("8801811000077", "5xx").await;
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 0);
    let (state, attempts): (String, i32) = sqlx::query_as("SELECT state, attempts FROM outbox").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!((state.as_str(), attempts), ("pending", 1));
    // The gateway took the text but its answer was lost: the retry carries the same csms_id, and
    // the phone gets one text.
    gateway.fault("8801811000077", "none").await;
    let id: i64 = sqlx::query_scalar("SELECT id FROM outbox").fetch_one(&t.platform.db).await.unwrap();
    let text: String = sqlx::query_scalar("SELECT body_text FROM outbox").fetch_one(&t.platform.db).await.unwrap();
    let first = reqwest::Client::new()
        .post(format!("{}/api/v3/send-sms", gateway.0.url))
        .json(&json!({ "api_token": "test-token", "sid": "LMSTEST", "msisdn": "8801811000077", "sms": text, "csms_id": format!("lms-{id}") }))
        .send()
        .await
        .unwrap();
    assert!(first.status().is_success());
    sqlx::query("UPDATE outbox SET next_attempt_at = now()").execute(&t.platform.db).await.unwrap();
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1);
    let texts = gateway.texts("8801811000077").await;
    assert_eq!(texts.len(), 1, "one text for one message");
    assert_eq!(texts[0]["sms_type"], "EN");

    for _ in 0..5 {
        let wrong = t.put("localhost", "/my-account/verification-by-phone", &session, json!({ "otp": "12345x" })).await;
        assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let code = code_in(texts[0]["sms_body"].as_str().unwrap());
    let locked = t.put("localhost", "/my-account/verification-by-phone", &session, json!({ "otp": code })).await;
    assert_eq!(locked.body["errors"]["otp"][0], "Too many wrong codes. Ask for a new one.", "{}", locked.text);

    // A number the gateway refuses is given up at once, with the reason kept.
    sqlx::query("UPDATE otp_codes SET created_at = now() - interval '2 minutes'").execute(&t.platform.db).await.unwrap();
    gateway.fault("8801811000077", "reject").await;
    assert_eq!(t.post("localhost", "/my-account/verify/resend_code", Some(&session), json!({ "channel": "phone" })).await.status, StatusCode::OK);
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 0);
    let (state, error): (String, Option<String>) =
        sqlx::query_as("SELECT state, last_error FROM outbox ORDER BY id DESC LIMIT 1").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(state, "failed");
    assert!(error.unwrap().contains("4022"));
}

/// The newest text a number received, and the 6-digit code in it.
async fn last_code(gateway: &SmsServer, msisdn: &str) -> (String, String) {
    let texts = gateway.texts(msisdn).await;
    let body = texts.last().unwrap_or_else(|| panic!("a text to {msisdn}"))["sms_body"].as_str().unwrap().to_owned();
    (code_in(&body), body)
}

#[tokio::test]
async fn a_learner_with_only_a_phone_registers_verifies_it_and_resets_the_password_by_text() {
    let t = TestApp::new().await;
    t.tenant("dhaka").await;
    let gateway = SmsServer::start().await;
    let senders = gateway.senders();
    let register = |body: serde_json::Value| t.call(Method::POST, "dhaka.localhost", "/my-account/user/register", None, &[("lang", "2")], Some(body));

    // Neither an e-mail nor a phone: which to give, in Bangla.
    let r = register(json!({ "name": "Shapla", "password": "shapla-pass-2026" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body["errors"]["email"][0], "একটি ই-মেইল ঠিকানা বা মোবাইল নম্বর দিন।", "{}", r.text);

    // A phone alone makes an account, and its code is texted at once, in Bangla.
    let r = register(json!({ "name": "Shapla", "phone": "০১৭১১-২২৩৩৪৪", "password": "shapla-pass-2026" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let session = r.body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(r.body["data"]["user"]["email"], serde_json::Value::Null);
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1);
    let (code, text) = last_code(&gateway, "8801711223344").await;
    assert!(text.contains("যাচাই কোড"), "{text}");
    let verified = t.put("dhaka.localhost", "/my-account/verification-by-phone", &session, json!({ "otp": code })).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);

    // Forgotten: the number gets a reset code, the same answer as for a number nobody has.
    let forgot = |login: &'static str| t.call(Method::POST, "dhaka.localhost", "/my-account/password/reset_code", None, &[("lang", "2")], Some(json!({ "email": login })));
    assert_eq!(forgot("01711223344").await.body, json!({ "data": { "ok": true } }));
    assert_eq!(forgot("01711999999").await.body, json!({ "data": { "ok": true } }));
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1, "only the account's number is texted");
    let (code, text) = last_code(&gateway, "8801711223344").await;
    assert!(text.contains("পাসওয়ার্ড রিসেট কোড"), "{text}");

    let reset = |otp: String, password: &'static str| {
        let body = json!({ "phone": "+8801711223344", "otp": otp, "password": password, "password_confirmation": password });
        t.call(Method::PUT, "dhaka.localhost", "/my-account/password/reset", None, &[("lang", "1")], Some(body))
    };
    let wrong = reset("000000".into(), "new-shapla-2026").await;
    assert_eq!((wrong.status, wrong.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("otp_wrong")), "{}", wrong.text);
    // A weak password is refused before the code is spent.
    let weak = reset(code.clone(), "password").await;
    assert!(weak.body["errors"]["password"].is_array() && weak.body["errors"]["otp"].is_null(), "{}", weak.text);
    let done = reset(code.clone(), "new-shapla-2026").await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    assert_eq!(t.get("dhaka.localhost", "/my-account/user/view-info", Some(&session)).await.status, StatusCode::UNAUTHORIZED, "the old session ended");
    assert_eq!(reset(code, "another-shapla-2026").await.status, StatusCode::UNPROCESSABLE_ENTITY, "a code works once");
    t.login_with("dhaka.localhost", "01711223344", "new-shapla-2026").await;

    // A number not yet proven gets no code: the link goes to the account's e-mail, if any.
    let r = register(json!({ "name": "Bokul", "phone": "01811223344", "password": "bokul-pass-2026" })).await;
    assert_eq!(r.status, StatusCode::CREATED);
    worker::deliver_due(&t.platform.db, &senders).await.unwrap();
    let before = gateway.texts("8801811223344").await.len();
    sqlx::query("UPDATE otp_codes SET created_at = now() - interval '2 minutes'").execute(&t.platform.db).await.unwrap();
    assert_eq!(forgot("01811223344").await.status, StatusCode::OK);
    worker::deliver_due(&t.platform.db, &senders).await.unwrap();
    assert_eq!(gateway.texts("8801811223344").await.len(), before);
}
