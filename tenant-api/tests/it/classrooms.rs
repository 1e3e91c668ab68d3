//! Live classrooms against the real PostgreSQL: bad input refused field by field; people added by
//! e-mail (a registered account joins at once, anyone else is invited through the outbox and takes
//! the invitation up through the class link); sessions listed as now and completed; join links
//! minted only around a session, signed as Jitsi checks them, marking the student present;
//! attendance taken and downloaded; the timeline paged 10 at a time with pinned posts; a class
//! keeps a teacher; and nothing of one site's classes reachable from another.

use crate::common::{LocalServer, Response, TestApp, event_with, open_stream};
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Duration, Utc};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

fn ok(r: Response) -> Value {
    assert!(r.status.is_success(), "{}", r.text);
    r.body["data"].clone()
}

fn id(r: Response) -> i64 {
    ok(r)["id"].as_i64().unwrap()
}

fn at(minutes: i64) -> String {
    (Utc::now() + Duration::minutes(minutes)).to_rfc3339()
}

/// The code of the (first) error on `field`, recognised by its English message.
fn field_code(r: &Response, field: &str) -> String {
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let said = r.body["errors"][field][0].as_str().unwrap_or_else(|| panic!("no error on {field}: {}", r.text));
    ["required", "invalid_choice", "invalid_url", "invalid_date_time", "out_of_range", "contact_required", "invalid_email", "invalid_phone", "not_a_student", "last_teacher", "session_not_open", "session_in_past"]
        .iter()
        .find(|c| control_plane::i18n::message(c, control_plane::i18n::Lang::En, None) == said)
        .map_or_else(|| said.to_owned(), |c| (*c).to_owned())
}

fn ids(r: &Response) -> Vec<i64> {
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect()
}

/// Two sites; Dhaka's teacher and admin, Sylhet's admin, and two learners, Rahim and Salma.
struct College {
    t: TestApp,
    dhaka: i64,
    teacher: String,
    admin: String,
    sylhet_admin: String,
    rahim: String,
}

async fn college() -> College {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    for who in ["rahim", "salma"] {
        t.platform.user(&format!("{who}@example.com"), None).await;
    }
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let rahim = t.login(DHAKA, "rahim@example.com").await;
    College { t, dhaka, teacher, admin, sylhet_admin, rahim }
}

