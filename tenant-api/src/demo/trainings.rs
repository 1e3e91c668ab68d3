//! The demo's trainings at Dhaka College, made through the trainings API as its training cell
//! would: a five-day ICT teacher training running now at NAEM (two sessions a day, attendance
//! taken so far, lunch and tea planned, a budget, bags handed out, two trainers paid per session),
//! and last month's training on creative questions, finished, whose trainees who came often
//! enough hold certificates. Dates are relative to the seeding, so the demo always has a day on.

use super::Api;
use super::catalogue::Site;
use axum::http::Method;
use chrono::{Duration, NaiveDate};
use control_plane::dhaka::today;
use serde_json::{Value, json};

const ADMIN: &str = "dhaka-admin@example.com";
const TRAINEES: [&str; 6] =
    ["learner@example.com", "rahim.uddin@example.com", "nusrat.jahan@example.com", "tania.islam@example.com", "sabbir.hossain@example.com", "mitu.akter@example.com"];

fn at(day: NaiveDate, hour: u32) -> String {
    format!("{day}T{hour:02}:00:00+06:00")
}

/// A published training with a reading lesson and one published batch over `days` days from
/// `first`, its trainees enrolled; answers (batch id, the trainees' enrolment ids in TRAINEES order).
async fn training(api: &mut Api, admin: &str, title: (&str, &str), first: NaiveDate, days: i64) -> anyhow::Result<(i64, Vec<i64>)> {
    let call = async |api: &Api, method: Method, path: &str, body: Value| api.call(Site::Dhaka, method, path, Some(admin), body).await;
    let course = call(api, Method::POST, "/course/course/create", json!({ "title": title.0, "title_bn": title.1, "course_type": "training", "language": "bn",
        "summary": "মাধ্যমিক বিদ্যালয়ের শিক্ষকদের জন্য সরাসরি (আবাসিক) প্রশিক্ষণ।" })).await?;
    let section = call(api, Method::POST, "/course/schedule/section", json!({ "course_id": course["id"], "title": "Before you come", "title_bn": "প্রশিক্ষণের আগে" })).await?;
    call(api, Method::POST, "/course/schedule/lesson", json!({ "course_id": course["id"], "section_id": section["id"], "lesson_type": "manual",
        "title": "Programme and what to bring", "title_bn": "কর্মসূচি ও যা সঙ্গে আনবেন",
        "body": "<p>প্রতিদিন সকাল ৯:৩০-এ নিবন্ধন। ল্যাপটপ (থাকলে), জাতীয় পরিচয়পত্র ও নিয়োগপত্রের কপি সঙ্গে আনুন।</p>" })).await?;
    // A batch that has ended takes no enrolments: a past one is open until its trainees are in.
    let end = first + Duration::days(days - 1);
    let batch = call(api, Method::POST, "/course/batch/create", json!({ "course_id": course["id"], "name": "Batch 1", "name_bn": "ব্যাচ ১",
        "start_date": first.to_string(), "end_date": end.max(today()).to_string(), "let_enroll": 1, "enrolment_limit": 40 })).await?;
    call(api, Method::PUT, "/course/batch/update-publish-feature", json!({ "id": batch["id"], "published": true })).await?;
    call(api, Method::PUT, "/course/update-publish-feature", json!({ "id": course["id"], "published": true })).await?;
    for who in TRAINEES {
        let token = api.token(Site::Dhaka, who).await?;
        api.call(Site::Dhaka, Method::POST, "/learner-course/course-enrollment", Some(&token), json!({ "batch_id": batch["id"] })).await?;
    }
    if end < today() {
        call(api, Method::PUT, "/course/batch/update", json!({ "id": batch["id"], "end_date": end.to_string() })).await?;
    }
    let batch_id = batch["id"].as_i64().unwrap_or_default();
    let listed = api.call(Site::Dhaka, Method::GET, &format!("/course/training-facility/enrolled_users/{batch_id}?limit=100"), Some(admin), Value::Null).await?;
    let mut enrolments = Vec::new();
    for who in TRAINEES {
        let row = listed.as_array().into_iter().flatten().find(|r| r["email"] == who);
        enrolments.push(row.and_then(|r| r["enrollment_id"].as_i64()).unwrap_or_default());
    }
    Ok((batch_id, enrolments))
}

