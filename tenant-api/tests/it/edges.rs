//! Several edges on one database (issue 17): what one edge changes, the others' caches drop at
//! once, through NOTIFY, not after their TTL: a course written through edge A reads anew on edge B,
//! and a session signed out on A is refused on B. Sign-in limits are counted in the database, one
//! count for all edges.

use crate::common::{PASSWORD, TestApp, published_course, request, second_edge, send_to};
use axum::Router;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

const DHAKA: &str = "dhaka.localhost";

/// A call through an edge's router: (status, body).
async fn call(edge: &Router, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> (StatusCode, Value) {
    let r = send_to(edge, request(method, DHAKA, path, token, &[], body)).await;
    (r.status, r.body)
}

async fn get(edge: &Router, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    call(edge, Method::GET, path, token, None).await
}

/// Waits until `done` holds, letting the edges' listeners run; the bound only keeps a broken
/// announcement from hanging the suite (the TTLs it must beat are 30 and 60 s).
async fn until<F: AsyncFn() -> bool>(what: &str, done: F) {
    let wait = async {
        while !done().await {
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait).await.unwrap_or_else(|_| panic!("edge B never heard: {what}"));
}

#[tokio::test]
async fn an_edge_sees_another_edges_course_write_and_sign_out_at_once() {
    let a = TestApp::new().await;
    let dhaka = a.tenant("dhaka").await;
    let (b_state, b) = second_edge(&a);

    a.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = a.acting(DHAKA, "teacher@dhaka.example").await;
    let (course, _) = published_course(&a, DHAKA, &teacher).await;
    // Publishing announced its writes; B has heard them all once it hears a later one (NOTIFY
    // keeps their order), for a site that does not exist.
    sqlx::query("SELECT pg_notify($1, '-1')").bind(tenant_api::learning::page_cache::CHANGED).execute(&a.platform.db).await.unwrap();
    until("the publishing", async || b_state.pages.generation(-1) > 0).await;
    let page = format!("/learner-course/details/{course}");
    let title = async || get(&b, &page, None).await.1["data"]["title"].as_str().map(str::to_owned);
    assert_eq!(title().await.as_deref(), Some("Calculus"));
    let (lookups, misses) = b_state.pages.stats.read();
    assert_eq!(title().await.as_deref(), Some("Calculus"));
    assert_eq!(b_state.pages.stats.read(), (lookups + 1, misses), "B keeps the page");

    // The teacher renames it through edge A; B drops its copy as soon as it hears.
    let before = b_state.pages.generation(dhaka);
    let r = a.put(DHAKA, &format!("/course/course/update/{course}"), &teacher, json!({ "title": "Calculus II" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    until("the course write", async || b_state.pages.generation(dhaka) > before).await;
    assert_eq!(title().await.as_deref(), Some("Calculus II"));

    // A learner's session, known to B, ends when she signs out through A.
    a.platform.user("rina@example.com", None).await;
    let rina = a.login_with(DHAKA, "rina@example.com", PASSWORD).await;
    assert_eq!(get(&b, "/api/user", Some(&rina)).await.0, StatusCode::OK);
    assert_eq!(get(&b, "/api/user", Some(&rina)).await.0, StatusCode::OK, "now cached on B");
    assert_eq!(a.post(DHAKA, "/my-account/user/logout", Some(&rina), json!({})).await.status, StatusCode::OK);
    until("the sign-out", async || get(&b, "/api/user", Some(&rina)).await.0 == StatusCode::UNAUTHORIZED).await;
}

/// Someone guessing a password through both edges meets one limit, not one per edge; the sign-in
/// limit and the reset-link limit count apart, and a lapsed count starts again.
#[tokio::test]
async fn a_guesser_spread_over_two_edges_meets_one_limit() {
    let a = TestApp::new().await;
    a.tenant("dhaka").await;
    let (_, b) = second_edge(&a);
    a.platform.user("rina@example.com", None).await;
    let login = async |edge: &Router, password: &str| call(edge, Method::POST, "/my-account/user/login", None, Some(json!({ "email": "rina@example.com", "password": password }))).await;
    for n in 0..control_plane::auth::rate_limit::ACCOUNT_LIMIT {
        let edge = if n % 2 == 0 { &a.app } else { &b };
        assert_eq!(login(edge, "not-her-password").await.0, StatusCode::UNAUTHORIZED, "guess {n}");
    }
    for edge in [&a.app, &b] {
        let (status, body) = login(edge, PASSWORD).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts")), "{body}");
    }
    // Reset links count apart: she can still ask for one.
    assert_eq!(call(&b, Method::POST, "/my-account/password/reset_code", None, Some(json!({ "email": "rina@example.com" }))).await.0, StatusCode::OK);
    // Once the window lapses, she signs in, and her count starts again.
    sqlx::query("UPDATE attempt_counts SET expires_at = now() - interval '1 second' WHERE key LIKE 'login:%'").execute(&a.platform.db).await.unwrap();
    assert_eq!(login(&b, PASSWORD).await.0, StatusCode::OK);
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM attempt_counts WHERE key LIKE 'login:account:%'").fetch_one(&a.platform.db).await.unwrap();
    assert_eq!(left, 0, "a success clears the account's count");
}
