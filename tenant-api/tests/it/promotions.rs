//! Promotions against the real PostgreSQL and the S3 server: what a partner submits waits for
//! the super admin, learners see only approved, current promotions aimed at them, in the slot
//! asked for, and no partner reads or changes another's.

use crate::common::{TestApp, published_course};
use axum::http::StatusCode;
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";
const MAIN: &str = "localhost";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\x0f\0\0\x01\x01\0\x05\x18\xd8N\0\0\0\0IEND\xaeB`\x82";

fn png_data_url() -> String {
    use base64::Engine;
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(PNG))
}

/// What a refusal with this code says, in English.
fn said(code: &str) -> String {
    control_plane::i18n::message(code, control_plane::i18n::Lang::En, None)
}

fn window() -> (String, String) {
    let today = control_plane::dhaka::today();
    (today.to_string(), (today + chrono::Duration::days(30)).to_string())
}

fn ad(kind: &str, title: &str, extra: Value) -> Value {
    let (start, end) = window();
    let mut body = json!({ "type": kind, "title": title, "position": "home", "url": "https://example.org/apply", "start_date": start, "end_date": end });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

/// The titles a slot shows to the caller.
async fn slot(t: &TestApp, host: &str, token: Option<&str>, query: &str) -> Vec<String> {
    let r = t.get(host, &format!("/learner-course/ads?{query}"), token).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().iter().map(|a| a["title"].as_str().unwrap().to_owned()).collect()
}

async fn decide(t: &TestApp, token: &str, uuid: &str, status: &str) -> crate::common::Response {
    t.post(MAIN, &format!("/course/course/promote-course/approve/{uuid}?promotion_status={status}&reason=blurred"), Some(token), Value::Null).await
}

#[tokio::test]
async fn promotions_wait_for_approval_and_reach_only_their_audience() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let root = t.super_admin().await;
    let (course, batch) = published_course(&t, DHAKA, &teacher).await;
    let db = &t.platform.db;
    let dhaka_district: i64 = sqlx::query_scalar("SELECT id::bigint FROM districts WHERE title = 'Dhaka'").fetch_one(db).await.unwrap();
    let student: i64 = sqlx::query_scalar("SELECT id::bigint FROM professions WHERE title = 'Student'").fetch_one(db).await.unwrap();

    // Bad input is refused field by field, and nothing is stored.
    let refusals = [
        (ad("ads", "Late", json!({ "start_date": "2026-12-10", "end_date": "2026-12-01" })), "end_date", "end_before_start"),
        (ad("ads", "Ages", json!({ "age_start": 30, "age_end": 20 })), "age_end", "age_range_invalid"),
        (ad("ads", "Old", json!({ "age_start": 200 })), "age_start", "age_invalid"),
        (ad("banner", "Kind", json!({})), "type", "invalid_choice"),
        (ad("ads", "Where", json!({ "position": "footer" })), "position", "invalid_choice"),
        (ad("ads", "Link", json!({ "url": "" })), "url", "required"),
        (ad("external-course", "Script", json!({ "url": "javascript:alert(1)" })), "url", "invalid_url"),
        (ad("ads", "Far", json!({ "districts": [99999] })), "districts", "invalid_choice"),
        (ad("ads", "Who", json!({ "genders": ["robot"] })), "genders", "invalid_choice"),
        (ad("ads", "Picture", json!({ "thumbnail": "data:image/png;base64,aGVsbG8=" })), "thumbnail", "invalid_image"),
        (ad("jobs", "Job", json!({ "details": "  " })), "details", "required"),
        (ad("internal-course", "Unknown", json!({ "course_id": 4242 })), "course_id", "invalid_choice"),
        (ad("internal-course", "None", json!({})), "course_id", "required"),
        (ad("ads", "", json!({})), "title", "required"),
        (ad("ads", "Date", json!({ "start_date": "2026-02-30" })), "start_date", "invalid_date"),
    ];
    for (body, field, code) in refusals {
        let r = t.post(DHAKA, "/course/course/promote-course", Some(&admin), body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {}", r.text);
        assert_eq!(r.body["errors"][field][0], said(code).as_str(), "{}", r.text);
    }
    let r = t.post(DHAKA, "/course/course/promote-course", Some(&admin), json!({ "type": 5, "title": ["x"] })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    // Teachers and learners do not run promotions; partner admins do not approve them.
    let learner = {
        t.platform.user("sadia@example.com", None).await;
        t.login(DHAKA, "sadia@example.com").await
    };
    for token in [&teacher, &learner] {
        assert_eq!(t.post(DHAKA, "/course/course/promote-course", Some(token), ad("ads", "No", json!({}))).await.status, StatusCode::FORBIDDEN);
        assert_eq!(t.get(DHAKA, "/course/course/promote-course", Some(token)).await.status, StatusCode::FORBIDDEN);
    }
    let listed = t.get(DHAKA, "/course/course/promote-course", Some(&admin)).await;
    assert_eq!(listed.body["total"], 0, "refused promotions are not stored: {}", listed.text);

    // A course for everyone, and a banner aimed at young women of Dhaka who study.
    let r = t.post(DHAKA, "/course/course/promote-course", Some(&admin), ad("internal-course", "Calculus admissions", json!({ "course_id": course, "url": "" }))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["promotion_status"], "pending");
    assert_eq!(r.body["data"]["course"]["id"], course);
    let course_uuid = r.body["data"]["course"]["uuid"].as_str().unwrap().to_owned();
    assert!(r.body["data"]["url"].as_str().unwrap().ends_with(&format!("/course/details/{course_uuid}")), "{}", r.text);
    let internal = r.body["data"]["uuid"].as_str().unwrap().to_owned();
    let targeted = json!({ "genders": ["female", "female"], "districts": [dhaka_district], "professions": [student], "age_start": 18, "age_end": 30,
                           "thumbnail": png_data_url() });
    let r = t.post(DHAKA, "/course/course/promote-course", Some(&admin), ad("ads", "Scholarships for women", targeted)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["data"]["genders"], json!(["female"]), "repeats are dropped");
    let banner = r.body["data"]["uuid"].as_str().unwrap().to_owned();
    let banner_id = r.body["data"]["id"].as_i64().unwrap();
    let picture = r.body["data"]["thumbnail"].as_str().unwrap();
    let path = &picture[picture.find("/promotion/thumbnail/").unwrap()..];
    let image = t.get(DHAKA, path, None).await;
    assert_eq!(image.status, StatusCode::OK);
    assert_eq!(&image.bytes[..], PNG);

    // Nothing shows before the super admin approves; only the super admin approves.
    assert!(slot(&t, DHAKA, None, "position=home").await.is_empty());
    assert_eq!(decide(&t, &admin, &banner, "approved").await.status, StatusCode::FORBIDDEN);
    let r = decide(&t, &root, &banner, "maybe").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let queue = t.get(MAIN, "/course/course/promote-course?status=pending", Some(&root)).await;
    assert_eq!(queue.body["total"], 2, "the super admin's queue holds every partner's: {}", queue.text);
    assert_eq!(queue.body["data"][0]["institution"]["slug"], "dhaka");
    for uuid in [&internal, &banner] {
        let r = decide(&t, &root, uuid, "approved").await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.body["data"]["promotion_status"], "approved");
        assert_eq!(r.body["data"]["reason"], Value::Null);
    }

    // Visitors see what is for everyone; the banner only reaches its audience.
    assert_eq!(slot(&t, DHAKA, None, "position=home").await, ["Calculus admissions"]);
    assert!(slot(&t, DHAKA, None, "position=dashboard").await.is_empty(), "a slot shows only its own position");
    assert_eq!(slot(&t, DHAKA, Some(&learner), "position=home").await, ["Calculus admissions"], "an empty profile meets no target");
    let profile = json!({ "name": "Sadia", "email": "sadia@example.com", "gender": "female", "date_of_birth": "2004-05-01",
                          "profession_id": student, "district_id": dhaka_district });
    let r = t.post(DHAKA, "/my-account/user/update-profile", Some(&learner), profile.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["district_id"], dhaka_district);
    let mut wrong = profile.clone();
    wrong["district_id"] = json!(99999);
    let r = t.post(DHAKA, "/my-account/user/update-profile", Some(&learner), wrong).await;
    assert_eq!(r.body["errors"]["district_id"][0], said("invalid_choice").as_str(), "{}", r.text);
    assert_eq!(slot(&t, DHAKA, Some(&learner), "position=home").await, ["Scholarships for women", "Calculus admissions"]);
    let mut older = profile.clone();
    older["date_of_birth"] = json!("1980-01-01");
    assert_eq!(t.post(DHAKA, "/my-account/user/update-profile", Some(&learner), older).await.status, StatusCode::OK);
    assert_eq!(slot(&t, DHAKA, Some(&learner), "position=home").await, ["Calculus admissions"], "outside the age range");
    assert_eq!(t.post(DHAKA, "/my-account/user/update-profile", Some(&learner), profile).await.status, StatusCode::OK);

    // Category targets: the course page's category, or on the dashboard the learner's courses'.
    let maths = json!({ "position": "course", "course_categories": [2] });
    let r = t.post(DHAKA, "/course/course/promote-course", Some(&admin), ad("external-course", "Olympiad camp", maths)).await;
    assert_eq!(decide(&t, &root, r.body["data"]["uuid"].as_str().unwrap(), "approved").await.status, StatusCode::OK);
    let tomorrow = (control_plane::dhaka::today() + chrono::Duration::days(1)).to_string();
    let later = json!({ "details": "Evenings", "position": "dashboard", "course_categories": [2], "start_date": tomorrow });
    let r = t.post(DHAKA, "/course/course/promote-course", Some(&admin), ad("jobs", "Tutors wanted tomorrow", later)).await;
    assert_eq!(decide(&t, &root, r.body["data"]["uuid"].as_str().unwrap(), "approved").await.status, StatusCode::OK);
    let r = t.post(DHAKA, "/course/course/promote-course", Some(&admin), ad("jobs", "Tutors wanted", json!({ "details": "Evenings", "position": "dashboard", "course_categories": [2] }))).await;
    let job = r.body["data"]["id"].as_i64().unwrap();
    assert_eq!(decide(&t, &root, r.body["data"]["uuid"].as_str().unwrap(), "approved").await.status, StatusCode::OK);
    assert_eq!(slot(&t, DHAKA, None, "position=course&category_id=2").await, ["Olympiad camp"]);
    assert!(slot(&t, DHAKA, None, "position=course&category_id=3").await.is_empty());
    assert!(slot(&t, DHAKA, Some(&learner), "position=dashboard").await.is_empty(), "not enrolled in a maths course yet");
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&learner), json!({ "batch_id": batch })).await;
    assert!(r.status.is_success(), "{}", r.text);
    assert_eq!(slot(&t, DHAKA, Some(&learner), "position=dashboard").await, ["Tutors wanted"], "a promotion starting tomorrow waits");
    let details = t.get(DHAKA, &format!("/promotion/ad/details?ad_for=jobs&table_id={job}"), None).await;
    assert_eq!(details.body["data"]["details"], "Evenings", "{}", details.text);
    let r = t.get(DHAKA, "/learner-course/ads?position=top", None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);

    // The main site shows every partner's; another partner's site shows none of Dhaka's.
    assert_eq!(slot(&t, MAIN, None, "position=home").await, ["Calculus admissions"]);
    assert!(slot(&t, SYLHET, None, "position=home").await.is_empty());
    let details = t.get(DHAKA, &format!("/promotion/ad/details?ad_for=ads&table_id={banner_id}"), None).await;
    assert_eq!(details.status, StatusCode::OK, "{}", details.text);
    assert_eq!(details.body["data"]["title"], "Scholarships for women");
    assert!(details.body["data"].get("genders").is_none(), "learners are not shown the targeting");
    assert_eq!(t.get(DHAKA, &format!("/promotion/ad/details?ad_for=jobs&table_id={banner_id}"), None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/promotion/ad/details?ad_for=ads&table_id={banner_id}"), None).await.status, StatusCode::NOT_FOUND);

    // Sylhet's admin can neither see nor change Dhaka's promotions.
    let theirs = t.get(SYLHET, "/course/course/promote-course", Some(&sylhet_admin)).await;
    assert_eq!(theirs.body["total"], 0, "{}", theirs.text);
    assert_eq!(t.get(SYLHET, &format!("/course/course/promote-course?uuid={banner}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    let r = t.post(SYLHET, &format!("/course/course/promote-course/update/{banner}"), Some(&sylhet_admin), ad("ads", "Mine now", json!({}))).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/course/course/promote-course/delete/{banner}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    // Nor can Dhaka's admin act on Dhaka's promotions from Sylhet's site.
    let elsewhere = t.get(SYLHET, &format!("/course/course/promote-course?uuid={banner}"), Some(&admin)).await.status;
    assert!([StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN].contains(&elsewhere), "{elsewhere}");

    // A change sends it back for approval (the picture stays); a rejection says why.
    let r = t.post(DHAKA, &format!("/course/course/promote-course/update/{banner}"), Some(&admin), ad("ads", "Scholarships 2027", json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["data"]["promotion_status"], "pending");
    assert_eq!(r.body["data"]["thumbnail"], picture);
    assert_eq!(slot(&t, DHAKA, Some(&learner), "position=home").await, ["Calculus admissions"]);
    let r = decide(&t, &root, &banner, "rejected").await;
    assert_eq!((r.body["data"]["promotion_status"].as_str(), r.body["data"]["reason"].as_str()), (Some("rejected"), Some("blurred")));
    let one = t.get(DHAKA, &format!("/course/course/promote-course?uuid={banner}"), Some(&admin)).await;
    assert_eq!(one.body["data"][0]["reason"], "blurred", "{}", one.text);
    let rejected = t.get(DHAKA, "/course/course/promote-course?status=rejected&type=ads&search=SCHOLAR", Some(&admin)).await;
    assert_eq!(rejected.body["total"], 1, "{}", rejected.text);

    // An unpublished course's promotion stops showing; a deleted promotion is gone.
    assert_eq!(t.put(DHAKA, "/course/update-publish-feature", &teacher, json!({ "id": course, "published": false })).await.status, StatusCode::OK);
    assert!(slot(&t, DHAKA, None, "position=home").await.is_empty());
    assert_eq!(t.delete(DHAKA, &format!("/course/course/promote-course/delete/{banner}"), Some(&admin)).await.status, StatusCode::OK);
    assert_eq!(t.get(DHAKA, &format!("/course/course/promote-course?uuid={banner}"), Some(&admin)).await.status, StatusCode::NOT_FOUND);
}
