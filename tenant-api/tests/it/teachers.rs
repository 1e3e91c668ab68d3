//! Teacher and officer verification (SPEC §4 states 5 → 0/1/2) against the local registry
//! (infra/registry/teachers.py), the confirming code texted through the local SMS gateway.

use crate::common::{LocalServer, SmsServer, TestApp, code_in, published_course};
use axum::http::{Method, StatusCode};
use control_plane::config::RegistryConfig;
use control_plane::messages::worker;
use control_plane::secret::Secret;
use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::sync::Arc;
use tenant_api::EdgeConfig;

const DHAKA: &str = "dhaka.localhost";
/// On the seeded roster (infra/registry/roster.json).
const RAHIMA: (&str, &str, &str) = ("10293847", "14/03/1986", "8801712345601");

struct Registry(LocalServer);

impl Registry {
    async fn start() -> Self {
        Self(LocalServer::start("registry/teachers.py", &["test-registry-key"]).await)
    }

    async fn fault(&self, id: &str, mode: &str) {
        self.0.http.post(format!("{}/faults", self.0.url)).json(&json!({ "id": id, "mode": mode })).send().await.unwrap();
    }
}

async fn platform_with(registry: &Registry) -> TestApp {
    let mut platform = TestPlatform::new().await;
    let config = RegistryConfig { url: registry.0.url.clone(), api_key: Secret::new("test-registry-key") };
    Arc::make_mut(&mut platform.config).teacher_registry = Some(config);
    TestApp::with(platform, EdgeConfig::default()).await
}

fn claim(step: i64, pdsid: &str, dob: &str) -> Value {
    json!({ "step": step, "pds_type": 1, "pdsid": pdsid, "date_of_birth": dob })
}

#[tokio::test]
async fn a_teacher_is_verified_through_the_registry_and_the_id_verifies_one_account() {
    let registry = Registry::start().await;
    let sms = SmsServer::start().await;
    let t = platform_with(&registry).await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("rahima@example.com", None).await;
    t.platform.user("other@example.com", None).await;
    let rahima = t.login(DHAKA, "rahima@example.com").await;
    let other = t.login(DHAKA, "other@example.com").await;
    // A course open only to verified teachers (SPEC §4 type 3): not yet for Rahima.
    t.platform.user("teacher@dhaka.example", Some((dhaka, "teacher"))).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let (course, batch) = published_course(&t, DHAKA, &teacher).await;
    let r = t.put(DHAKA, &format!("/course/course/update/{course}"), &teacher, json!({ "teachers_only": true })).await;
    assert_eq!((r.status, r.body["data"]["teachers_only"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.text);
    assert_eq!(t.get(DHAKA, &format!("/learner-course/details/{course}"), None).await.body["data"]["teachers_only"], true);
    let enrol = |token: &str| {
        let token = token.to_owned();
        let t = &t;
        async move { t.call(Method::POST, DHAKA, "/learner-course/course-enrollment", Some(&token), &[("lang", "2")], Some(json!({ "batch_id": batch }))).await }
    };
    let refused = enrol(&rahima).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("teacher_verification_required")), "{}", refused.text);
    assert_eq!(refused.body["message"], "এই কোর্সটি যাচাই করা শিক্ষকদের জন্য: আগে আপনার শিক্ষক আইডি যাচাই করুন।");
    let verify = |token: &str, body: Value| {
        let token = token.to_owned();
        let t = &t;
        async move { t.call(Method::POST, DHAKA, "/my-account/teacher-verification", Some(&token), &[("lang", "2")], Some(body)).await }
    };
    let (pdsid, dob, phone) = RAHIMA;

    let status = t.get(DHAKA, "/my-account/teacher-verification", Some(&rahima)).await;
    assert_eq!(status.body["data"], json!({ "flags": { "dshe": 1, "dme": 1, "dte": 1, "dpe": 1, "dpe_officer": 1 }, "verified": null }));

    // Bad input names its field, in Bangla.
    let bad = verify(&rahima, json!({ "step": 1, "pds_type": 4, "pdsid": "12ab", "date_of_birth": "31/02/1990" })).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text);
    assert_eq!(bad.body["errors"]["date_of_birth"][0], "জন্মতারিখ DD/MM/YYYY আকারে লিখুন।");
    for field in ["pdsid", "pds_sub_type"] {
        assert!(bad.body["errors"][field].is_array(), "{field}: {}", bad.text);
    }

    // State 0: the registry knows no such teacher with this birth date.
    let wrong = verify(&rahima, claim(1, pdsid, "15/03/1986")).await;
    assert_eq!((wrong.status, wrong.body["data"]["status"].as_i64()), (StatusCode::OK, Some(0)), "{}", wrong.text);

    // State 1: found (Bangla digits read as digits); a code goes to the phone the registry holds.
    let found = verify(&rahima, claim(1, "১০২৯৩৮৪৭", "১৪/০৩/১৯৮৬")).await;
    assert_eq!((found.status, found.body["data"]["status"].as_i64()), (StatusCode::OK, Some(100)), "{}", found.text);
    assert_eq!(found.body["data"]["data"], json!({ "Name": "Rahima Khatun", "Designation": "Assistant Teacher",
        "InstituteName": "Motijheel Government Boys' High School, Dhaka", "Subject": "Mathematics" }));
    assert_eq!(found.body["data"]["otp_sent_to"], "+88017•••••601");
    assert_eq!(worker::deliver_due(&t.platform.db, &sms.senders()).await.unwrap(), 1);
    let texts = sms.texts(phone).await;
    let code = code_in(texts[0]["sms_body"].as_str().unwrap());
    let again = verify(&rahima, claim(1, pdsid, dob)).await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS, "no second code within a minute");

    // Confirming needs consent and the right code.
    let no_consent = verify(&rahima, json!({ "step": 2, "pds_type": 1, "pdsid": pdsid, "date_of_birth": dob, "otp": code })).await;
    assert!(no_consent.body["errors"]["agree"].is_array(), "{}", no_consent.text);
    let wrong_code = if code == "000000" { "111111" } else { "000000" };
    let confirm = |otp: &str| json!({ "step": 2, "pds_type": 1, "pdsid": pdsid, "date_of_birth": dob, "otp": otp, "agree": 1 });
    assert_eq!(verify(&rahima, confirm(wrong_code)).await.body["code"], "otp_wrong");
    let done = verify(&rahima, confirm(&code)).await;
    assert_eq!((done.status, done.body["data"]["verified"].as_bool()), (StatusCode::OK, Some(true)), "{}", done.text);

    // The profile carries the registry's details.
    let me = t.get(DHAKA, "/my-account/user/view-info", Some(&rahima)).await;
    assert_eq!((me.body["data"]["pdsid"].as_str(), me.body["data"]["teacher"]["Designation"].as_str()), (Some(pdsid), Some("Assistant Teacher")));
    let status = t.get(DHAKA, "/my-account/teacher-verification", Some(&rahima)).await;
    assert_eq!(status.body["data"]["verified"]["InstituteName"], "Motijheel Government Boys' High School, Dhaka");
    assert_eq!(verify(&rahima, claim(1, pdsid, dob)).await.status, StatusCode::CONFLICT);
    // Verified, the enrolment that waited goes through; someone unverified is still refused.
    assert_eq!(enrol(&rahima).await.status, StatusCode::CREATED);
    assert_eq!(enrol(&other).await.status, StatusCode::FORBIDDEN);

    // State 2: the same ID cannot verify another account; who holds it is masked.
    let taken = verify(&other, claim(1, pdsid, dob)).await;
    assert_eq!((taken.body["data"]["status"].as_i64(), taken.body["data"]["used_by"].as_str()), (Some(1), Some(format!("r{}", "*".repeat(17)).as_str())), "{}", taken.text);
    let unique = sqlx::query("INSERT INTO teacher_verifications (user_id, pds_type, pdsid, name, designation, institute_name, subject)
                              SELECT id, 1, $1, 'x', 'x', 'x', 'x' FROM users WHERE email = 'other@example.com'")
        .bind(pdsid)
        .execute(&t.platform.db)
        .await;
    assert!(unique.unwrap_err().as_database_error().unwrap().is_unique_violation(), "the database holds the rule too");
}

