//! Dhaka College's demo certificate exam: "Physics fundamentals certificate" in two parts (an
//! objective paper, then the general knowledge quiz), with a batch open to everyone and a
//! restricted one for three invited candidates. Rahim enrolled through his link and passed the
//! first part (the quiz is still his to take) and was marked present; the learner's invitation
//! is still unused; he asked about the exam in its discussions and the teacher answered. Made
//! through the API; a
//! site that has certificate exams is left as it is.

use super::Api;
use super::catalogue::Site;
use super::exams::{answer_for, answers_of};
use anyhow::Context;
use axum::body::Body;
use axum::http::Method;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

const OBJECTIVE: [&str; 8] = ["multiple_choice", "multiple_select", "true_false", "dropdown", "fill_blanks", "short_answer", "date", "time"];

pub async fn seed(api: &mut Api, teacher: &'static str, candidate: &'static str) -> anyhow::Result<()> {
    let site = Site::Dhaka;
    let token = api.token(site, teacher).await?;
    let (_, existing) = api.send(site, Method::GET, "/assessment/course/view?limit=1", Some(&token), Body::empty(), "application/json").await?;
    if existing["total"].as_i64().context("the certificate exam list answers a total")? > 0 {
        return Ok(());
    }
    let (_, bank) = api.send(site, Method::GET, "/question-bank/view?limit=100", Some(&token), Body::empty(), "application/json").await?;
    let objective: Vec<Value> = bank["data"]
        .as_array()
        .context("the bank lists questions")?
        .iter()
        .filter(|q| OBJECTIVE.contains(&q["question_type"].as_str().unwrap_or_default()))
        .map(|q| json!({ "question_id": q["id"] }))
        .collect();
    let now = Utc::now();
    let paper = json!({
        "title": "Physics fundamentals: objective paper", "title_bn": "পদার্থবিজ্ঞানের ভিত্তি: নৈর্ব্যক্তিক অংশ",
        "instructions_bn": "প্রতিটি প্রশ্নের একটি উত্তর বেছে নাও। পাস নম্বর ৪০%।",
        "starts_at": now - Duration::days(1), "ends_at": now + Duration::days(60),
        "duration_minutes": 30, "attempts_allowed": 2, "pass_percent": 40,
        "shuffle_questions": true, "shuffle_options": true, "results_release": "on_submit", "show_answers": false,
        "grace_seconds": 60, "published": true, "parts": objective,
    });
    let paper = api.call(site, Method::POST, "/course/exam/create-single", Some(&token), paper).await?;
    let (_, quizzes) = api.send(site, Method::GET, "/course/exam/view-single?search=quiz", Some(&token), Body::empty(), "application/json").await?;
    let quiz = quizzes["data"].as_array().and_then(|q| q.first()).map(|q| q["id"].clone());

    let exam = json!({
        "title": "Physics fundamentals certificate", "title_bn": "পদার্থবিজ্ঞানের ভিত্তি: সনদ পরীক্ষা",
        "summary": "দুই অংশের পরীক্ষা: নৈর্ব্যক্তিক প্রশ্ন আর সাধারণ জ্ঞান কুইজ। দুটিতেই উত্তীর্ণ হলে ঢাকা কলেজের সনদ।",
        "objectives": ["গতি ও বলের মৌলিক ধারণা যাচাই", "উত্তীর্ণদের যাচাইযোগ্য সনদ"],
        "level": "beginner", "language": "bn",
    });
    let exam = api.call(site, Method::POST, "/assessment/course/create", Some(&token), exam).await?;
    let section = json!({ "course_id": exam["id"], "title": "Exam parts", "title_bn": "পরীক্ষার অংশ" });
    let section = api.call(site, Method::POST, "/course/schedule/section", Some(&token), section).await?;
    let mut parts = vec![];
    let lessons = [("Part 1: objective paper", "প্রথম অংশ: নৈর্ব্যক্তিক", Some(paper["id"].clone())), ("Part 2: general knowledge", "দ্বিতীয় অংশ: সাধারণ জ্ঞান", quiz)];
    for (title, title_bn, exam_id) in lessons {
        let Some(exam_id) = exam_id else { continue };
        let lesson = json!({ "section_id": section["id"], "title": title, "title_bn": title_bn, "lesson_type": "exam", "exam_id": exam_id, "duration_minutes": 30 });
        parts.push(api.call(site, Method::POST, "/course/schedule/lesson", Some(&token), lesson).await?);
    }
    let today = Utc::now().date_naive();
    let batch = |name: &str, name_bn: &str, restricted: bool| {
        json!({ "course_id": exam["id"], "name": name, "name_bn": name_bn, "start_date": today.to_string(),
                "end_date": (today + Duration::days(60)).to_string(), "restricted": restricted })
    };
    let open = api.call(site, Method::POST, "/course/batch/create", Some(&token), batch("Open to all", "সবার জন্য", false)).await?;
    let invited = api.call(site, Method::POST, "/course/batch/create", Some(&token), batch("Invited candidates, December", "আমন্ত্রিত পরীক্ষার্থী, ডিসেম্বর", true)).await?;
    for b in [&open, &invited] {
        api.call(site, Method::PUT, "/course/batch/update-publish-feature", Some(&token), json!({ "id": b["id"], "published": true })).await?;
    }
    api.call(site, Method::PUT, "/assessment/update-publish-feature", Some(&token), json!({ "id": exam["id"], "published": true })).await?;

    let mut links = vec![];
    for (name, email, phone) in [("মো. রহিম উদ্দিন", Some("rahim.uddin@example.com"), None), ("শিক্ষার্থী", Some(candidate), None), ("সাদিয়া আক্তার", None, Some("01712345678"))] {
        let body = json!({ "batch_id": invited["id"], "name": name, "email": email, "phone": phone });
        links.push(api.call(site, Method::POST, "/assessment/create-restricted-user", Some(&token), body).await?["link"].clone());
    }
    // Rahim used his link and passed the objective paper; the quiz part is still his to take.
    let rahim = api.token(site, "rahim.uddin@example.com").await?;
    let link = links[0].as_str().context("a candidate's link")?;
    let enrol = format!("/assessment-front/batch/restricted-user-enroll?token={}", link.rsplit("token=").next().unwrap_or_default());
    let enrolled = api.call(site, Method::GET, &enrol, Some(&rahim), Value::Null).await?;
    let started = api.call(site, Method::POST, &format!("/exam-front/single/{}/start", paper["uuid"].as_str().unwrap_or_default()), Some(&rahim), json!({})).await?;
    let attempt = started["uuid"].as_str().context("attempt uuid")?.to_owned();
    for (slot, question) in started["questions"].as_array().context("paper questions")?.iter().enumerate() {
        let Some(planned) = answers_of(0, question["question_type"].as_str().unwrap_or_default()) else { continue };
        let body = json!({ "slot": slot, "client_seq": 1, "answer": answer_for(question, &planned) });
        api.call(site, Method::PUT, &format!("/exam-front/attempt/{attempt}/answer"), Some(&rahim), body).await?;
    }
    let first = parts.first().context("the first part")?;
    // Handed in either way; a fail (409 `exam_not_passed`) leaves him a second attempt.
    let path = format!("/assessment-front/course/quiz-submit/{}", first["id"]);
    let (status, _) = api.send(site, Method::POST, &path, Some(&rahim), Body::from("{}"), "application/json").await?;
    anyhow::ensure!(status == 200 || status == 409, "handing in Rahim's paper: {status}");
    // The teacher marked him present on the exam day.
    let marks = json!({ "rows": [{ "enrollment_id": enrolled["enrollment_id"], "present": true }] });
    api.call(site, Method::POST, &format!("/assessment/attendance/store/{}", invited["id"]), Some(&token), marks).await?;
    // He asked about the exam day in the discussions, and the teacher answered.
    let say = |parent: Option<&Value>, body: &str| json!({ "course_id": exam["id"], "parent_id": parent.map(|p| p["id"].clone()), "body": body });
    let asked = api.call(site, Method::POST, "/assessment/discussions-store", Some(&rahim), say(None, "দ্বিতীয় অংশের কুইজ কি ঘরে বসে দেওয়া যাবে, নাকি কলেজে আসতে হবে?")).await?;
    api.call(site, Method::POST, "/assessment/discussions-store", Some(&token), say(Some(&asked), "ঘরে বসেই দিতে পারবে। সময় ৩০ মিনিট, শুরু করলে ঘড়ি থামে না, তাই ভালো নেটওয়ার্কে বসে শুরু কোরো।")).await?;
    api.call(site, Method::POST, "/assessment/discussions-store", Some(&rahim), say(None, "ক্যালকুলেটর ব্যবহার করা যাবে?")).await?;
    tracing::info!(site = api.host(site), "demo certificate exam seeded");
    Ok(())
}
