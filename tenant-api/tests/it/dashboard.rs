//! The dashboard's figures against the real PostgreSQL: what the site's triggers count as its
//! learners enrol, learn and are certified, who may read the figures, and that one site's
//! figures never count another's.

use crate::common::{TestApp, published_course};
use axum::http::StatusCode;
use chrono::Duration;
use control_plane::dhaka;
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";
const MAIN: &str = "localhost";

/// Dhaka with a published course ("Calculus", one lesson) whose winter batch starts in ten days,
/// three learners in it (two gave a gender), the first of whom finished; Sylhet with its admin.
struct Term {
    t: TestApp,
    teacher: String,
    admin: String,
    sylhet_admin: String,
    learners: Vec<String>,
    learner_ids: Vec<i64>,
    course: i64,
    uuid: String,
    winter: i64,
    starts: chrono::NaiveDate,
    dhaka: i64,
}

async fn term() -> Term {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;

    let (course, _) = published_course(&t, DHAKA, &teacher).await;
    let details = t.get(DHAKA, &format!("/learner-course/details/{course}"), None).await;
    let uuid = details.body["data"]["uuid"].as_str().unwrap().to_owned();
    let lesson = details.body["data"]["sections"][0]["lessons"][0]["id"].as_i64().unwrap();
    let starts = dhaka::today() + Duration::days(10);
    let r = t.post(DHAKA, "/course/batch/create", Some(&teacher), json!({ "course_id": course, "name": "Winter", "start_date": starts.to_string() })).await;
    let winter = r.body["data"]["id"].as_i64().unwrap();
    assert_eq!(t.put(DHAKA, "/course/batch/update-publish-feature", &teacher, json!({ "id": winter, "published": true })).await.status, StatusCode::OK);

    let (mut learners, mut learner_ids) = (Vec::new(), Vec::new());
    for (email, gender) in [("rina@example.com", Some("female")), ("karim@example.com", Some("male")), ("anon@example.com", None)] {
        let id = t.platform.user(email, None).await;
        sqlx::query("UPDATE users SET gender = $2 WHERE id = $1").bind(id).bind(gender).execute(&t.platform.db).await.unwrap();
        let token = t.login(DHAKA, email).await;
        let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&token), json!({ "batch_id": winter })).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        learners.push(token);
        learner_ids.push(id);
    }
    let r = t.get(DHAKA, &format!("/course/batch/completed_lesson/{lesson}"), Some(&learners[0])).await;
    assert_eq!((r.status, r.body["data"]["status"].as_str()), (StatusCode::OK, Some("completed")), "{}", r.text);
    assert_eq!(r.body["data"]["certificate"]["status"], "issued");
    Term { t, teacher, admin, sylhet_admin, learners, learner_ids, course, uuid, winter, starts, dhaka }
}

