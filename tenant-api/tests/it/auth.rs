//! Identities: register, login by e-mail or phone, current user, role switching, logout,
//! rate limits, API clients.

use axum::http::{Method, StatusCode};
use crate::common::TestApp;
use serde_json::json;

#[tokio::test]
async fn a_learner_registers_signs_in_by_phone_and_signs_out() {
    let t = TestApp::new().await;
    let r = t.post("localhost", "/my-account/user/register", None,
        json!({ "name": "Karim", "email": "Karim@Example.com", "phone": "+8801911111111", "password": "karim-pass-1" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["user"]["email"], "karim@example.com");
    assert_eq!(r.body["data"]["user"]["currentrole"], serde_json::Value::Null);

    let wrong = t.post("localhost", "/my-account/user/login", None, json!({ "email": "01911111111", "password": "nope-nope" })).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.body["code"], "invalid_credentials");
    let r = t.post("localhost", "/my-account/user/login", None, json!({ "email": "01911111111", "password": "karim-pass-1" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let token = r.body["data"]["token"].as_str().unwrap().to_owned();

    let stored: Vec<u8> = sqlx::query_scalar("SELECT token_hash FROM sessions ORDER BY id DESC LIMIT 1").fetch_one(&t.platform.db).await.unwrap();
    assert_ne!(stored, token.as_bytes(), "tokens are stored hashed");
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM users WHERE email = 'karim@example.com'").fetch_one(&t.platform.db).await.unwrap();
    assert!(hash.starts_with("$argon2id$"));

    for path in ["/api/user", "/my-account/user/view-info"] {
        let me = t.get("localhost", path, Some(&token)).await;
        assert_eq!(me.status, StatusCode::OK);
        assert_eq!(me.body["data"]["name"], "Karim");
        assert_eq!(me.body["data"]["phone"], "+8801911111111", "phones are kept as E.164");
    }
    assert_eq!(t.post("localhost", "/my-account/user/logout", Some(&token), json!({})).await.status, StatusCode::OK);
    assert_eq!(t.get("localhost", "/api/user", Some(&token)).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(t.get("localhost", "/api/user", Some("made-up-token")).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn roles_are_listed_and_switched_and_the_session_starts_in_the_sites_role() {
    let t = TestApp::new().await;
    let site = t.tenant("theta").await;
    let main = t.platform.main_id().await;
    let user = t.platform.user("both@example.com", Some((site, "partner-admin"))).await;
    control_plane::memberships::grant(&t.platform.db, user, main, "super").await.unwrap();

    let token = t.login("theta.localhost", "both@example.com").await;
    let me = t.get("theta.localhost", "/my-account/user/view-info", Some(&token)).await.body;
    assert_eq!(me["data"]["roles"].as_array().unwrap().len(), 2);
    assert_eq!(me["data"]["currentrole"]["role"], "partner-admin", "on a partner site, its admin role");
    assert_eq!(me["data"]["currentrole"]["owner_id"], site);
    let super_role = me["data"]["roles"].as_array().unwrap().iter().find(|r| r["role"] == "super").unwrap()["id"].as_i64().unwrap();
    assert_eq!(me["data"]["roles"][0]["owner"]["slug"], "theta");

    // As partner admin, super-admin calls are forbidden; after switching they work.
    assert_eq!(t.get("localhost", "/my-account/institutions/view_all", Some(&token)).await.status, StatusCode::FORBIDDEN);
    let r = t.post("localhost", &format!("/my-account/user/switch-role/{super_role}"), Some(&token), json!({})).await;
    assert_eq!(r.body["data"]["currentrole"]["role"], "super");
    assert_eq!(t.get("localhost", "/my-account/institutions/view_all", Some(&token)).await.status, StatusCode::OK);
    // 0 is the learner view.
    let r = t.post("localhost", "/my-account/user/switch-role/0", Some(&token), json!({})).await;
    assert_eq!(r.body["data"]["currentrole"], serde_json::Value::Null);
    assert_eq!(t.get("localhost", "/my-account/institutions/view_all", Some(&token)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn repeated_failed_logins_are_stopped() {
    let t = TestApp::new().await;
    t.platform.user("target@example.com", None).await;
    for _ in 0..control_plane::auth::rate_limit::ACCOUNT_LIMIT {
        let r = t.post("localhost", "/my-account/user/login", None, json!({ "email": "target@example.com", "password": "guess-guess" })).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    // Even the right password is refused while the account is locked.
    let r = t.post("localhost", "/my-account/user/login", None, json!({ "email": "TARGET@example.com", "password": crate::common::PASSWORD })).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.body["code"], "too_many_attempts");
}

#[tokio::test]
async fn api_clients_get_tokens_by_client_credentials() {
    let t = TestApp::new().await;
    let (id, secret) = control_plane::users::oauth::create_client(&t.platform.db, "reporting").await.unwrap();
    let form = format!("grant_type=client_credentials&client_id={id}&client_secret={secret}");
    let r = t.call(Method::POST, "localhost", "/oauth/token", None, &[("content-type", "application/x-www-form-urlencoded")], None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let request = axum::http::Request::builder()
        .method("POST").uri("/oauth/token").header("host", "localhost")
        .header("content-type", "application/x-www-form-urlencoded").body(axum::body::Body::from(form)).unwrap();
    let response = tower::ServiceExt::oneshot(t.app.clone(), request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: serde_json::Value = serde_json::from_slice(&axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap()).unwrap();
    assert_eq!(body["token_type"], "Bearer");
    assert!(body["expires_in"].as_i64().unwrap() > 6 * 86400);
    let bad = t.post("localhost", "/oauth/token", None, json!({ "grant_type": "client_credentials", "client_id": id.to_string(), "client_secret": "wrong" })).await;
    assert_eq!(bad.status, StatusCode::UNAUTHORIZED);
    // A client token is not a user.
    let token = body["access_token"].as_str().unwrap();
    assert_eq!(t.get("localhost", "/api/user", Some(token)).await.status, StatusCode::UNAUTHORIZED);
}

/// `singlelogin` signs in like `login` and ends every other session of the account; another
/// account's sessions stay.
#[tokio::test]
async fn a_single_sign_in_ends_the_accounts_other_sessions() {
    let t = TestApp::new().await;
    t.platform.user("karim@example.com", None).await;
    t.platform.user("rahim@example.com", None).await;
    let (first, second) = (t.login("localhost", "karim@example.com").await, t.login("localhost", "karim@example.com").await);
    let other = t.login("localhost", "rahim@example.com").await;
    let wrong = t.post("localhost", "/my-account/user/singlelogin", None, json!({ "email": "karim@example.com", "password": "not-it-123" })).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(t.get("localhost", "/api/user", Some(&first)).await.status, StatusCode::OK, "a wrong password ends nothing");
    let r = t.post("localhost", "/my-account/user/singlelogin", None, json!({ "email": "karim@example.com", "password": crate::common::PASSWORD })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let only = r.body["data"]["token"].as_str().unwrap();
    for ended in [&first, &second] {
        assert_eq!(t.get("localhost", "/api/user", Some(ended)).await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(t.get("localhost", "/api/user", Some(only)).await.status, StatusCode::OK);
    assert_eq!(t.get("localhost", "/api/user", Some(&other)).await.status, StatusCode::OK);
}

/// A family's shared phone (`switch-account`): Rina signs in, then John adds his account without
/// signing her out; the browser passes between them in the role each last used, nobody else's
/// account can be reached, five is the most, and signing out ends them all.
#[tokio::test]
async fn accounts_on_one_device_hand_the_browser_between_them_and_sign_out_together() {
    let t = TestApp::new().await;
    const DHAKA: &str = "dhaka.localhost";
    let dhaka = t.tenant("dhaka").await;
    for email in ["rina@example.com", "mitu@example.com", "a@example.com", "b@example.com", "c@example.com", "d@example.com"] {
        t.platform.user(email, None).await;
    }
    t.platform.user("john@example.com", Some((dhaka, "teacher"))).await;
    let id_of = async |email: &str| -> i64 { sqlx::query_scalar("SELECT id FROM users WHERE email = $1").bind(email).fetch_one(&t.platform.db).await.unwrap() };
    let (rina_id, john_id, mitu_id) = (id_of("rina@example.com").await, id_of("john@example.com").await, id_of("mitu@example.com").await);
    let add = async |token: &str, email: &str| t.post(DHAKA, "/my-account/user/login", Some(token), json!({ "email": email, "password": crate::common::PASSWORD, "add_account": true })).await;
    let me = async |token: &str| {
        let r = t.get(DHAKA, "/my-account/user/view-info", Some(token)).await;
        (r.status == StatusCode::OK).then(|| r.body["data"]["id"].as_i64().unwrap())
    };

    let rina = t.login(DHAKA, "rina@example.com").await;
    let mitu = t.login(DHAKA, "mitu@example.com").await;
    let r = add(&rina, "john@example.com").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(r.body["data"]["user"]["currentrole"]["role"].is_string(), "John starts in his role: {}", r.text);
    let john = r.body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!((me(&rina).await, me(&john).await), (Some(rina_id), Some(john_id)), "both stay signed in");

    // The device's accounts, the caller's first, addresses masked.
    let list = t.get(DHAKA, "/my-account/user/switch-account", Some(&john)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    let rows: Vec<(i64, bool, &str)> = list.body["data"].as_array().unwrap().iter().map(|a| (a["id"].as_i64().unwrap(), a["current"].as_bool().unwrap(), a["login"].as_str().unwrap())).collect();
    assert_eq!(rows, [(john_id, true, "j***@example.com"), (rina_id, false, "r***@example.com")]);
    let alone = t.get(DHAKA, "/my-account/user/switch-account", Some(&mitu)).await;
    assert_eq!(alone.body["data"].as_array().map(Vec::len), Some(1), "Mitu's phone has only her: {}", alone.text);

    // The browser passes to Rina with a fresh token; the token it had before no longer works.
    let r = t.post(DHAKA, &format!("/my-account/user/switch-account/{rina_id}"), Some(&john), json!({})).await;
    assert_eq!((r.status, r.body["data"]["user"]["id"].as_i64()), (StatusCode::OK, Some(rina_id)), "{}", r.text);
    let rina_again = r.body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(me(&rina_again).await, Some(rina_id));
    assert_eq!(me(&rina).await, None, "the old token ended when the session was handed over");
    // And back to John, in the role he last used.
    let r = t.post(DHAKA, &format!("/my-account/user/switch-account/{john_id}"), Some(&rina_again), json!({})).await;
    assert_eq!(r.body["data"]["user"]["currentrole"]["role"], "teacher", "{}", r.text);
    let john = r.body["data"]["token"].as_str().unwrap().to_owned();

    // Nobody else's account: Mitu is signed in, but on another device; nor a made-up id, nor signed out.
    for x in [mitu_id.to_string(), "999999".into(), john_id.to_string()] {
        let r = t.call(Method::POST, DHAKA, &format!("/my-account/user/switch-account/{x}"), Some(&john), &[("lang", "2")], Some(json!({}))).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("account_not_on_device")), "{x}: {}", r.text);
        assert!(r.text.contains("এই ডিভাইসে"), "in Bangla: {}", r.text);
    }
    assert!(t.post(DHAKA, "/my-account/user/switch-account/abc", Some(&john), json!({})).await.status.is_client_error());
    assert_eq!(t.post(DHAKA, &format!("/my-account/user/switch-account/{rina_id}"), None, json!({})).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&mitu).await, Some(mitu_id));
    // Without `add_account`, or signed out, a sign-in joins no device.
    let plain = t.post(DHAKA, "/my-account/user/login", Some(&john), json!({ "email": "a@example.com", "password": crate::common::PASSWORD })).await;
    let plain = plain.body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(t.get(DHAKA, "/my-account/user/switch-account", Some(&plain)).await.body["data"].as_array().map(Vec::len), Some(1));

    // A wrong type is refused, not taken as a plain sign-in.
    let r = t.post(DHAKA, "/my-account/user/login", Some(&john), json!({ "email": "b@example.com", "password": crate::common::PASSWORD, "add_account": "yes" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);

    // Rina signing in again on it replaces her session there; five accounts at most.
    let r = add(&john, "rina@example.com").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(me(&rina_again).await, None, "her earlier session on the device was replaced");
    let mut last = r.body["data"]["token"].as_str().unwrap().to_owned();
    for email in ["a@example.com", "b@example.com", "c@example.com"] {
        let r = add(&last, email).await;
        assert_eq!(r.status, StatusCode::OK, "{email}: {}", r.text);
        last = r.body["data"]["token"].as_str().unwrap().to_owned();
    }
    let full = t.call(Method::POST, DHAKA, "/my-account/user/login", Some(&last), &[("lang", "2")], Some(json!({ "email": "d@example.com", "password": crate::common::PASSWORD, "add_account": true }))).await;
    assert_eq!((full.status, full.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("device_accounts_full")), "{}", full.text);
    assert!(full.body["errors"]["email"][0].as_str().unwrap().contains("৫টি"), "{}", full.text);
    assert_eq!(t.get(DHAKA, "/my-account/user/switch-account", Some(&last)).await.body["data"].as_array().map(Vec::len), Some(5));

    // Signing out on the device ends every account on it, and nothing elsewhere.
    assert_eq!(t.post(DHAKA, "/my-account/user/logout", Some(&last), json!({})).await.status, StatusCode::OK);
    assert_eq!((me(&john).await, me(&last).await), (None, None));
    assert_eq!((me(&mitu).await, me(&plain).await), (Some(mitu_id), Some(id_of("a@example.com").await)), "other devices stay signed in");
}
