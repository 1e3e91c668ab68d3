//! The demo's live classes at Dhaka College, made through the classroom API as its teachers and
//! students would: Shafiqul's class-nine physics with Farhana as co-teacher, four students joined
//! and one invited by e-mail, two sessions held (attendance taken), one on now and two ahead, and
//! a timeline with a pinned routine and a question answered; and Farhana's ICT class on an
//! external meeting link, which Sadia joined through the class link. When `infra/run` has started
//! the local BigBlueButton and Zoom servers (`infra/meetings/`), the college's admin connects both
//! and Shafiqul's biology class meets on BigBlueButton, with a session on now (its join link opens
//! the local server's page; a real server needs its URL and secret in the meeting settings).
//! The second physics class has a quiz, the SSC model test its students took in the Exam Centre,
//! so its results are there to read. Shafiqul also gives a free webinar on preparing for the SSC
//! physics exam, on today with Sadia and Rahim registered; its room is under My webinars.
//! Times are relative to the seeding, so a session is always on when the demo starts.

use super::Api;
use super::catalogue::Site;
use crate::state::AppState;
use axum::http::Method;
use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

const TEACHER: &str = "teacher@example.com";
const CO_TEACHER: &str = "farhana.akter@example.com";
const STUDENTS: [(&str, &str); 4] = [
    ("Sadia Rahman", "learner@example.com"),
    ("Rahim Uddin", "rahim.uddin@example.com"),
    ("Nusrat Jahan", "nusrat.jahan@example.com"),
    ("Tania Islam", "tania.islam@example.com"),
];

fn at(base: DateTime<Utc>, minutes: i64) -> String {
    (base + Duration::minutes(minutes)).to_rfc3339()
}

/// Moves a session to when it was held: the API schedules only sessions still to come.
async fn held_at(app: &AppState, session: &Value, at: DateTime<Utc>) -> anyhow::Result<()> {
    let dhaka: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = 'dhaka'").fetch_one(&app.ctl.db).await?;
    let db = app.pools.get(dhaka).await?;
    sqlx::query("UPDATE classroom_sessions SET starts_at = $2 WHERE id = $1").bind(session["id"].as_i64()).bind(at).execute(&*db).await?;
    Ok(())
}