#[tokio::test]
async fn a_site_admin_sees_its_own_figures_and_a_learner_their_track() {
    let Term { t, teacher, admin, sylhet_admin, learners, uuid, winter, starts, .. } = term().await;
    let today = dhaka::today();
    let week = format!("start_date={}&end_date={today}", today - Duration::days(6));
    let figure = async |host: &str, token: &str, call: &str| {
        let r = t.get(host, &format!("/api/v3/dashboard/{call}?{week}"), Some(token)).await;
        assert_eq!(r.status, StatusCode::OK, "{call}: {}", r.text);
        r.body["data"].clone()
    };
    let learners_now = figure(DHAKA, &admin, "total/learner").await;
    assert_eq!((learners_now["total"].as_i64(), learners_now["new_in_range"].as_i64()), (Some(3), Some(3)), "{learners_now}");
    assert_eq!(learners_now["range"], json!({ "start_date": (today - Duration::days(6)).to_string(), "end_date": today.to_string() }));
    let courses = figure(DHAKA, &admin, "total/course").await;
    assert_eq!((courses["total"].as_i64(), courses["published"].as_i64(), courses["new_in_range"].as_i64()), (Some(1), Some(1), Some(1)));
    assert_eq!(courses["by_type"], json!([{ "course_type": "course", "total": 1 }]));
    let certificates = figure(DHAKA, &admin, "total/certificate").await;
    assert_eq!((certificates["total"].as_i64(), certificates["in_range"].as_i64(), certificates["pending"].as_i64()), (Some(1), Some(1), Some(0)));
    let done = figure(DHAKA, &admin, "completeness").await;
    assert_eq!((done["enrolments"].as_i64(), done["completed"].as_i64(), done["completion_percent"].as_i64()), (Some(3), Some(1), Some(33)));
    assert_eq!(done["in_range"], json!({ "enrolled": 3, "completed": 1 }));
    let series = figure(DHAKA, &admin, "enrollment").await;
    let points = series["points"].as_array().unwrap();
    assert_eq!((series["step"].as_str(), points.len()), (Some("day"), 7));
    assert_eq!(points[6], json!({ "date": today.to_string(), "enrolments": 3, "completions": 1, "lessons": 1 }));
    assert!(points[..6].iter().all(|p| p["enrolments"] == 0), "every day is there, zeros included");
    let genders = figure(DHAKA, &admin, "total/learner_by_gender").await;
    assert_eq!(genders["genders"], json!([{ "gender": "female", "count": 1 }, { "gender": "male", "count": 1 }, { "gender": "other", "count": 0 }, { "gender": "unknown", "count": 1 }]));
    let exams = figure(DHAKA, &admin, "total/exam").await;
    assert_eq!((exams["total"].as_i64(), exams["attempts_in_range"].as_i64()), (Some(0), Some(0)));
    let upcoming = figure(DHAKA, &admin, "upcoming").await;
    assert_eq!(upcoming["items"][0], json!({ "kind": "batch", "id": winter, "title": "Calculus", "title_bn": "ক্যালকুলাস", "starts_on": starts.to_string(), "link": format!("/course/details/{uuid}") }));
    // A range over 92 days is drawn in weeks starting on Monday.
    let r = t.get(DHAKA, &format!("/api/v3/dashboard/enrollment?start_date={}&end_date={today}", today - Duration::days(200)), Some(&admin)).await;
    let weeks = r.body["data"]["points"].as_array().unwrap();
    assert_eq!(r.body["data"]["step"], "week");
    assert_eq!(weeks.iter().map(|p| p["enrolments"].as_i64().unwrap()).sum::<i64>(), 3);

    // The learner's own track.
    let track = figure(DHAKA, &learners[0], "learnTrack").await;
    assert_eq!((track["enrolled"].as_i64(), track["completed"].as_i64(), track["in_progress"].as_i64()), (Some(1), Some(1), Some(0)));
    assert_eq!((track["certificates"].as_i64(), track["lessons_in_range"].as_i64()), (Some(1), Some(1)));
    assert_eq!(track["points"].as_array().map(Vec::len), Some(7));
    let track = figure(DHAKA, &learners[1], "learnTrack").await;
    assert_eq!((track["in_progress"].as_i64(), track["lessons_in_range"].as_i64()), (Some(1), Some(0)));
    let classes = t.get(DHAKA, "/api/v3/dashboard/upcoming-classes", Some(&learners[0])).await;
    assert_eq!(classes.body["data"]["items"], json!([]));

    // Who may read the site's figures: its admins, not its teachers or learners, not signed out,
    // not another site's admin; and another site counts nothing of this one's.
    for call in ["total/learner", "total/course", "total/exam", "total/certificate", "total/learner_by_gender", "completeness", "enrollment", "upcoming"] {
        for token in [&teacher, &learners[0], &sylhet_admin] {
            assert_eq!(t.get(DHAKA, &format!("/api/v3/dashboard/{call}"), Some(token)).await.status, StatusCode::FORBIDDEN, "{call}");
        }
        assert_eq!(t.get(DHAKA, &format!("/api/v3/dashboard/{call}"), None).await.status, StatusCode::UNAUTHORIZED, "{call}");
    }
    assert_eq!(figure(SYLHET, &sylhet_admin, "total/learner").await["total"], 0);
    assert_eq!(figure(SYLHET, &sylhet_admin, "total/learner_by_gender").await["total"], 0);
    assert_eq!(figure(SYLHET, &sylhet_admin, "completeness").await["enrolments"], 0);
    assert_eq!(figure(SYLHET, &learners[0], "learnTrack").await["enrolled"], 0, "her track on another site is that site's");

    // Bad dates: a clear 422 on the field.
    let refused = async |query: &str| {
        let r = t.get(DHAKA, &format!("/api/v3/dashboard/enrollment?{query}"), Some(&admin)).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}: {}", r.text);
        r.body["errors"].clone()
    };
    assert_eq!(refused("start_date=2026-12-05&end_date=2026-12-01").await["end_date"][0], "The end date must not be before the start date.");
    assert_eq!(refused("start_date=2025-01-01&end_date=2026-06-01").await["end_date"][0], "Choose at most 366 days.");
    assert!(refused("start_date=2026-02-30").await["start_date"].is_array());
    assert!(refused("end_date=yesterday").await["end_date"].is_array());
    assert!(refused("start_date=2026-12-01%00").await["start_date"].is_array());

    // The platform's figures are the super admin's.
    let root = t.super_admin().await;
    let r = t.get(MAIN, "/admin-settings/dashboard/stats", Some(&root)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let stats: &Value = &r.body["data"];
    assert_eq!(stats["partners"]["active"], 2, "{stats}");
    assert!(stats["users"]["total"].as_i64().unwrap() >= 7);
    assert_eq!(stats["genders"].as_array().map(Vec::len), Some(4));
    assert_eq!(t.get(MAIN, "/admin-settings/dashboard/stats", Some(&admin)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn reports_per_course_and_learner_page_and_download() {
    let Term { t, teacher, admin, sylhet_admin, learners, learner_ids, course, .. } = term().await;
    let get = async |path: &str| {
        let r = t.get(DHAKA, path, Some(&admin)).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.text);
        r
    };
    let r = get("/course/reports/courses").await;
    assert_eq!(r.body["total"], 1);
    let row = &r.body["data"][0];
    assert_eq!((row["title"].as_str(), row["enrolments"].as_i64(), row["completed"].as_i64()), (Some("Calculus"), Some(3), Some(1)), "{row}");
    assert_eq!((row["completion_percent"].as_i64(), row["lessons_completed"].as_i64(), row["certificates"].as_i64()), (Some(33), Some(1), Some(1)));
    assert_eq!(get("/course/reports/courses?search=%E0%A6%95%E0%A7%8D%E0%A6%AF%E0%A6%BE%E0%A6%B2").await.body["total"], 1, "Bangla title search");
    assert_eq!(get("/course/reports/courses?search=physics").await.body["total"], 0);

    let r = get("/course/reports/learners?limit=2").await;
    assert_eq!((r.body["total"].as_i64(), r.body["last_page"].as_i64(), r.body["data"].as_array().map(Vec::len)), (Some(3), Some(2), Some(2)));
    let r = get("/course/reports/learners?search=rina").await;
    assert_eq!((r.body["data"][0]["completed"].as_i64(), r.body["data"][0]["certificates"].as_i64()), (Some(1), Some(1)));
    assert_eq!(get("/course/reports/learners?page=99&limit=2").await.body["current_page"], 2, "a page past the last is the last");

    let r = get(&format!("/course/reports/course-users/{course}?search=rina")).await;
    let rina = &r.body["data"][0];
    assert_eq!((rina["status"].as_str(), rina["percent"].as_i64(), rina["lessons_total"].as_i64()), (Some("completed"), Some(100), Some(1)));
    assert!(rina["certificate_code"].is_string());
    let r = get(&format!("/course/reports/learner-courses/{}", learner_ids[1])).await;
    assert_eq!((r.body["total"].as_i64(), r.body["data"][0]["percent"].as_i64(), r.body["data"][0]["certificate_code"].is_null()), (Some(1), Some(0), true));
    assert_eq!(t.get(DHAKA, "/course/reports/course-users/987654", Some(&admin)).await.status, StatusCode::NOT_FOUND);

    let today = dhaka::today();
    let r = get(&format!("/course/reports/course-stat/{course}?start_date={}&end_date={today}", today - Duration::days(6))).await;
    let stat = &r.body["data"];
    assert_eq!(stat["all_time"], json!({ "enrolments": 3, "completions": 1, "lessons": 1, "certificates": 1 }));
    assert_eq!((stat["points"].as_array().map(Vec::len), stat["batches"].as_array().map(Vec::len)), (Some(7), Some(2)));
    assert_eq!(stat["batches"][1]["learners"], 3);
    let r = get("/course/reports/course-stats").await;
    assert_eq!((r.body["data"]["courses"].as_i64(), r.body["data"]["enrolments"].as_i64()), (Some(1), Some(3)));
    let r = get("/course/reports/learner-stats").await;
    assert_eq!((r.body["data"]["learners"].as_i64(), r.body["data"]["certificates"].as_i64()), (Some(3), Some(1)));
    let r = get(&format!("/course/reports/learner-stat/{}", learner_ids[0])).await;
    assert_eq!((r.body["data"]["completed"].as_i64(), r.body["data"]["lessons_completed"].as_i64(), r.body["data"]["user"]["name"].as_str()), (Some(1), Some(1), Some("rina@example.com")));
    assert_eq!(t.get(DHAKA, "/course/reports/learner-stat/987654", Some(&admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/course/reports/course-stat/987654", Some(&admin)).await.status, StatusCode::NOT_FOUND);

    // Downloads: every matching row, CSV with the mark Excel needs for Bangla, or XLSX.
    let r = get("/course/reports/courses?format=csv").await;
    assert_eq!((r.header("content-type"), r.header("content-disposition")), ("text/csv; charset=utf-8", "attachment; filename=\"courses-report.csv\""));
    assert!(r.text.starts_with('\u{feff}') && r.text.contains("Calculus,ক্যালকুলাস,course,yes,3,1,33,1,1"), "{}", r.text);
    let r = get(&format!("/course/reports/course-users/{course}?format=xlsx")).await;
    assert!(r.header("content-type").starts_with("application/vnd.openxmlformats"));
    let sheet = tenant_api::sheets::read(&r.bytes).unwrap();
    assert_eq!((sheet.rows.len(), sheet.headers[0].as_str()), (3, "name"), "every learner of the course, with a header");
    let r = t.get(DHAKA, "/course/reports/learners?format=pdf", Some(&admin)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The site's admins only; another site sees nothing of Dhaka's.
    for path in ["/course/reports/courses", "/course/reports/learners", "/course/reports/course-stats", "/course/reports/learner-stats"] {
        for token in [&teacher, &learners[0], &sylhet_admin] {
            assert_eq!(t.get(DHAKA, path, Some(token)).await.status, StatusCode::FORBIDDEN, "{path}");
        }
        assert_eq!(t.get(DHAKA, path, None).await.status, StatusCode::UNAUTHORIZED, "{path}");
    }
    assert_eq!(t.get(SYLHET, "/course/reports/learners", Some(&sylhet_admin)).await.body["total"], 0);
    assert_eq!(t.get(SYLHET, &format!("/course/reports/learner-courses/{}", learner_ids[0]), Some(&sylhet_admin)).await.body["total"], 0);
    assert_eq!(t.get(SYLHET, &format!("/course/reports/course-users/{course}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
}

/// Polls an export until it has ended, checking on the way that its count only grows.
async fn export_ended(t: &TestApp, token: &str, id: &str) -> Value {
    let mut seen = 0;
    for _ in 0..1_200 {
        let r = t.get(DHAKA, &format!("/course/reports/exports/{id}"), Some(token)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        let export = r.body["data"].clone();
        let done = export["rows_done"].as_i64().unwrap();
        assert!(done >= seen, "progress went back from {seen} to {done}");
        seen = done;
        if matches!(export["status"].as_str(), Some("done" | "failed" | "cancelled")) {
            return export;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("export {id} did not end within two minutes");
}

/// A report of 100,000 learners is exported in the background: the request answers at once, the
/// export counts its rows as it goes, and the file holds every row with Bangla intact. An export
/// whose edge died is started again by the next look at it; a cancelled one never becomes a file;
/// an admin has at most three under way; nobody else reads them, on this site or another.
#[tokio::test]
async fn a_report_of_100000_rows_is_exported_in_the_background() {
    let Term { t, teacher, admin, sylhet_admin, course, winter, dhaka, .. } = term().await;
    let db = t.state.pools.get(dhaka).await.unwrap();
    sqlx::query(
        "INSERT INTO enrollments (course_id, batch_id, user_id, user_name, user_email, status, enrolled_at)
         SELECT $1, $2, 1000000 + g, 'শিক্ষার্থী ' || g, 'learner' || g || '@example.com', 'active', now() - g * interval '1 second'
           FROM generate_series(1, 100000) g",
    )
    .bind(course)
    .bind(winter)
    .execute(&*db)
    .await
    .unwrap();

    let start = async |body: Value| t.post(DHAKA, "/course/reports/exports", Some(&admin), body).await;
    let r = start(json!({ "list": "course-users", "id": course, "format": "csv" })).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    let id = r.body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!((r.body["data"]["file_name"].as_str(), r.body["data"]["list"].as_str()), (Some(format!("course-{course}-learners.csv").as_str()), Some("course-users")));
    let export = export_ended(&t, &admin, &id).await;
    assert_eq!((export["status"].as_str(), export["rows_total"].as_i64(), export["rows_done"].as_i64()), (Some("done"), Some(100_003), Some(100_003)), "{export}");
    let r = t.get(DHAKA, &format!("/course/reports/exports/{id}/download"), Some(&admin)).await;
    assert_eq!((r.status, r.header("content-type")), (StatusCode::OK, "text/csv; charset=utf-8"));
    assert_eq!(export["size_bytes"].as_u64(), Some(r.bytes.len() as u64));
    let sheet = tenant_api::sheets::read(&r.bytes).unwrap();
    assert_eq!((sheet.headers[0].as_str(), sheet.rows.len()), ("name", 100_003));
    assert!(sheet.rows.iter().any(|(_, cells)| cells[0] == "শিক্ষার্থী 77777" && cells[1] == "learner77777@example.com"), "Bangla names survive");
    let listed = t.get(DHAKA, "/course/reports/exports", Some(&admin)).await;
    assert_eq!(listed.body["data"][0]["id"].as_str(), Some(id.as_str()));

    // The edge that ran it died mid-way (its heartbeat stopped a minute ago): the next look at it
    // starts it again from the top, and it ends with every row once.
    sqlx::query("UPDATE report_exports SET status = 'running', rows_done = 7, heartbeat_at = now() - interval '1 minute' WHERE id = $1::uuid")
        .bind(&id)
        .execute(&*db)
        .await
        .unwrap();
    let export = export_ended(&t, &admin, &id).await;
    assert_eq!((export["status"].as_str(), export["rows_done"].as_i64()), (Some("done"), Some(100_003)));
    let attempt: i32 = sqlx::query_scalar("SELECT attempt FROM report_exports WHERE id = $1::uuid").bind(&id).fetch_one(&*db).await.unwrap();
    assert_eq!(attempt, 2);

    // The learners list as Excel, with the search kept.
    let r = start(json!({ "list": "learners", "format": "xlsx", "search": "learner1234@" })).await;
    let xlsx = r.body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(export_ended(&t, &admin, &xlsx).await["rows_total"], 1);
    let r = t.get(DHAKA, &format!("/course/reports/exports/{xlsx}/download"), Some(&admin)).await;
    let sheet = tenant_api::sheets::read(&r.bytes).unwrap();
    assert_eq!(sheet.rows[0].1[0], "শিক্ষার্থী 1234");

    // Cancelled at once: never a file. Three under way at most.
    let r = start(json!({ "list": "course-users", "id": course, "format": "xlsx" })).await;
    let cancelled = r.body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(t.delete(DHAKA, &format!("/course/reports/exports/{cancelled}"), Some(&admin)).await.status, StatusCode::NO_CONTENT);
    assert_eq!(export_ended(&t, &admin, &cancelled).await["status"], "cancelled");
    assert_eq!(t.get(DHAKA, &format!("/course/reports/exports/{cancelled}/download"), Some(&admin)).await.status, StatusCode::CONFLICT);
    for _ in 0..3 {
        assert_eq!(start(json!({ "list": "learners", "format": "csv" })).await.status, StatusCode::ACCEPTED);
    }
    let r = start(json!({ "list": "learners", "format": "csv" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_exports")), "{}", r.text);

    // Bad requests, and the synchronous download refusing what is too long for one request.
    for (body, field) in [
        (json!({ "list": "everything", "format": "csv" }), "list"),
        (json!({ "list": "courses", "format": "pdf" }), "format"),
        (json!({ "list": "course-users", "format": "csv" }), "id"),
        (json!({ "list": "courses", "format": "csv", "search": "x".repeat(201) }), "search"),
        (json!({ "list": "courses", "format": "csv", "search": "a\u{0}b" }), "search"),
        (json!({ "list": "courses", "format": 7 }), "format"),
    ] {
        let r = start(body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
        assert!(r.text.contains(field), "{}", r.text);
    }
    assert_eq!(start(json!({ "list": "course-users", "id": 987654, "format": "csv" })).await.status, StatusCode::NOT_FOUND);
    let r = t.get(DHAKA, &format!("/course/reports/course-users/{course}?format=csv"), Some(&admin)).await;
    let too_large = control_plane::i18n::message("export_too_large", control_plane::i18n::Lang::En, None);
    assert_eq!((r.status, r.body["errors"]["format"][0].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some(too_large.as_str())), "{}", r.text);

    // Nobody else: the teacher is refused, another site's admin finds nothing.
    assert_eq!(t.get(DHAKA, &format!("/course/reports/exports/{id}"), Some(&teacher)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, "/course/reports/exports", None).await.status, StatusCode::UNAUTHORIZED);
    for path in [format!("/course/reports/exports/{id}"), format!("/course/reports/exports/{id}/download")] {
        assert_eq!(t.get(SYLHET, &path, Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(t.get(SYLHET, "/course/reports/exports", Some(&sylhet_admin)).await.body["data"], json!([]));
    assert_eq!(t.delete(SYLHET, &format!("/course/reports/exports/{id}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, &format!("/course/reports/exports/{id}/download"), Some(&admin)).await.status, StatusCode::OK, "still there");
}

/// The enrolment forecast of a course from its weeks of history: too little history said plainly,
/// then a season and a trend learnt and carried on, with the error on the weeks held out; the
/// site's admins only.
#[tokio::test]
async fn a_courses_enrolments_are_forecast_from_its_history_with_the_error_shown() {
    let Term { t, teacher, admin, sylhet_admin, course, .. } = term().await;
    let forecast = |token: String, path: String| {
        let t = &t;
        async move { t.get(DHAKA, &path, Some(&token)).await }
    };
    let r = forecast(admin.clone(), format!("/ai/forecast?course_id={course}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!((r.body["data"]["enough_history"].as_bool(), r.body["data"]["forecast"].as_array().map(Vec::len)), (Some(false), Some(0)), "enrolled today: no whole week yet");

    // Sixteen whole weeks before today: 10 + 2 a week, with a swing of +3, -1, -1, -1 in each four.
    let dhaka: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = 'dhaka'").fetch_one(&t.platform.db).await.unwrap();
    let db = t.state.pools.get(dhaka).await.unwrap();
    let yesterday = dhaka::today() - Duration::days(1);
    let first = yesterday - Duration::days(16 * 7 - 1);
    let season = [3, -1, -1, -1];
    for week in 0..16i64 {
        let day = first + Duration::days(7 * week);
        let n = 10 + 2 * week + season[week as usize % 4];
        sqlx::query("INSERT INTO dashboard_course_days (course_id, day, enrolments) VALUES ($1, $2, $3)")
            .bind(course)
            .bind(day)
            .bind(n as i32)
            .execute(&*db)
            .await
            .unwrap();
    }
    let r = forecast(admin.clone(), format!("/ai/forecast?course_id={course}&weeks=4")).await;
    let f = &r.body["data"];
    assert_eq!((f["enough_history"].as_bool(), f["method"].as_str()), (Some(true), Some("trend_and_season")), "{}", r.text);
    assert_eq!(f["history"].as_array().unwrap().len(), 16);
    assert_eq!(f["history"][0]["week_start"], first.to_string());
    assert_eq!(f["holdout"]["mean_absolute_error"], 0.0, "the pattern is learnt exactly: {f}");
    assert_eq!(f["holdout"]["actual"], json!([37, 35, 37, 39]));
    assert_eq!(f["forecast"].as_array().unwrap().iter().map(|w| w["enrolments"].as_f64().unwrap()).collect::<Vec<_>>(), [45.0, 43.0, 45.0, 47.0]);
    assert_eq!(f["forecast"][0]["week_start"], (yesterday + Duration::days(1)).to_string());

    // Who may ask, and what is refused.
    assert_eq!(forecast(teacher, format!("/ai/forecast?course_id={course}")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(forecast(sylhet_admin, format!("/ai/forecast?course_id={course}")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(forecast(admin.clone(), "/ai/forecast?course_id=987654".into()).await.status, StatusCode::NOT_FOUND);
    assert_eq!(forecast(admin.clone(), format!("/ai/forecast?course_id={course}&weeks=13")).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(forecast(admin, "/ai/forecast?course_id=abc".into()).await.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn search_analysis_counts_each_sites_searches_and_what_found_nothing() {
    let Term { t, admin, sylhet_admin, .. } = term().await;
    for query in ["Calculus", "calculus", "ক্যালকুলাস", "xylophone"] {
        let encoded: String = query.bytes().map(|b| format!("%{b:02X}")).collect();
        let r = t.get(DHAKA, &format!("/learner-course/course-search-solr?search={encoded}"), None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    // A second page is the same search, not another.
    t.get(DHAKA, "/learner-course/course-search-solr?search=calculus&start=15", None).await;
    t.get(SYLHET, "/learner-course/course-search-solr?search=xylophone", None).await;
    t.state.ctl.search_log.flush(&t.platform.db).await.unwrap();

    let today = dhaka::today();
    let r = t.get(DHAKA, &format!("/api/v3/dashboard/search_analysis?start_date={}&end_date={today}", today - Duration::days(6)), Some(&admin)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let a = &r.body["data"];
    assert_eq!((a["total_searches"].as_i64(), a["zero_result_searches"].as_i64()), (Some(4), Some(1)), "{a}");
    assert_eq!(a["top_terms"][0], json!({ "term": "calculus", "searches": 2, "zero_results": 0 }), "one spelling per query");
    assert_eq!(a["zero_result_terms"], json!([{ "term": "xylophone", "searches": 1, "zero_results": 1 }]));
    let days = a["by_day"].as_array().unwrap();
    assert_eq!((days.len(), days[6]["searches"].as_i64(), days[0]["searches"].as_i64()), (7, Some(4), Some(0)));

    let theirs = t.get(SYLHET, "/api/v3/dashboard/search_analysis", Some(&sylhet_admin)).await;
    assert_eq!(theirs.body["data"]["total_searches"], 1, "a partner sees its own site's searches");
    let main = t.get(MAIN, "/api/v3/dashboard/search_analysis", Some(&t.super_admin().await)).await;
    assert_eq!(main.body["data"]["total_searches"], 5, "the platform's admins see every site's");
    let learner = t.get(DHAKA, "/api/v3/dashboard/search_analysis", Some(&t.login(DHAKA, "rina@example.com").await)).await;
    assert_eq!(learner.status, StatusCode::FORBIDDEN);
    let reversed = t.get(DHAKA, &format!("/api/v3/dashboard/search_analysis?start_date={today}&end_date={}", today - Duration::days(3)), Some(&admin)).await;
    assert_eq!(reversed.status, StatusCode::UNPROCESSABLE_ENTITY);
}
