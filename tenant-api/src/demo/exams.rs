//! The demo Exam Centre of Dhaka College: an SSC physics model test open for a month, taken by
//! four learners (one essay marked, the rest waiting in the marking queue), and a general
//! knowledge quiz drawn at random from its folder that nobody has taken yet, the last lesson of
//! the Liberation War course. Made through the API; a site that has exams is left as it is.

use super::Api;
use super::catalogue::Site;
use anyhow::Context;
use axum::body::Body;
use axum::http::Method;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

/// A learner's answers by question type: (option texts chosen, or the text typed).
pub(super) fn answers_of(learner: usize, kind: &str) -> Option<Value> {
    let good = learner % 2 == 0;
    Some(match kind {
        "multiple_choice" => json!({ "options": [if good { "m/s" } else { "N" }] }),
        "multiple_select" => json!({ "options": if learner == 0 { vec!["Velocity", "Force"] } else { vec!["Velocity", "Mass"] } }),
        "true_false" => json!({ "text": if learner == 3 { "false" } else { "true" } }),
        "dropdown" => json!({ "options": ["Newton"] }),
        "fill_blanks" => json!({ "blanks": [if good { "বেগ" } else { "সময়" }] }),
        "short_answer" => json!({ "text": if learner == 1 { "গ্যালিলিও" } else { "নিউটন" } }),
        "paragraph" => json!({ "text": "বাস হঠাৎ চলতে শুরু করলে যাত্রীরা পেছনে হেলে পড়ে, কারণ শরীর স্থির থাকতে চায়: এটাই স্থিতি জড়তা।" }),
        "essay" => json!({ "text": "সেচের পাম্প, ট্রাক্টর আর আবহাওয়ার পূর্বাভাস: সবখানেই পদার্থবিজ্ঞান কৃষকের কাজ সহজ করে। ..." }),
        "date" => json!({ "text": if good { "১৬/১২/১৯৭১" } else { "২৬/০৩/১৯৭১" } }),
        "time" => json!({ "text": "০০:০১" }),
        _ => return None,
    })
}

/// The quiz closes the last section of a course, as a lesson learners take through the Exam Centre.
async fn quiz_lesson(api: &Api, token: &str, course: &str, quiz: &Value) -> anyhow::Result<()> {
    let site = Site::Dhaka;
    let search = course.replace(' ', "+");
    let courses = api.call(site, Method::GET, &format!("/course/course/view?search={search}"), Some(token), Value::Null).await?;
    let course_id = courses.as_array().and_then(|c| c.first()).map(|c| c["id"].clone()).context("the course to hold the quiz")?;
    let syllabus = api.call(site, Method::GET, &format!("/course/schedule/view-syllabus-all?course_id={course_id}"), Some(token), Value::Null).await?;
    let section = syllabus.as_array().and_then(|s| s.last()).map(|s| s["id"].clone()).context("a section")?;
    let lesson = json!({
        "section_id": section, "title": "Quiz: general knowledge", "title_bn": "কুইজ: সাধারণ জ্ঞান",
        "lesson_type": "quiz", "exam_id": quiz["id"], "duration_minutes": 5,
    });
    api.call(site, Method::POST, "/course/schedule/lesson", Some(token), lesson).await?;
    Ok(())
}

/// The answer as the API takes it: option texts turned into the ids this paper gave them.
pub(super) fn answer_for(question: &Value, planned: &Value) -> Value {
    let Some(texts) = planned.get("options").and_then(Value::as_array) else { return planned.clone() };
    let ids: Vec<Value> = texts
        .iter()
        .filter_map(|t| question["options"].as_array()?.iter().find(|o| &o["text"] == t).map(|o| o["id"].clone()))
        .collect();
    json!({ "choices": ids })
}