pub async fn seed(app: &AppState, api: &mut Api) -> anyhow::Result<()> {
    let teacher = api.token(Site::Dhaka, TEACHER).await?;
    let now = Utc::now();
    let day = 24 * 60;
    let physics = api
        .call(Site::Dhaka, Method::POST, "/classroom/class/create", Some(&teacher), json!({
            "name": "Physics, class nine (section A)", "name_bn": "পদার্থবিজ্ঞান, নবম শ্রেণি (শাখা ক)",
            "description": "Live classes twice a week following the NCTB textbook: motion, force, work and energy. Bring your exercise book.",
            "starts_at": at(now, -14 * day), "platform": "jitsi",
        }))
        .await?;
    let class_id = physics["id"].as_i64().unwrap_or_default();
    let add = async |api: &mut Api, path: &str, body: Value| api.call(Site::Dhaka, Method::POST, path, Some(&teacher), body).await;
    add(api, "/classroom/people/create-teacher", json!({ "classroom_id": class_id, "name": "Farhana Akter", "email": CO_TEACHER })).await?;
    let mut student_ids = Vec::new();
    for (name, email) in STUDENTS {
        let person = add(api, "/classroom/people/create-student", json!({ "classroom_id": class_id, "name": name, "email": email })).await?;
        student_ids.push(person["user_id"].clone());
    }
    add(api, "/classroom/people/create-student", json!({ "classroom_id": class_id, "name": "Mahmud Hasan", "email": "mahmud.hasan@example.com" })).await?;

    let sessions = [
        ("Motion: distance, displacement and speed", "গতি: দূরত্ব, সরণ ও দ্রুতি", -7 * day),
        ("Acceleration and the equations of motion", "ত্বরণ ও গতির সমীকরণ", -2 * day),
        ("Newton's laws of motion", "নিউটনের গতিসূত্র", -10),
        ("Momentum and its conservation", "ভরবেগ ও এর সংরক্ষণ", 2 * day),
        ("Work, energy and power", "কাজ, শক্তি ও ক্ষমতা", 5 * day),
    ];
    let mut held = Vec::new();
    for (title, title_bn, from) in sessions {
        let scheduled = if from < -60 { 60 } else { from };
        let session = add(api, "/classroom/schedule/create-one", json!({
            "classroom_id": class_id, "title": title, "title_bn": title_bn, "starts_at": at(now, scheduled), "duration_minutes": 60,
            "description": "Read the chapter before the class; the exercise is on the timeline afterwards.",
        }))
        .await?;
        if from < -60 {
            held_at(app, &session, now + Duration::minutes(from)).await?;
            held.push(session["id"].clone());
        }
    }
    // Everyone came to the first class; Tania missed the second.
    for (session, present) in held.iter().zip([&student_ids[..], &student_ids[..3]]) {
        api.call(Site::Dhaka, Method::POST, &format!("/classroom/attendance/store/{session}"), Some(&teacher), json!({ "present": present })).await?;
    }

    // The second class's recording, and the reading and exercise given with it.
    let recording = add(api, "/file-manager/user/create-url", json!({ "url": "https://www.youtube.com/watch?v=ZM8ECpBuQYE", "title": "ক্লাস রেকর্ডিং: ত্বরণ ও গতির সমীকরণ" })).await?;
    api.call(Site::Dhaka, Method::PUT, "/classroom/schedule/upload-class-recording", Some(&teacher), json!({ "session_id": held[1], "file_id": recording["id"] })).await?;
    let summary = add(api, "/file-manager/user/create-url", json!({ "url": "https://youtu.be/kKKM8Y-u7ds", "title": "Newton's laws in 5 minutes" })).await?;
    add(api, "/classroom/schedule/classwork-create-one", json!({ "classroom_id": class_id, "session_id": held[1], "content_type": "material",
        "title": "Watch before Newton's laws", "title_bn": "নিউটনের গতিসূত্রের আগে দেখে নাও", "file_id": summary["id"] })).await?;
    add(api, "/classroom/schedule/classwork-create-one", json!({ "classroom_id": class_id, "session_id": held[1], "content_type": "assignment",
        "title": "Exercise: equations of motion", "title_bn": "অনুশীলনী: গতির সমীকরণ",
        "instructions": "পাঠ্যবইয়ের দ্বিতীয় অধ্যায়ের ৩, ৫ ও ৮ নম্বর প্রশ্নের উত্তর খাতায় লিখে ছবি তুলে জমা দাও।", "due_at": at(now, 2 * day) })).await?;
    let exams = api.call(Site::Dhaka, Method::GET, "/course/exam/view-single?limit=20", Some(&teacher), Value::Null).await?;
    if let Some(model) = exams.as_array().into_iter().flatten().find(|e| e["title"] == "SSC Physics model test") {
        add(api, "/classroom/schedule/classwork-create-one", json!({ "classroom_id": class_id, "session_id": held[1], "content_type": "quiz",
            "title": "Quiz: the SSC model test", "title_bn": "কুইজ: এসএসসি মডেল টেস্ট", "exam_id": model["id"],
            "instructions": "এক বসায় শেষ করো; ফলাফল ও ব্যাখ্যা জমা দেওয়ার পরই দেখা যাবে।" })).await?;
    }

    let routine = add(api, "/classroom/timeline/create", json!({ "course_batch_id": class_id,
        "body": "ক্লাসের রুটিন: প্রতি রবিবার ও বুধবার সন্ধ্যা ৭টা। ক্লাসের ১৫ মিনিট আগে থেকে 'যোগ দিন' বোতাম চালু হবে। প্রতিটি ক্লাসের পর অনুশীলনী এখানে দেওয়া হবে।" })).await?;
    api.call(Site::Dhaka, Method::PUT, &format!("/classroom/timeline/pin-post/{}", routine["id"]), Some(&teacher), json!({ "pinned": true })).await?;
    let rahim = api.token(Site::Dhaka, "rahim.uddin@example.com").await?;
    let question = api
        .call(Site::Dhaka, Method::POST, "/classroom/timeline/create", Some(&rahim), json!({ "course_batch_id": class_id,
            "body": "স্যার, সরণ আর দূরত্বের পার্থক্যটা একটা উদাহরণ দিয়ে বুঝিয়ে দেবেন?" }))
        .await?;
    add(api, "/classroom/timeline/post-comment", json!({ "timeline_id": question["id"],
        "body": "তুমি বাসা থেকে স্কুলে ২ কিমি হেঁটে গিয়ে আবার ফিরে এলে দূরত্ব ৪ কিমি, কিন্তু সরণ শূন্য: সরণ শুধু শুরু আর শেষের অবস্থান দেখে।" })).await?;
    add(api, "/classroom/timeline/create", json!({ "course_batch_id": class_id,
        "body": "Exercise after class two: textbook chapter 2, questions 3, 5 and 8. Post your answers as comments here." })).await?;

    let farhana = api.token(Site::Dhaka, CO_TEACHER).await?;
    let ict = api
        .call(Site::Dhaka, Method::POST, "/classroom/class/create", Some(&farhana), json!({
            "name": "ICT for HSC: programming in C", "name_bn": "এইচএসসি আইসিটি: সি প্রোগ্রামিং",
            "description": "Chapter five of the HSC ICT book, with a live coding session every Thursday.",
            "starts_at": at(now, -3 * day), "platform": "link", "meeting_link": "https://meet.jit.si/dhaka-college-hsc-ict-c",
        }))
        .await?;
    api.call(Site::Dhaka, Method::POST, "/classroom/schedule/create-one", Some(&farhana), json!({
        "classroom_id": ict["id"], "title": "Variables, input and output", "title_bn": "চলক, ইনপুট ও আউটপুট",
        "starts_at": at(now, day + 120), "duration_minutes": 90,
    }))
    .await?;
    let sadia = api.token(Site::Dhaka, "learner@example.com").await?;
    api.call(Site::Dhaka, Method::POST, &format!("/classroom/batch/enroll/{}", ict["code"].as_str().unwrap_or_default()), Some(&sadia), json!({})).await?;
    meeting_services(api, &teacher, now).await?;
    webinar(api, &teacher, now).await
}

