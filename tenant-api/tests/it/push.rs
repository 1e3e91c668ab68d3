//! Browser notifications by Web Push (issue 13, `/my-account/sotore/*`), against the local push
//! service (infra/push/server.mjs), which checks the VAPID signature and decrypts every push with
//! http_ece as a browser would: a learner's browser subscribed on one site gets that site's
//! notices in the learner's language and no other site's; bad subscriptions are refused; a
//! subscription the push service has forgotten is forgotten here; a failing service is retried.

use crate::common::{LocalServer, PASSWORD, TestApp, free_port};
use axum::http::{Method, StatusCode};
use control_plane::messages::push::Pusher;
use control_plane::messages::worker::{self, Senders};
use serde_json::{Value, json};
use tenant_api::notifications::{relay, store as notices};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

struct PushService(LocalServer);

impl PushService {
    async fn start() -> Self {
        Self(LocalServer::start_node("push/server.mjs", free_port(), &[]).await)
    }

    /// A browser's subscription, made with the site's key as a browser would.
    async fn subscribe(&self, server_key: &str) -> Value {
        let r = self.0.http.post(format!("{}/subscriptions", self.0.url)).json(&json!({ "applicationServerKey": server_key })).send().await.unwrap();
        r.json().await.unwrap()
    }

    /// What the browser of `subscription` received, decrypted.
    async fn received(&self, subscription: &Value) -> Vec<Value> {
        let id = subscription["endpoint"].as_str().unwrap().rsplit('/').next().unwrap();
        let r = self.0.http.get(format!("{}/messages?subscription={id}", self.0.url)).send().await.unwrap();
        let messages: Vec<Value> = r.json().await.unwrap();
        messages.iter().map(|m| serde_json::from_str(m["payload"].as_str().unwrap()).unwrap()).collect()
    }

    async fn fault(&self, mode: &str) {
        self.0.http.post(format!("{}/faults", self.0.url)).json(&json!({ "mode": mode })).send().await.unwrap();
    }
}

