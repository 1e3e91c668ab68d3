//! Trainings against the real PostgreSQL and S3 server: a training cell runs a batch from
//! enrolment to certificates (venue, sessions within the batch's dates, attendance deciding
//! completion), the meals to order following who was present, the budget and logistic items
//! summed in poisha and read back from the XLSX sheet, honoraria with tax deducted at source
//! (a trainer seeing only their own), bad input refused field by field, and nothing of one
//! site's trainings reachable from another.

use crate::common::{Response, TestApp};
use axum::http::StatusCode;
use chrono::{Duration, FixedOffset, NaiveDate, Utc};
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

fn ok(r: Response) -> Value {
    assert!(r.status.is_success(), "{}", r.text);
    r.body["data"].clone()
}

fn id(r: Response) -> i64 {
    ok(r)["id"].as_i64().unwrap()
}

/// The codes of the errors on each field, recognised by their English messages.
fn codes(r: &Response, fields: &[&str]) -> Vec<String> {
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let known = [
        "required", "invalid_choice", "out_of_range", "negative", "ends_before_start", "outside_batch_dates", "trainer_not_found",
        "user_not_found", "not_a_trainee", "invalid_time", "too_many", "duplicate", "item_not_found", "invalid_characters",
        "trainer_exists", "item_exists", "meal_plan_exists",
    ];
    fields
        .iter()
        .map(|f| {
            let said = r.body["errors"][*f][0].as_str().unwrap_or_else(|| panic!("no error on {f}: {}", r.text));
            let en = |c: &str, n| control_plane::i18n::message(c, control_plane::i18n::Lang::En, n);
            known.iter().find(|c| [None, Some(200), Some(10_000)].into_iter().any(|n| en(c, n) == said)).map_or_else(|| said.to_owned(), |c| (*c).to_owned())
        })
        .collect()
}

fn dhaka_today() -> NaiveDate {
    Utc::now().with_timezone(&FixedOffset::east_opt(6 * 3600).unwrap()).date_naive()
}

/// `day` (days from today in Dhaka) at `hour` o'clock Dhaka time.
fn at(day: i64, hour: u32) -> String {
    format!("{}T{hour:02}:00:00+06:00", dhaka_today() + Duration::days(day))
}

/// A published training with one reading lesson and a published batch from yesterday to
/// tomorrow; answers (course id, batch id).
async fn training(t: &TestApp, host: &str, admin: &str, title: &str) -> (i64, i64) {
    let course = id(t.post(host, "/course/course/create", Some(admin), json!({ "title": title, "title_bn": "শিক্ষক প্রশিক্ষণ", "course_type": "training" })).await);
    let section = id(t.post(host, "/course/schedule/section", Some(admin), json!({ "course_id": course, "title_bn": "প্রস্তুতি" })).await);
    ok(t.post(host, "/course/schedule/lesson", Some(admin), json!({ "course_id": course, "section_id": section, "title_bn": "পাঠ্যক্রম পরিচিতি", "lesson_type": "manual", "body": "<p>পড়ে আসুন</p>" })).await);
    let batch = id(t
        .post(host, "/course/batch/create", Some(admin), json!({ "course_id": course, "name": "Batch 1", "name_bn": "ব্যাচ ১",
            "start_date": (dhaka_today() - Duration::days(1)).to_string(), "end_date": (dhaka_today() + Duration::days(1)).to_string(), "let_enroll": 1 }))
        .await);
    ok(t.put(host, "/course/batch/update-publish-feature", admin, json!({ "id": batch, "published": true })).await);
    ok(t.put(host, "/course/update-publish-feature", admin, json!({ "id": course, "published": true })).await);
    (course, batch)
}

