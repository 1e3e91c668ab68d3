//! Every validation failure answers 422 with the error shape of DESIGN §5, translated, and
//! changes nothing.

use axum::http::{Method, StatusCode};
use crate::common::TestApp;
use serde_json::{Value, json};

fn application() -> Value {
    json!({
        "name": "Rahima Khatun", "email": "rahima@example.com", "phone": "01712345678", "password": "long-enough-1",
        "institution_name": "বরিশাল জিলা স্কুল", "institution_name_en": "Barisal Zilla School", "subdomain": "barisal",
        "type": 3, "contact_phone": "+8801812345678", "contact_email": "office@barisal.example.com"
    })
}

fn with(field: &str, value: Value) -> Value {
    let mut body = application();
    body[field] = value;
    body
}

async fn counts(t: &TestApp) -> (i64, i64) {
    let users = sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&t.platform.db).await.unwrap();
    let institutions = sqlx::query_scalar("SELECT count(*) FROM institutions").fetch_one(&t.platform.db).await.unwrap();
    (users, institutions)
}

#[tokio::test]
async fn every_bad_input_answers_422_naming_the_field_and_changes_nothing() {
    let t = TestApp::new().await;
    t.tenant("taken").await;
    t.platform.user("used@example.com", None).await;
    let before = counts(&t).await;
    let cases: Vec<(&str, Value, &str, &str)> = vec![
        ("empty", with("institution_name", json!("   ")), "institution_name", "This field is required."),
        ("missing", { let mut b = application(); b.as_object_mut().unwrap().remove("name"); b }, "name", "This field is required."),
        ("too long", with("institution_name_en", json!("x".repeat(151))), "institution_name_en", "Must be at most 150 characters."),
        ("too long in Bangla", with("institution_name", json!("ক".repeat(151))), "institution_name", "Must be at most 150 characters."),
        ("wrong type", with("name", json!(42)), "name", "This value has the wrong type."),
        ("wrong type of type", with("type", json!({"id": 1})), "type", "This value has the wrong type."),
        ("unknown type", with("type", json!(999)), "type", "Choose one of the offered values."),
        ("bad subdomain", with("subdomain", json!("no_underscores")), "subdomain", "Use 3 to 30 letters a-z, digits or hyphens, not starting or ending with a hyphen."),
        ("short subdomain", with("subdomain", json!("ab")), "subdomain", "Use 3 to 30 letters a-z, digits or hyphens, not starting or ending with a hyphen."),
        ("reserved subdomain", with("subdomain", json!("WWW")), "subdomain", "This subdomain is reserved."),
        ("duplicate subdomain", with("subdomain", json!("Taken")), "subdomain", "This subdomain is already taken."),
        ("bad e-mail", with("email", json!("rahima@")), "email", "Enter a valid e-mail address."),
        ("used e-mail", with("email", json!("USED@example.com")), "email", "An account with this e-mail already exists."),
        ("bad phone", with("phone", json!("12345")), "phone", "Enter a valid Bangladeshi mobile number (01XXXXXXXXX)."),
        ("bad contact phone", with("contact_phone", json!("01212345678")), "contact_phone", "Enter a valid Bangladeshi mobile number (01XXXXXXXXX)."),
        ("short password", with("password", json!("short")), "password", "The password must be at least 8 characters."),
    ];
    for (case, body, field, message) in cases {
        let r = t.post("localhost", "/my-account/user/partner-register", None, body).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{case}: {}", r.text);
        assert_eq!(r.body["code"], "validation_failed", "{case}");
        assert_eq!(r.body["message"], "The given data was invalid.", "{case}");
        assert_eq!(r.body["errors"][field][0], message, "{case}: {}", r.text);
    }
    // Malformed JSON has its own code.
    let r = t.call(Method::POST, "localhost", "/my-account/user/register", None, &[("content-type", "application/json")], None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(counts(&t).await, before, "no bad input created anything");
}

#[tokio::test]
async fn errors_come_in_the_callers_language_and_list_every_field() {
    let t = TestApp::new().await;
    let body = json!({ "name": "", "email": "nope", "phone": "0171", "password": "1234567" });
    let r = t.call(Method::POST, "localhost", "/my-account/user/register", None, &[("lang", "2")], Some(body)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.body["message"], "প্রদত্ত তথ্য সঠিক নয়।");
    assert_eq!(r.body["errors"]["password"][0], "পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে।");
    let fields: Vec<&String> = r.body["errors"].as_object().unwrap().keys().collect();
    assert_eq!(fields, ["email", "name", "password", "phone"]);

    let r = t.call(Method::GET, "localhost", "/my-account/user/view-info", None, &[("accept-language", "bn-BD")], None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(r.body["code"], "unauthenticated");
    assert_eq!(r.body["message"], "অনুগ্রহ করে আগে লগইন করুন।");
}

#[tokio::test]
async fn a_partner_application_creates_a_requested_institution_and_its_applicant() {
    let t = TestApp::new().await;
    let r = t.post("localhost", "/my-account/user/partner-register", None, application()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let data = &r.body["data"];
    assert_eq!(data["institution"]["state"], "requested");
    assert_eq!(data["institution"]["slug"], "barisal");
    assert_eq!(data["institution"]["contact_phone"], "+8801812345678", "phones are normalised");
    assert_eq!(data["institution"]["url"], "http://barisal.localhost:8080");
    assert_eq!(data["user"]["email"], "rahima@example.com");
    assert!(data["token"].as_str().is_some_and(|t| t.len() >= 40));
    // Not live until approved.
    assert_eq!(t.get("barisal.localhost", "/my-account/institutions/retrieve-site", None).await.status, StatusCode::NOT_FOUND);
}
