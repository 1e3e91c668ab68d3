//! The bell against the real PostgreSQL: an approved enrolment tells the learner, their open
//! stream's count rises on another edge, reading it brings the count down; nobody else's.

use crate::common::{TestApp, event_with, open_stream};
use axum::http::StatusCode;
use serde_json::json;

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";
const STREAM: &str = "/my-account/notifications/stream";

#[tokio::test]
async fn an_approved_enrolment_rings_the_learners_bell_on_every_edge() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.tenant("sylhet").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    t.platform.user("other@example.com", None).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let other = t.login(DHAKA, "other@example.com").await;
    let course = t.post(DHAKA, "/course/course/create", Some(&admin), json!({ "title": "Physics", "title_bn": "পদার্থবিজ্ঞান" })).await.body["data"].clone();
    let (course_id, uuid) = (course["id"].as_i64().unwrap(), course["uuid"].as_str().unwrap().to_owned());
    let section = t.post(DHAKA, "/course/schedule/section", Some(&admin), json!({ "course_id": course_id, "title": "Motion" })).await.body["data"]["id"].as_i64().unwrap();
    let lesson = t.post(DHAKA, "/course/schedule/lesson", Some(&admin), json!({ "section_id": section, "title": "Speed", "lesson_type": "discussion" })).await;
    let lesson = lesson.body["data"]["id"].as_i64().unwrap();
    let batch = t.post(DHAKA, "/course/batch/create", Some(&admin), json!({ "course_id": course_id, "name": "B", "start_date": "2026-01-01", "let_enroll": 2 })).await;
    let batch = batch.body["data"]["id"].as_i64().unwrap();
    t.put(DHAKA, "/course/batch/update-publish-feature", &admin, json!({ "id": batch, "published": true })).await;
    t.put(DHAKA, "/course/update-publish-feature", &admin, json!({ "id": course_id, "published": true })).await;
    assert_eq!(t.get(DHAKA, "/my-account/notifications/unread", None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(t.get(DHAKA, STREAM, None).await.status, StatusCode::UNAUTHORIZED);

    // The learner's bell is open on a second edge, as behind a load balancer.
    let second = tenant_api::AppState::build(t.platform.db.clone(), t.platform.config.clone(), t.state.edge.as_ref().clone()).unwrap();
    tenant_api::announce::spawn(second.clone());
    let second_edge = tenant_api::router::app(second);
    let mut bell = open_stream(&second_edge, DHAKA, STREAM, &learner, None).await;
    assert_eq!(event_with(&mut bell, r#""unread":0"#).await.1, "unread", "the count when it opens");

    let r = t.post(DHAKA, &format!("/course/batch/enroll/{batch}"), Some(&learner), json!({})).await;
    assert_eq!(r.body["data"]["status"], "pending", "{}", r.text);
    let pending = t.get(DHAKA, &format!("/course/batch/enrolled_users/{batch}?field=pending"), Some(&admin)).await;
    let enrollment = pending.body["data"][0]["enrollment_id"].as_i64().unwrap();
    assert_eq!(t.put(DHAKA, &format!("/course/batch/approve_enroll/{enrollment}"), &admin, json!({})).await.status, StatusCode::OK);
    assert_eq!(event_with(&mut bell, r#""unread":1"#).await.1, "unread", "the approval reaches the other edge's stream");

    let list = t.get(DHAKA, "/my-account/notifications", Some(&learner)).await;
    assert_eq!((list.status, list.body["total"].as_i64()), (StatusCode::OK, Some(1)), "{}", list.text);
    let told = &list.body["data"][0];
    assert_eq!((told["kind"].as_str(), told["read"].as_bool()), (Some("enrolment_approved"), Some(false)));
    assert_eq!((told["params"]["course_title_bn"].as_str(), told["link"].as_str()), (Some("পদার্থবিজ্ঞান"), Some(format!("/course/details/{uuid}").as_str())));
    // Approving again tells nobody anything new.
    t.put(DHAKA, &format!("/course/batch/approve_enroll/{enrollment}"), &admin, json!({})).await;
    assert_eq!(t.get(DHAKA, "/my-account/notifications/unread", Some(&learner)).await.body["data"]["unread"], 1);

    // Nobody else's: not another person's list, not theirs to mark, not on another site.
    let id = told["id"].as_i64().unwrap();
    assert_eq!(t.get(DHAKA, "/my-account/notifications", Some(&other)).await.body["total"], 0);
    assert_eq!(t.put(DHAKA, &format!("/my-account/notifications/read/{id}"), &other, json!({})).await.status, StatusCode::NOT_FOUND);
    let learner_sylhet = t.login(SYLHET, "learner@example.com").await;
    assert_eq!(t.get(SYLHET, "/my-account/notifications", Some(&learner_sylhet)).await.body["total"], 0);
    assert_eq!(t.put(SYLHET, &format!("/my-account/notifications/read/{id}"), &learner_sylhet, json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/my-account/notifications/unread", Some(&learner)).await.body["data"]["unread"], 1, "still unread");

    // Read: the count falls, live; reading again or all is harmless; an id that is not one is not found.
    assert_eq!(t.put(DHAKA, &format!("/my-account/notifications/read/{id}"), &learner, json!({})).await.status, StatusCode::NO_CONTENT);
    assert_eq!(event_with(&mut bell, r#""unread":0"#).await.1, "unread");
    assert_eq!(t.put(DHAKA, &format!("/my-account/notifications/read/{id}"), &learner, json!({})).await.status, StatusCode::NO_CONTENT);
    assert_eq!(t.put(DHAKA, "/my-account/notifications/read-all", &learner, json!({})).await.status, StatusCode::NO_CONTENT);
    assert_eq!(t.get(DHAKA, "/my-account/notifications", Some(&learner)).await.body["data"][0]["read"], true);
    assert_eq!(t.put(DHAKA, "/my-account/notifications/read/abc", &learner, json!({})).await.status, StatusCode::NOT_FOUND, "no such notification");
    assert_eq!(t.get(DHAKA, "/my-account/notifications?page=999", Some(&learner)).await.body["current_page"], 1, "past the end: the last page");

    // Finishing the course issues the certificate: another ring, once.
    let done = t.get(DHAKA, &format!("/course/batch/completed_lesson/{lesson}"), Some(&learner)).await;
    let code = done.body["data"]["certificate"]["tracking_code"].as_str().expect("a certificate").to_owned();
    assert_eq!(event_with(&mut bell, r#""unread":1"#).await.1, "unread");
    t.get(DHAKA, &format!("/course/batch/completed_lesson/{lesson}"), Some(&learner)).await;
    let list = t.get(DHAKA, "/my-account/notifications", Some(&learner)).await;
    assert_eq!((list.body["total"].as_i64(), list.body["data"][0]["kind"].as_str()), (Some(2), Some("certificate_issued")), "{}", list.text);
    assert_eq!(list.body["data"][0]["link"].as_str(), Some(format!("/certificate/check/{code}").as_str()));
}