#[tokio::test]
async fn a_training_runs_from_enrolment_to_certificates_with_meals_budget_and_honoraria() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    for who in ["rahim", "karim", "salma", "trainer.a", "trainer.b"] {
        t.platform.user(&format!("{who}@example.com"), None).await;
    }
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let (course, batch) = training(&t, DHAKA, &admin, "Teacher training on ICT").await;
    let listed = ok(t.get(DHAKA, "/course/course/viewcourse?type=training", Some(&admin)).await);
    assert_eq!((listed[0]["id"].as_i64(), listed[0]["course_type"].as_str()), (Some(course), Some("training")));
    let mut trainees = Vec::new();
    for who in ["rahim", "karim", "salma"] {
        let token = t.login(DHAKA, &format!("{who}@example.com")).await;
        ok(t.post(DHAKA, "/learner-course/course-enrollment", Some(&token), json!({ "batch_id": batch })).await);
        trainees.push(token);
    }
    let rahim = &trainees[0];

    // Venue, completion rule and tax; only managers, and only within range.
    let r = t.put(DHAKA, &format!("/course/training/batches/{batch}"), &admin, json!({ "completion_percent": 0, "tax_basis_points": 10_001 })).await;
    assert_eq!(codes(&r, &["completion_percent", "tax_basis_points"]), ["out_of_range", "out_of_range"]);
    let settings = json!({ "venue": "NAEM, Dhanmondi", "venue_bn": "নায়েম, ধানমন্ডি", "completion_percent": 60, "tax_basis_points": 1000 });
    assert_eq!(t.put(DHAKA, &format!("/course/training/batches/{batch}"), rahim, settings.clone()).await.status, StatusCode::FORBIDDEN);
    let shown = ok(t.put(DHAKA, &format!("/course/training/batches/{batch}"), &admin, settings).await);
    assert_eq!((shown["venue_bn"].as_str(), shown["completion_percent"].as_i64(), shown["batch"]["enrolled_count"].as_i64()), (Some("নায়েম, ধানমন্ডি"), Some(60), Some(3)));
    let venues = ok(t.post(DHAKA, "/course/training-facility/get-location", Some(&admin), json!({ "search": "naem" })).await);
    assert_eq!(venues[0]["venue"], "NAEM, Dhanmondi");

    // Trainers are people with accounts, once per batch.
    let r = t.post(DHAKA, "/course/training/trainers", Some(&admin), json!({ "batch_id": batch, "email": "nobody@example.com", "rate_poisha": 1 })).await;
    assert_eq!(codes(&r, &["email"]), ["user_not_found"]);
    let r = t.post(DHAKA, "/course/training/trainers", Some(&admin), json!({ "batch_id": batch, "email": "trainer.a@example.com", "rate_poisha": -1 })).await;
    assert_eq!(codes(&r, &["rate_poisha"]), ["out_of_range"]);
    let trainer_a = id(t.post(DHAKA, "/course/training/trainers", Some(&admin), json!({ "batch_id": batch, "email": "trainer.a@example.com", "rate_poisha": 250_000 })).await);
    let trainer_b = id(t.post(DHAKA, "/course/training/trainers", Some(&admin), json!({ "batch_id": batch, "email": "trainer.b@example.com", "rate_poisha": 33_333 })).await);
    let r = t.post(DHAKA, "/course/training/trainers", Some(&admin), json!({ "batch_id": batch, "email": "TRAINER.A@example.com", "rate_poisha": 1 })).await;
    assert_eq!(codes(&r, &["email"]), ["trainer_exists"]);

    // Sessions fall within the batch's dates and end after they start.
    let session = |day: i64, hour: u32, trainer: i64| json!({ "batch_id": batch, "title": format!("Day {day} session"), "title_bn": "সেশন", "starts_at": at(day, hour), "ends_at": at(day, hour + 2), "trainer_id": trainer });
    let r = t.post(DHAKA, "/course/training/sessions", Some(&admin), session(2, 10, trainer_a)).await;
    assert_eq!(codes(&r, &["starts_at"]), ["outside_batch_dates"]);
    let r = t.post(DHAKA, "/course/training/sessions", Some(&admin), json!({ "batch_id": batch, "title": "x", "starts_at": at(0, 12), "ends_at": at(0, 10), "trainer_id": 987_654 })).await;
    assert_eq!(codes(&r, &["ends_at", "trainer_id"]), ["ends_before_start", "trainer_not_found"]);
    let r = t.post(DHAKA, "/course/training/sessions", Some(&admin), json!({ "batch_id": batch, "title": "a\u{0}b", "starts_at": at(0, 10), "ends_at": at(0, 12) })).await;
    assert!(r.status.is_client_error(), "{}", r.text);
    let s1 = id(t.post(DHAKA, "/course/training/sessions", Some(&admin), session(-1, 10, trainer_a)).await);
    let s2 = id(t.post(DHAKA, "/course/training/sessions", Some(&admin), session(0, 10, trainer_a)).await);
    let s3 = id(t.post(DHAKA, "/course/training/sessions", Some(&admin), session(0, 14, trainer_b)).await);
    let s4 = id(t.post(DHAKA, "/course/training/sessions", Some(&admin), session(1, 10, trainer_a)).await);
    let r = t.put(DHAKA, "/course/training/sessions", &admin, json!({ "id": s4, "starts_at": at(3, 10), "ends_at": at(3, 12) })).await;
    assert_eq!(codes(&r, &["starts_at"]), ["outside_batch_dates"], "an update is held to the dates too");
    assert_eq!(ok(t.put(DHAKA, "/course/training/sessions", &admin, json!({ "id": s4, "trainer_id": null })).await)["trainer_id"], Value::Null, "null clears the trainer");
    assert_eq!(ok(t.put(DHAKA, "/course/training/sessions", &admin, json!({ "id": s3, "title": "Lesson planning" })).await)["trainer_id"], trainer_b, "absent keeps it");

    // The sessions are on the trainees' calendars and on their trainers', wherever they look.
    let span = format!("?from={}&to={}", dhaka_today() - Duration::days(2), dhaka_today() + Duration::days(3));
    let on_calendar = async |token: &str| -> Vec<(String, i64)> {
        let r = t.get("localhost", &format!("/calendar/entries{span}"), Some(token)).await;
        ok(r).as_array().unwrap().iter().filter(|e| e["kind"] == "training").map(|e| (e["title"].as_str().unwrap().to_owned(), e["id"].as_i64().unwrap())).collect()
    };
    let a = t.login(DHAKA, "trainer.a@example.com").await;
    let b = t.login(DHAKA, "trainer.b@example.com").await;
    assert_eq!(on_calendar(rahim).await.iter().map(|e| e.1).collect::<Vec<_>>(), [s1, s2, s3, s4]);
    assert_eq!(on_calendar(rahim).await[0].0, "Teacher training on ICT · Day -1 session");
    assert_eq!(on_calendar(&b).await.iter().map(|e| e.1).collect::<Vec<_>>(), [s3], "trainer b had only s3");
    assert_eq!(on_calendar(&a).await.iter().map(|e| e.1).collect::<Vec<_>>(), [s1, s2], "s4 lost its trainer");
    let extra = id(t.post(DHAKA, "/course/training/sessions", Some(&admin), session(1, 15, trainer_b)).await);
    assert_eq!(on_calendar(&b).await.len(), 2);
    ok(t.delete(DHAKA, &format!("/course/training/sessions/{extra}"), Some(&admin)).await);
    assert_eq!(on_calendar(&b).await.iter().map(|e| e.1).collect::<Vec<_>>(), [s3], "a deleted session leaves the calendars");
    // Renaming the training renames its sessions on the calendars.
    ok(t.put(DHAKA, &format!("/course/course/update/{course}"), &admin, json!({ "title": "ICT in the classroom" })).await);
    assert_eq!(on_calendar(rahim).await[0].0, "ICT in the classroom · Day -1 session");
    assert_eq!(on_calendar(&b).await[0].0, "ICT in the classroom · Lesson planning");

    // Attendance: the batch's trainees only, one mark each.
    let sheet = ok(t.get(DHAKA, &format!("/course/training/sessions/{s1}/attendance"), Some(&admin)).await);
    let enrolment: Vec<i64> = sheet.as_array().unwrap().iter().map(|r| r["enrollment_id"].as_i64().unwrap()).collect();
    assert_eq!(sheet.as_array().unwrap().iter().map(|r| r["present"].clone()).collect::<Vec<_>>(), [Value::Null, Value::Null, Value::Null]);
    let names: Vec<&str> = sheet.as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    let (k, r_, s) = (enrolment[names.iter().position(|n| n.starts_with("karim")).unwrap()], enrolment[names.iter().position(|n| n.starts_with("rahim")).unwrap()], enrolment[names.iter().position(|n| n.starts_with("salma")).unwrap()]);
    let mark = |session: i64, present: Vec<i64>, absent: Vec<i64>| {
        let t = &t;
        let admin = admin.clone();
        async move { t.post(DHAKA, &format!("/course/training/sessions/{session}/attendance"), Some(&admin), json!({ "present": present, "absent": absent })).await }
    };
    assert_eq!(codes(&mark(s1, vec![r_, 987_654], vec![]).await, &["present"]), ["not_a_trainee"]);
    assert_eq!(codes(&mark(s1, vec![r_], vec![r_]).await, &["present"]), ["duplicate"]);
    assert_eq!(codes(&mark(s1, vec![], vec![]).await, &["present"]), ["required"]);
    assert_eq!(t.post(DHAKA, &format!("/course/training/sessions/{s1}/attendance"), Some(rahim), json!({ "present": [r_] })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(ok(mark(s1, vec![r_, k, s], vec![]).await)["present"], 3);
    ok(mark(s2, vec![r_, s], vec![k]).await);
    assert_eq!(ok(mark(s2, vec![r_, k], vec![s]).await)["present"], 2, "marking again changes the mark");
    ok(mark(s3, vec![r_], vec![k, s]).await);
    // Each finds the training among their own: the trainee with the sessions attended, the
    // trainer with the sessions taken; and only on the site it belongs to.
    let mine = ok(t.get(DHAKA, "/my-account/user/training", Some(rahim)).await);
    let row = |v: &Value| (v["role"].as_str().map(str::to_owned), v["batch_id"].as_i64(), v["sessions"].as_i64(), v["attended"].as_i64());
    assert_eq!(row(&mine[0]), (Some("trainee".into()), Some(batch), Some(4), Some(3)));
    assert!(mine[0]["next_session"].is_string(), "s4 is tomorrow");
    assert_eq!(row(&ok(t.get(DHAKA, "/my-account/user/training", Some(&a)).await)[0]), (Some("trainer".into()), Some(batch), Some(2), Some(2)));
    assert_eq!(ok(t.get(SYLHET, "/my-account/user/training", Some(rahim)).await).as_array().unwrap().len(), 0);
    let r = t.delete(DHAKA, &format!("/course/training/sessions/{s1}"), Some(&admin)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("session_has_attendance")));

    // Meals: items, one plan per meal type, and the count following who was present each day.
    let rice = id(t.post(DHAKA, "/course/training-facility/items/create", Some(&admin), json!({ "name": "Rice", "name_bn": "ভাত", "unit": "kg" })).await);
    let tea = id(t.post(DHAKA, "/course/training-facility/items/create", Some(&admin), json!({ "name": "Tea", "name_bn": "চা", "unit": "cup" })).await);
    let r = t.post(DHAKA, "/course/training-facility/items/create", Some(&admin), json!({ "name": "rice" })).await;
    assert_eq!(codes(&r, &["name"]), ["item_exists"]);
    let plan = |body: Value| {
        let t = &t;
        let admin = admin.clone();
        async move { t.post(DHAKA, "/course/training-facility/createOrUpdate", Some(&admin), body).await }
    };
    let r = plan(json!({ "batch_id": batch, "meal_type": "supper", "training_time": "25:00", "extra_count": -1, "items": [{ "item_id": rice, "quantity_per_person": -0.5 }, { "item_id": 987_654, "quantity_per_person": 1 }] })).await;
    assert_eq!(codes(&r, &["meal_type", "training_time", "extra_count", "items.0.quantity_per_person"]), ["invalid_choice", "invalid_time", "negative", "negative"]);
    let r = plan(json!({ "batch_id": batch, "meal_type": "lunch", "training_time": "13:00", "items": [{ "item_id": 987_654, "quantity_per_person": 1 }] })).await;
    assert_eq!(codes(&r, &["items"]), ["item_not_found"]);
    let lunch = ok(plan(json!({ "batch_id": batch, "meal_type": "lunch", "training_time": "13:00", "location": "Cafeteria", "extra_count": 2, "items": [{ "item_id": rice, "quantity_per_person": 0.25 }] })).await);
    ok(plan(json!({ "batch_id": batch, "meal_type": "afternoon_snack", "training_time": "16:30", "items": [{ "item_id": tea, "quantity_per_person": 1 }] })).await);
    let r = plan(json!({ "batch_id": batch, "meal_type": "lunch", "training_time": "13:30", "items": [] })).await;
    assert_eq!(codes(&r, &["meal_type"]), ["meal_plan_exists"]);
    let r = t.post(DHAKA, "/course/training-facility/items/delete", Some(&admin), json!({})).await;
    assert_eq!(codes(&r, &["id"]), ["required"]);
    let r = t.post(DHAKA, &format!("/course/training-facility/items/delete?id={rice}"), Some(&admin), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("item_in_use")));
    let viewed = ok(t.post(DHAKA, &format!("/course/training-facility/items/view?meal_type=lunch&batch_id={batch}"), Some(&admin), json!({})).await);
    assert_eq!((viewed["id"].clone(), viewed["items"][0]["quantity_per_person"].as_f64()), (lunch["id"].clone(), Some(0.25)));
    let facility = ok(t.post(DHAKA, &format!("/course/training-facility/getFacilityByBatchId/{batch}"), Some(&admin), json!({})).await);
    let lunches: Vec<(i64, &str, i64, f64)> = facility["days"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["trainees"].as_i64().unwrap(), d["source"].as_str().unwrap(), d["meals"][0]["count"].as_i64().unwrap(), d["meals"][0]["items"][0]["quantity"].as_f64().unwrap()))
        .collect();
    // Yesterday all three came; today two came to one session or the other; tomorrow nobody has
    // been marked yet, so every trainee is expected. Lunch adds two meals for the trainers.
    assert_eq!(lunches, [(3, "attendance", 5, 1.25), (2, "attendance", 4, 1.0), (3, "enrolled", 5, 1.25)]);
    ok(mark(s2, vec![r_], vec![k]).await);
    let facility = ok(t.post(DHAKA, &format!("/course/training-facility/getFacilityByBatchId/{batch}"), Some(&admin), json!({})).await);
    assert_eq!(facility["days"][1]["meals"][0]["count"], 3, "today's meals follow today's attendance: one trainee and two extra");
    let meals = t.get(DHAKA, &format!("/course/training/batches/{batch}/meals.xlsx"), Some(&admin)).await;
    assert_eq!(meals.status, StatusCode::OK);
    let table = tenant_api::sheets::read(&meals.bytes).unwrap();
    assert_eq!(table.rows.len(), 6, "three days × two meals, one item each");
    assert_eq!(table.rows[0].1[4..7], ["5".to_owned(), "Rice / ভাত".into(), "1.25".into()]);

    // The budget: lines by category in poisha, totals and variance, the sheet read back.
    let r = t.post(DHAKA, "/course/training-resource/budget/create", Some(&admin), json!({ "batch_id": batch, "lines": [
        { "category": "venue", "planned_poisha": 1 }, { "description": "no category", "planned_poisha": 5 }, { "category": "meals", "planned_poisha": -5 },
        { "category": "fireworks", "planned_poisha": "a lot" } ] })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "a wrong type is refused, not a 500: {}", r.text);
    let r = t.post(DHAKA, "/course/training-resource/budget/create", Some(&admin), json!({ "batch_id": batch, "lines": [
        { "category": "venue", "planned_poisha": 1 }, { "description": "no category", "planned_poisha": 5 }, { "category": "meals", "planned_poisha": -5 },
        { "category": "fireworks", "planned_poisha": 1 } ] })).await;
    assert_eq!(codes(&r, &["lines.1.category", "lines.2.planned_poisha", "lines.3.category"]), ["required", "negative", "invalid_choice"]);
    let lines: Vec<Value> = (0..201).map(|_| json!({ "category": "other", "planned_poisha": 1 })).collect();
    let r = t.post(DHAKA, "/course/training-resource/budget/create", Some(&admin), json!({ "batch_id": batch, "lines": lines })).await;
    assert_eq!(codes(&r, &["lines"]), ["too_many"]);
    let budget = ok(t.post(DHAKA, "/course/training-resource/budget/create", Some(&admin), json!({ "batch_id": batch, "lines": [
        { "category": "venue", "description": "Hall, 3 days", "planned_poisha": 4_500_000, "actual_poisha": 4_500_000 },
        { "category": "meals", "description": "Lunch and tea", "planned_poisha": 1_200_050, "actual_poisha": 1_350_000 },
        { "category": "honorarium", "planned_poisha": 1_000_000, "actual_poisha": 599_999 } ] })).await);
    assert_eq!((budget["planned_poisha"].as_i64(), budget["actual_poisha"].as_i64(), budget["variance_poisha"].as_i64()), (Some(6_700_050), Some(6_449_999), Some(-250_051)));
    assert_eq!(budget["lines"][1]["variance_poisha"], 149_950);
    assert_eq!(budget["by_category"].as_array().unwrap().iter().map(|c| c["category"].as_str().unwrap()).collect::<Vec<_>>(), ["venue", "meals", "honorarium"]);

    // Logistic items handed to trainees count into the budget.
    let r = t.post(DHAKA, "/course/training-resource/logistic/create", Some(&admin), json!({ "batch_id": batch, "name": "", "quantity_per_trainee": 0, "unit_cost_poisha": -1 })).await;
    assert_eq!(codes(&r, &["name", "quantity_per_trainee", "unit_cost_poisha"]), ["required", "out_of_range", "negative"]);
    let bag = id(t.post(DHAKA, "/course/training-resource/logistic/create", Some(&admin), json!({ "batch_id": batch, "name": "Bag", "name_bn": "ব্যাগ", "unit_cost_poisha": 35_000 })).await);
    let notebook = id(t.post(DHAKA, "/course/training-resource/logistic/create", Some(&admin), json!({ "batch_id": batch, "name": "Notebook", "quantity_per_trainee": 2, "unit_cost_poisha": 6_000 })).await);
    assert_eq!(ok(t.put(DHAKA, "/course/training-resource/logistic/update", &admin, json!({ "id": notebook, "unit_cost_poisha": 5_000 })).await)["quantity_per_trainee"], 2);
    let r = t.post(DHAKA, "/course/training-resource/logistic/createOrUpdate", Some(&admin), json!({ "logistic_id": bag, "enrollment_ids": [r_, 987_654] })).await;
    assert_eq!(codes(&r, &["enrollment_ids"]), ["not_a_trainee"]);
    ok(t.post(DHAKA, "/course/training-resource/logistic/createOrUpdate", Some(&admin), json!({ "logistic_id": bag, "enrollment_ids": [r_, k, s, r_], "issued": true })).await);
    let issued = ok(t.post(DHAKA, "/course/training-resource/logistic/createOrUpdate", Some(&admin), json!({ "logistic_id": notebook, "enrollment_ids": [r_, k] })).await);
    assert_eq!((issued["issued"].as_i64(), issued["cost_poisha"].as_i64()), (Some(2), Some(20_000)));
    let listed = t.post(DHAKA, &format!("/course/training-resource/logistic/index?limit=1&page=9&batch_id={batch}"), Some(&admin), json!({})).await;
    assert_eq!((listed.body["total"].as_i64(), listed.body["current_page"].as_i64(), listed.body["data"][0]["id"].as_i64()), (Some(2), Some(2), Some(notebook)));
    assert_eq!(ok(t.get(DHAKA, &format!("/course/training/batches/{batch}/budget"), Some(&admin)).await)["logistics_poisha"], 3 * 35_000 + 20_000);
    let sheet = t.get(DHAKA, &format!("/course/training/batches/{batch}/budget.xlsx"), Some(&admin)).await;
    let table = tenant_api::sheets::read(&sheet.bytes).unwrap();
    let total = table.rows.iter().find(|(_, r)| r[0] == "Total / মোট" && r[1].is_empty()).expect("the total row");
    assert_eq!(total.1[2..5], ["67,000.50".to_owned(), "64,499.99".into(), "-2,500.51".into()]);
    assert!(table.rows.iter().any(|(_, r)| r[0] == "Bag / ব্যাগ" && r[3] == "3" && r[4] == "1,050.00"), "{:?}", table.rows);
    ok(t.post(DHAKA, &format!("/course/training-resource/logistic/delete?id={notebook}"), Some(&admin), json!({})).await);

    // Honoraria: held sessions × rate, 10 % deducted; a trainer sees their own only.
    let honorarium = ok(t.post(DHAKA, &format!("/course/training-resource/get-honorium-data-for-enrollment-user/{batch}"), Some(&admin), json!({})).await);
    let rows: Vec<(i64, i64, i64, i64)> = honorarium["trainers"].as_array().unwrap().iter().map(|r| (r["sessions_taken"].as_i64().unwrap(), r["gross_poisha"].as_i64().unwrap(), r["tax_poisha"].as_i64().unwrap(), r["net_poisha"].as_i64().unwrap())).collect();
    assert_eq!(rows, [(2, 500_000, 50_000, 450_000), (1, 33_333, 3_333, 30_000)], "the session not yet held is not paid");
    assert_eq!(honorarium["total_net_poisha"], 480_000);
    let own = ok(t.post(DHAKA, &format!("/course/training-resource/get-honorium-data-for-enrollment-user/{batch}"), Some(&a), json!({})).await);
    assert_eq!(own["trainers"].as_array().unwrap().iter().map(|r| r["trainer_id"].as_i64().unwrap()).collect::<Vec<_>>(), [trainer_a]);
    assert_eq!(t.post(DHAKA, &format!("/course/training-resource/get-honorium-data-for-enrollment-user/{batch}"), Some(rahim), json!({})).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, &format!("/course/training/trainers/{trainer_b}/statement.pdf"), Some(&a)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, &format!("/course/training/batches/{batch}"), Some(&a)).await.status, StatusCode::OK, "a trainer sees the batch's plan");
    assert_eq!(t.get(DHAKA, &format!("/course/training/batches/{batch}/budget"), Some(&a)).await.status, StatusCode::FORBIDDEN, "but not its money");
    let pdf = t.get(DHAKA, &format!("/course/training/trainers/{trainer_a}/statement.pdf"), Some(&a)).await;
    assert_eq!((pdf.status, pdf.header("content-type")), (StatusCode::OK, "application/pdf"));
    assert!(pdf.bytes.starts_with(b"%PDF"));
    let english = t.get(DHAKA, &format!("/course/training/trainers/{trainer_a}/statement.pdf?lang=en"), Some(&a)).await;
    let text = crate::payments::pdf_text(&english).await;
    for shown in ["Honorarium statement", "Gross honorarium", "BDT 5,000.00", "Tax deducted at source (10.00%)", "BDT 4,500.00"] {
        assert!(text.contains(shown), "{shown} in {text}");
    }
    let ids_tax = ok(t.put(DHAKA, &format!("/course/training/batches/{batch}"), &admin, json!({ "tax_basis_points": 750 })).await);
    assert_eq!(ids_tax["tax_basis_points"], 750);
    let honorarium = ok(t.post(DHAKA, &format!("/course/training-resource/get-honorium-data-for-enrollment-user/{batch}"), Some(&admin), json!({})).await);
    assert_eq!(honorarium["trainers"][1]["tax_poisha"], 2_500, "7.5 % of 33,333 poisha is 2,499.975: rounded to 2,500");

    // Completion: 60 % of four sessions is three; rahim came to three, karim and salma to one.
    let listed = t.get(DHAKA, &format!("/course/training-facility/enrolled_users/{batch}?field=rahim"), Some(&admin)).await;
    assert_eq!((listed.body["total"].as_i64(), listed.body["data"][0]["attended"].as_i64(), listed.body["data"][0]["percent"].as_i64(), listed.body["data"][0]["eligible"].as_bool()), (Some(1), Some(3), Some(75), Some(true)));
    let done = ok(t.post(DHAKA, &format!("/course/training/batches/{batch}/complete"), Some(&admin), json!({})).await);
    assert_eq!((done["completed"].as_i64(), done["not_eligible"].as_i64()), (Some(1), Some(2)));
    assert_eq!(ok(t.post(DHAKA, &format!("/course/training/batches/{batch}/complete"), Some(&admin), json!({})).await)["completed"], 0, "once");
    let trained = t.post(DHAKA, "/course/training-facility/trained-user/view", Some(&admin), json!({ "batch_id": batch })).await;
    assert_eq!(trained.body["total"], 1, "{}", trained.text);
    let everyone = t.post(DHAKA, "/course/training-facility/trained-user/view", Some(&admin), json!({})).await;
    assert_eq!((everyone.body["total"].as_i64(), everyone.body["data"][0]["course_title"].as_str(), everyone.body["data"][0]["batch_name_bn"].as_str()), (Some(1), Some("ICT in the classroom"), Some("ব্যাচ ১")), "{}", everyone.text);
    let code = trained.body["data"][0]["certificate_code"].as_str().expect("a certificate").to_owned();
    let certificate = t.get(DHAKA, &format!("/learner-course/certificate-details/{code}"), None).await;
    assert_eq!((certificate.status, certificate.body["data"]["course_title_bn"].as_str()), (StatusCode::OK, Some("শিক্ষক প্রশিক্ষণ")));
    assert!(t.get(DHAKA, &format!("/learner-course/certificate-pdf/{code}"), None).await.bytes.starts_with(b"%PDF"));

    // Nominees of a restricted batch are told by e-mail (or SMS) that they were nominated.
    let nominated = id(t
        .post(DHAKA, "/course/batch/create", Some(&admin), json!({ "course_id": course, "name": "Nominated", "start_date": dhaka_today().to_string(), "restricted": true }))
        .await);
    for contact in [json!({ "email": "nominee@example.com" }), json!({ "phone": "01711-222333" })] {
        let mut body = json!({ "batch_id": nominated, "name": "মনোনীত" });
        body.as_object_mut().unwrap().extend(contact.as_object().unwrap().clone());
        assert_eq!(t.post(DHAKA, "/assessment/create-restricted-user", Some(&admin), body).await.status, StatusCode::CREATED);
    }
    let sent: Vec<(String, String, String)> = sqlx::query_as("SELECT kind, channel, subject FROM outbox WHERE recipient IN ('nominee@example.com', '+8801711222333') ORDER BY id")
        .fetch_all(&t.platform.db)
        .await
        .unwrap();
    assert_eq!(sent.iter().map(|(k, c, _)| (k.as_str(), c.as_str())).collect::<Vec<_>>(), [("training_nomination", "email"), ("training_nomination", "sms")]);
    assert!(sent[0].2.contains("Training nomination"), "{sent:?}");

    // Another site sees none of it, and its admin writes none of it.
    training(&t, SYLHET, &sylhet_admin, "Sylhet training").await;
    // The same ids on the other site name its own batch (each schema counts from one), or nothing.
    for path in [format!("/course/training/batches/{batch}"), format!("/course/training/batches/{batch}/budget"), format!("/course/training-facility/enrolled_users/{batch}")] {
        let r = t.get(SYLHET, &path, Some(&sylhet_admin)).await;
        assert!(r.status == StatusCode::OK || r.status == StatusCode::NOT_FOUND, "{path}: {}", r.text);
        for dhaka_only in ["NAEM", "Hall, 3 days", "rahim", "trainer.a"] {
            assert!(!r.text.contains(dhaka_only), "{path} shows {dhaka_only}: {}", r.text);
        }
        assert_eq!(t.get(DHAKA, &path, Some(&sylhet_admin)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    let items = t.post(SYLHET, "/course/training-facility/items/index", Some(&sylhet_admin), json!({})).await;
    assert_eq!(items.body["total"], 0, "{}", items.text);
    assert_eq!(ok(t.post(SYLHET, "/course/training-facility/get-location", Some(&sylhet_admin), json!({})).await), json!([]));
    let r = t.post(SYLHET, "/course/training-resource/logistic/createOrUpdate", Some(&sylhet_admin), json!({ "logistic_id": bag, "enrollment_ids": [r_] })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
    let r = t.post(SYLHET, &format!("/course/training/sessions/{s2}/attendance"), Some(&sylhet_admin), json!({ "present": [r_] })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
    assert_eq!(t.post(DHAKA, &format!("/course/training/sessions/{s2}/attendance"), Some(&sylhet_admin), json!({ "present": [r_] })).await.status, StatusCode::FORBIDDEN);

    // A course that is not a training has none of this.
    let (_, plain) = {
        let c = id(t.post(DHAKA, "/course/course/create", Some(&admin), json!({ "title": "Plain course" })).await);
        let b = id(t.post(DHAKA, "/course/batch/create", Some(&admin), json!({ "course_id": c, "name": "B", "start_date": dhaka_today().to_string() })).await);
        (c, b)
    };
    let r = t.get(DHAKA, &format!("/course/training/batches/{plain}"), Some(&admin)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("batch_not_found")));
}