#[tokio::test]
async fn a_registry_that_is_down_slow_or_garbled_is_reported_and_nothing_is_saved() {
    let registry = Registry::start().await;
    let t = platform_with(&registry).await;
    t.tenant("dhaka").await;
    t.platform.user("karim@example.com", None).await;
    let karim = t.login(DHAKA, "karim@example.com").await;
    let (pdsid, dob) = ("10293848", "02/11/1979");
    for mode in ["down", "malformed", "slow"] {
        registry.fault(pdsid, mode).await;
        let r = t.call(Method::POST, DHAKA, "/my-account/teacher-verification", Some(&karim), &[("lang", "2")], Some(claim(1, pdsid, dob))).await;
        assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("registry_unavailable")), "{mode}: {}", r.text);
        assert_eq!(r.body["message"], "শিক্ষক তথ্যভান্ডার এখন সাড়া দিচ্ছে না। কয়েক মিনিট পর আবার চেষ্টা করুন।");
    }
    registry.fault(pdsid, "none").await;
    let r = t.post(DHAKA, "/my-account/teacher-verification", Some(&karim), claim(1, pdsid, dob)).await;
    assert_eq!((r.status, r.body["data"]["status"].as_i64()), (StatusCode::OK, Some(100)), "{}", r.text);
    let saved: i64 = sqlx::query_scalar("SELECT count(*) FROM teacher_verifications").fetch_one(&t.platform.db).await.unwrap();
    assert_eq!(saved, 0, "only a confirmed code saves");
    let signed_out = t.post(DHAKA, "/my-account/teacher-verification", None, claim(1, pdsid, dob)).await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);

    // A site narrows what it offers: Dhaka verifies primary teachers and officers only.
    let dhaka: i64 = sqlx::query_scalar("SELECT id FROM institutions WHERE slug = 'dhaka'").fetch_one(&t.platform.db).await.unwrap();
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let only = json!({ "site_config": { "verification": { "dshe": false, "dme": false, "dte": false } } });
    let r = t.call(Method::PUT, DHAKA, "/my-account/institutions/update-site", Some(&admin), &[], Some(only)).await;
    assert_eq!((r.status, r.body["data"]["site_config"]["verification"]["dpe"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.text);
    let flags = async || t.get(DHAKA, "/my-account/teacher-verification", Some(&karim)).await.body["data"]["flags"].clone();
    t.eventually(async || flags().await["dshe"] == 0).await;
    assert_eq!(flags().await, json!({ "dshe": 0, "dme": 0, "dte": 0, "dpe": 1, "dpe_officer": 1 }));
    let r = t.call(Method::POST, DHAKA, "/my-account/teacher-verification", Some(&karim), &[("lang", "2")], Some(claim(1, pdsid, dob))).await;
    assert_eq!(r.body["errors"]["pds_type"][0], "এই সাইটে এই ধরনের আইডি যাচাই করা হয় না।", "{}", r.text);
}