/// A free webinar with its live room: a session this evening, Sadia and Rahim registered.
async fn webinar(api: &mut Api, teacher: &str, now: DateTime<Utc>) -> anyhow::Result<()> {
    let call = async |api: &Api, method: Method, path: &str, body: Value| api.call(Site::Dhaka, method, path, Some(teacher), body).await;
    let course = call(api, Method::POST, "/course/course/create", json!({
        "title": "Webinar: preparing for the SSC physics exam", "title_bn": "ওয়েবিনার: এসএসসি পদার্থবিজ্ঞান পরীক্ষার প্রস্তুতি",
        "course_type": "webinar", "language": "bn", "category_id": 2,
        "summary": "এক ঘণ্টার সরাসরি আলোচনা: কোন অধ্যায়ে কত নম্বর, সৃজনশীল প্রশ্নের উত্তর লেখার কৌশল, আর শেষে প্রশ্নোত্তর।" })).await?;
    let section = call(api, Method::POST, "/course/schedule/section", json!({ "course_id": course["id"], "title": "Before the webinar", "title_bn": "ওয়েবিনারের আগে" })).await?;
    call(api, Method::POST, "/course/schedule/lesson", json!({ "course_id": course["id"], "section_id": section["id"], "lesson_type": "manual",
        "title": "What we will cover", "title_bn": "যা নিয়ে আলোচনা হবে",
        "body": "<p>সিলেবাসের ভাগ, বিগত বছরের প্রশ্নের ধরন, সময় ভাগ করে উত্তর লেখা। প্রশ্ন থাকলে আগেই টাইমলাইনে লিখে রাখো।</p>" })).await?;
    let today = control_plane::dhaka::today();
    let batch = call(api, Method::POST, "/course/batch/create", json!({ "course_id": course["id"], "name": "Live, this evening", "name_bn": "আজ সন্ধ্যায়, সরাসরি",
        "start_date": today.to_string(), "end_date": today.to_string(), "let_enroll": 1, "enrolment_limit": 500 })).await?;
    call(api, Method::PUT, "/course/batch/update-publish-feature", json!({ "id": batch["id"], "published": true })).await?;
    call(api, Method::PUT, "/course/update-publish-feature", json!({ "id": course["id"], "published": true })).await?;
    for who in ["learner@example.com", "rahim.uddin@example.com"] {
        let token = api.token(Site::Dhaka, who).await?;
        api.call(Site::Dhaka, Method::POST, "/learner-course/course-enrollment", Some(&token), json!({ "batch_id": batch["id"] })).await?;
    }
    // Writing on its timeline opens the batch's live room; the session is scheduled in it.
    call(api, Method::POST, "/course/timeline/create", json!({ "course_batch_id": batch["id"],
        "body": "আজ সন্ধ্যা ৭টায় দেখা হবে। তোমার প্রশ্ন এখানে লিখে রাখো, ওয়েবিনারের শেষে উত্তর দেব।" })).await?;
    let rooms = call(api, Method::GET, "/classroom/class/view?course_type=webinar", Value::Null).await?;
    let room = rooms.as_array().and_then(|r| r.first()).map(|r| r["id"].clone()).unwrap_or_default();
    call(api, Method::POST, "/classroom/schedule/create-one", json!({ "classroom_id": room, "title": "Live: preparing for the SSC physics exam",
        "title_bn": "সরাসরি: এসএসসি পদার্থবিজ্ঞান পরীক্ষার প্রস্তুতি", "starts_at": at(now, 60), "duration_minutes": 60 })).await?;
    Ok(())
}