pub async fn seed(api: &mut Api) -> anyhow::Result<()> {
    let admin = api.token(Site::Dhaka, ADMIN).await?;
    let admin = admin.as_str();
    let call = async |api: &Api, method: Method, path: &str, body: Value| api.call(Site::Dhaka, method, path, Some(admin), body).await;

    // The training running now: five days from the day before yesterday.
    let first = today() - Duration::days(2);
    let (batch, enrolments) = training(api, admin, ("ICT in the classroom: five-day teacher training", "আইসিটি-নির্ভর শ্রেণি পাঠদান: পাঁচ দিনের শিক্ষক প্রশিক্ষণ"), first, 5).await?;
    call(api, Method::PUT, &format!("/course/training/batches/{batch}"), json!({ "venue": "NAEM, Dhanmondi, Dhaka", "venue_bn": "নায়েম, ধানমন্ডি, ঢাকা",
        "address": "House 1, Road 1, Dhanmondi, Dhaka 1205", "completion_percent": 80, "tax_basis_points": 1000 })).await?;
    let mut trainers = Vec::new();
    for (email, rate) in [("teacher@example.com", 300_000), ("farhana.akter@example.com", 250_000)] {
        trainers.push(call(api, Method::POST, "/course/training/trainers", json!({ "batch_id": batch, "email": email, "rate_poisha": rate })).await?["id"].clone());
    }
    let topics = [
        ("Opening and the digital content portal", "উদ্বোধন ও ডিজিটাল কনটেন্ট পোর্টাল"),
        ("Making a multimedia lesson", "মাল্টিমিডিয়া পাঠ তৈরি"),
        ("Presentations that teach", "শেখানোর উপযোগী প্রেজেন্টেশন"),
        ("Using the national e-textbooks", "জাতীয় ই-পাঠ্যবইয়ের ব্যবহার"),
        ("Online quizzes and assessment", "অনলাইন কুইজ ও মূল্যায়ন"),
        ("Safe internet for students", "শিক্ষার্থীদের নিরাপদ ইন্টারনেট"),
        ("Practice: a lesson of your own", "অনুশীলন: নিজের একটি পাঠ"),
        ("Peer review of lessons", "পাঠের পারস্পরিক পর্যালোচনা"),
        ("Action plan for your school", "নিজ বিদ্যালয়ের কর্মপরিকল্পনা"),
        ("Closing and evaluation", "সমাপনী ও মূল্যায়ন"),
    ];
    let mut sessions = Vec::new();
    for (n, (title, title_bn)) in topics.iter().enumerate() {
        let day = first + Duration::days(n as i64 / 2);
        let hour = if n % 2 == 0 { 10 } else { 14 };
        let s = call(api, Method::POST, "/course/training/sessions", json!({ "batch_id": batch, "title": title, "title_bn": title_bn,
            "starts_at": at(day, hour), "ends_at": at(day, hour + 2), "trainer_id": trainers[n % 2] })).await?;
        sessions.push(s["id"].clone());
    }
    // Attendance of the two days gone and this morning: one trainee missed a day.
    for (n, session) in sessions.iter().take(5).enumerate() {
        let absent: Vec<i64> = if n == 2 || n == 3 { vec![enrolments[4]] } else { vec![] };
        let present: Vec<i64> = enrolments.iter().copied().filter(|e| !absent.contains(e)).collect();
        call(api, Method::POST, &format!("/course/training/sessions/{session}/attendance"), json!({ "present": present, "absent": absent })).await?;
    }

    // Meals: lunch and afternoon tea every day, with meals for the trainers and staff.
    let mut items = std::collections::HashMap::new();
    for (name, name_bn, unit) in [("Rice", "ভাত", "kg"), ("Dal", "ডাল", "kg"), ("Chicken curry", "মুরগির তরকারি", "pcs"), ("Tea", "চা", "cup"), ("Biscuits", "বিস্কুট", "pcs")] {
        let item = call(api, Method::POST, "/course/training-facility/items/create", json!({ "name": name, "name_bn": name_bn, "unit": unit })).await?;
        items.insert(name, item["id"].clone());
    }
    call(api, Method::POST, "/course/training-facility/createOrUpdate", json!({ "batch_id": batch, "meal_type": "lunch", "training_time": "13:00",
        "location": "NAEM cafeteria", "extra_count": 3, "items": [
            { "item_id": items["Rice"], "quantity_per_person": 0.2 }, { "item_id": items["Dal"], "quantity_per_person": 0.05 },
            { "item_id": items["Chicken curry"], "quantity_per_person": 1 } ] })).await?;
    call(api, Method::POST, "/course/training-facility/createOrUpdate", json!({ "batch_id": batch, "meal_type": "afternoon_snack", "training_time": "16:00",
        "location": "Seminar room 2", "extra_count": 3, "items": [
            { "item_id": items["Tea"], "quantity_per_person": 1 }, { "item_id": items["Biscuits"], "quantity_per_person": 2 } ] })).await?;

    // The budget, logistic items, and bags handed to everyone on the first day.
    call(api, Method::POST, "/course/training-resource/budget/create", json!({ "batch_id": batch, "lines": [
        { "category": "venue", "description": "Seminar room, 5 days", "planned_poisha": 2_500_000, "actual_poisha": 2_500_000 },
        { "category": "meals", "description": "Lunch and tea, 9 people × 5 days", "planned_poisha": 1_350_000, "actual_poisha": 810_000 },
        { "category": "materials", "description": "Bags, manuals, pen drives", "planned_poisha": 600_000, "actual_poisha": 540_000 },
        { "category": "transport", "description": "Trainees' travel allowance", "planned_poisha": 900_000, "actual_poisha": 0 },
        { "category": "honorarium", "description": "10 sessions", "planned_poisha": 2_750_000, "actual_poisha": 0 } ] })).await?;
    let bag = call(api, Method::POST, "/course/training-resource/logistic/create", json!({ "batch_id": batch, "name": "Training bag", "name_bn": "প্রশিক্ষণ ব্যাগ", "unit_cost_poisha": 45_000 })).await?;
    call(api, Method::POST, "/course/training-resource/logistic/create", json!({ "batch_id": batch, "name": "Trainee's manual", "name_bn": "প্রশিক্ষণার্থী সহায়িকা", "unit_cost_poisha": 15_000 })).await?;
    call(api, Method::POST, "/course/training-resource/logistic/createOrUpdate", json!({ "logistic_id": bag["id"], "enrollment_ids": enrolments, "issued": true })).await?;

    // Last month's training: four sessions over two days, all held; four of six came to all.
    let first = today() - Duration::days(30);
    let (past, enrolments) = training(api, admin, ("Writing creative questions: two-day workshop", "সৃজনশীল প্রশ্ন প্রণয়ন: দুই দিনের কর্মশালা"), first, 2).await?;
    call(api, Method::PUT, &format!("/course/training/batches/{past}"), json!({ "venue": "Dhaka College, Room 204", "venue_bn": "ঢাকা কলেজ, কক্ষ ২০৪" })).await?;
    let trainer = call(api, Method::POST, "/course/training/trainers", json!({ "batch_id": past, "email": "teacher@example.com", "rate_poisha": 200_000 })).await?;
    for n in 0..4 {
        let day = first + Duration::days(n / 2);
        let hour = if n % 2 == 0 { 10 } else { 14 };
        let s = call(api, Method::POST, "/course/training/sessions", json!({ "batch_id": past, "title": format!("Session {}", n + 1), "title_bn": format!("সেশন {}", ["১", "২", "৩", "৪"][n as usize]),
            "starts_at": at(day, hour), "ends_at": at(day, hour + 2), "trainer_id": trainer["id"] })).await?;
        let present: Vec<i64> = enrolments.iter().enumerate().filter(|(i, _)| *i < 4 || n == 0).map(|(_, e)| *e).collect();
        let absent: Vec<i64> = enrolments.iter().copied().filter(|e| !present.contains(e)).collect();
        call(api, Method::POST, &format!("/course/training/sessions/{}/attendance", s["id"]), json!({ "present": present, "absent": absent })).await?;
    }
    call(api, Method::POST, &format!("/course/training/batches/{past}/complete"), json!({})).await?;
    tracing::info!("demo trainings seeded");
    Ok(())
}
