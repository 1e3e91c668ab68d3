//! Hard edges at the roots, where input enters and answers leave: NUL characters, oversized
//! bodies, malformed Host headers, text that says nothing, lock-out by identity, suspension,
//! security headers, compression, the error shape of answers no handler wrote, and uploads
//! streamed to and from the site's bucket.

use crate::common::{PASSWORD, Response, TestApp};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use control_plane::storage::bucket_name;
use serde_json::json;

const DHAKA: &str = "dhaka.localhost";

fn field_error<'a>(r: &'a Response, field: &str) -> Option<&'a str> {
    r.body["errors"][field][0].as_str()
}

/// Error answers always carry all three members of the contract.
fn assert_error_shape(r: &Response, status: StatusCode, code: &str) {
    assert_eq!(r.status, status, "{}", r.text);
    assert_eq!(r.body["code"], code, "{}", r.text);
    assert!(r.body["message"].as_str().is_some_and(|m| !m.is_empty()), "{}", r.text);
    assert!(r.body["errors"].is_object(), "{}", r.text);
    assert!(r.header("content-type").starts_with("application/json"), "{}", r.header("content-type"));
}

async fn teacher(t: &TestApp) -> String {
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.acting(DHAKA, "teacher@dhaka.example").await
}

async fn upload(t: &TestApp, token: &str, lesson: i64, file_name: &str, content: &[u8]) -> Response {
    t.upload(DHAKA, &format!("/course/schedule/lesson/{lesson}/file"), token, &[("file", Some(file_name), content)]).await
}

async fn objects(t: &TestApp, tenant: i64, prefix: &str) -> Vec<(String, i64)> {
    let listed = t
        .state
        .storage
        .platform()
        .list_objects_v2()
        .bucket(bucket_name(&t.platform.config.storage, tenant))
        .prefix(prefix)
        .send()
        .await
        .unwrap();
    listed.contents().iter().map(|o| (o.key().unwrap_or_default().to_owned(), o.size().unwrap_or_default())).collect()
}