async fn login(t: &TestApp, host: &str, email: &str, lang: &str) -> String {
    let r = t.call(Method::POST, host, "/my-account/user/login", None, &[("lang", lang)], Some(json!({ "email": email, "password": PASSWORD }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"]["token"].as_str().unwrap().to_owned()
}

/// The refusal's code, once it is sure the refusal names `field`.
fn code(r: &crate::common::Response, field: &str) -> String {
    assert!(r.body["errors"][field].is_array(), "names {field}: {}", r.text);
    r.body["code"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn a_browser_subscribed_on_a_site_gets_its_notices_decrypted_in_the_readers_language() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("rina@example.com", None).await;
    t.platform.user("john@example.com", None).await;
    let rina_id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE email = 'rina@example.com'").fetch_one(&t.platform.db).await.unwrap();
    let rina = login(&t, DHAKA, "rina@example.com", "2").await;
    let rina_sylhet = login(&t, SYLHET, "rina@example.com", "2").await;
    let john = login(&t, SYLHET, "john@example.com", "1").await;
    let service = PushService::start().await;

    // The key browsers subscribe with is the platform's, for anyone to read.
    let key = t.get(DHAKA, "/my-account/sotore/key", None).await;
    assert_eq!(key.status, StatusCode::OK, "{}", key.text);
    let server_key = key.body["data"]["public_key"].as_str().unwrap().to_owned();
    assert_eq!(server_key, t.platform.config.push.as_ref().unwrap().vapid.public_key());

    // Rina lets Dhaka notify one browser and Sylhet another.
    let on_dhaka = service.subscribe(&server_key).await;
    let on_sylhet = service.subscribe(&server_key).await;
    assert_eq!(t.post(DHAKA, "/my-account/sotore/token", None, on_dhaka.clone()).await.status, StatusCode::UNAUTHORIZED);
    let saved = t.post(DHAKA, "/my-account/sotore/token", Some(&rina), on_dhaka.clone()).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(t.post(SYLHET, "/my-account/sotore/token", Some(&rina_sylhet), on_sylhet.clone()).await.status, StatusCode::OK);
    assert_eq!(t.post(DHAKA, "/my-account/sotore/token", Some(&rina), on_dhaka.clone()).await.status, StatusCode::OK, "again: the same one");

    // Bad subscriptions, refused with the field and a translated reason.
    let keys = on_dhaka["keys"].clone();
    for (endpoint, expected) in [
        (json!("https://evil.example.org/push/1"), "push_service_unknown"),
        (json!("http://169.254.169.254/latest/meta-data"), "push_service_unknown"),
        (json!("not a link"), "invalid_url"),
        (json!(""), "validation_failed"),
        (json!(format!("http://127.0.0.1/{}", "x".repeat(1000))), "validation_failed"),
    ] {
        let r = t.call(Method::POST, DHAKA, "/my-account/sotore/token", Some(&rina), &[("lang", "2")], Some(json!({ "endpoint": endpoint, "keys": keys }))).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{endpoint}: {}", r.text);
        assert_eq!(code(&r, "endpoint"), expected, "{endpoint}: {}", r.text);
    }
    let off_curve = base64_url(&[&[4u8][..], &[0u8; 64][..]].concat());
    for (p256dh, auth, field) in [("abc", keys["auth"].clone(), "keys.p256dh"), (off_curve.as_str(), keys["auth"].clone(), "keys.p256dh"), (keys["p256dh"].as_str().unwrap(), json!("c2hvcnQ"), "keys.auth")] {
        let r = t.post(DHAKA, "/my-account/sotore/token", Some(&rina), json!({ "endpoint": on_dhaka["endpoint"], "keys": { "p256dh": p256dh, "auth": auth } })).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {}", r.text);
        assert_eq!(code(&r, field), "push_key_invalid", "{}", r.text);
    }
    let r = t.call(Method::POST, DHAKA, "/my-account/sotore/token", Some(&rina), &[("lang", "2")], Some(json!({ "endpoint": "https://evil.example.org/x", "keys": keys }))).await;
    assert!(r.text.contains("বিজ্ঞপ্তি সেবায়"), "in Bangla: {}", r.text);
    assert_eq!(t.post(DHAKA, "/my-account/sotore/token", Some(&rina), json!({ "endpoint": 5, "keys": [] })).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.post(DHAKA, "/my-account/sotore/token", Some(&rina), json!({ "endpoint": "http://127.0.0.1/\u{0}", "keys": keys })).await.status, StatusCode::UNPROCESSABLE_ENTITY);

    // A certificate on Dhaka: one push, to the browser subscribed on Dhaka, none to Sylhet's.
    let db = t.state.pools.get(dhaka).await.unwrap();
    let site = control_plane::institutions::store::tenant_by_id(&t.platform.db, dhaka).await.unwrap().unwrap();
    let params = json!({ "course_title": "Calculus", "course_title_bn": "ক্যালকুলাস", "tracking_code": "ABC" });
    notices::add(&*db, dhaka, rina_id, "certificate_issued", params.clone(), Some("/certificate/check/ABC")).await.unwrap();
    assert_eq!(relay::relay(&t.state, &site, &db).await.unwrap(), 1);
    let pushes: Vec<String> = sqlx::query_scalar("SELECT recipient FROM outbox WHERE channel = 'push'").fetch_all(&t.platform.db).await.unwrap();
    assert_eq!(pushes, [on_dhaka["endpoint"].as_str().unwrap()]);
    let senders = Senders { push: Some(Pusher::new(t.platform.config.push.as_ref().unwrap()).unwrap()), ..Default::default() };
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1);
    let got = service.received(&on_dhaka).await;
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0]["title"], "dhaka (বাংলা)");
    assert_eq!(got[0]["body"], "“ক্যালকুলাস” কোর্সের সনদ প্রস্তুত।");
    assert_eq!(got[0]["url"], "http://dhaka.localhost:8080/certificate/check/ABC");
    assert_eq!(got[0]["lang"], "bn");
    assert!(got[0]["tag"].as_str().unwrap().starts_with("notice-"));
    assert!(service.received(&on_sylhet).await.is_empty(), "Sylhet's browser hears nothing of Dhaka");

    // Sylhet's notice goes only to the browser subscribed on Sylhet; a relay again sends nothing twice.
    let sylhet_db = t.state.pools.get(sylhet).await.unwrap();
    let sylhet_site = control_plane::institutions::store::tenant_by_id(&t.platform.db, sylhet).await.unwrap().unwrap();
    notices::add(&*sylhet_db, sylhet, rina_id, "enrolment_approved", params.clone(), Some("/learn")).await.unwrap();
    assert_eq!(relay::relay(&t.state, &sylhet_site, &sylhet_db).await.unwrap(), 1);
    sqlx::query("UPDATE notifications SET relay_due = true").execute(&*sylhet_db).await.unwrap();
    assert_eq!(relay::relay(&t.state, &sylhet_site, &sylhet_db).await.unwrap(), 1);
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1, "once");
    assert_eq!(service.received(&on_sylhet).await[0]["body"], "“ক্যালকুলাস” কোর্সে আপনার ভর্তি নিশ্চিত হয়েছে।");
    assert_eq!(service.received(&on_dhaka).await.len(), 1);

    // The push service renews Dhaka's subscription; the service worker, signed out, moves it to the
    // new address with the old one's secret. A wrong secret, or the same proof on another site,
    // moves nothing.
    let renewed = service.subscribe(&server_key).await;
    let renewal = |auth: &Value| {
        let mut body = renewed.clone();
        body["replaces"] = json!({ "endpoint": on_dhaka["endpoint"], "auth": auth });
        body
    };
    let forged = json!(base64_url(&[7u8; 16]));
    for (host, auth) in [(DHAKA, &forged), (SYLHET, &on_dhaka["keys"]["auth"])] {
        let r = t.post(host, "/my-account/sotore/token", None, renewal(auth)).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("push_subscription_unknown")), "{host}: {}", r.text);
    }
    let r = t.post(DHAKA, "/my-account/sotore/token", None, renewal(&json!("c2hvcnQ"))).await;
    assert_eq!(code(&r, "replaces.auth"), "push_key_invalid", "{}", r.text);
    let r = t.post(DHAKA, "/my-account/sotore/token", None, renewal(&on_dhaka["keys"]["auth"])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let moved: Vec<(String, i64)> = sqlx::query_as("SELECT endpoint, user_id FROM push_subscriptions WHERE institution_id = $1").bind(dhaka).fetch_all(&t.platform.db).await.unwrap();
    assert_eq!(moved, [(renewed["endpoint"].as_str().unwrap().to_owned(), rina_id)], "Rina's still, at the new address");
    notices::add(&*db, dhaka, rina_id, "enrolment_approved", params.clone(), Some("/learn")).await.unwrap();
    relay::relay(&t.state, &site, &db).await.unwrap();
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 1);
    assert_eq!(service.received(&renewed).await[0]["body"], "“ক্যালকুলাস” কোর্সে আপনার ভর্তি নিশ্চিত হয়েছে।", "read with the new keys");
    assert_eq!(service.received(&on_dhaka).await.len(), 1, "nothing more at the old address");

    // A push service that fails is tried again later; one that forgot the browser ends it here.
    service.fault("error").await;
    notices::add(&*db, dhaka, rina_id, "payment_received", json!({ "course_title": "Calculus", "amount_poisha": 150000 }), None).await.unwrap();
    relay::relay(&t.state, &site, &db).await.unwrap();
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 0);
    let (state, error): (String, String) = sqlx::query_as("SELECT state, last_error FROM outbox WHERE channel = 'push' AND kind = 'payment_received'").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(state, "pending", "retried later: {error}");
    service.fault("gone").await;
    sqlx::query("UPDATE outbox SET next_attempt_at = now() WHERE kind = 'payment_received'").execute(&t.platform.db).await.unwrap();
    assert_eq!(worker::deliver_due(&t.platform.db, &senders).await.unwrap(), 0);
    let state: String = sqlx::query_scalar("SELECT state FROM outbox WHERE channel = 'push' AND kind = 'payment_received'").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(state, "failed");
    let kept: Vec<String> = sqlx::query_scalar("SELECT endpoint FROM push_subscriptions").fetch_all(&t.platform.db).await.unwrap();
    assert_eq!(kept, [on_sylhet["endpoint"].as_str().unwrap()], "the forgotten browser is forgotten");
    service.fault("none").await;

    // Someone else cannot switch Rina's browser off; the browser's next owner takes it over;
    // its owner can.
    let endpoint = json!({ "endpoint": on_sylhet["endpoint"] });
    assert_eq!(t.call(Method::DELETE, SYLHET, "/my-account/sotore/token", Some(&john), &[], Some(endpoint.clone())).await.status, StatusCode::OK);
    let owner = || async { sqlx::query_scalar::<_, i64>("SELECT user_id FROM push_subscriptions").fetch_one(&t.platform.db).await.unwrap() };
    assert_eq!(owner().await, rina_id, "still Rina's");
    assert_eq!(t.post(SYLHET, "/my-account/sotore/token", Some(&john), on_sylhet.clone()).await.status, StatusCode::OK);
    assert_ne!(owner().await, rina_id, "John signed in on that browser and subscribed");
    assert_eq!(t.call(Method::DELETE, SYLHET, "/my-account/sotore/token", Some(&john), &[], Some(endpoint)).await.status, StatusCode::OK);
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM push_subscriptions").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(left, 0);

    // Signing out stops the browser getting that person's notices (a shared phone).
    let again = service.subscribe(&server_key).await;
    assert_eq!(t.post(DHAKA, "/my-account/sotore/token", Some(&rina), again).await.status, StatusCode::OK);
    assert_eq!(t.post(DHAKA, "/my-account/user/logout", Some(&rina), json!({})).await.status, StatusCode::OK);
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM push_subscriptions").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(left, 0, "gone with the session");
}

fn base64_url(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}
