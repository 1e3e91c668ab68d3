//! Leaderboards and the gamification card: points earned on each site by finishing lessons,
//! being certified and reviewing, one site's board counting only its own, the platform's board
//! all, and a learner who hides left off the boards but not off their own card.

use crate::common::{TestApp, published_course};
use axum::http::StatusCode;
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

/// A learner enrols in a site's one-lesson course and finishes it (10 points, and 100 for the
/// certificate it brings); answers the course id.
async fn learn(t: &TestApp, host: &str, teacher: &str, learner: &str) -> i64 {
    let (course, batch) = published_course(t, host, teacher).await;
    let lesson = t.get(host, &format!("/learner-course/details/{course}"), None).await.body["data"]["sections"][0]["lessons"][0]["id"].as_i64().unwrap();
    let r = t.post(host, "/learner-course/course-enrollment", Some(learner), json!({ "batch_id": batch })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let r = t.get(host, &format!("/course/batch/completed_lesson/{lesson}"), Some(learner)).await;
    assert_eq!(r.body["data"]["certificate"]["status"], "issued", "{}", r.text);
    course
}

fn names(board: &Value) -> Vec<(String, i64, i64)> {
    board["data"].as_array().unwrap().iter().map(|r| (r["name"].as_str().unwrap().to_owned(), r["rank"].as_i64().unwrap(), r["points"].as_i64().unwrap())).collect()
}

#[tokio::test]
async fn points_make_each_sites_board_and_the_platforms_and_a_learner_may_hide() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("teacher@sylhet.example", Some((sylhet, "teacher"))).await;
    let dhaka_teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let sylhet_teacher = t.acting(SYLHET, "teacher@sylhet.example").await;
    for email in ["rina@example.com", "karim@example.com", "mitu@example.com"] {
        t.platform.user(email, None).await;
    }
    let rina = t.login(DHAKA, "rina@example.com").await;
    let karim = t.login(SYLHET, "karim@example.com").await;
    let mitu = t.login(DHAKA, "mitu@example.com").await;

    let course = learn(&t, DHAKA, &dhaka_teacher, &rina).await;
    let r = t.post(DHAKA, &format!("/assessment-front/batch/create-review/{course}"), Some(&rina), json!({ "rating": 5, "body": "চমৎকার" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    learn(&t, SYLHET, &sylhet_teacher, &karim).await;

    let board = |host: &'static str, query: &'static str, token: Option<String>| {
        let t = &t;
        async move { t.get(host, &format!("/my-account/user/leaderboard?{query}"), token.as_deref()).await }
    };
    let mine = board(DHAKA, "", Some(rina.clone())).await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.text);
    assert_eq!(names(&mine.body), [("rina@example.com".to_owned(), 1, 115)], "this week on this site: karim's points are sylhet's");
    assert_eq!((mine.body["data"][0]["me"].as_bool(), mine.body["total"].as_i64()), (Some(true), Some(1)));
    assert_eq!(names(&board(SYLHET, "period=all_time", None).await.body), [("karim@example.com".to_owned(), 1, 110)]);
    let all = board(DHAKA, "scope=all&period=all_time", None).await;
    assert_eq!(names(&all.body), [("rina@example.com".to_owned(), 1, 115), ("karim@example.com".to_owned(), 2, 110)]);
    assert_eq!(all.body["data"][0]["me"], false, "nobody signed in");

    let card = t.get(DHAKA, "/my-account/user/gamification", Some(&rina)).await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.text);
    let c = &card.body["data"];
    assert_eq!((c["points"].clone(), c["counts"].clone()), (json!({ "week": 115, "all_time": 115 }),
        json!({ "lessons": 1, "exams": 0, "certificates": 1, "reviews": 1 })));
    assert_eq!(c["rank"], json!({ "site_week": 1, "site_all_time": 1, "all_week": 1, "all_time": 1 }));
    let weeks = c["weeks"].as_array().unwrap();
    assert_eq!((weeks.len(), weeks[11]["points"].as_i64(), weeks[11]["week"].clone()), (12, Some(115), c["week_start"].clone()));
    let badge = |key: &str| c["badges"].as_array().unwrap().iter().find(|b| b["key"] == key).cloned().unwrap();
    assert_eq!((badge("first_certificate")["earned"].as_bool(), badge("ten_lessons")["progress"].as_i64()), (Some(true), Some(1)));
    let nothing = t.get(DHAKA, "/my-account/user/gamification", Some(&mitu)).await;
    assert_eq!(nothing.body["data"]["rank"]["site_week"], Value::Null, "no points, no place");

    // Hidden: off every board, still on her own card, without a place.
    let hidden = t.put(DHAKA, "/my-account/user/gamification", &rina, json!({ "hidden": true })).await;
    assert_eq!((hidden.body["data"]["hidden"].as_bool(), hidden.body["data"]["rank"]["all_time"].clone()), (Some(true), Value::Null));
    assert_eq!(hidden.body["data"]["points"]["all_time"], 115);
    assert_eq!(names(&board(DHAKA, "scope=all&period=all_time", None).await.body), [("karim@example.com".to_owned(), 1, 110)]);
    assert_eq!(board(DHAKA, "", None).await.body["total"], 0);

    // Bad input is named.
    let bad = board(DHAKA, "scope=everyone", None).await;
    assert_eq!((bad.status, bad.body["errors"]["scope"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{}", bad.text);
    assert_eq!(board(DHAKA, "period=year", None).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = t.put(DHAKA, "/my-account/user/gamification", &rina, json!({ "hidden": "yes" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(t.get(DHAKA, "/my-account/user/gamification", None).await.status, StatusCode::UNAUTHORIZED);
}

/// A site that cannot write a learner's points to the boards (the control plane's table gone for
/// a moment) still keeps the achievement and answers it; the learner is marked as owed, and the
/// sweep writes their points once the boards are back.
#[tokio::test]
async fn points_the_boards_missed_are_written_by_the_sweep() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("mitu@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let mitu = t.login(DHAKA, "mitu@example.com").await;

    sqlx::query("ALTER TABLE leaderboard_weeks RENAME TO leaderboard_weeks_away").execute(&t.platform.db).await.unwrap();
    learn(&t, DHAKA, &teacher, &mitu).await;
    sqlx::query("ALTER TABLE leaderboard_weeks_away RENAME TO leaderboard_weeks").execute(&t.platform.db).await.unwrap();
    let board = async || t.get(DHAKA, "/my-account/user/leaderboard?period=all_time", None).await;
    assert_eq!(board().await.body["total"], 0, "the lesson and certificate were kept, the board missed them");
    let db = t.state.pools.get(dhaka).await.unwrap();
    let owed: i64 = sqlx::query_scalar("SELECT count(*) FROM points_pending").fetch_one(&*db).await.unwrap();
    assert_eq!(owed, 1);

    let written = tenant_api::learning::points::sweep(&t.state, dhaka, &db, std::time::Duration::ZERO).await.unwrap();
    assert_eq!(written, 1);
    assert_eq!(names(&board().await.body), [("mitu@example.com".to_owned(), 1, 110)]);
    let owed: i64 = sqlx::query_scalar("SELECT count(*) FROM points_pending").fetch_one(&*db).await.unwrap();
    assert_eq!(owed, 0, "nothing is owed once written");
    assert_eq!(tenant_api::learning::points::sweep(&t.state, dhaka, &db, std::time::Duration::ZERO).await.unwrap(), 0);
}