#[tokio::test]
async fn a_nul_character_is_refused_where_it_enters_naming_the_field() {
    let t = TestApp::new().await;
    let token = teacher(&t).await;

    let r = t.get(DHAKA, "/learner-course/search-suggest?search=a%00b", None).await;
    assert_error_shape(&r, StatusCode::UNPROCESSABLE_ENTITY, "validation_failed");
    assert!(field_error(&r, "search").is_some(), "query: {}", r.text);
    let r = t.get("localhost", "/learner-course/course-search-solr?search=%00", None).await;
    assert!(field_error(&r, "search").is_some(), "{}", r.text);

    let r = t.get(DHAKA, "/learner-course/details/abc%00def", None).await;
    assert_error_shape(&r, StatusCode::UNPROCESSABLE_ENTITY, "validation_failed");
    assert!(field_error(&r, "slug").is_some(), "path: {}", r.text);
    let r = t.get("localhost", "/learner-course/certificate-details/AB%00C", None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);

    let r = t.post(DHAKA, "/my-account/user/login", None, json!({ "email": "a\u{0}@example.com", "password": "x" })).await;
    assert!(field_error(&r, "email").is_some(), "body: {}", r.text);
    let r = t.post(DHAKA, "/course/course/create", Some(&token), json!({ "title": "Good", "objectives": ["ok", "bad\u{0}"] })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert!(field_error(&r, "objectives[1]").is_some(), "nested: {}", r.text);
    let r = t.post("localhost", "/my-account/user/register", None, json!({ "name": "N\u{0}", "email": "n@example.com", "password": PASSWORD })).await;
    assert!(field_error(&r, "name").is_some(), "{}", r.text);
    assert_eq!(t.get(DHAKA, "/course/course/view", Some(&token)).await.body["total"], 0, "nothing was created");

    // Bangla in Bangla.
    let r = t.call(Method::GET, DHAKA, "/learner-course/search-suggest?search=%00", None, &[("lang", "2")], None).await;
    assert!(field_error(&r, "search").is_some_and(|m| m.contains("অক্ষর")), "{}", r.text);

    // A multipart file name.
    let course = t.post(DHAKA, "/course/course/create", Some(&token), json!({ "title": "Uploads" })).await.body["data"]["id"].as_i64().unwrap();
    let section = t.post(DHAKA, "/course/schedule/section", Some(&token), json!({ "course_id": course, "title": "S" })).await.body["data"]["id"].as_i64().unwrap();
    let lesson = t
        .post(DHAKA, "/course/schedule/lesson", Some(&token), json!({ "section_id": section, "title": "L", "lesson_type": "document" }))
        .await
        .body["data"]["id"]
        .as_i64()
        .unwrap();
    let r = upload(&t, &token, lesson, "a\u{0}.pdf", b"%PDF-1.7 tiny").await;
    assert_error_shape(&r, StatusCode::UNPROCESSABLE_ENTITY, "validation_failed");
    assert!(field_error(&r, "file").is_some(), "multipart: {}", r.text);
}

#[tokio::test]
async fn oversized_bodies_get_413_and_other_unwritten_errors_our_shape() {
    let t = TestApp::new().await;
    let token = teacher(&t).await;

    let huge = json!({ "email": "x".repeat(3 << 20), "password": "y" });
    let r = t.post(DHAKA, "/my-account/user/login", None, huge).await;
    assert_error_shape(&r, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
    // A course form may carry a 1 MB thumbnail; a plain JSON call may not carry 1.5 MB.
    let padded = json!({ "title": "Big", "summary": "s", "objectives": vec!["o".repeat(300); 4000] });
    let r = t.post(DHAKA, "/course/course/create", Some(&token), padded).await;
    assert_ne!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "the course form's own limit: {}", r.text);
    let r = t.call(Method::PUT, DHAKA, "/course/schedule/reorder", Some(&token), &[], Some(json!({ "pad": "p".repeat(1_100_000) }))).await;
    assert_error_shape(&r, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");

    let r = t.call(Method::DELETE, DHAKA, "/my-account/user/login", None, &[], None).await;
    assert_error_shape(&r, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
    assert_eq!(r.header("allow"), "POST");
    let r = t.get(DHAKA, "/learner-course/no-such-call", None).await;
    assert_error_shape(&r, StatusCode::NOT_FOUND, "not_found");
    let r = t.get(DHAKA, &format!("/learner-course/search-suggest?search={}", "a".repeat(9000)), None).await;
    assert_error_shape(&r, StatusCode::URI_TOO_LONG, "uri_too_long");
    let r = t.post(DHAKA, "/my-account/user/login", None, json!("not an object")).await;
    assert_error_shape(&r, StatusCode::UNPROCESSABLE_ENTITY, "invalid_json");
    assert!(field_error(&r, "body").is_some(), "{}", r.text);
    let r = t.get(DHAKA, "/course/course/view?page=abc", Some(&token)).await;
    assert_error_shape(&r, StatusCode::UNPROCESSABLE_ENTITY, "validation_failed");
    assert!(field_error(&r, "page").is_some(), "{}", r.text);
    // A missing asset is an error in our shape, not an empty 404 cached for a year.
    let r = t.get("localhost", "/assets/no-such-file.js", None).await;
    assert_error_shape(&r, StatusCode::NOT_FOUND, "not_found");
    assert!(!r.header("cache-control").contains("immutable"));
}

#[tokio::test]
async fn malformed_host_headers_get_400() {
    let t = TestApp::new().await;
    for host in ["localhost:8080@evil.com", "localhost,dhaka.localhost", "localhost:abc", "localhost:99999", "local host", "localhost:"] {
        let r = t.get(host, "/my-account/institutions/retrieve-site", None).await;
        assert_error_shape(&r, StatusCode::BAD_REQUEST, "bad_host");
    }
    let twice = Request::builder()
        .uri("/my-account/institutions/retrieve-site")
        .header("host", "localhost")
        .header("host", "evil.localhost")
        .body(Body::empty())
        .unwrap();
    assert_error_shape(&t.send(twice).await, StatusCode::BAD_REQUEST, "bad_host");
    let elsewhere = Request::builder()
        .uri("http://evil.com/my-account/institutions/retrieve-site")
        .header("host", "localhost")
        .body(Body::empty())
        .unwrap();
    assert_eq!(t.send(elsewhere).await.status, StatusCode::BAD_REQUEST, "authority and Host disagree");
    let r = t.get("localhost:8080", "/my-account/institutions/retrieve-site", None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

#[tokio::test]
async fn pages_and_answers_carry_security_headers() {
    let t = TestApp::new().await;
    let page = t.call(Method::GET, "localhost", "/", None, &[("accept", "text/html")], None).await;
    assert_eq!(page.status, StatusCode::OK);
    let csp = page.header("content-security-policy");
    let nonce = csp.split("'nonce-").nth(1).and_then(|s| s.split('\'').next()).expect("a nonce");
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains(&format!("script-src 'self' 'nonce-{nonce}'")), "{csp}");
    assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{csp}");
    assert!(page.text.contains(&format!("<script nonce=\"{nonce}\">window.__SITE__=")), "the site script runs under the policy");
    assert!(page.text.contains(&format!("<meta property=\"csp-nonce\" nonce=\"{nonce}\">")));
    assert_eq!(page.header("cache-control"), "no-store", "a nonce is never reused from a cache");
    let again = t.call(Method::GET, "localhost", "/", None, &[("accept", "text/html")], None).await;
    assert!(!again.header("content-security-policy").contains(nonce), "a fresh nonce per page");

    t.platform.user("someone@example.com", None).await;
    let token = t.login("localhost", "someone@example.com").await;
    let json = t.get("localhost", "/api/user", Some(&token)).await;
    for r in [&page, &json] {
        assert_eq!(r.header("x-content-type-options"), "nosniff");
        assert_eq!(r.header("referrer-policy"), "strict-origin-when-cross-origin");
        assert!(r.header("permissions-policy").contains("camera=(self)"), "the camera only for our own pages");
        assert!(r.header("permissions-policy").contains("geolocation=()"));
    }
    assert_eq!(json.header("cache-control"), "no-store", "personal data is not stored");
    assert!(json.header("content-security-policy").starts_with("default-src 'none'"));
    let login = t.post("localhost", "/my-account/user/login", None, json!({ "email": "someone@example.com", "password": PASSWORD })).await;
    assert_eq!(login.header("cache-control"), "no-store", "a token is not stored");

    // Compressed for browsers that take it.
    let r = t.call(Method::GET, "localhost", "/api-docs/openapi.json", None, &[("accept-encoding", "br, gzip")], None).await;
    assert_eq!(r.header("content-encoding"), "br");
    let r = t.call(Method::GET, "localhost", "/api-docs/openapi.json", None, &[("accept-encoding", "gzip")], None).await;
    assert_eq!(r.header("content-encoding"), "gzip");
}

#[tokio::test]
async fn guesses_count_against_the_account_however_it_is_spelt() {
    let t = TestApp::new().await;
    let register = json!({ "name": "Rina", "email": "rina@example.com", "phone": "01912345678", "password": PASSWORD });
    assert_eq!(t.post("localhost", "/my-account/user/register", None, register).await.status, StatusCode::CREATED);
    let login = |who: &str, password: &str| json!({ "email": who, "password": password });
    // Every spelling of the number signs in.
    for spelling in ["+8801912345678", "019-1234-5678", "8801912345678", "০১৯১২৩৪৫৬৭৮"] {
        let r = t.post("localhost", "/my-account/user/login", None, login(spelling, PASSWORD)).await;
        assert_eq!(r.status, StatusCode::OK, "{spelling}: {}", r.text);
    }
    // Ten wrong guesses in mixed spellings lock the account for every spelling.
    let spellings = ["rina@example.com", "RINA@example.com", "+8801912345678", "019-1234-5678", "88019 1234 5678"];
    for i in 0..10 {
        let r = t.post("localhost", "/my-account/user/login", None, login(spellings[i % spellings.len()], "wrong-password")).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text);
    }
    for spelling in spellings.iter().chain(&["019 1234 5678"]) {
        let r = t.post("localhost", "/my-account/user/login", None, login(spelling, PASSWORD)).await;
        assert_error_shape(&r, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts");
    }

    // API clients: the token endpoint is limited the same way.
    let (id, secret) = control_plane::users::oauth::create_client(&t.platform.db, "partner-sync").await.unwrap();
    let grant = |secret: &str| json!({ "grant_type": "client_credentials", "client_id": id.to_string(), "client_secret": secret });
    assert_eq!(t.post("localhost", "/oauth/token", None, grant(&secret)).await.status, StatusCode::OK);
    for _ in 0..10 {
        assert_eq!(t.post("localhost", "/oauth/token", None, grant("guess")).await.status, StatusCode::UNAUTHORIZED);
    }
    let r = t.post("localhost", "/oauth/token", None, grant(&secret)).await;
    assert_error_shape(&r, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts");
}

#[tokio::test]
async fn a_suspended_institutions_admin_is_refused_at_once() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    let admin = t.login(DHAKA, "admin@dhaka.example").await;
    let root = t.super_admin().await;
    let info = format!("/my-account/institutions/view-info/{dhaka}");
    assert_eq!(t.get(DHAKA, &info, Some(&admin)).await.status, StatusCode::OK);
    // The admin's session is cached from here on.
    assert_eq!(t.get("localhost", &info, Some(&admin)).await.status, StatusCode::OK);

    let r = t.call(Method::PUT, "localhost", "/my-account/institutions/update", Some(&root), &[], Some(json!({ "id": dhaka, "state": "suspended" }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = t.get("localhost", &info, Some(&admin)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "the very next request: {}", r.text);
    let me = t.get("localhost", "/my-account/user/view-info", Some(&admin)).await;
    assert_eq!(me.body["data"]["roles"], json!([]), "no role in a suspended institution: {}", me.text);
    // The site itself goes as soon as the edge hears of it (LISTEN/NOTIFY).
    t.eventually(|| async { t.get(DHAKA, "/my-account/institutions/retrieve-site", None).await.status == StatusCode::NOT_FOUND }).await;

    let r = t.call(Method::PUT, "localhost", "/my-account/institutions/update", Some(&root), &[], Some(json!({ "id": dhaka, "state": "active" }))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(t.get("localhost", &info, Some(&admin)).await.status, StatusCode::OK, "back with the institution");
}

#[tokio::test]
async fn text_that_says_nothing_is_required_text_missing() {
    let t = TestApp::new().await;
    let token = teacher(&t).await;
    for blank in ["   ", "\u{200B}", "\u{FEFF}\u{00A0}\u{2060}", "\u{3000}\t"] {
        let r = t.post(DHAKA, "/course/course/create", Some(&token), json!({ "title": blank, "title_bn": blank })).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{blank:?}: {}", r.text);
        assert!(field_error(&r, "title").is_some());
    }
    let r = t.post(DHAKA, "/course/course/create", Some(&token), json!({ "title": "\u{200B} Physics \u{200B}" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["title"], "Physics");

    let dhaka_admin = {
        let dhaka: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = 'dhaka'").fetch_one(&t.platform.db).await.unwrap();
        t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
        t.login(DHAKA, "admin@dhaka.example").await
    };
    let r = t.call(Method::PUT, DHAKA, "/my-account/institutions/update-site", Some(&dhaka_admin), &[], None).await;
    assert_error_shape(&r, StatusCode::UNPROCESSABLE_ENTITY, "empty_body");
    let r = t.call(Method::PUT, DHAKA, "/my-account/institutions/update-site", Some(&dhaka_admin), &[], Some(json!({}))).await;
    assert_error_shape(&r, StatusCode::UNPROCESSABLE_ENTITY, "empty_body");
}

/// A file whose first bytes say MP4 (`ftyp` at byte 4), `len` bytes long, with varied content.
fn mp4(len: usize) -> Vec<u8> {
    let mut bytes: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
    bytes[..12].copy_from_slice(b"\0\0\0\x18ftypmp42");
    bytes
}

#[tokio::test]
async fn lesson_files_stream_into_the_bucket_in_parts() {
    let t = TestApp::new().await;
    let token = teacher(&t).await;
    let dhaka: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = 'dhaka'").fetch_one(&t.platform.db).await.unwrap();
    let course = t.post(DHAKA, "/course/course/create", Some(&token), json!({ "title": "Video" })).await.body["data"]["id"].as_i64().unwrap();
    let section = t.post(DHAKA, "/course/schedule/section", Some(&token), json!({ "course_id": course, "title": "S" })).await.body["data"]["id"].as_i64().unwrap();
    let lesson = t
        .post(DHAKA, "/course/schedule/lesson", Some(&token), json!({ "section_id": section, "title": "L", "lesson_type": "video" }))
        .await
        .body["data"]["id"]
        .as_i64()
        .unwrap();
    let prefix = format!("lessons/{lesson}");

    // Refused by content, or over the limit: nothing is left in the bucket.
    let r = upload(&t, &token, lesson, "clip.mp4", b"<html><script>alert(1)</script></html>").await;
    assert_eq!(field_error(&r, "file"), Some("This file type is not allowed or the file is too large."), "{}", r.text);
    let max = tenant_api::courses::syllabus::MAX_LESSON_FILE_BYTES;
    let r = upload(&t, &token, lesson, "big.mp4", &mp4(max + 10)).await;
    assert_eq!(field_error(&r, "file"), Some("This file type is not allowed or the file is too large."), "{}", r.text);
    let r = upload(&t, &token, lesson, "bigger.mp4", &mp4(max + 256 * 1024)).await;
    assert_error_shape(&r, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
    assert!(objects(&t, dhaka, &prefix).await.is_empty(), "no part of a refused file stays");

    // 12 MB: three parts of a multipart upload, stored whole and byte for byte.
    let content = mp4(12 * 1024 * 1024 + 123);
    let r = upload(&t, &token, lesson, "lecture.mp4", &content).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!((r.body["data"]["has_file"].as_bool(), r.body["data"]["file_name"].as_str()), (Some(true), Some("lecture.mp4")));
    let stored = objects(&t, dhaka, &prefix).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(stored[0].1 as usize, content.len());
    let object = t.state.storage.platform().get_object().bucket(bucket_name(&t.platform.config.storage, dhaka)).key(&stored[0].0).send().await.unwrap();
    assert_eq!(object.content_type(), Some("video/mp4"));
    assert!(object.body.collect().await.unwrap().into_bytes() == content, "the bytes that went in come out");

    // A replacement removes the old object.
    let r = upload(&t, &token, lesson, "notes.pdf", b"%PDF-1.7 small").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let now: Vec<String> = objects(&t, dhaka, &prefix).await.into_iter().map(|(k, _)| k).collect();
    assert!(now.len() == 1 && now[0].ends_with(".pdf"), "{now:?}");
}