pub async fn seed(api: &mut Api, teacher: &'static str, learners: &[&'static str]) -> anyhow::Result<()> {
    let site = Site::Dhaka;
    let token = api.token(site, teacher).await?;
    let (_, existing) = api.send(site, Method::GET, "/course/exam/view-single?limit=1", Some(&token), Body::empty(), "application/json").await?;
    if existing["total"].as_i64().context("the exam list answers a total")? > 0 {
        return Ok(());
    }
    let (_, bank) = api.send(site, Method::GET, "/question-bank/view?limit=100", Some(&token), Body::empty(), "application/json").await?;
    let questions = bank["data"].as_array().context("the bank lists questions")?;
    let (_, folders) = api.send(site, Method::GET, "/question-bank/view-folder?no_pagination=1", Some(&token), Body::empty(), "application/json").await?;
    let general = folders["data"].as_array().and_then(|f| f.iter().find(|f| f["name"] == "সাধারণ জ্ঞান")).map(|f| f["id"].clone());

    let now = Utc::now();
    let model = json!({
        "title": "SSC Physics model test", "title_bn": "এসএসসি পদার্থবিজ্ঞান মডেল টেস্ট",
        "instructions": "Answer every question. The timer starts when you press Start.",
        "instructions_bn": "সব প্রশ্নের উত্তর দাও। শুরু চাপলেই সময় গণনা শুরু হবে।",
        "starts_at": now - Duration::days(1), "ends_at": now + Duration::days(30),
        "duration_minutes": 40, "attempts_allowed": 2, "pass_percent": 40,
        "shuffle_questions": true, "shuffle_options": true, "results_release": "on_submit", "show_answers": true,
        "grace_seconds": 120, "published": true,
        "parts": questions.iter().rev().filter(|q| q["question_type"] != "assignment").map(|q| json!({ "question_id": q["id"] })).collect::<Vec<_>>(),
    });
    let exam = api.call(site, Method::POST, "/course/exam/create-single", Some(&token), model).await?;
    if let Some(folder) = general {
        let quiz = json!({
            "title": "General knowledge quiz", "title_bn": "সাধারণ জ্ঞান কুইজ",
            "starts_at": now - Duration::hours(1), "ends_at": now + Duration::days(14),
            "duration_minutes": 5, "attempts_allowed": 3, "pass_percent": 50,
            "shuffle_questions": true, "shuffle_options": false, "results_release": "on_submit", "show_answers": true,
            "grace_seconds": 30, "published": true, "parts": [{ "folder_id": folder, "pick": 2 }],
        });
        let quiz = api.call(site, Method::POST, "/course/exam/create-single", Some(&token), quiz).await?;
        quiz_lesson(api, &token, "The History of the Liberation War", &quiz).await?;
    }

    let uuid = exam["uuid"].as_str().context("exam uuid")?;
    let mut marked_one = false;
    for (n, learner) in learners.iter().enumerate() {
        let learner_token = api.token(site, learner).await?;
        let paper = api.call(site, Method::POST, &format!("/exam-front/single/{uuid}/start"), Some(&learner_token), json!({})).await?;
        let attempt = paper["uuid"].as_str().context("attempt uuid")?.to_owned();
        for (slot, question) in paper["questions"].as_array().context("paper questions")?.iter().enumerate() {
            let Some(planned) = answers_of(n, question["question_type"].as_str().unwrap_or_default()) else { continue };
            let body = json!({ "slot": slot, "client_seq": 1, "answer": answer_for(question, &planned) });
            api.call(site, Method::PUT, &format!("/exam-front/attempt/{attempt}/answer"), Some(&learner_token), body).await?;
        }
        api.call(site, Method::POST, &format!("/exam-front/attempt/{attempt}/submit"), Some(&learner_token), json!({})).await?;
        if !marked_one {
            // The teacher has marked the first learner's written answers; the others wait in the queue.
            let queue = api.call(site, Method::GET, &format!("/course/exam/marking/{}", exam["id"]), Some(&token), Value::Null).await?;
            for item in queue.as_array().into_iter().flatten() {
                let marks = (item["marks"].as_f64().unwrap_or(0.0) * 0.7).round();
                let body = json!({ "attempt": item["attempt"], "slot": item["slot"], "marks": marks, "comment": "ভালো লিখেছ; উদাহরণ আরও একটি দিলে পূর্ণ নম্বর পেতে।" });
                api.call(site, Method::POST, "/course/batch/manual_mark", Some(&token), body).await?;
            }
            marked_one = true;
        }
    }
    tracing::info!(site = api.host(site), "demo exams seeded");
    Ok(())
}