/// Dhaka's BigBlueButton and Zoom accounts at the local servers `infra/run` starts, and a class on
/// BigBlueButton; nothing without them (a real service needs the institution's own account).
async fn meeting_services(api: &mut Api, teacher: &str, now: DateTime<Utc>) -> anyhow::Result<()> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let admin = api.token(Site::Dhaka, "dhaka-admin@example.com").await?;
    if let (Some(url), Some(secret)) = (var("BBB_LOCAL_URL"), var("BBB_LOCAL_SECRET")) {
        let account = json!({ "platform": "bbb", "base_url": url.trim_end_matches('/'), "secret": secret });
        api.call(Site::Dhaka, Method::POST, "/classroom/api_configure/store", Some(&admin), account).await?;
        let biology = api
            .call(Site::Dhaka, Method::POST, "/classroom/class/create", Some(teacher), json!({
                "name": "Biology, class ten: cells and tissues", "name_bn": "জীববিজ্ঞান, দশম শ্রেণি: কোষ ও টিস্যু",
                "description": "Live on BigBlueButton with a shared whiteboard; recordings appear under each session.",
                "starts_at": at(now, -24 * 60), "platform": "bbb",
            }))
            .await?;
        for (name, email) in &STUDENTS[..3] {
            api.call(Site::Dhaka, Method::POST, "/classroom/people/create-student", Some(teacher), json!({ "classroom_id": biology["id"], "name": name, "email": email })).await?;
        }
        api.call(Site::Dhaka, Method::POST, "/classroom/schedule/create-one", Some(teacher), json!({
            "classroom_id": biology["id"], "title": "The cell and its parts", "title_bn": "কোষ ও এর অংশসমূহ", "starts_at": at(now, -5), "duration_minutes": 90,
        }))
        .await?;
    }
    if let (Some(url), Some(account), Some(client), Some(secret), Some(hook)) =
        (var("ZOOM_LOCAL_URL"), var("ZOOM_LOCAL_ACCOUNT_ID"), var("ZOOM_LOCAL_CLIENT_ID"), var("ZOOM_LOCAL_CLIENT_SECRET"), var("ZOOM_LOCAL_WEBHOOK_SECRET"))
    {
        let account = json!({ "platform": "zoom", "base_url": format!("{url}/v2"), "auth_url": format!("{url}/oauth/token"),
            "app_id": account, "client_id": client, "secret": secret, "webhook_secret": hook });
        api.call(Site::Dhaka, Method::POST, "/classroom/api_configure/store", Some(&admin), account).await?;
    }
    Ok(())
}
