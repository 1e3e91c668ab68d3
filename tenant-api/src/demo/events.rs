//! The demo's events at Dhaka College, made through the events API as its admin and learners
//! would: a teachers' seminar today with people registered and two already checked in at the
//! door, an orientation next week that needs approval (one waiting, one approved), an online
//! workshop next month, and last month's career fair with its attendees, materials, a discussion
//! and reviews. Times are relative to the seeding, so the demo always has something on today.

use super::Api;
use super::catalogue::Site;
use super::media::notes_pdf;
use axum::http::Method;
use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

const ADMIN: &str = "dhaka-admin@example.com";

fn at(base: DateTime<Utc>, hours: i64) -> String {
    (base + Duration::hours(hours)).to_rfc3339()
}

pub async fn seed(api: &mut Api) -> anyhow::Result<()> {
    let admin = api.token(Site::Dhaka, ADMIN).await?;
    let now = Utc::now();
    let create = async |body: Value| api.call(Site::Dhaka, Method::POST, "/event/create", Some(&admin), body).await;

    let seminar = create(json!({
        "title": "Teaching with ICT: a seminar for secondary teachers",
        "title_bn": "আইসিটি দিয়ে পাঠদান: মাধ্যমিক শিক্ষকদের সেমিনার",
        "description": "How to use multimedia classrooms, the national e-textbooks and simple quizzes in everyday teaching. Lunch is provided.",
        "description_bn": "মাল্টিমিডিয়া ক্লাসরুম, জাতীয় ই-পাঠ্যবই ও ছোট কুইজ প্রতিদিনের পাঠদানে কীভাবে ব্যবহার করবেন। দুপুরের খাবার দেওয়া হবে।",
        "starts_at": at(now, 1), "ends_at": at(now, 6),
        "venue": "Dhaka College auditorium, Mirpur Road, Dhaka", "capacity": 120, "registration": "open",
    }))
    .await?;
    let orientation = create(json!({
        "title": "HSC orientation for new students and guardians",
        "title_bn": "নতুন শিক্ষার্থী ও অভিভাবকদের জন্য এইচএসসি ওরিয়েন্টেশন",
        "description": "Timetable, rules, clubs and the online learning platform, with questions from guardians.",
        "description_bn": "রুটিন, নিয়মকানুন, ক্লাব ও অনলাইন শিক্ষা প্ল্যাটফর্ম পরিচিতি; অভিভাবকদের প্রশ্নোত্তর।",
        "starts_at": at(now, 24 * 7), "ends_at": at(now, 24 * 7 + 3),
        "venue": "Dhaka College, Shaheed Minar ground", "capacity": 300, "registration": "approval",
    }))
    .await?;
    create(json!({
        "title": "Online workshop: writing good MCQs",
        "title_bn": "অনলাইন কর্মশালা: ভালো বহুনির্বাচনী প্রশ্ন লেখা",
        "description": "Creative questions and MCQs that test understanding, not memory.",
        "description_bn": "মুখস্থ নয়, বোঝাপড়া যাচাই করে এমন সৃজনশীল ও বহুনির্বাচনী প্রশ্ন।",
        "starts_at": at(now, 24 * 30), "ends_at": at(now, 24 * 30 + 2),
        "online_link": "https://meet.jit.si/dhaka-college-mcq-workshop",
    }))
    .await?;
    let fair = create(json!({
        "title": "Career fair 2026", "title_bn": "ক্যারিয়ার মেলা ২০২৬",
        "description": "Universities, banks and software companies meet final-year students.",
        "description_bn": "বিশ্ববিদ্যালয়, ব্যাংক ও সফটওয়্যার প্রতিষ্ঠান শেষ বর্ষের শিক্ষার্থীদের সঙ্গে কথা বলবে।",
        "starts_at": at(now, -1), "ends_at": at(now, 5),
        "venue": "Dhaka College gymnasium", "capacity": 500,
    }))
    .await?;

    let people = ["learner@example.com", "rahim.uddin@example.com", "nusrat.jahan@example.com", "tania.islam@example.com", "sabbir.hossain@example.com"];
    let mut tickets = Vec::new();
    for who in people {
        let token = api.token(Site::Dhaka, who).await?;
        for event in [&seminar, &fair] {
            let registration = api.call(Site::Dhaka, Method::POST, &format!("/event/register/{}", event["id"]), Some(&token), json!({})).await?;
            tickets.push((event["id"].clone(), registration["ticket"].clone()));
        }
    }
    // Two people came early to the seminar; four came to the fair.
    let seminar_tickets = tickets.iter().filter(|(e, _)| *e == seminar["id"]).take(2);
    let fair_tickets = tickets.iter().filter(|(e, _)| *e == fair["id"]).take(4);
    for (event, ticket) in seminar_tickets.chain(fair_tickets) {
        api.call(Site::Dhaka, Method::POST, "/event/check-in", Some(&admin), json!({ "event_id": event, "ticket": ticket })).await?;
    }
    for (who, status) in [("mitu.akter@example.com", None), ("arif.chowdhury@example.com", Some("approved"))] {
        let token = api.token(Site::Dhaka, who).await?;
        let registration = api.call(Site::Dhaka, Method::POST, &format!("/event/register/{}", orientation["id"]), Some(&token), json!({})).await?;
        if let Some(status) = status {
            api.call(Site::Dhaka, Method::POST, &format!("/event/event-user/{}/status", registration["id"]), Some(&admin), json!({ "status": status })).await?;
        }
    }

    // The fair's handout, a question answered, then the fair moves to last month and is reviewed.
    let handout = notes_pdf("Career fair 2026: stalls and talks", &["Stall 1-12: universities", "Stall 13-20: banks", "2 pm: talk on software careers"]);
    let file = api.upload_to(Site::Dhaka, &admin, "/file-manager/user/upload-file", &[], "career-fair-2026-map.pdf", &handout).await?;
    api.call(Site::Dhaka, Method::POST, "/event/materials", Some(&admin), json!({ "event_id": fair["id"], "file_id": file["id"] })).await?;
    let rahim = api.token(Site::Dhaka, "rahim.uddin@example.com").await?;
    let question = api.call(Site::Dhaka, Method::POST, "/event/discussion/create", Some(&rahim),
        json!({ "event_id": fair["id"], "body": "ব্যাংকের স্টলে কি সিভি জমা দেওয়া যাবে?" })).await?;
    api.call(Site::Dhaka, Method::POST, "/event/discussion/create", Some(&admin),
        json!({ "event_id": fair["id"], "parent_id": question["id"], "body": "হ্যাঁ, ছাপানো সিভি সঙ্গে আনুন। Yes, bring printed CVs." })).await?;
    let mut moved = fair.clone();
    moved["starts_at"] = json!(at(now, -24 * 30));
    moved["ends_at"] = json!(at(now, -24 * 30 + 6));
    moved["registration"] = json!("open");
    api.call(Site::Dhaka, Method::PUT, "/event/update", Some(&admin), moved).await?;
    for (who, rating, comment) in [
        ("learner@example.com", 5, "অনেক প্রতিষ্ঠানের সঙ্গে সরাসরি কথা বলার সুযোগ পেয়েছি।"),
        ("rahim.uddin@example.com", 4, "Well organised; the software talk was the best part."),
        ("nusrat.jahan@example.com", 4, "ভিড় একটু বেশি ছিল, তবে খুব কাজের মেলা।"),
    ] {
        let token = api.token(Site::Dhaka, who).await?;
        api.call(Site::Dhaka, Method::POST, "/event/review", Some(&token), json!({ "event_id": fair["id"], "rating": rating, "comment": comment })).await?;
    }
    tracing::info!("demo events seeded");
    Ok(())
}
