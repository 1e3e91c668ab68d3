//! The demo content bank: Dhaka College's physics teacher has made reusable lessons from the
//! files in their file manager (a class recording, notes, a quiz of the Exam Centre), published
//! two, keeps a draft shared with the college's admin; learners have enrolled, one finished and
//! reviewed. Made through the content bank's API; a teacher who already has items is left as is.

use super::Api;
use super::catalogue::Site;
use anyhow::Context;
use axum::body::Body;
use axum::http::Method;
use serde_json::{Value, json};

const TEACHER: &str = "teacher@example.com";
/// The platform's categories (control-plane V1): Mathematics, Science.
const SCIENCE: i64 = 3;

pub(super) async fn seed(api: &mut Api) -> anyhow::Result<()> {
    let token = api.token(Site::Dhaka, TEACHER).await?;
    let (_, existing) = api.send(Site::Dhaka, Method::GET, "/content-bank/content/list?type=my&limit=1", Some(&token), Body::empty(), "application/json").await?;
    if existing["total"].as_i64().unwrap_or(0) > 0 {
        return Ok(());
    }
    let files = api.call(Site::Dhaka, Method::GET, "/file-manager/user/get-files?source=my&limit=100", Some(&token), Value::Null).await?;
    let file = |starts: &str| -> anyhow::Result<i64> {
        let found = files.as_array().and_then(|f| f.iter().find(|x| x["title"].as_str().is_some_and(|t| t.starts_with(starts))));
        found.and_then(|x| x["id"].as_i64()).with_context(|| format!("the demo file manager holds {starts}"))
    };
    let (recording, notes, graph, newton) = (file("গতির সমীকরণ")?, file("motion-notes")?, file("velocity-time-graph")?, file("Newton")?);
    let exams = api.call(Site::Dhaka, Method::GET, "/course/exam/view-single?limit=50", Some(&token), Value::Null).await?;
    let quiz = exams.as_array().and_then(|e| e.iter().find(|x| x["title"] == "General knowledge quiz")).and_then(|x| x["id"].as_i64());

    let create = async |body: Value| api.call(Site::Dhaka, Method::POST, "/content-bank/content/create", Some(&token), body).await;
    let motion = create(json!({
        "title": "The laws of motion", "title_bn": "গতির সূত্র",
        "description": "Watch the class recording, read the summary and keep the notes: speed, velocity and acceleration.",
        "description_bn": "ক্লাস রেকর্ডিং দেখুন, সারসংক্ষেপ পড়ুন আর নোট রাখুন: দ্রুতি, বেগ ও ত্বরণ।",
        "content_type": "video", "category_id": SCIENCE, "duration": "1:15", "start_date": "2026-01-10", "published": true,
        "cover_file_id": graph,
        "parts": [
            { "title": "Class recording", "title_bn": "ক্লাস রেকর্ডিং", "kind": "file", "file_id": recording },
            { "title": "Summary", "title_bn": "সারসংক্ষেপ", "kind": "text",
              "body": "<h2>গতির তিনটি সমীকরণ</h2><ul><li>v = u + at</li><li>s = ut + ½at²</li><li>v² = u² + 2as</li></ul>\
                       <p>এখানে <strong>u</strong> আদিবেগ, <strong>v</strong> শেষবেগ, <strong>a</strong> ত্বরণ আর <strong>t</strong> সময়।</p>" },
            { "title": "Class notes (PDF)", "title_bn": "ক্লাস নোট (পিডিএফ)", "kind": "file", "file_id": notes },
        ],
    }))
    .await?;
    if let Some(exam) = quiz {
        create(json!({
            "title": "General knowledge: check yourself", "title_bn": "সাধারণ জ্ঞান: নিজেকে যাচাই করুন",
            "description_bn": "পাঁচ মিনিটের একটি ছোট কুইজ। যতবার খুশি চেষ্টা করুন।",
            "content_type": "quiz", "duration": "0:10", "published": true,
            "parts": [
                { "title": "Before you start", "title_bn": "শুরুর আগে", "kind": "text", "body": "<p>প্রতিটি প্রশ্ন মন দিয়ে পড়ুন। সময় পাঁচ মিনিট।</p>" },
                { "title": "The quiz", "title_bn": "কুইজ", "kind": "quiz", "exam_id": exam },
            ],
        }))
        .await?;
    }
    create(json!({
        "title": "Newton's laws in five minutes", "title_bn": "পাঁচ মিনিটে নিউটনের সূত্র", "content_type": "video", "category_id": SCIENCE,
        "duration": "0:05", "parts": [{ "title": "Video", "title_bn": "ভিডিও", "kind": "file", "file_id": newton }],
        "shared_with": ["dhaka-admin@example.com"],
    }))
    .await?;

    // One learner half way, another finished with a review.
    let id = motion["id"].as_i64().context("a content item has an id")?;
    let parts: Vec<i64> = motion["parts"].as_array().context("parts")?.iter().filter_map(|p| p["id"].as_i64()).collect();
    for (learner, done, review) in [("learner@example.com", 1, None), ("rahim.uddin@example.com", parts.len(), Some("খুব সহজে বোঝা গেল, নোটগুলো কাজে লাগছে।"))] {
        let token = api.token(Site::Dhaka, learner).await?;
        let enrolment = api.call(Site::Dhaka, Method::POST, &format!("/content-bank-front/content/enroll/{id}"), Some(&token), json!({})).await?;
        let enroll = enrolment["id"].as_i64().context("an enrolment has an id")?;
        for part in &parts[..done] {
            api.call(Site::Dhaka, Method::POST, &format!("/content-bank-front/content/complete-part/{enroll}"), Some(&token), json!({ "part_id": part })).await?;
        }
        if let Some(comment) = review {
            api.call(Site::Dhaka, Method::POST, &format!("/content-bank-front/content/review-content/{id}"), Some(&token), json!({ "rating": 5, "comment": comment })).await?;
        }
    }
    Ok(())
}