#[tokio::test]
async fn a_class_runs_from_invitation_to_attendance_and_timeline() {
    let College { t, dhaka, teacher, admin, sylhet_admin, rahim } = college().await;
    let salma = t.login(DHAKA, "salma@example.com").await;

    // Bad input, field by field; only authors create.
    let r = t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": " ", "starts_at": "tomorrow", "platform": "skype" })).await;
    assert_eq!(["name", "starts_at", "platform"].map(|f| field_code(&r, f)), ["required", "invalid_date_time", "invalid_choice"]);
    let r = t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "x", "starts_at": at(0), "platform": "link" })).await;
    assert_eq!(field_code(&r, "meeting_link"), "required");
    let r = t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "x", "starts_at": at(0), "platform": "link", "meeting_link": "ftp://x" })).await;
    assert_eq!(field_code(&r, "meeting_link"), "invalid_url");
    let r = t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "a\u{0}b", "starts_at": at(0) })).await;
    assert!(r.status.is_client_error(), "{}", r.text);
    let r = t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": 5, "starts_at": at(0) })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "a wrong type is refused, not a 500: {}", r.text);
    let r = t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "x".repeat(2 << 20), "starts_at": at(0) })).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", r.text);
    let r = t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "x".repeat(201), "starts_at": at(0) })).await;
    assert_eq!(field_code(&r, "name"), control_plane::i18n::message("too_long", control_plane::i18n::Lang::En, Some(200)));
    assert_eq!(t.post(DHAKA, "/classroom/class/create", Some(&rahim), json!({ "name": "Mine", "starts_at": at(0) })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.post(DHAKA, "/classroom/class/create", None, json!({ "name": "Mine", "starts_at": at(0) })).await.status, StatusCode::UNAUTHORIZED);

    let class = ok(t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "Physics, class nine", "name_bn": "পদার্থবিজ্ঞান, নবম শ্রেণি", "starts_at": at(0) })).await);
    let class_id = class["id"].as_i64().unwrap();
    let code = class["code"].as_str().unwrap().to_owned();
    assert_eq!((class["my_role"].as_str(), class["teachers"].as_i64(), class["platform"].as_str()), (Some("teacher"), Some(1), Some("jitsi")));
    assert!(class["join_url"].as_str().unwrap().ends_with(&format!("/join/{code}")), "{class}");

    // People: a registered account joins at once, an unknown address is invited by e-mail.
    let people = format!("/classroom/people/view/{class_id}");
    let r = t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class_id, "name": "Rahim" })).await;
    assert_eq!(field_code(&r, "email"), "contact_required");
    let r = t.post(DHAKA, "/classroom/people/create", Some(&teacher), json!({ "classroom_id": class_id, "user_type": 7, "name": "X", "email": "x@example.com" })).await;
    assert_eq!(field_code(&r, "user_type"), "invalid_choice");
    let rahim_person = ok(t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class_id, "name": "Rahim Uddin", "email": "RAHIM@example.com" })).await);
    assert_eq!(rahim_person["status"], "joined");
    let nadia = ok(t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class_id, "name": "নাদিয়া", "email": "nadia@example.com" })).await);
    assert_eq!(nadia["status"], "invited");
    let r = t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class_id, "name": "Nadia again", "email": "Nadia@example.com" })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("person_exists")));
    let invitation: (String, String) = sqlx::query_as("SELECT subject, body_text FROM outbox WHERE kind = 'classroom_invitation' AND recipient = 'nadia@example.com'")
        .fetch_one(&t.platform.db)
        .await
        .unwrap();
    assert!(invitation.0.contains("পদার্থবিজ্ঞান, নবম শ্রেণি") && invitation.1.contains(&format!("/join/{code}")), "{invitation:?}");
    assert_eq!(t.post(DHAKA, "/classroom/people/create-student", Some(&rahim), json!({ "classroom_id": class_id, "name": "Friend", "email": "f@example.com" })).await.status, StatusCode::FORBIDDEN);

    // A student sees the class and its people, without codes or contacts.
    let mine = t.get(DHAKA, "/classroom/class/view?role=student", Some(&rahim)).await;
    assert_eq!(ids(&mine), vec![class_id]);
    assert_eq!((mine.body["data"][0]["my_role"].as_str(), mine.body["data"][0]["code"].as_str()), (Some("student"), None));
    assert_eq!(ids(&t.get(DHAKA, "/classroom/class/view?role=teacher", Some(&rahim)).await), Vec::<i64>::new());
    assert_eq!(t.get(DHAKA, "/classroom/class/view?role=boss", Some(&rahim)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.get(DHAKA, "/classroom/class/view?manage=1", Some(&rahim)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(ids(&t.get(DHAKA, "/classroom/class/view?manage=1", Some(&admin)).await), vec![class_id]);
    let seen = t.get(DHAKA, &people, Some(&rahim)).await;
    assert_eq!(seen.body["total"], 3, "{}", seen.text);
    assert!(seen.body["data"].as_array().unwrap().iter().all(|p| p["email"].is_null()), "{}", seen.text);
    assert_eq!(t.get(DHAKA, &format!("/classroom/class/view/{class_id}"), Some(&salma)).await.status, StatusCode::NOT_FOUND);

    // Salma joins through the link; joining twice changes nothing; the link is this site's only.
    let invite = ok(t.get(DHAKA, &format!("/classroom/class/show/{code}"), Some(&salma)).await);
    assert_eq!((invite["member"].as_bool(), invite["teacher_names"].as_array().map(Vec::len)), (Some(false), Some(1)));
    assert_eq!(t.get(DHAKA, "/classroom/class/show/nope", Some(&salma)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/classroom/class/show/{code}"), Some(&salma)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(SYLHET, &format!("/classroom/batch/enroll/{code}"), Some(&salma), json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(ok(t.post(DHAKA, &format!("/classroom/batch/enroll/{code}"), Some(&salma), json!({})).await)["my_role"], "student");
    assert_eq!(ok(t.post(DHAKA, &format!("/classroom/batch/enroll/{code}"), Some(&salma), json!({})).await)["students"], 3);

    // Nadia registers and takes her invitation up: the same person, now joined.
    t.platform.user("nadia@example.com", None).await;
    let nadia_token = t.login(DHAKA, "nadia@example.com").await;
    ok(t.post(DHAKA, &format!("/classroom/batch/enroll/{code}"), Some(&nadia_token), json!({})).await);
    let students = t.get(DHAKA, &format!("{people}?user_type=2"), Some(&teacher)).await;
    let nadia_now = students.body["data"].as_array().unwrap().iter().find(|p| p["id"] == nadia["id"]).unwrap().clone();
    assert_eq!((students.body["total"].as_i64(), nadia_now["status"].as_str()), (Some(3), Some("joined")));

    // A list of people at once: every row checked first; those already in the class skipped.
    let list = |people: Value| json!({ "classroom_id": class_id, "user_type": 2, "people": people });
    let r = t.post(DHAKA, "/classroom/people/add-people-info", Some(&teacher), list(json!([{ "name": "Ok", "phone": "01711000001" }, { "name": "Bad", "phone": "12345" }]))).await;
    assert_eq!(field_code(&r, "people.1.phone"), "invalid_phone");
    assert_eq!(t.get(DHAKA, &format!("{people}?user_type=2"), Some(&teacher)).await.body["total"], 3, "nothing added while a row is wrong");
    let added = ok(t.post(DHAKA, "/classroom/people/add-people-info", Some(&teacher), list(json!([{ "name": "Karim", "phone": "০১৭১১০০০০০১" }, { "name": "Rahim", "email": "rahim@example.com" }]))).await);
    assert_eq!((added["added"][0]["phone"].as_str(), added["skipped"].clone()), (Some("+8801711000001"), json!([1])));
    let karim = added["added"][0]["id"].as_i64().unwrap();
    let sms: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind = 'classroom_invitation' AND recipient = '+8801711000001' AND channel = 'sms'")
        .fetch_one(&t.platform.db)
        .await
        .unwrap();
    assert_eq!(sms, 1, "a number alone is invited by SMS");
    assert_eq!(ok(t.put(DHAKA, &format!("/classroom/people/update-people-info/{karim}"), &teacher, json!({ "name": "Karim Mia", "user_type": 1 })).await)["user_type"], 1);
    assert_eq!(ok(t.put(DHAKA, &format!("/classroom/people/update-people-info/{karim}"), &teacher, json!({ "user_type": 2 })).await)["name"], "Karim Mia");
    ok(t.delete(DHAKA, &format!("/classroom/people/delete/{karim}"), Some(&teacher)).await);
    assert_eq!(ids(&t.get(DHAKA, "/classroom/batch/view-enrolled-batches", Some(&rahim)).await), vec![class_id]);
    assert_eq!(ids(&t.get(DHAKA, "/classroom/batch/view-enrolled-batches", Some(&teacher)).await), Vec::<i64>::new());

    // An unpublished class cannot be joined by its link.
    ok(t.put(DHAKA, "/classroom/update-publish-feature", &teacher, json!({ "id": class_id, "published": false, "featured": true })).await);
    assert_eq!(t.get(DHAKA, &format!("/classroom/class/show/{code}"), Some(&salma)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.put(DHAKA, "/classroom/update-publish-feature", &rahim, json!({ "id": class_id, "published": true })).await.status, StatusCode::FORBIDDEN);
    let back = ok(t.put(DHAKA, "/classroom/update-publish-feature", &teacher, json!({ "id": class_id, "published": true })).await);
    assert_eq!((back["published"].as_bool(), back["featured"].as_bool()), (Some(true), Some(true)));

    // Sessions: bad input, then one live now, one in three days, one last week.
    let r = t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), json!({ "classroom_id": class_id, "title": "x", "starts_at": at(0), "duration_minutes": 1000 })).await;
    assert_eq!(field_code(&r, "duration_minutes"), "out_of_range");
    assert_eq!(
        t.post(DHAKA, "/classroom/schedule/create-one", Some(&rahim), json!({ "classroom_id": class_id, "title": "x", "starts_at": at(0), "duration_minutes": 60 })).await.status,
        StatusCode::FORBIDDEN
    );
    let session = |title: &str, from: i64| json!({ "classroom_id": class_id, "title": title, "title_bn": format!("{title} (বাংলা)"), "starts_at": at(from), "duration_minutes": 60 });
    let live = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), session("Newton's laws", -10)).await);
    let later = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), session("Work and energy", 3 * 24 * 60)).await);
    let r = t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), session("Motion", -7 * 24 * 60)).await;
    assert_eq!(field_code(&r, "starts_at"), "session_in_past");
    // A session held last week: scheduled then, as the clock cannot be turned back here.
    let past = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), session("Motion", 60)).await);
    sqlx::query("UPDATE classroom_sessions SET starts_at = now() - interval '7 days' WHERE id = $1")
        .bind(past)
        .execute(&*t.state.pools.get(dhaka).await.unwrap())
        .await
        .unwrap();
    let now = t.get(DHAKA, &format!("/classroom/schedule/view-syllabus-all?classroom_id={class_id}"), Some(&rahim)).await;
    assert_eq!(ids(&now), vec![live, later]);
    assert_eq!((now.body["data"][0]["state"].as_str(), now.body["data"][1]["state"].as_str()), (Some("live"), Some("upcoming")));
    assert!(now.body["data"][0]["present"].is_null(), "students do not see the count");
    assert_eq!(ids(&t.get(DHAKA, &format!("/classroom/schedule/view-syllabus-all?classroom_id={class_id}&type=completed"), Some(&rahim)).await), vec![past]);
    assert_eq!(t.get(DHAKA, &format!("/classroom/schedule/view-syllabus-all?classroom_id={class_id}&type=soon"), Some(&rahim)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(ok(t.get(DHAKA, &format!("/classroom/class/view/{class_id}"), Some(&rahim)).await)["next_session"]["id"], live);

    // Joining: only around the session; a student's join marks them present.
    let r = t.get(DHAKA, &format!("/convay/token?session_id={later}"), Some(&rahim)).await;
    assert_eq!(field_code(&r, "session_id"), "session_not_open");
    let join = ok(t.get(DHAKA, &format!("/convay/token?session_id={live}"), Some(&rahim)).await);
    assert_eq!(join["role"], "participant");
    assert!(join["url"].as_str().unwrap().starts_with("https://meet.jit.si/"), "{join}");
    assert_eq!(t.get(DHAKA, &format!("/convay/token?session_id={live}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);

    // The site's own Jitsi account: the join carries a token signed with its secret.
    let account = json!({ "platform": "jitsi", "base_url": "https://meet.dhaka-college.example", "app_id": "dhaka-lms", "secret": "a-long-shared-secret-for-jitsi" });
    assert_eq!(t.post(DHAKA, "/classroom/api_configure/store", Some(&teacher), account.clone()).await.status, StatusCode::FORBIDDEN);
    let r = t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), json!({ "platform": "jitsi", "base_url": "nope", "app_id": "x", "secret": "short" })).await;
    assert_eq!(field_code(&r, "base_url"), "invalid_url");
    ok(t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), account).await);
    let checked = ok(t.get(DHAKA, "/classroom/api_configure/check?platform=jitsi", Some(&admin)).await);
    assert_eq!((checked["configured"].as_bool(), checked["app_id"].as_str()), (Some(true), Some("dhaka-lms")));
    assert_eq!(ok(t.get(DHAKA, "/classroom/api_configure/check?platform=convay", Some(&admin)).await)["configured"], false);
    let sealed: Vec<u8> = sqlx::query_scalar("SELECT secret_sealed FROM meeting_settings").fetch_one(&*t.state.pools.get(dhaka).await.unwrap()).await.unwrap();
    assert!(!sealed.windows(6).any(|w| w == b"shared"), "the secret is sealed at rest");
    let join = ok(t.get(DHAKA, &format!("/convay/token?session_id={live}"), Some(&teacher)).await);
    let url = join["url"].as_str().unwrap();
    let (room_url, jwt) = url.split_once("?jwt=").unwrap();
    assert!(room_url.starts_with("https://meet.dhaka-college.example/"), "{url}");
    let parts: Vec<&str> = jwt.split('.').collect();
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(b"a-long-shared-secret-for-jitsi").unwrap();
    mac.update(format!("{}.{}", parts[0], parts[1]).as_bytes());
    mac.verify_slice(&URL_SAFE_NO_PAD.decode(parts[2]).unwrap()).expect("signed with the site's secret");
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
    assert_eq!((claims["aud"].as_str(), claims["iss"].as_str(), claims["moderator"].as_bool()), (Some("jitsi"), Some("dhaka-lms"), Some(true)));
    assert_eq!((claims["sub"].as_str(), Some(claims["room"].as_str().unwrap())), (Some("meet.dhaka-college.example"), room_url.rsplit('/').next()));
    assert_eq!(join["role"], "moderator");

    // Attendance: Rahim joined by the link; the teacher marks Salma present and Rahim absent.
    let sheet = ok(t.get(DHAKA, &format!("/classroom/attendance/view/{live}"), Some(&teacher)).await);
    let rahim_row = sheet.as_array().unwrap().iter().find(|a| a["name"] == "Rahim Uddin").unwrap().clone();
    assert_eq!((rahim_row["present"].as_bool(), rahim_row["source"].as_str()), (Some(true), Some("join")));
    assert_eq!(t.get(DHAKA, &format!("/classroom/attendance/view/{live}"), Some(&rahim)).await.status, StatusCode::FORBIDDEN);
    let user_id = |email: &'static str| sqlx::query_scalar::<_, i64>("SELECT id FROM users WHERE email = $1").bind(email).fetch_one(&t.platform.db);
    let (salma_id, teacher_id) = (user_id("salma@example.com").await.unwrap(), user_id("teacher@dhaka.example").await.unwrap());
    let r = t.post(DHAKA, &format!("/classroom/attendance/store/{live}"), Some(&teacher), json!({ "present": [teacher_id] })).await;
    assert_eq!(field_code(&r, "present"), "not_a_student");
    let marked = ok(t.post(DHAKA, &format!("/classroom/attendance/store/{live}"), Some(&teacher), json!({ "present": [salma_id], "end_time": at(30) })).await);
    let present: Vec<&str> = marked.as_array().unwrap().iter().filter(|a| a["present"] == true).map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(present.len(), 1, "{marked}");
    let one = ok(t.post(DHAKA, "/classroom/attendance/update_attendence", Some(&teacher), json!({ "session_id": live, "user_id": salma_id, "present": false })).await);
    assert_eq!(one["present"], false);
    let csv = t.get(DHAKA, &format!("/classroom/attendance/download/{live}?format=csv"), Some(&teacher)).await;
    assert_eq!(csv.status, StatusCode::OK);
    let xlsx = t.get(DHAKA, &format!("/classroom/attendance/download/{live}"), Some(&teacher)).await;
    let table = tenant_api::sheets::read(&xlsx.bytes).expect("an XLSX workbook");
    assert_eq!(table.headers, ["name", "email", "phone", "present", "joined_at", "left_at"]);
    assert!(table.rows.iter().any(|(_, row)| row[0] == "নাদিয়া" && row[3] == "No"), "{:?}", table.rows);
    assert_eq!(t.get(DHAKA, &format!("/classroom/attendance/download/{live}?format=pdf"), Some(&teacher)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(csv.bytes.starts_with(b"\xEF\xBB\xBF") && csv.text.contains("নাদিয়া") && csv.text.contains("Rahim Uddin,rahim@example.com"), "{}", csv.text);

    // Timeline: 12 posts, the first load of 10, then the rest; pins and comments.
    let r = t.post(DHAKA, "/classroom/timeline/create", Some(&rahim), json!({ "course_batch_id": class_id, "body": " " })).await;
    assert_eq!(field_code(&r, "body"), "required");
    let r = t.post(DHAKA, "/classroom/timeline/create", Some(&rahim), json!({ "course_batch_id": class_id, "body": "ক".repeat(2001) })).await;
    assert_eq!(field_code(&r, "body"), control_plane::i18n::message("too_long", control_plane::i18n::Lang::En, Some(2000)));
    let r = t.post(DHAKA, "/classroom/timeline/create", Some(&rahim), json!({ "course_batch_id": class_id, "body": "a\u{0}b" })).await;
    assert!(r.status.is_client_error(), "{}", r.text);
    let r = t.post(DHAKA, "/classroom/timeline/create", Some(&rahim), json!({ "course_batch_id": "one", "body": "hi" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let question = id(t.post(DHAKA, "/classroom/timeline/create", Some(&rahim), json!({ "course_batch_id": class_id, "body": "স্যার, ভরবেগের সূত্রটা আবার বলবেন?" })).await);
    for n in 1..=11 {
        ok(t.post(DHAKA, "/classroom/timeline/create", Some(&teacher), json!({ "course_batch_id": class_id, "body": format!("Note {n}") })).await);
    }
    let first = t.get(DHAKA, &format!("/classroom/timeline/view?course_batch_id={class_id}"), Some(&salma)).await;
    assert_eq!((first.body["data"].as_array().map(Vec::len), first.body["total"].as_i64()), (Some(10), Some(12)), "{}", first.text);
    assert_eq!(first.body["data"][0]["body"], "Note 11");
    let rest = t.get(DHAKA, &format!("/classroom/timeline/view?course_batch_id={class_id}&skip=10&take=10"), Some(&salma)).await;
    assert_eq!(ids(&rest).last(), Some(&question));
    assert_eq!(t.get(DHAKA, &format!("/classroom/timeline/view?course_batch_id={class_id}&take=0"), Some(&salma)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.put(DHAKA, &format!("/classroom/timeline/pin-post/{question}"), &rahim, json!({ "pinned": true })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(ok(t.put(DHAKA, &format!("/classroom/timeline/pin-post/{question}"), &teacher, json!({ "pinned": true })).await)["pinned"], true);
    let pinned = t.get(DHAKA, &format!("/classroom/timeline/view-pin-post?course_batch_id={class_id}"), Some(&salma)).await;
    assert_eq!(ids(&pinned), vec![question]);
    let answer = ok(t.post(DHAKA, "/classroom/timeline/post-comment", Some(&teacher), json!({ "timeline_id": question, "body": "p = mv" })).await);
    assert_eq!(answer["by_teacher"], true);
    let comment = id(t.post(DHAKA, "/classroom/timeline/post-comment", Some(&salma), json!({ "timeline_id": question, "body": "ধন্যবাদ" })).await);
    assert_eq!(t.put(DHAKA, "/classroom/timeline/update-comment", &rahim, json!({ "id": comment, "body": "hacked" })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(ok(t.put(DHAKA, "/classroom/timeline/update-comment", &salma, json!({ "id": comment, "body": "অনেক ধন্যবাদ" })).await)["edited"], true);
    let edited = ok(t.put(DHAKA, &format!("/classroom/timeline/update/{question}"), &rahim, json!({ "body": "স্যার, ভরবেগের সূত্রটা?" })).await);
    assert_eq!((edited["pinned"].as_bool(), edited["comments"].as_array().map(Vec::len)), (Some(true), Some(2)));
    assert_eq!(t.delete(DHAKA, &format!("/classroom/timeline/delete/{question}"), Some(&salma)).await.status, StatusCode::FORBIDDEN);
    ok(t.delete(DHAKA, &format!("/classroom/timeline/delete/{question}"), Some(&teacher)).await);
    assert_eq!(ids(&t.get(DHAKA, &format!("/classroom/timeline/view-pin-post?course_batch_id={class_id}"), Some(&salma)).await), Vec::<i64>::new());

    // Recording, classwork and the session's chat.
    let video = id(t.post(DHAKA, "/file-manager/user/create-url", Some(&teacher), json!({ "url": "https://youtu.be/dQw4w9WgXcQ", "title": "ক্লাস রেকর্ডিং" })).await);
    let notes = id(t.post(DHAKA, "/file-manager/user/create-url", Some(&teacher), json!({ "url": "https://example.org/newton-notes.pdf", "title": "Notes" })).await);
    let r = t.put(DHAKA, "/classroom/schedule/upload-class-recording", &teacher, json!({ "session_id": past, "file_id": notes })).await;
    assert_eq!(field_code(&r, "file_id"), "invalid_choice", "a recording is a video");
    assert_eq!(t.put(DHAKA, "/classroom/schedule/upload-class-recording", &rahim, json!({ "session_id": past, "file_id": video })).await.status, StatusCode::FORBIDDEN);
    ok(t.put(DHAKA, "/classroom/schedule/upload-class-recording", &teacher, json!({ "session_id": past, "file_id": video })).await);
    assert_eq!(ok(t.get(DHAKA, &format!("/classroom/schedule/view-syllabus/{past}"), Some(&rahim)).await)["recording"]["id"], video);
    let work = json!({ "classroom_id": class_id, "session_id": live, "content_type": "assignment", "title": "Exercise 2", "file_id": notes, "due_at": at(3 * 24 * 60) });
    assert_eq!(t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&rahim), work.clone()).await.status, StatusCode::FORBIDDEN);
    let r = t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&teacher), json!({ "classroom_id": class_id, "title": "x", "content_type": "essay", "session_id": 0 })).await;
    assert_eq!(["content_type", "session_id"].map(|f| field_code(&r, f)), ["invalid_choice", "invalid_choice"]);
    let exercise = ok(t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&teacher), work).await);
    assert_eq!((exercise["file"]["id"].as_i64(), exercise["content_type"].as_str()), (Some(notes), Some("assignment")));
    ok(t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&teacher), json!({ "classroom_id": class_id, "title": "Chapter 3 reading", "title_bn": "তৃতীয় অধ্যায় পড়া" })).await);
    let listed = t.get(DHAKA, &format!("/classroom/schedule/classworks/{class_id}?content_type=assignment"), Some(&salma)).await;
    assert_eq!(ids(&listed), vec![exercise["id"].as_i64().unwrap()]);
    assert_eq!(t.get(DHAKA, &format!("/classroom/schedule/classworks/{class_id}?date=yesterday"), Some(&salma)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let today = chrono::Utc::now().with_timezone(&control_plane::dhaka::offset()).format("%Y-%m-%d");
    assert_eq!(t.get(DHAKA, &format!("/classroom/schedule/classworks/{class_id}?date={today}"), Some(&salma)).await.body["total"], 2);
    // A session's own classwork (the schedule item's children): the exercise, not the class's reading.
    assert_eq!(ids(&t.get(DHAKA, &format!("/classroom/schedule/view-syllabus-child?session_id={live}"), Some(&salma)).await), vec![exercise["id"].as_i64().unwrap()]);
    assert_eq!(t.get(DHAKA, &format!("/classroom/schedule/view-syllabus-child?session_id={live}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/classroom/schedule/view-syllabus-child?session_id=x", Some(&salma)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let renamed = ok(t.put(DHAKA, "/classroom/schedule/classwork-update-one", &teacher, json!({ "id": exercise["id"], "title": "Exercise 2 (revised)", "content_type": "assignment", "file_id": notes })).await);
    assert_eq!(renamed["title"], "Exercise 2 (revised)");
    let said = id(t.post(DHAKA, "/classroom/schedule/put-chat", Some(&salma), json!({ "session_id": live, "body": "স্যার, আওয়াজ আসছে না" })).await);
    ok(t.post(DHAKA, "/classroom/schedule/put-chat", Some(&teacher), json!({ "session_id": live, "parent_id": said, "body": "এখন শুনতে পাচ্ছ?" })).await);
    let chat = t.get(DHAKA, &format!("/classroom/schedule/view-discussions?session_id={live}"), Some(&rahim)).await;
    assert_eq!((ids(&chat), chat.body["data"][0]["replies"][0]["by_teacher"].as_bool()), (vec![said], Some(true)));
    ok(t.delete(DHAKA, &format!("/classroom/schedule/classwork-delete-one/{}", exercise["id"]), Some(&teacher)).await);

    // Another site sees none of it.
    assert_eq!(ids(&t.get(SYLHET, "/classroom/class/view?manage=1", Some(&sylhet_admin)).await), Vec::<i64>::new());
    for path in [
        format!("/classroom/class/view/{class_id}"),
        format!("/classroom/people/view/{class_id}"),
        format!("/classroom/timeline/view?course_batch_id={class_id}"),
        format!("/classroom/schedule/view-syllabus/{live}"),
        format!("/classroom/attendance/view/{live}"),
        format!("/classroom/schedule/classworks/{class_id}"),
        format!("/classroom/schedule/view-discussions?session_id={live}"),
    ] {
        assert_eq!(t.get(SYLHET, &path, Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(t.get(DHAKA, &path, Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(t.post(SYLHET, "/classroom/timeline/create", Some(&sylhet_admin), json!({ "course_batch_id": class_id, "body": "hi" })).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/classroom/class/delete/{class_id}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);

    // A class keeps a teacher: the only one cannot leave until another is added.
    let me = t.get(DHAKA, &format!("{people}?user_type=1"), Some(&teacher)).await.body["data"][0]["id"].as_i64().unwrap();
    let r = t.delete(DHAKA, &format!("/classroom/people/delete/{me}"), Some(&teacher)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("last_teacher")));
    ok(t.post(DHAKA, "/classroom/people/create-teacher", Some(&teacher), json!({ "classroom_id": class_id, "name": "Dhaka admin", "email": "admin@dhaka.example" })).await);
    ok(t.delete(DHAKA, &format!("/classroom/people/delete/{me}"), Some(&admin)).await);
    assert_eq!(t.get(DHAKA, &format!("/classroom/class/view/{class_id}"), Some(&teacher)).await.status, StatusCode::NOT_FOUND, "no longer one of its people");

    // Deleting the class takes everything with it.
    ok(t.delete(DHAKA, &format!("/classroom/class/delete/{class_id}"), Some(&admin)).await);
    assert_eq!(t.get(DHAKA, &format!("/classroom/class/view/{class_id}"), Some(&admin)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn new_posts_reach_open_timelines_on_every_edge_and_resume_after_a_drop() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("rahim@example.com", None).await;
    t.platform.user("outsider@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let rahim = t.login(DHAKA, "rahim@example.com").await;
    let outsider = t.login(DHAKA, "outsider@example.com").await;
    let class = ok(t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "Chemistry", "starts_at": at(0) })).await);
    let class_id = class["id"].as_i64().unwrap();
    ok(t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class_id, "name": "Rahim", "email": "rahim@example.com" })).await);
    let path = format!("/classroom/timeline/stream?course_batch_id={class_id}");
    assert_eq!(t.get(DHAKA, &path, Some(&outsider)).await.status, StatusCode::NOT_FOUND, "not one of its people");
    assert_eq!(t.get(DHAKA, &path, None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(t.get(DHAKA, "/classroom/timeline/stream?course_batch_id=x", Some(&rahim)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.get(SYLHET, &path, Some(&teacher)).await.status, StatusCode::NOT_FOUND, "another site's stream");

    // A second edge on the same database, as behind a load balancer.
    let second = tenant_api::AppState::build(t.platform.db.clone(), t.platform.config.clone(), t.state.edge.as_ref().clone()).unwrap();
    tenant_api::announce::spawn(second.clone());
    let second_edge = tenant_api::router::app(second);

    let mut here = open_stream(&t.app, DHAKA, &path, &rahim, None).await;
    let mut there = open_stream(&second_edge, DHAKA, &path, &teacher, None).await;
    let first = id(t.post(DHAKA, "/classroom/timeline/create", Some(&teacher), json!({ "course_batch_id": class_id, "body": "Bring your lab coats tomorrow" })).await);
    let (seen_id, kind) = event_with(&mut here, "lab coats").await;
    assert_eq!((seen_id, kind.as_str()), (first.to_string(), "post"));
    let (there_id, _) = event_with(&mut there, "lab coats").await;
    assert_eq!(there_id, first.to_string(), "the other edge's stream got it too");
    let question = id(t.post(DHAKA, "/classroom/timeline/create", Some(&rahim), json!({ "course_batch_id": class_id, "body": "Which chapter?" })).await);
    assert_eq!(event_with(&mut there, "Which chapter?").await.0, question.to_string());

    // Rahim's connection drops; a comment is written meanwhile; his browser resumes from the
    // last id it saw and gets the comment first.
    drop(here);
    let answer = id(t.post(DHAKA, "/classroom/timeline/post-comment", Some(&teacher), json!({ "timeline_id": question, "body": "Chapter four" })).await);
    let mut resumed = open_stream(&t.app, DHAKA, &path, &rahim, Some(&question.to_string())).await;
    assert_eq!(event_with(&mut resumed, "Chapter four").await, (answer.to_string(), "comment".to_owned()));
}

#[tokio::test]
async fn a_course_batch_has_a_live_room_for_its_learners() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    for who in ["colleague@dhaka.example", "sadia@example.com", "outsider@example.com"] {
        t.platform.user(who, None).await;
    }
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let sadia = t.login(DHAKA, "sadia@example.com").await;
    let outsider = t.login(DHAKA, "outsider@example.com").await;
    let (_, batch) = crate::common::published_course(&t, DHAKA, &teacher).await;
    ok(t.post(DHAKA, "/learner-course/course-enrollment", Some(&sadia), json!({ "batch_id": batch })).await);

    // Nothing until the course's teacher opens the room; then its learners are its students.
    assert_eq!(t.get(DHAKA, &format!("/course/timeline/view?course_batch_id={batch}"), Some(&sadia)).await.status, StatusCode::NOT_FOUND);
    let colleague = ok(t.post(DHAKA, "/course/people/create-teacher", Some(&teacher), json!({ "batch_id": batch, "name": "Farhana", "email": "colleague@dhaka.example" })).await);
    assert_eq!(colleague["status"], "joined");
    let r = t.post(DHAKA, "/course/people/create-student", Some(&teacher), json!({ "batch_id": batch, "name": "No contact" })).await;
    assert_eq!(field_code(&r, "email"), "contact_required");
    let people = t.get(DHAKA, &format!("/course/people/view/{batch}?user_type=1"), Some(&teacher)).await;
    assert_eq!(people.body["total"], 2, "{}", people.text);
    let mine = t.get(DHAKA, "/classroom/class/view?role=student", Some(&sadia)).await;
    assert_eq!(mine.body["total"], 1, "{}", mine.text);
    let room = mine.body["data"][0].clone();
    let room_id = room["id"].as_i64().unwrap();
    assert_eq!((room["my_role"].as_str(), room["students"].as_i64()), (Some("student"), Some(1)), "{room}");
    assert!(room["name"].as_str().unwrap().starts_with("Calculus: Merit"), "{room}");
    assert_eq!((room["course_batch_id"].as_i64(), room["course_type"].as_str()), (Some(batch), Some("course")), "{room}");
    assert!(room["course_uuid"].is_string(), "{room}");
    // Only webinars' rooms: this is a course's.
    assert_eq!(ids(&t.get(DHAKA, "/classroom/class/view?course_type=webinar", Some(&sadia)).await), Vec::<i64>::new());
    assert_eq!(t.get(DHAKA, "/classroom/class/view?course_type=podcast", Some(&sadia)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let retype = |kind: &'static str| {
        let t = &t;
        async move {
            sqlx::query("UPDATE courses SET course_type = $2 WHERE id = (SELECT course_id FROM batches WHERE id = $1)")
                .bind(batch)
                .bind(kind)
                .execute(&*t.state.pools.get(dhaka).await.unwrap())
                .await
                .unwrap();
        }
    };
    retype("webinar").await;
    assert_eq!(ids(&t.get(DHAKA, "/classroom/class/view?course_type=webinar", Some(&sadia)).await), vec![room_id], "a webinar's room is listed");
    retype("course").await;

    // The timeline: the learner asks, the teacher answers, an outsider and another site see nothing.
    let post = id(t.post(DHAKA, "/course/timeline/create", Some(&sadia), json!({ "course_batch_id": batch, "body": "সীমার উদাহরণ আরেকটা দেবেন?" })).await);
    let answer = id(t.post(DHAKA, "/course/timeline/post-comment", Some(&teacher), json!({ "timeline_id": post, "body": "অবশ্যই, পরের ক্লাসে" })).await);
    let seen = t.get(DHAKA, &format!("/course/timeline/view?course_batch_id={batch}"), Some(&teacher)).await;
    assert_eq!((seen.body["total"].as_i64(), seen.body["data"][0]["comments"][0]["id"].as_i64()), (Some(1), Some(answer)), "{}", seen.text);
    ok(t.put(DHAKA, "/course/timeline/update-comment", &teacher, json!({ "id": answer, "body": "অবশ্যই, বৃহস্পতিবারের ক্লাসে" })).await);
    assert_eq!(t.get(DHAKA, &format!("/course/timeline/view?course_batch_id={batch}"), Some(&outsider)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(DHAKA, "/course/timeline/create", Some(&outsider), json!({ "course_batch_id": batch, "body": "hi" })).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/course/people/view/{batch}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(DHAKA, &format!("/course/timeline/delete/{post}"), Some(&outsider)).await.status, StatusCode::NOT_FOUND);

    // A live session of the room: the enrolled learner is on its attendance sheet.
    let session = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), json!({ "classroom_id": room_id, "title": "Limits, live", "starts_at": at(5), "duration_minutes": 60 })).await);
    let sheet = ok(t.get(DHAKA, &format!("/course/attendance/view/{session}"), Some(&teacher)).await);
    let sadia_id = sheet[0]["user_id"].as_i64().unwrap();
    assert_eq!(sheet.as_array().map(Vec::len), Some(1));
    let certified = async || -> (String, i64) {
        sqlx::query_as("SELECT e.status, (SELECT count(*) FROM certificates c WHERE c.enrollment_id = e.id) FROM enrollments e WHERE e.batch_id = $1 AND e.user_id = $2")
            .bind(batch)
            .bind(sadia_id)
            .fetch_one(&*t.state.pools.get(dhaka).await.unwrap())
            .await
            .unwrap()
    };
    // A course's attendance is only attendance; a webinar's is its certificate, issued once.
    ok(t.post(DHAKA, &format!("/course/attendance/store/{session}"), Some(&teacher), json!({ "present": [sadia_id] })).await);
    assert_eq!(certified().await, ("active".into(), 0));
    retype("webinar").await;
    let marked = ok(t.post(DHAKA, &format!("/course/attendance/store/{session}"), Some(&teacher), json!({ "present": [sadia_id] })).await);
    assert_eq!(marked[0]["present"], true);
    assert_eq!(certified().await, ("completed".into(), 1));
    ok(t.post(DHAKA, &format!("/course/attendance/store/{session}"), Some(&teacher), json!({ "present": [sadia_id] })).await);
    assert_eq!(certified().await, ("completed".into(), 1));
    assert_eq!(t.get(DHAKA, &format!("/course/attendance/download/{session}?format=csv"), Some(&teacher)).await.status, StatusCode::OK);
    assert_eq!(t.post(DHAKA, &format!("/course/attendance/store/{session}"), Some(&sadia), json!({ "present": [] })).await.status, StatusCode::FORBIDDEN);
    ok(t.delete(DHAKA, &format!("/course/class/delete/{session}"), Some(&teacher)).await);
    ok(t.delete(DHAKA, &format!("/course/people/delete/{}", colleague["id"]), Some(&teacher)).await);

    // Rooms of their own, not a batch's, where a batch's live classes can be held.
    let own = id(t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "Calculus clinic", "starts_at": at(0) })).await);
    let free = t.get(DHAKA, &format!("/classroom/class/unassigned-rooms?course_batch_id={batch}"), Some(&teacher)).await;
    assert_eq!(ids(&free), vec![own], "the batch's own room is not offered");
    assert_eq!(t.get(DHAKA, "/classroom/class/unassigned-rooms?course_batch_id=999999", Some(&teacher)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(ids(&t.get(DHAKA, "/classroom/class/unassigned-rooms", Some(&sadia)).await), Vec::<i64>::new());
}

/// A POST of exactly these bytes, as a provider sends it.
async fn post_raw(t: &TestApp, host: &str, path: &str, content_type: &str, headers: &[(&str, &str)], body: &str) -> Response {
    let mut request = axum::http::Request::builder().method(axum::http::Method::POST).uri(path).header("host", host).header("content-type", content_type);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    t.send(request.body(axum::body::Body::from(body.to_owned())).unwrap()).await
}

/// Students of a session's sheet by name: (present, source, joined_at set, left_at set).
async fn sheet(t: &TestApp, token: &str, session: i64) -> Vec<(String, bool, String, bool, bool)> {
    let rows = ok(t.get(DHAKA, &format!("/classroom/attendance/view/{session}"), Some(token)).await);
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (r["name"].as_str().unwrap().to_owned(), r["present"].as_bool().unwrap(), r["source"].as_str().unwrap_or("").to_owned(), !r["joined_at"].is_null(), !r["left_at"].is_null())
        })
        .collect()
}

#[tokio::test]
async fn bigbluebutton_and_zoom_rooms_join_by_role_and_report_attendance_and_recordings() {
    let College { t, dhaka, teacher, admin, sylhet_admin, rahim } = college().await;
    let db = t.state.pools.get(dhaka).await.unwrap();
    let bbb = LocalServer::start("meetings/bbb.py", &["test-bbb-shared-secret"]).await;
    let zoom = LocalServer::start("meetings/zoom.py", &["testaccount", "test-client", "test-client-secret", "test-webhook-secret"]).await;

    // BigBlueButton: the account checked against the server, its secret sealed.
    let server = format!("{}/bigbluebutton", bbb.url);
    let r = t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), json!({ "platform": "bbb", "base_url": server, "secret": "short" })).await;
    assert_eq!(field_code(&r, "secret"), control_plane::i18n::message("too_short", control_plane::i18n::Lang::En, Some(16)));
    ok(t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), json!({ "platform": "bbb", "base_url": server, "secret": "not-the-server-secret" })).await);
    let checked = ok(t.get(DHAKA, "/classroom/api_configure/check?platform=bbb", Some(&admin)).await);
    assert_eq!((checked["reachable"].as_bool(), checked["credentials_ok"].as_bool()), (Some(true), Some(false)), "{checked}");
    ok(t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), json!({ "platform": "bbb", "base_url": format!("{server}/"), "secret": "test-bbb-shared-secret" })).await);
    let checked = ok(t.get(DHAKA, "/classroom/api_configure/check?platform=bbb", Some(&admin)).await);
    assert_eq!(checked["credentials_ok"], true, "{checked}");
    assert!(checked["callback_url"].as_str().unwrap().ends_with("/classroom/meetings/bbb/recording-ready"), "{checked}");

    let class = id(t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "Biology", "starts_at": at(0), "platform": "bbb" })).await);
    for who in ["rahim", "salma"] {
        ok(t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class, "name": who, "email": format!("{who}@example.com") })).await);
    }
    let session = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), json!({ "classroom_id": class, "title": "Cells", "starts_at": at(-5), "duration_minutes": 60 })).await);
    let room: String = sqlx::query_scalar("SELECT room FROM classroom_sessions WHERE id = $1").bind(session).fetch_one(&*db).await.unwrap();

    // Join links per role, signed as the server checks them: the room is made on the first.
    let host = ok(t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&teacher)).await);
    assert_eq!(host["role"], "moderator");
    let host_url = host["url"].as_str().unwrap();
    assert!(host_url.starts_with(&format!("{server}/api/join?")) && host_url.contains("role=MODERATOR"), "{host_url}");
    let learner = ok(t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&rahim)).await);
    let learner_url = learner["url"].as_str().unwrap().to_owned();
    assert!(learner_url.contains("role=VIEWER"), "{learner_url}");
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let entered = no_redirect.get(&learner_url).send().await.unwrap();
    assert_eq!(entered.status(), reqwest::StatusCode::FOUND, "{}", entered.text().await.unwrap());
    let forged = no_redirect.get(learner_url.replace("role=VIEWER", "role=MODERATOR")).send().await.unwrap().text().await.unwrap();
    assert!(forged.contains("checksumError"), "a student cannot make themselves moderator: {forged}");
    // The second join link finds the room there (create is idempotent), still one meeting.
    ok(t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&teacher)).await);
    let state: Value = bbb.http.get(format!("{}/backoffice/meetings", bbb.url)).send().await.unwrap().json().await.unwrap();
    let meetings = state["meetings"].as_array().unwrap();
    assert_eq!(meetings.len(), 1, "{state}");
    assert_eq!((meetings[0]["meetingID"].as_str(), meetings[0]["name"].as_str()), (Some(room.as_str()), Some("Biology — Cells")));
    assert_eq!(meetings[0]["attendees"].as_array().unwrap().len(), 1, "the student who followed the link is in the room: {state}");

    // Attendance from the room's attendee list: Rahim is in the room, Salma never came; then he leaves.
    tenant_api::classrooms::meetings::rooms::round(&t.state).await;
    let seen = sheet(&t, &teacher, session).await;
    assert_eq!(seen, vec![("rahim".into(), true, "provider".into(), true, false), ("salma".into(), false, String::new(), false, false)]);
    let r = bbb.http.post(format!("{}/backoffice/leave", bbb.url)).json(&json!({ "meetingID": room, "userID": rahim_id(&t).await.to_string() })).send().await.unwrap();
    assert!(r.status().is_success());
    tenant_api::classrooms::meetings::rooms::round(&t.state).await;
    assert_eq!(sheet(&t, &teacher, session).await[0], ("rahim".into(), true, "provider".into(), true, true));

    // The recording-ready callback: signed with the server's secret, stored once when delivered twice.
    let published: Value = bbb.http.post(format!("{}/backoffice/publish-recording", bbb.url)).json(&json!({ "meetingID": room, "deliver": false })).send().await.unwrap().json().await.unwrap();
    let callback = &published["callbacks"][0];
    let path = callback["url"].as_str().unwrap().split_once("localhost").unwrap().1.split_once('/').map(|(_, p)| format!("/{p}")).unwrap();
    assert_eq!(path, "/classroom/meetings/bbb/recording-ready");
    let form = callback["body"].as_str().unwrap();
    let posted = |host: &'static str, body: String| {
        let t = &t;
        async move { post_raw(t, host, "/classroom/meetings/bbb/recording-ready", "application/x-www-form-urlencoded", &[], &body).await }
    };
    assert_eq!(ok(posted(DHAKA, form.to_owned()).await)["stored"], true);
    assert_eq!(ok(posted(DHAKA, form.to_owned()).await)["stored"], false);
    let forged: Value = bbb.http.post(format!("{}/backoffice/publish-recording", bbb.url)).json(&json!({ "meetingID": room, "deliver": false, "bad_signature": true })).send().await.unwrap().json().await.unwrap();
    let r = posted(DHAKA, forged["callbacks"][0]["body"].as_str().unwrap().to_owned()).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_signature")));
    // Another site's secret does not sign for this one.
    assert_eq!(posted(SYLHET, form.to_owned()).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(posted(DHAKA, "signed_parameters=not.a.jwt".into()).await.status, StatusCode::UNAUTHORIZED);
    let listed = ok(t.get(DHAKA, &format!("/classroom/schedule/view-syllabus-all?classroom_id={class}&type=all"), Some(&rahim)).await);
    let recordings = listed[0]["provider_recordings"].as_array().unwrap();
    assert_eq!(recordings.len(), 1, "{listed}");
    assert_eq!(recordings[0]["provider"], "bbb");
    assert!(recordings[0]["url"].as_str().unwrap().contains(&format!("/playback/presentation/2.3/{}", published["record_id"].as_str().unwrap())));

    // Zoom: the app's credentials, checked by asking for a token.
    let zoom_account = json!({
        "platform": "zoom", "base_url": format!("{}/v2", zoom.url), "auth_url": format!("{}/oauth/token", zoom.url),
        "app_id": "testaccount", "client_id": "test-client", "secret": "test-client-secret", "webhook_secret": "test-webhook-secret",
    });
    let mut missing = zoom_account.clone();
    missing["webhook_secret"] = json!("");
    assert_eq!(field_code(&t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), missing).await, "webhook_secret"), "required");
    let mut nul = zoom_account.clone();
    nul["client_id"] = json!("test\u{0}client");
    assert_eq!(t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), nul).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let mut huge = zoom_account.clone();
    huge["webhook_secret"] = json!("x".repeat(2 << 20));
    assert_eq!(t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), huge).await.status, StatusCode::PAYLOAD_TOO_LARGE);
    ok(t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), zoom_account).await);
    assert_eq!(ok(t.get(DHAKA, "/classroom/api_configure/check?platform=zoom", Some(&admin)).await)["credentials_ok"], true);
    assert_eq!(ok(t.get(SYLHET, "/classroom/api_configure/check?platform=zoom", Some(&sylhet_admin)).await)["configured"], false);

    let class = id(t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "Zoology", "starts_at": at(0), "platform": "zoom" })).await);
    ok(t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class, "name": "rahim", "email": "rahim@example.com" })).await);
    let session = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), json!({ "classroom_id": class, "title": "Insects", "starts_at": at(-5), "duration_minutes": 45 })).await);

    // Zoom makes the meeting and then fails to answer: the next join finds it instead of making another.
    zoom.http.post(format!("{}/faults", zoom.url)).json(&json!({ "mode": "create_then_5xx" })).send().await.unwrap();
    let r = t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&teacher)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::BAD_GATEWAY, Some("meeting_provider_unavailable")), "{}", r.text);
    zoom.http.post(format!("{}/faults", zoom.url)).json(&json!({ "mode": "none" })).send().await.unwrap();
    let host = ok(t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&teacher)).await);
    assert!(host["url"].as_str().unwrap().contains("/s/"), "the teacher starts it as host: {host}");
    let made: Value = zoom.http.get(format!("{}/backoffice/meetings", zoom.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(made["meetings"].as_array().unwrap().len(), 1, "never created twice: {made}");
    let learner = ok(t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&rahim)).await);
    let learner_url = learner["url"].as_str().unwrap().to_owned();
    assert!(learner_url.contains("/j/") && learner_url.contains("tk="), "the learner's own registrant link: {learner_url}");
    assert_eq!(ok(t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&rahim)).await)["url"], learner_url.as_str());
    let (meeting_id, registrant): (String, String) = sqlx::query_as("SELECT s.meeting_id, r.registrant_id FROM classroom_sessions s JOIN classroom_registrants r ON r.session_id = s.id WHERE s.id = $1")
        .bind(session)
        .fetch_one(&*db)
        .await
        .unwrap();

    // Webhooks, signed over the raw body: attendance from joins and leaves, the recording once.
    let webhook = |body: Value| {
        let zoom = &zoom;
        async move { zoom.http.post(format!("{}/backoffice/{}", zoom.url, body["kind"].as_str().unwrap())).json(&body).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let deliver = |event: Value, host: &'static str| {
        let t = &t;
        async move {
            let h = |name: &str| event["headers"][name].as_str().unwrap().to_owned();
            let (ts, sig) = (h("x-zm-request-timestamp"), h("x-zm-signature"));
            post_raw(t, host, "/classroom/meetings/zoom/webhook", "application/json", &[("x-zm-request-timestamp", &ts), ("x-zm-signature", &sig)], event["body"].as_str().unwrap()).await
        }
    };
    let joined = webhook(json!({ "kind": "participant", "meeting_id": meeting_id, "event": "joined", "registrant_id": registrant, "user_name": "rahim", "times": 0 })).await;
    assert_eq!(deliver(joined.clone(), DHAKA).await.body["data"]["stored"], true);
    assert_eq!(sheet(&t, &teacher, session).await, vec![("rahim".into(), true, "provider".into(), true, false)]);
    let left = webhook(json!({ "kind": "participant", "meeting_id": meeting_id, "event": "left", "registrant_id": registrant, "user_name": "rahim", "times": 0 })).await;
    assert_eq!(deliver(left, DHAKA).await.status, StatusCode::OK);
    assert_eq!(sheet(&t, &teacher, session).await, vec![("rahim".into(), true, "provider".into(), true, true)]);
    let recorded = webhook(json!({ "kind": "recording", "meeting_id": meeting_id, "times": 0 })).await;
    assert_eq!(deliver(recorded.clone(), DHAKA).await.body["data"]["stored"], true);
    assert_eq!(deliver(recorded.clone(), DHAKA).await.body["data"]["stored"], false);
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM classroom_recordings WHERE session_id = $1 AND provider = 'zoom'").bind(session).fetch_one(&*db).await.unwrap();
    assert_eq!(count, 1);
    // A forged signature, a body changed after signing, and another site: nothing changes.
    let forged = webhook(json!({ "kind": "recording", "meeting_id": meeting_id, "times": 0, "bad_signature": true })).await;
    assert_eq!(deliver(forged, DHAKA).await.status, StatusCode::UNAUTHORIZED);
    let mut changed = joined.clone();
    changed["body"] = json!(joined["body"].as_str().unwrap().replace("joined", "left"));
    assert_eq!(deliver(changed, DHAKA).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(deliver(joined, SYLHET).await.status, StatusCode::UNAUTHORIZED);
    let r = post_raw(&t, DHAKA, "/classroom/meetings/zoom/webhook", "application/json", &[], &"x".repeat(3 << 20)).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "a huge webhook body is refused before anything is read");
    // Zoom's endpoint validation, answered with the HMAC of its token.
    let challenge = webhook(json!({ "kind": "url-validation", "times": 0 })).await;
    let answer = deliver(challenge.clone(), DHAKA).await;
    let plain: Value = serde_json::from_str(challenge["body"].as_str().unwrap()).unwrap();
    let plain = plain["payload"]["plainToken"].as_str().unwrap();
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(b"test-webhook-secret").unwrap();
    mac.update(plain.as_bytes());
    assert_eq!(answer.body, json!({ "plainToken": plain, "encryptedToken": hex::encode(mac.finalize().into_bytes()) }));
}

