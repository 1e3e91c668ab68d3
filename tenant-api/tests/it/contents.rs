//! The content bank against the real PostgreSQL and S3 server: bad input refused field by field;
//! an item shared with a colleague and published for learners, who enrol, finish its parts in
//! order (its quiz through the Exam Centre), review it and get recommendations; files, exams and
//! parts that something uses kept; an item dropped into a course playing the same file; and no
//! item of one site reachable on another.

use crate::common::{Response, TestApp};
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

/// The code of the (first) error on `field`, recognised by its English message.
fn field_code(r: &Response, field: &str) -> String {
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let said = r.body["errors"][field][0].as_str().unwrap_or_else(|| panic!("no error on {field}: {}", r.text));
    let codes = ["required", "invalid_choice", "title_required", "invalid_category", "duration_not_hm", "invalid_date", "invalid_rating",
        "not_a_colleague"];
    codes.iter().find(|c| control_plane::i18n::message(c, control_plane::i18n::Lang::En, None) == said).map_or_else(|| said.to_owned(), |c| (*c).to_owned())
}

fn conflict(r: &Response) -> &str {
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    r.body["code"].as_str().unwrap()
}

fn ids(r: &Response) -> Vec<i64> {
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

fn png() -> Vec<u8> {
    let mut out = Vec::new();
    image::RgbImage::from_fn(80, 60, |x, y| image::Rgb([x as u8, y as u8, 40])).write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    out
}

#[tokio::test]
async fn learners_go_through_shared_and_published_content_in_order_on_its_own_site_only() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("colleague@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;

    // The teacher's material: a video link, a picture, and a one-question quiz.
    let r = t.post(DHAKA, "/file-manager/user/create-url", Some(&teacher), json!({ "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "title": "ভগ্নাংশ" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let video = r.body["data"]["id"].as_i64().unwrap();
    let r = t.upload(DHAKA, "/file-manager/user/upload-file", &teacher, &[("file", Some("cover.png"), &png())]).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let picture = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), json!({ "question_type": "true_false", "text_bn": "১/২ আর ২/৪ সমান।", "marks": 1, "answer": "true" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let question = r.body["data"]["id"].as_i64().unwrap();
    let now = Utc::now();
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&teacher), json!({
        "title": "Fractions check", "title_bn": "ভগ্নাংশ যাচাই", "starts_at": now - Duration::minutes(1), "ends_at": now + Duration::hours(2),
        "duration_minutes": 10, "attempts_allowed": 2, "pass_percent": 50, "results_release": "on_submit", "grace_seconds": 0,
        "published": true, "parts": [{ "question_id": question }],
    })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let (exam, exam_uuid) = (r.body["data"]["id"].as_i64().unwrap(), r.body["data"]["uuid"].as_str().unwrap().to_owned());
    let item = |parts: Value| json!({
        "title": "Fractions", "title_bn": "ভগ্নাংশ", "description_bn": "ভগ্নাংশের যোগ ও বিয়োগ", "content_type": "video", "category_id": 1,
        "duration": "1:30", "start_date": "2026-01-01", "cover_file_id": picture, "parts": parts, "shared_with": ["colleague@dhaka.example"],
    });
    let good_parts = json!([
        { "title": "Watch", "title_bn": "দেখুন", "kind": "file", "file_id": video },
        { "title_bn": "পড়ুন", "kind": "text", "body": "<p>১/২ + ১/৪ = ৩/৪</p><script>alert(1)</script><img src=x onerror=alert(1)>" },
        { "title": "Check yourself", "kind": "quiz", "exam_id": exam },
    ]);

    // Bad input, every field at once; wrong types, NULs and learners refused.
    let r = t.post(DHAKA, "/content-bank/content/create", Some(&teacher), json!({
        "title": " ", "title_bn": "", "content_type": "podcast", "category_id": 99999, "duration": "1:75", "start_date": "2026-13-01",
        "cover_file_id": video, "shared_with": ["nobody@example.com"],
        "parts": [{ "title": "a", "kind": "file", "file_id": 99999 }, { "title": "b", "kind": "text", "body": "<p> </p>" },
                  { "title": "c", "kind": "quiz", "exam_id": 99999 }, { "title": "", "kind": "audio" }, { "id": 5, "title": "e", "kind": "text", "body": "x" }],
    })).await;
    let got: Vec<String> = ["title", "content_type", "category_id", "duration", "start_date", "cover_file_id", "parts.0.file_id", "parts.1.body",
        "parts.2.exam_id", "parts.3.title", "parts.3.kind", "parts.4.id"].iter().map(|f| field_code(&r, f)).collect();
    assert_eq!(got, ["title_required", "invalid_choice", "invalid_category", "duration_not_hm", "invalid_date", "invalid_choice", "invalid_choice",
        "required", "invalid_choice", "title_required", "invalid_choice", "invalid_choice"]);
    let r = t.post(DHAKA, "/content-bank/content/create", Some(&teacher), json!({ "title": "x", "content_type": "video", "duration": 90 })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "a wrong type is refused, not a 500: {}", r.text);
    let r = t.post(DHAKA, "/content-bank/content/create", Some(&teacher), json!({ "title": "a\u{0}b", "content_type": "video", "duration": "0:10" })).await;
    assert!(r.status.is_client_error(), "a NUL is refused: {}", r.text);
    let mut unshared = item(good_parts.clone());
    unshared["shared_with"] = json!(["learner@example.com"]);
    assert_eq!(field_code(&t.post(DHAKA, "/content-bank/content/create", Some(&teacher), unshared).await, "shared_with"), "not_a_colleague");
    assert_eq!(t.post(DHAKA, "/content-bank/content/create", Some(&learner), item(good_parts.clone())).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, "/content-bank/content/list?type=everything", Some(&teacher)).await.status, StatusCode::UNPROCESSABLE_ENTITY);

    // A draft, shared with a colleague: the colleague sees it whole, a learner not at all.
    let r = t.post(DHAKA, "/content-bank/content/create", Some(&teacher), item(good_parts.clone())).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let d = &r.body["data"];
    let id = d["id"].as_i64().unwrap();
    assert_eq!((d["duration"].as_str(), d["parts_count"].as_i64(), d["mine"].as_bool(), d["published"].as_bool()), (Some("1:30"), Some(3), Some(true), Some(false)));
    assert_eq!(d["shared_with"][0]["email"], "colleague@dhaka.example");
    assert!(d["cover"].as_str().unwrap().contains("X-Amz-Signature"), "the cover is a signed link: {}", d["cover"]);
    let body = d["parts"][1]["body"].as_str().unwrap();
    assert!(body.contains("৩/৪") && !body.contains("script") && !body.contains("onerror"), "{body}");
    assert_eq!(d["parts"][0]["file"]["provider"], "youtube");
    let parts: Vec<i64> = d["parts"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(ids(&t.get(DHAKA, "/content-bank/content/list?type=my", Some(&teacher)).await), [id]);
    assert_eq!(ids(&t.get(DHAKA, "/content-bank/content/list?type=shared", Some(&colleague)).await), [id]);
    let r = t.get(DHAKA, &format!("/content-bank/content/view?id={id}"), Some(&colleague)).await;
    assert_eq!((r.status, r.body["data"]["parts"][2]["exam"]["uuid"].as_str()), (StatusCode::OK, Some(exam_uuid.as_str())));
    assert_eq!(ids(&t.get(DHAKA, "/content-bank/content/list?type=other", Some(&learner)).await), Vec::<i64>::new());
    assert_eq!(t.get(DHAKA, &format!("/content-bank/content/view?id={id}"), Some(&learner)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(DHAKA, &format!("/content-bank-front/content/enroll/{id}"), Some(&learner), json!({})).await.status, StatusCode::NOT_FOUND);
    // Only the owner changes it.
    let mut published = item(json!([
        { "id": parts[0], "title": "Watch", "title_bn": "দেখুন", "kind": "file", "file_id": video },
        { "id": parts[1], "title_bn": "পড়ুন", "kind": "text", "body": "<p>১/২ + ১/৪ = ৩/৪</p>" },
        { "id": parts[2], "title": "Check yourself", "kind": "quiz", "exam_id": exam },
    ]));
    published["id"] = json!(id);
    published["published"] = json!(true);
    assert_eq!(t.put(DHAKA, "/content-bank/content/update", &colleague, published.clone()).await.status, StatusCode::NOT_FOUND);

    // Published: learners see its outline, enrol once, and go through it in order.
    let r = t.put(DHAKA, "/content-bank/content/update", &teacher, published.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(ids(&t.get(DHAKA, "/content-bank/content/list?type=other", Some(&learner)).await), [id]);
    assert_eq!(ids(&t.get(DHAKA, "/content-bank/content/view?content_type=video&title=ভগ্নাং", Some(&learner)).await), [id]);
    let r = t.get(DHAKA, &format!("/content-bank/content/view?id={id}"), Some(&learner)).await;
    let outline = &r.body["data"]["parts"];
    assert!(outline[0]["file"].is_null() && outline[1]["body"].is_null() && outline[2]["exam"].is_null() && outline[1]["title_bn"] == "পড়ুন", "{}", r.text);
    let r = t.get(DHAKA, &format!("/content-bank-front/content/view_ordered_content/{id}"), Some(&learner)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_enrolled")));
    let r = t.post(DHAKA, &format!("/content-bank-front/content/enroll/{id}"), Some(&learner), json!({})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let enroll = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, &format!("/content-bank-front/content/enroll/{id}"), Some(&learner), json!({})).await;
    assert_eq!((r.status, r.body["data"]["id"].as_i64()), (StatusCode::OK, Some(enroll)), "a second click is the same enrolment");
    assert_eq!(ids(&t.get(DHAKA, "/content-bank/content/list?type=purchase", Some(&learner)).await), [id]);
    let r = t.get(DHAKA, &format!("/content-bank-front/content/view_ordered_content/{id}"), Some(&learner)).await;
    let open: Vec<bool> = r.body["data"]["parts"].as_array().unwrap().iter().map(|p| p["open"].as_bool().unwrap()).collect();
    assert_eq!(open, [true, false, false]);
    assert!(r.body["data"]["parts"][0]["file"]["file_main_path"].as_str().unwrap().contains("youtube.com"));
    let done = async |token: &str, call: &str, part: i64| t.post(DHAKA, &format!("/content-bank-front/content/{call}/{enroll}"), Some(token), json!({ "part_id": part })).await;
    assert_eq!(conflict(&done(&learner, "complete-part", parts[1]).await), "previous_part_incomplete");
    assert_eq!(done(&colleague, "complete-part", parts[0]).await.status, StatusCode::NOT_FOUND, "another person's enrolment");
    let r = done(&learner, "complete-part", parts[0]).await;
    assert_eq!((r.status, r.body["data"]["done_parts"].as_i64()), (StatusCode::OK, Some(1)), "{}", r.text);
    let r = done(&learner, "complete-part", parts[1]).await;
    assert_eq!(r.body["data"]["done_parts"].as_i64(), Some(2), "{}", r.text);
    assert_eq!(conflict(&done(&learner, "complete-part", parts[2]).await), "quiz_not_attempted");
    assert_eq!(conflict(&done(&learner, "quiz-submit", parts[2]).await), "quiz_not_attempted");
    // The quiz is answered through the Exam Centre and handed in from the content.
    let r = t.post(DHAKA, &format!("/exam-front/single/{exam_uuid}/start"), Some(&learner), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let attempt = r.body["data"]["uuid"].as_str().unwrap().to_owned();
    let r = t.put(DHAKA, &format!("/exam-front/attempt/{attempt}/answer"), &learner, json!({ "slot": 0, "client_seq": 1, "answer": { "text": "true" } })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = done(&learner, "quiz-submit", parts[2]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!((r.body["data"]["done_parts"].as_i64(), r.body["data"]["total_parts"].as_i64()), (Some(3), Some(3)));
    assert!(r.body["data"]["completed_at"].is_string(), "finishing the last part completes it: {}", r.text);
    let r = t.get(DHAKA, &format!("/exam-front/attempt/{attempt}/result"), Some(&learner)).await;
    assert_eq!(r.status, StatusCode::OK, "the attempt was handed in: {}", r.text);

    // The learner's file manager lists the files that came with it, and downloads a stored one.
    assert_eq!(ids(&t.get(DHAKA, "/file-manager/user/get-files?source=purchase", Some(&learner)).await), [video]);
    assert_eq!(ids(&t.get(DHAKA, "/file-manager/user/get-files?source=purchase", Some(&colleague)).await), Vec::<i64>::new());
    assert_eq!(t.post(DHAKA, "/file-manager/user/download-file", Some(&learner), json!({ "id": picture })).await.status, StatusCode::NOT_FOUND,
        "the cover is not a part: not the learner's to download");

    // Reviews: enrolled learners only, one each.
    let review = async |token: &str, body: Value| t.post(DHAKA, &format!("/content-bank-front/content/review-content/{id}"), Some(token), body).await;
    assert_eq!(field_code(&review(&learner, json!({ "rating": 6 })).await, "rating"), "invalid_rating");
    assert_eq!(review(&learner, json!({ "rating": 5, "comment": "চমৎকার" })).await.status, StatusCode::OK);
    assert_eq!(review(&learner, json!({ "rating": 4, "comment": "ভালো" })).await.status, StatusCode::OK);
    assert_eq!(review(&colleague, json!({ "rating": 1 })).await.status, StatusCode::FORBIDDEN);
    let r = t.get(DHAKA, &format!("/content-bank-front/content/view-reviews/{id}"), Some(&colleague)).await;
    assert_eq!((r.body["total"].as_i64(), r.body["data"][0]["comment"].as_str()), (Some(1), Some("ভালো")), "{}", r.text);
    let r = t.get(DHAKA, &format!("/content-bank/content/view?id={id}"), Some(&learner)).await;
    assert_eq!((r.body["data"]["rating"].as_f64(), r.body["data"]["learners_count"].as_i64()), (Some(4.0), Some(1)));
    assert!(r.body["data"]["parts"][0]["file"].is_object(), "an enrolled learner sees the parts whole");

    // Recommendations: what the learner has not taken, their categories first.
    let mut other = item(json!([{ "title": "Read", "kind": "text", "body": "<p>দশমিক</p>" }]));
    other["title"] = json!("Decimals");
    other["published"] = json!(true);
    other["shared_with"] = json!([]);
    other["cover_file_id"] = json!(null);
    let r = t.post(DHAKA, "/content-bank/content/create", Some(&colleague), other).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let decimals = r.body["data"]["id"].as_i64().unwrap();
    assert_eq!(ids(&t.get(DHAKA, "/content-bank-front/content/view-recomendations", Some(&learner)).await), [decimals]);

    // What something uses stays: the item (learners), its file, its exam.
    assert_eq!(conflict(&t.delete(DHAKA, &format!("/content-bank/content/delete/{id}"), Some(&teacher)).await), "content_has_learners");
    assert_eq!(conflict(&t.post(DHAKA, "/file-manager/user/delete-file", Some(&teacher), json!({ "id": video })).await), "file_in_use");
    assert_eq!(t.get(DHAKA, &format!("/content-bank-front/content/view_ordered_content/{id}"), Some(&learner)).await.body["data"]["parts"][0]["file"]["id"], video);
    assert_eq!(conflict(&t.delete(DHAKA, &format!("/course/exam/delete-single/{exam}"), Some(&teacher)).await), "exam_in_use");

    // Into a course: one lesson per part, the file played from the content bank, not copied.
    let course = t.post(DHAKA, "/course/course/create", Some(&teacher), json!({ "title": "Arithmetic" })).await.body["data"]["id"].as_i64().unwrap();
    let section = t.post(DHAKA, "/course/schedule/section", Some(&teacher), json!({ "course_id": course, "title": "Fractions" })).await.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/course/schedule/lesson/from-content", Some(&teacher), json!({ "section_id": section, "content_id": id })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let kinds: Vec<&str> = r.body["data"].as_array().unwrap().iter().map(|l| l["lesson_type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["video", "manual", "quiz"]);
    let lesson = r.body["data"][0]["id"].as_i64().unwrap();
    let r = t.get(DHAKA, &format!("/assessment/course/lesson/{lesson}"), Some(&teacher)).await;
    assert!(r.text.contains("youtube.com/watch?v=dQw4w9WgXcQ"), "the lesson plays the content's link: {}", r.text);
    let r = t.post(DHAKA, "/course/schedule/lesson/from-content", Some(&learner), json!({ "section_id": section, "content_id": id })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let mut shorter = published.clone();
    shorter["parts"] = json!([published["parts"][1], published["parts"][2]]);
    assert_eq!(conflict(&t.put(DHAKA, "/content-bank/content/update", &teacher, shorter).await), "content_in_use");
    assert_eq!(t.delete(DHAKA, &format!("/content-bank/content/delete/{decimals}"), Some(&teacher)).await.status, StatusCode::NOT_FOUND, "not the teacher's");
    assert_eq!(t.delete(DHAKA, &format!("/content-bank/content/delete/{decimals}"), Some(&colleague)).await.status, StatusCode::OK);

    // Another site has none of it, whatever it is asked.
    assert_eq!(ids(&t.get(SYLHET, "/content-bank/content/list?type=my", Some(&stranger)).await), Vec::<i64>::new());
    assert_eq!(ids(&t.get(SYLHET, "/content-bank/content/view", Some(&stranger)).await), Vec::<i64>::new());
    assert_eq!(t.get(SYLHET, &format!("/content-bank/content/view?id={id}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(SYLHET, &format!("/content-bank-front/content/enroll/{id}"), Some(&stranger), json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/content-bank-front/content/view_ordered_content/{id}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.put(SYLHET, "/content-bank/content/update", &stranger, published).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/content-bank/content/delete/{id}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    let r = t.post(SYLHET, &format!("/content-bank-front/content/complete-part/{enroll}"), Some(&stranger), json!({ "part_id": parts[0] })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, &format!("/content-bank/content/view?id={id}"), Some(&learner)).await.status, StatusCode::OK, "still there at home");
}
