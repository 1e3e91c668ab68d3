//! The learner journey as API calls against a real PostgreSQL and S3 server: a teacher builds
//! and publishes a course, the catalogue finds it on the main site and its own site only, a
//! learner enrols, learns in order, reviews it and gets a certificate anyone can verify. Bad
//! input gets clear 4xx errors and changes nothing; another site cannot reach any of it.

use axum::http::{Method, StatusCode};
use crate::common::{Response, TestApp};
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";
const MAIN: &str = "localhost";


fn titles(r: &Response) -> Vec<String> {
    r.body["data"].as_array().unwrap_or(&vec![]).iter().map(|c| c["title"].as_str().unwrap_or_default().to_owned()).collect()
}

async fn search(t: &TestApp, host: &str, query: &str) -> Vec<String> {
    let path = format!("/learner-course/course-search-solr?search={}", urlencode(query));
    let r = t.get(host, &path, None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    titles(&r)
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn a_course_goes_from_authoring_to_a_verified_certificate() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    t.platform.user("second@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let second = t.login(DHAKA, "second@example.com").await;

    // Bad input: clear 422s, nothing created.
    let r = t.post(DHAKA, "/course/course/create", Some(&teacher), json!({ "title": " ", "title_bn": "" })).await;
    assert_eq!((r.status, r.body["errors"]["title"][0].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("Give a title in Bangla or English.")));
    let r = t.post(DHAKA, "/course/course/create", Some(&teacher), json!({ "title": "x", "category_id": 99999, "level": "expert" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body["errors"]["category_id"].is_array() && r.body["errors"]["level"].is_array(), "{}", r.text);
    assert_eq!(t.get(DHAKA, "/course/course/view", Some(&teacher)).await.body["total"], 0);
    assert_eq!(t.post(DHAKA, "/course/course/create", Some(&learner), json!({ "title": "x" })).await.status, StatusCode::FORBIDDEN);

    // Authoring.
    let r = t.post(DHAKA, "/course/course/create", Some(&teacher), json!({
        "title": "Bangla Grammar and Composition", "title_bn": "বাংলা ব্যাকরণ ও রচনা", "category_id": 1,
        "level": "beginner", "language": "bn", "summary": "ধ্বনি, শব্দ ও বাক্য", "objectives": ["সন্ধি", "সমাস"],
    })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let course = r.body["data"].clone();
    let (course_id, uuid) = (course["id"].as_i64().unwrap(), course["uuid"].as_str().unwrap().to_owned());
    assert_eq!(course["category"]["bn_title"], "প্রোগ্রামিং");
    let r = t.put(DHAKA, "/course/update-publish-feature", &teacher, json!({ "id": course_id, "published": true })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("course_has_no_lessons")));
    let r = t.post(DHAKA, "/course/schedule/section", Some(&teacher), json!({ "course_id": course_id, "title_bn": "ধ্বনি" })).await;
    let section = r.body["data"]["id"].as_i64().unwrap();
    let mut lessons = Vec::new();
    for (title, kind, extra) in [
        ("বর্ণ", "video", json!({ "media_url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ" })),
        ("সন্ধি", "manual", json!({ "body": "<p>স্বরসন্ধি</p><script>alert(1)</script>" })),
        ("সমাস", "manual", json!({ "body": "<p>দ্বন্দ্ব</p>" })),
    ] {
        let mut body = json!({ "section_id": section, "title_bn": title, "lesson_type": kind });
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let r = t.post(DHAKA, "/course/schedule/lesson", Some(&teacher), body).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        lessons.push(r.body["data"]["id"].as_i64().unwrap());
    }
    let r = t.post(DHAKA, "/course/schedule/lesson", Some(&teacher), json!({ "section_id": section, "title": "q", "lesson_type": "assignment" })).await;
    assert_eq!(r.body["errors"]["lesson_type"][0], "This lesson type comes with the assessment features and is not available yet.");
    let r = t.post(DHAKA, "/course/schedule/lesson", Some(&teacher), json!({ "section_id": section, "title": "v", "lesson_type": "video", "media_url": "javascript:alert(1)" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let syllabus = t.get(DHAKA, &format!("/course/schedule/view-syllabus-all?course_id={course_id}"), Some(&teacher)).await;
    let stored: Vec<i64> = syllabus.body["data"][0]["lessons"].as_array().unwrap().iter().map(|l| l["id"].as_i64().unwrap()).collect();
    assert_eq!(stored, lessons);
    assert!(!syllabus.text.contains("<script>"), "manual lessons are sanitised");
    // Reordering needs exactly the course's ids.
    let r = t.put(DHAKA, "/course/schedule/reorder", &teacher, json!({ "course_id": course_id, "sections": [{ "id": section, "lessons": [lessons[0]] }] })).await;
    assert_eq!(r.body["code"], "invalid_order");

    let r = t.post(DHAKA, "/course/batch/create", Some(&teacher), json!({ "course_id": course_id, "name": "Batch 1", "start_date": "2026-12-01", "end_date": "2026-11-01" })).await;
    assert_eq!(r.body["errors"]["end_date"][0], "The end date must not be before the start date.");
    let r = t.post(DHAKA, "/course/batch/create", Some(&teacher), json!({ "course_id": course_id, "name": "Batch 1", "start_date": "2026-11-01", "enrolment_limit": 1, "let_enroll": 1 })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let batch = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, &format!("/course/batch/clone/{batch}"), Some(&teacher), json!({})).await;
    assert_eq!((r.status, r.body["data"]["name"].as_str(), r.body["data"]["published"].as_bool()), (StatusCode::CREATED, Some("Batch 1 (copy)"), Some(false)));

    // Unpublished: invisible to learners, to search and to other sites.
    assert_eq!(t.get(DHAKA, &format!("/learner-course/details/{uuid}"), Some(&learner)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(DHAKA, "/learner-course/course-enrollment", Some(&learner), json!({ "batch_id": batch })).await.body["code"], "batch_closed");
    assert!(search(&t, MAIN, "ব্যাকরণ").await.is_empty());

    assert_eq!(t.put(DHAKA, "/course/batch/update-publish-feature", &teacher, json!({ "id": batch, "published": true })).await.status, StatusCode::OK);
    let r = t.put(DHAKA, "/course/update-publish-feature", &teacher, json!({ "id": course_id, "published": true })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let listed = t.get(DHAKA, "/course/course/view", Some(&teacher)).await;
    assert_eq!(listed.body["data"][0]["uuid"], uuid.as_str(), "newest first");

    // The first HTML of its page already carries the title and summary, in the lang cookie's
    // language; its link opened on the main site leads to dhaka, and not on another partner.
    let page_path = format!("/course/details/{uuid}");
    let html = async |host, cookie: &str| t.call(Method::GET, host, &page_path, None, &[("accept", "text/html"), ("cookie", cookie)], None).await;
    let page = html(DHAKA, "lang=bn").await;
    assert!(page.text.contains("<h1 class=\"pre-title\">বাংলা ব্যাকরণ ও রচনা</h1><p class=\"pre-text\">ধ্বনি, শব্দ ও বাক্য</p>"), "{}", page.text);
    assert!(html(DHAKA, "theme=dark; lang=en").await.text.contains("<h1 class=\"pre-title\">Bangla Grammar and Composition</h1>"));
    let shared = html(MAIN, "").await;
    assert_eq!((shared.status, shared.header("location")), (StatusCode::SEE_OTHER, format!("http://dhaka.localhost:8080{page_path}").as_str()));
    let elsewhere = html(SYLHET, "").await;
    assert_eq!(elsewhere.status, StatusCode::OK, "another partner shows its own page, not dhaka's course");
    assert!(!elsewhere.text.contains("<h1 class=\"pre-title\">"), "no prerendered heading");

    // Search: Bangla words, partial words, a misspelling, English; the main site and its own
    // site find it, another partner's site does not.
    let expected = vec!["Bangla Grammar and Composition".to_owned()];
    for query in ["ব্যাকরণ", "ব্যাক", "ব্যাকরন", "রচনা", "grammar", "Gram", "ধ্বনি"] {
        assert_eq!(search(&t, MAIN, query).await, expected, "main site, {query}");
    }
    assert_eq!(search(&t, DHAKA, "ব্যাকরণ").await, expected);
    assert!(search(&t, SYLHET, "ব্যাকরণ").await.is_empty());
    assert!(search(&t, MAIN, "পদার্থবিজ্ঞান").await.is_empty());
    let r = t.call(Method::GET, MAIN, &format!("/learner-course/search-suggest?search={}", urlencode("ব্যাক")), None, &[("lang", "2")], None).await;
    assert_eq!(r.body["data"][0]["term"], "বাংলা ব্যাকরণ ও রচনা");
    assert_eq!(r.body["data"][0]["payload"], uuid.as_str());
    assert_eq!(r.body["data"][0]["url"], format!("http://dhaka.localhost:8080/course/details/{uuid}"));
    assert_eq!(r.body["suggest"]["suggest"]["ব্যাক"]["suggestions"][0]["payload"], uuid.as_str());

    // The course page, signed out.
    let r = t.get(DHAKA, &format!("/learner-course/details/{uuid}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["sections"][0]["lessons"].as_array().unwrap().len(), 3);
    assert!(r.body["data"]["sections"][0]["lessons"][1]["body"].is_null(), "no lesson content before enrolment");
    assert_eq!(r.body["data"]["batches"].as_array().unwrap().len(), 1, "only published batches");
    let by_id = t.get(DHAKA, &format!("/learner-course/details/{course_id}"), None).await;
    assert_eq!(by_id.body["data"]["uuid"], uuid.as_str(), "/course-details/{{id}} links carry the numeric id");
    assert_eq!(t.get(DHAKA, &format!("/assessment-front/course/lesson/{}", lessons[0]), Some(&learner)).await.body["code"], "not_enrolled");

    // Enrolment: once, within the limit, in a batch that exists.
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&learner), json!({ "batch_id": batch })).await;
    assert_eq!((r.status, r.body["data"]["status"].as_str()), (StatusCode::CREATED, Some("active")), "{}", r.text);
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&learner), json!({ "batch_id": batch })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("already_enrolled")));
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&second), json!({ "batch_id": batch })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("batch_full")));
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&second), json!({ "batch_id": 987654 })).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("batch_not_found")));
    let check = t.get(DHAKA, &format!("/learner-course/enrolled/check/{uuid}"), Some(&second)).await;
    assert_eq!(check.body["data"]["enrolled"], false);

    // Learning in order.
    let path = |kind: &str, id: i64| format!("/{kind}/{id}");
    let r = t.get(DHAKA, &path("course/batch/completed_lesson", lessons[1]), Some(&learner)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("previous_lesson_incomplete")));
    let r = t.get(DHAKA, &path("assessment-front/course/checkprev", lessons[1]), Some(&learner)).await;
    assert_eq!(r.body["data"], json!({ "allowed": false, "previous_lesson_id": lessons[0] }));
    let r = t.get(DHAKA, &path("assessment-front/course/lesson", lessons[1]), Some(&learner)).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    let r = t.get(DHAKA, &path("assessment-front/course/lesson", lessons[0]), Some(&learner)).await;
    assert_eq!(r.body["data"]["media"]["url"], "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    let mut status = Value::Null;
    for lesson in &lessons {
        let r = t.get(DHAKA, &path("course/batch/completed_lesson", *lesson), Some(&learner)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        status = r.body["data"].clone();
    }
    assert_eq!((status["status"].as_str(), status["percent"].as_i64()), (Some("completed"), Some(100)));
    let code = status["certificate"]["tracking_code"].as_str().unwrap().to_owned();
    assert_eq!(status["certificate"]["status"], "issued");
    let journey = t.get(DHAKA, &format!("/learner-course/journey/status/{uuid}"), Some(&learner)).await;
    assert_eq!(journey.body["data"]["completed_lessons"], 3);

    // Reviews: 1-5, once, by enrolled learners.
    let review = format!("/assessment-front/batch/create-review/{course_id}");
    let r = t.post(DHAKA, &review, Some(&learner), json!({ "rating": 6, "body": "!" })).await;
    assert_eq!(r.body["errors"]["rating"][0], "The rating must be from 1 to 5.");
    assert_eq!(t.post(DHAKA, &review, Some(&second), json!({ "rating": 4 })).await.body["code"], "not_enrolled");
    assert_eq!(t.post(DHAKA, &review, Some(&learner), json!({ "rating": 5, "body": "চমৎকার" })).await.status, StatusCode::CREATED);
    assert_eq!(t.post(DHAKA, &review, Some(&learner), json!({ "rating": 4 })).await.body["code"], "already_reviewed");
    let r = t.get(DHAKA, &format!("/learner-course/reviews/{course_id}"), None).await;
    assert_eq!((r.body["summary"]["rating"].as_f64(), r.body["data"][0]["body"].as_str()), (Some(5.0), Some("চমৎকার")));
    let card = t.get(MAIN, "/learner-course/course-search-solr?type=popular", None).await;
    assert_eq!((card.body["data"][0]["rating"].as_f64(), card.body["data"][0]["enrolled_count"].as_i64()), (Some(5.0), Some(1)));

    // The course page is cached per site since it was first read; every change shows at once,
    // and `wishlisted` is the visitor's own.
    let page = format!("/learner-course/details/{uuid}");
    let r = t.get(DHAKA, &page, None).await;
    assert_eq!((r.body["data"]["rating"].as_f64(), r.body["data"]["enrolled_count"].as_i64()), (Some(5.0), Some(1)));
    t.post(DHAKA, "/course/schedule/section", Some(&teacher), json!({ "course_id": course_id, "title": "Extra reading" })).await;
    assert_eq!(t.get(DHAKA, &page, None).await.body["data"]["sections"][1]["title"], "Extra reading");
    assert_eq!(t.post(DHAKA, "/learner-course/my/wishlist", Some(&learner), json!({ "uuid": uuid })).await.body["data"]["wishlisted"], true);
    assert_eq!(t.get(DHAKA, &page, Some(&learner)).await.body["data"]["wishlisted"], true);
    assert_eq!(t.get(DHAKA, &page, Some(&second)).await.body["data"]["wishlisted"], false);
    assert_eq!(t.get(DHAKA, &page, None).await.body["data"]["wishlisted"], false);

    // Verification, signed out, on any site; unknown codes get a clear message.
    for host in [MAIN, DHAKA, SYLHET] {
        let r = t.get(host, &format!("/learner-course/certificate-details/{}", code.to_lowercase()), None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.body["data"]["holder_name"], "learner@example.com");
        assert_eq!(r.body["data"]["course_title_bn"], "বাংলা ব্যাকরণ ও রচনা");
        assert_eq!(r.body["data"]["institution"]["slug"], "dhaka");
        assert_eq!(r.body["data"]["status"], "issued");
    }
    // The PDF, from the owning site, to anyone holding the code.
    let pdf = t.get(DHAKA, &format!("/learner-course/certificate-pdf/{code}"), None).await;
    assert_eq!(pdf.status, StatusCode::OK);
    assert!(pdf.text.starts_with("%PDF-") && pdf.text.len() > 10_000, "{}", &pdf.text[..pdf.text.len().min(200)]);
    assert_eq!(t.get(SYLHET, &format!("/learner-course/certificate-pdf/{code}"), None).await.status, StatusCode::NOT_FOUND);
    let r = t.call(Method::GET, MAIN, "/learner-course/certificate-details/NOSUCHCODE22", None, &[("lang", "2")], None).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("certificate_not_found")));
    assert_eq!(r.body["message"], "এই ট্র্যাকিং কোডে কোনো সনদ নেই। কোডটি মিলিয়ে আবার চেষ্টা করুন।");

    // The main site lists the learner's courses and certificates from every partner.
    let mine = t.post(MAIN, "/learner-course/my-courses-enrollment-list", Some(&t.login(MAIN, "learner@example.com").await), json!({})).await;
    assert_eq!((mine.body["data"][0]["progress_percent"].as_i64(), mine.body["data"][0]["status"].as_str()), (Some(100), Some("completed")));
    assert_eq!(mine.body["data"][0]["url"], format!("http://dhaka.localhost:8080/course/journey/{uuid}"));
    let on_sylhet = t.post(SYLHET, "/learner-course/my-courses-enrollment-list", Some(&t.login(SYLHET, "learner@example.com").await), json!({})).await;
    assert_eq!(on_sylhet.body["data"], json!([]));
    let certificates = t.get(MAIN, "/learner-course/certificate/me", Some(&t.login(MAIN, "learner@example.com").await)).await;
    assert_eq!(certificates.body["data"][0]["tracking_code"], code.as_str());

    let on_main = t.login(MAIN, "learner@example.com").await;
    let listed = t.get(MAIN, "/learner-course/enrollment-list/me?page=1", Some(&on_main)).await;
    assert_eq!((&listed.body["data"], listed.body["total"].as_i64()), (&mine.body["data"], Some(1)));
    assert_eq!(t.get(MAIN, "/learner-course/enrollment-list/999999", Some(&on_main)).await.status, StatusCode::FORBIDDEN);

    // Recommendations: visitors get the most enrolled courses of the site; a learner not the
    // ones they already take.
    let recommended = |r: Response| r.body["data"].as_array().unwrap().iter().map(|c| c["uuid"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(recommended(t.get(MAIN, "/course/suggest/course/open/recommend", None).await), vec![uuid.clone()]);
    assert_eq!(recommended(t.get(SYLHET, "/course/suggest/course/open/recommend", None).await), Vec::<String>::new());
    assert_eq!(recommended(t.get(DHAKA, "/course/course/suggest/course/recommend", Some(&second)).await), vec![uuid.clone()]);
    assert_eq!(recommended(t.get(DHAKA, "/course/course/suggest/course/recommend", Some(&learner)).await), Vec::<String>::new());

    // The instructor's and the institution's public profiles, linked from the course page.
    let instructor = t.get(DHAKA, &page, None).await.body["data"]["instructor"]["id"].as_i64().unwrap();
    let r = t.get(MAIN, &format!("/learner-course/user-info/{instructor}"), None).await;
    assert_eq!((r.body["data"]["courses_count"].as_i64(), r.body["data"]["courses"][0]["uuid"].as_str()), (Some(1), Some(uuid.as_str())), "{}", r.text);
    assert_eq!(r.body["data"]["learners_count"], 1);
    assert_eq!(t.get(SYLHET, &format!("/learner-course/user-info/{instructor}"), None).await.body["code"], "profile_not_found");
    assert_eq!(t.get(MAIN, "/learner-course/user-info/999999", None).await.status, StatusCode::NOT_FOUND, "a user who teaches nothing");
    let r = t.get(MAIN, "/learner-course/institution-info/dhaka", None).await;
    assert_eq!((r.body["data"]["courses_count"].as_i64(), r.body["data"]["url"].as_str()), (Some(1), Some("http://dhaka.localhost:8080")), "{}", r.text);
    assert_eq!(t.get(SYLHET, "/learner-course/institution-info/dhaka", None).await.status, StatusCode::NOT_FOUND);
    let r = t.call(Method::GET, MAIN, "/learner-course/institution-info/nosuch", None, &[("lang", "2")], None).await;
    assert_eq!((r.status, r.body["message"].as_str()), (StatusCode::NOT_FOUND, Some("এই প্রোফাইলটি খুঁজে পাওয়া যায়নি।")));

    // The learner's enrolment in the batch; other people's and other sites' are closed.
    let r = t.get(DHAKA, &path("assessment-front/batch/view-enroll-details", batch), Some(&learner)).await;
    assert_eq!((r.body["data"]["progress"]["percent"].as_i64(), r.body["data"]["course"]["uuid"].as_str()), (Some(100), Some(uuid.as_str())), "{}", r.text);
    let r = t.get(DHAKA, &path("assessment-front/batch/view-enroll-details", batch), Some(&second)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_enrolled")));
    let r = t.get(SYLHET, &path("assessment-front/batch/view-enroll-details", batch), Some(&t.login(SYLHET, "learner@example.com").await)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);

    // The short list of the site's courses of one type, for authors.
    let r = t.get(DHAKA, "/course/course/viewcourse?type=course", Some(&teacher)).await;
    assert_eq!(r.body["data"][0]["uuid"], uuid.as_str());
    assert_eq!(t.get(DHAKA, "/course/course/viewcourse?type=webinar", Some(&teacher)).await.body["data"], json!([]));
    assert_eq!(t.get(DHAKA, "/course/course/viewcourse?type=film", Some(&teacher)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(t.get(DHAKA, "/course/course/viewcourse", Some(&learner)).await.status, StatusCode::FORBIDDEN);

    // Another site reaches none of it: not the course, its lessons, its batch or its people.
    assert_eq!(t.get(SYLHET, &format!("/learner-course/details/{uuid}"), None).await.status, StatusCode::NOT_FOUND);
    let learner_on_sylhet = t.login(SYLHET, "learner@example.com").await;
    assert_eq!(t.get(SYLHET, &path("assessment-front/course/lesson", lessons[0]), Some(&learner_on_sylhet)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &path("course/batch/enrolled_users", batch), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &path("course/batch/course-certificate", batch), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/course/course/view", Some(&stranger)).await.status, StatusCode::FORBIDDEN, "a sylhet admin on dhaka");

    // Revocation shows everywhere.
    let enrolled = t.get(DHAKA, &path("course/batch/enrolled_users", batch), Some(&teacher)).await;
    let enrollment = enrolled.body["data"][0]["enrollment_id"].as_i64().unwrap();
    let r = t.put(DHAKA, "/course/batch/approve-certificate", &teacher, json!({ "course_enrollment_id": enrollment, "status": 0 })).await;
    assert_eq!(r.body["data"]["status"], "revoked", "{}", r.text);
    assert_eq!(t.get(MAIN, &format!("/learner-course/certificate-details/{code}"), None).await.body["data"]["status"], "revoked");

    // A course with enrolments cannot be deleted; its batch neither.
    assert_eq!(t.call(Method::DELETE, DHAKA, &path("course/course/delete", course_id), Some(&teacher), &[], None).await.body["code"], "course_has_enrolments");
    assert_eq!(t.call(Method::DELETE, DHAKA, &path("course/batch/delete", batch), Some(&teacher), &[], None).await.body["code"], "batch_has_enrolments");
}

#[tokio::test]
async fn enrolment_needing_approval_waits_and_certificates_wait_for_approval_too() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("learner@example.com", None).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let course = t.post(DHAKA, "/course/course/create", Some(&admin), json!({ "title": "Physics" })).await.body["data"]["id"].as_i64().unwrap();
    let section = t.post(DHAKA, "/course/schedule/section", Some(&admin), json!({ "course_id": course, "title": "Motion" })).await.body["data"]["id"].as_i64().unwrap();
    let lesson = t.post(DHAKA, "/course/schedule/lesson", Some(&admin), json!({ "section_id": section, "title": "Speed", "lesson_type": "discussion" })).await.body["data"]["id"].as_i64().unwrap();
    let batch = t.post(DHAKA, "/course/batch/create", Some(&admin), json!({ "course_id": course, "name": "B", "start_date": "2026-01-01", "let_enroll": 2, "certificate_approval": true })).await.body["data"]["id"].as_i64().unwrap();
    t.put(DHAKA, "/course/batch/update-publish-feature", &admin, json!({ "id": batch, "published": true })).await;
    t.put(DHAKA, "/course/update-publish-feature", &admin, json!({ "id": course, "published": true })).await;

    let r = t.post(DHAKA, &format!("/course/batch/enroll/{batch}"), Some(&learner), json!({})).await;
    assert_eq!(r.body["data"]["status"], "pending", "{}", r.text);
    let preview = t.get(DHAKA, &format!("/assessment/course/lesson/{lesson}"), Some(&admin)).await;
    assert_eq!(preview.body["data"]["title"], "Speed", "authors preview lessons");
    assert_eq!(t.get(DHAKA, &format!("/course/batch/completed_lesson/{lesson}"), Some(&learner)).await.body["code"], "not_enrolled");
    let pending = t.get(DHAKA, &format!("/course/batch/enrolled_users/{batch}?field=pending"), Some(&admin)).await;
    let enrollment = pending.body["data"][0]["enrollment_id"].as_i64().unwrap();
    assert_eq!(t.put(DHAKA, &format!("/course/batch/approve_enroll/{enrollment}"), &admin, json!({})).await.body["data"]["status"], "active");
    let done = t.get(DHAKA, &format!("/course/batch/completed_lesson/{lesson}"), Some(&learner)).await;
    assert_eq!(done.body["data"]["certificate"]["status"], "pending", "{}", done.text);
    let code = done.body["data"]["certificate"]["tracking_code"].as_str().unwrap().to_owned();
    assert_eq!(t.get(MAIN, &format!("/learner-course/certificate-details/{code}"), None).await.body["data"]["status"], "pending");
    t.put(DHAKA, "/course/batch/approve-certificate", &admin, json!({ "course_enrollment_id": enrollment, "status": 1 })).await;
    assert_eq!(t.get(MAIN, &format!("/learner-course/certificate-details/{code}"), None).await.body["data"]["status"], "issued");
}