async fn rahim_id(t: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT id FROM users WHERE email = 'rahim@example.com'").fetch_one(&t.platform.db).await.unwrap()
}

#[tokio::test]
async fn a_session_quiz_is_taken_through_the_exam_centre_and_its_results_read_by_the_teacher() {
    let s = crate::exams::site().await;
    let t = &s.t;
    let parts: Vec<Value> = s.questions[..2].iter().map(|id| json!({ "question_id": id })).collect();
    let created = s.create(crate::exams::exam(json!(parts))).await;
    let (exam_id, exam_uuid) = (created["id"].as_i64().unwrap(), created["uuid"].as_str().unwrap().to_owned());
    let class = id(t.post(DHAKA, "/classroom/class/create", Some(&s.teacher), json!({ "name": "Geography", "starts_at": at(0) })).await);
    ok(t.post(DHAKA, "/classroom/people/create-student", Some(&s.teacher), json!({ "classroom_id": class, "name": "Learner", "email": "learner@example.com" })).await);
    let session = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&s.teacher), json!({ "classroom_id": class, "title": "Maps", "starts_at": at(-5), "duration_minutes": 60 })).await);

    // A quiz needs one of the teacher's own exams.
    let quiz = |exam: Option<i64>| json!({ "classroom_id": class, "session_id": session, "content_type": "quiz", "title": "Map quiz", "exam_id": exam });
    assert_eq!(field_code(&t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&s.teacher), quiz(None)).await, "exam_id"), "Choose the exam learners take in this lesson.");
    t.platform.user("colleague@dhaka.example", Some((s.tenant, "teacher"))).await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let other = id(t.post(DHAKA, "/classroom/class/create", Some(&colleague), json!({ "name": "Other", "starts_at": at(0) })).await);
    let r = t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&colleague), json!({ "classroom_id": other, "content_type": "quiz", "title": "q", "exam_id": exam_id })).await;
    assert_eq!(field_code(&r, "exam_id"), "This exam does not exist.", "another teacher's exam");
    let mut wrong_type = quiz(None);
    wrong_type["exam_id"] = json!("five");
    assert_eq!(t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&s.teacher), wrong_type).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let made = ok(t.post(DHAKA, "/classroom/schedule/classwork-create-one", Some(&s.teacher), quiz(Some(exam_id))).await);
    assert_eq!((made["content_type"].as_str(), made["exam"]["uuid"].as_str()), (Some("quiz"), Some(exam_uuid.as_str())));
    let quiz_id = made["id"].as_i64().unwrap();
    assert_eq!(ids(&t.get(DHAKA, &format!("/classroom/schedule/classworks/{class}?content_type=quiz"), Some(&s.learner)).await), vec![quiz_id]);
    let r = t.delete(DHAKA, &format!("/course/exam/delete-single/{exam_id}"), Some(&s.teacher)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("exam_in_use")));

    // Before anyone takes it: the student, with no attempt.
    let results = ok(t.get(DHAKA, &format!("/classroom/evaluation/results/{session}"), Some(&s.teacher)).await);
    assert_eq!((results[0]["classwork_id"].as_i64(), results[0]["students"][0]["attempts"].as_i64()), (Some(quiz_id), Some(0)), "{results}");

    // The learner takes it through the Exam Centre; the teacher reads the attempt once it is in.
    let attempt = s.start(&exam_uuid, &s.learner).await.body["data"]["uuid"].as_str().unwrap().to_owned();
    let r = t.get(DHAKA, &format!("/classroom/evaluation/user-answers/{attempt}"), Some(&s.teacher)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("attempt_open")));
    let r = t.post(DHAKA, &format!("/exam-front/attempt/{attempt}/submit"), Some(&s.learner), json!({})).await;
    assert!(r.status.is_success(), "{}", r.text);
    let results = ok(t.get(DHAKA, &format!("/classroom/evaluation/results/{session}?syllabus_id={quiz_id}"), Some(&s.teacher)).await);
    let mine = &results[0]["students"][0];
    assert_eq!((mine["attempts"].as_i64(), mine["attempt_uuid"].as_str()), (Some(1), Some(attempt.as_str())), "{results}");
    assert!(mine["max_score"].as_f64().unwrap() > 0.0 && mine["state"].is_string(), "{results}");
    let answers = ok(t.get(DHAKA, &format!("/classroom/evaluation/user-answers/{attempt}"), Some(&s.teacher)).await);
    assert_eq!(answers["uuid"], attempt.as_str(), "{answers}");

    // Nobody else reads them: the student, a teacher of another class, another site.
    assert_eq!(t.get(DHAKA, &format!("/classroom/evaluation/results/{session}"), Some(&s.learner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, &format!("/classroom/evaluation/user-answers/{attempt}"), Some(&s.learner)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, &format!("/classroom/evaluation/user-answers/{attempt}"), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, &format!("/classroom/evaluation/results/{session}"), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    assert_eq!(t.get(SYLHET, &format!("/classroom/evaluation/user-answers/{attempt}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/classroom/evaluation/results/x", Some(&s.teacher)).await.status, StatusCode::NOT_FOUND);
}

/// Against a real BigBlueButton server, when one is given (`BBB_LIVE_URL`, e.g.
/// `https://bbb.example.org/bigbluebutton`, and `BBB_LIVE_SECRET`): the account checks, a room is
/// made and a student's join link is accepted by the server. Without them it says it was skipped:
/// CI has no meeting server (see the README).
#[tokio::test]
async fn a_real_bigbluebutton_server_when_one_is_given() {
    let (Ok(url), Ok(secret)) = (std::env::var("BBB_LIVE_URL"), std::env::var("BBB_LIVE_SECRET")) else {
        eprintln!("skipped: set BBB_LIVE_URL and BBB_LIVE_SECRET to test against a real BigBlueButton server");
        return;
    };
    let College { t, admin, teacher, rahim, .. } = college().await;
    ok(t.post(DHAKA, "/classroom/api_configure/store", Some(&admin), json!({ "platform": "bbb", "base_url": url, "secret": secret })).await);
    assert_eq!(ok(t.get(DHAKA, "/classroom/api_configure/check?platform=bbb", Some(&admin)).await)["credentials_ok"], true);
    let class = id(t.post(DHAKA, "/classroom/class/create", Some(&teacher), json!({ "name": "Live check", "starts_at": at(0), "platform": "bbb" })).await);
    ok(t.post(DHAKA, "/classroom/people/create-student", Some(&teacher), json!({ "classroom_id": class, "name": "rahim", "email": "rahim@example.com" })).await);
    let session = id(t.post(DHAKA, "/classroom/schedule/create-one", Some(&teacher), json!({ "classroom_id": class, "title": "Check", "starts_at": at(-1), "duration_minutes": 10 })).await);
    let join = ok(t.get(DHAKA, &format!("/convay/token?session_id={session}"), Some(&rahim)).await);
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let answer = http.get(join["url"].as_str().unwrap()).send().await.unwrap();
    assert!(answer.status().is_redirection(), "the server took the signed join: {}", answer.text().await.unwrap());
}
