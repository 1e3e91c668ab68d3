//! Events against the real PostgreSQL and S3 server: bad input refused field by field; seats
//! counted under concurrency rules (capacity, approval, rejection); tickets checked in once and only
//! at their own event; materials, discussions and reviews kept to the people they are for; the
//! calendar file read back by an iCalendar parser; and nothing of one site's events reachable
//! from another.

use crate::common::{Response, TestApp};
use axum::http::{Method, StatusCode};
use chrono::{Duration, Utc};
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

/// The code of the (first) error on `field`, recognised by its English message.
fn field_code(r: &Response, field: &str) -> String {
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    let said = r.body["errors"][field][0].as_str().unwrap_or_else(|| panic!("no error on {field}: {}", r.text));
    let codes = [
        "required",
        "invalid_choice",
        "invalid_url",
        "invalid_date_time",
        "ends_before_start",
        "out_of_range",
        "below_registered",
        "invalid_ticket",
        "already_added",
        "too_long",
    ];
    codes
        .iter()
        .find(|c| control_plane::i18n::message(c, control_plane::i18n::Lang::En, None) == said)
        .map_or_else(|| said.to_owned(), |c| (*c).to_owned())
}

fn at(hours: i64) -> String {
    (Utc::now() + Duration::hours(hours)).to_rfc3339()
}

fn event(title: &str, from: i64, to: i64, extra: Value) -> Value {
    let mut body = json!({ "title": title, "title_bn": format!("{title} (বাংলা)"), "description": "Bring your ID card, please.",
                           "starts_at": at(from), "ends_at": at(to), "venue": "BIAM auditorium, Dhaka" });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

fn ok(r: Response) -> Value {
    assert!(r.status.is_success(), "{}", r.text);
    r.body["data"].clone()
}

fn id(r: Response) -> i64 {
    ok(r)["id"].as_i64().unwrap()
}

/// The event reminders queued for someone, oldest first: (state, when due, text).
async fn reminders(t: &TestApp, email: &str) -> Vec<(String, chrono::DateTime<Utc>, String)> {
    sqlx::query_as("SELECT state, next_attempt_at, body_text FROM outbox WHERE kind = 'event_reminder' AND recipient = $1 ORDER BY id")
        .bind(email)
        .fetch_all(&t.platform.db)
        .await
        .unwrap()
}

fn starts(e: &Value) -> chrono::DateTime<Utc> {
    chrono::DateTime::parse_from_rfc3339(e["starts_at"].as_str().unwrap()).unwrap().with_timezone(&Utc)
}

fn ids(r: &Response) -> Vec<i64> {
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn an_event_runs_from_registration_to_check_in_to_reviews() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    for who in ["rahim", "karim", "salma", "nadia"] {
        t.platform.user(&format!("{who}@example.com"), None).await;
    }
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let rahim = t.login(DHAKA, "rahim@example.com").await;
    let karim = t.login(DHAKA, "karim@example.com").await;
    let salma = t.login(DHAKA, "salma@example.com").await;
    let nadia = t.login(DHAKA, "nadia@example.com").await;

    // Bad input, field by field; only managers write.
    let r = t.post(DHAKA, "/event/create", Some(&admin), json!({ "title": " ", "starts_at": at(5), "ends_at": at(4), "online_link": "ftp://x", "capacity": 0, "registration": "maybe" })).await;
    assert_eq!(
        ["title", "ends_at", "online_link", "capacity", "registration"].map(|f| field_code(&r, f)),
        ["required", "ends_before_start", "invalid_url", "out_of_range", "invalid_choice"]
    );
    let r = t.post(DHAKA, "/event/create", Some(&admin), json!({ "title": "x", "starts_at": "tomorrow", "ends_at": at(4) })).await;
    assert_eq!((field_code(&r, "starts_at"), field_code(&r, "venue")), ("invalid_date_time".into(), "required".into()));
    let r = t.post(DHAKA, "/event/create", Some(&admin), json!({ "title": "x", "starts_at": 5, "ends_at": at(4), "venue": "v" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "a wrong type is refused, not a 500: {}", r.text);
    let r = t.post(DHAKA, "/event/create", Some(&admin), event("a\u{0}b", 1, 3, json!({}))).await;
    assert!(r.status.is_client_error(), "{}", r.text);
    let r = t.post(DHAKA, "/event/create", Some(&admin), event(&"x".repeat(2 << 20), 1, 3, json!({}))).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", r.text);
    assert_eq!(t.post(DHAKA, "/event/create", Some(&rahim), event("Mine", 1, 3, json!({}))).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.post(DHAKA, "/event/create", None, event("Mine", 1, 3, json!({}))).await.status, StatusCode::UNAUTHORIZED);

    // A seminar of two seats, open registration, and a draft.
    let seminar = id(t.post(DHAKA, "/event/create", Some(&admin), event("ICT in the classroom", 1, 4, json!({ "capacity": 2 }))).await);
    let draft = id(t.post(DHAKA, "/event/create", Some(&admin), event("Draft fair", 24, 30, json!({ "published": false }))).await);
    assert_eq!(ids(&t.get(DHAKA, "/event/all", None).await), vec![seminar]);
    assert_eq!(t.get(DHAKA, &format!("/event/details/{draft}"), None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/event/all?manage=1", Some(&rahim)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(ids(&t.get(DHAKA, "/event/all?manage=1", Some(&admin)).await), vec![seminar, draft]);
    assert_eq!(t.get(DHAKA, "/event/all?when=someday", None).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let shown = ok(t.get(DHAKA, &format!("/event/details/{seminar}"), None).await);
    assert_eq!((shown["state"].as_str(), shown["seats_left"].as_i64(), shown["can_manage"].as_bool()), (Some("upcoming"), Some(2), Some(false)));
    let past_last = t.get(DHAKA, "/event/all?page=99", None).await;
    assert_eq!((ids(&past_last), past_last.body["current_page"].as_i64()), (vec![seminar], Some(1)), "a page past the last is the last");

    // Seats: two people take them, a third is refused, registering again changes nothing.
    let rahim_reg = ok(t.post(DHAKA, &format!("/event/register/{seminar}"), Some(&rahim), json!({})).await);
    assert_eq!(rahim_reg["status"], "approved");
    let ticket = rahim_reg["ticket"].as_str().unwrap().to_owned();
    assert!(ticket.starts_with(&format!("EVT1.{seminar}.")), "{ticket}");
    let again = t.post(DHAKA, &format!("/event/register/{seminar}"), Some(&rahim), json!({})).await;
    assert_eq!((again.status, again.body["data"]["id"].clone()), (StatusCode::OK, rahim_reg["id"].clone()));
    let karim_reg = id(t.post(DHAKA, &format!("/event/register/{seminar}"), Some(&karim), json!({})).await);
    let r = t.post(DHAKA, &format!("/event/register/{seminar}"), Some(&salma), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("event_full")));
    assert_eq!(t.post(DHAKA, &format!("/event/register/{seminar}"), None, json!({})).await.status, StatusCode::UNAUTHORIZED);
    let r = t.put(DHAKA, "/event/update", &admin, event("ICT in the classroom", 1, 4, json!({ "id": seminar, "capacity": 1 }))).await;
    assert_eq!(field_code(&r, "capacity"), "below_registered");

    // Karim gives his seat up; Salma takes it; nobody cancels another's registration but a manager.
    assert_eq!(t.delete(DHAKA, &format!("/event/event-user/{karim_reg}"), Some(&rahim)).await.status, StatusCode::FORBIDDEN);
    ok(t.delete(DHAKA, &format!("/event/event-user/{karim_reg}"), Some(&karim)).await);
    let salma_reg = ok(t.post(DHAKA, &format!("/event/register/{seminar}"), Some(&salma), json!({})).await);
    // Each approved registration has its reminder: due at once for an event within a day; the
    // one of the cancelled registration withdrawn.
    let rahim_reminder = reminders(&t, "rahim@example.com").await;
    assert_eq!(rahim_reminder.len(), 1);
    assert_eq!(rahim_reminder[0].0, "pending");
    assert!(rahim_reminder[0].1 <= Utc::now(), "an event within a day is reminded of at once");
    assert!(rahim_reminder[0].2.contains("ICT in the classroom (বাংলা)") && rahim_reminder[0].2.contains(&format!("/events/{seminar}")), "{}", rahim_reminder[0].2);
    assert!(rahim_reminder[0].2.contains("মনে করিয়ে দিচ্ছি") && !rahim_reminder[0].2.contains("A reminder"), "in his language alone: {}", rahim_reminder[0].2);
    assert_eq!(reminders(&t, "karim@example.com").await[0].0, "cancelled");
    let users = t.get(DHAKA, &format!("/event/users/{seminar}?search=salma"), Some(&admin)).await;
    assert_eq!((users.body["total"].as_i64(), users.body["approved"].as_i64()), (Some(1), Some(2)), "{}", users.text);
    assert!(users.body["data"][0]["ticket"].is_null(), "a manager never sees a ticket");
    assert_eq!(t.get(DHAKA, &format!("/event/users/{seminar}"), Some(&rahim)).await.status, StatusCode::FORBIDDEN);

    // Check-in: once, at its own event, by a manager, while the door is open.
    let check_in = async |event: i64, ticket: &str, token: &str| t.post(DHAKA, "/event/check-in", Some(token), json!({ "event_id": event, "ticket": ticket })).await;
    assert_eq!(check_in(seminar, &ticket, &rahim).await.status, StatusCode::FORBIDDEN);
    let r = check_in(seminar, &ticket, &admin).await;
    assert_eq!((ok(r)["name"].as_str()), Some("rahim@example.com"));
    let r = check_in(seminar, &ticket, &admin).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("already_checked_in")), "a replayed ticket is refused");
    let workshop = id(t.post(DHAKA, "/event/create", Some(&admin), event("Workshop", 1, 4, json!({ "online_link": "https://meet.example.org/ws", "venue": "" }))).await);
    let foreign = ok(t.post(DHAKA, &format!("/event/register/{workshop}"), Some(&nadia), json!({})).await)["ticket"].as_str().unwrap().to_owned();
    let foreign_code = foreign.rsplit('.').next().unwrap();
    for bad in [foreign.clone(), format!("EVT1.{seminar}.{foreign_code}"), "hello".into(), String::new()] {
        assert_eq!(field_code(&check_in(seminar, &bad, &admin).await, "ticket"), "invalid_ticket", "{bad}");
    }
    let later = id(t.post(DHAKA, "/event/create", Some(&admin), event("Next month", 24 * 30, 24 * 30 + 2, json!({}))).await);
    let later_ticket = ok(t.post(DHAKA, &format!("/event/register/{later}"), Some(&nadia), json!({})).await)["ticket"].as_str().unwrap().to_owned();
    assert_eq!(check_in(later, &later_ticket, &admin).await.body["code"], "check_in_closed");
    // A month ahead, the reminder waits for the day before, and moves with the event.
    let later_shown = ok(t.get(DHAKA, &format!("/event/details/{later}"), None).await);
    let due = |r: &[(String, chrono::DateTime<Utc>, String)]| r.last().map(|(_, at, _)| *at).unwrap();
    assert_eq!(due(&reminders(&t, "nadia@example.com").await), starts(&later_shown) - Duration::days(1));
    let moved = ok(t.put(DHAKA, "/event/update", &admin, event("Next month", 24 * 40, 24 * 40 + 2, json!({ "id": later }))).await);
    let nadia_reminders = reminders(&t, "nadia@example.com").await;
    assert_eq!((nadia_reminders.len(), due(&nadia_reminders)), (2, starts(&moved) - Duration::days(1)), "rescheduled, not sent twice");
    let attendance = t.get(DHAKA, &format!("/event/attendance/{seminar}"), Some(&admin)).await;
    assert_eq!((attendance.body["approved"].as_i64(), attendance.body["checked_in"].as_i64()), (Some(2), Some(1)), "{}", attendance.text);
    assert_eq!(ids(&attendance), vec![rahim_reg["id"].as_i64().unwrap()]);

    // Registration by approval: pending holds a seat, a ticket comes with the approval, a
    // declined person stays declined, and a pending ticket does not exist to be scanned.
    let orientation = id(t.post(DHAKA, "/event/create", Some(&admin), event("Orientation", 2, 3, json!({ "registration": "approval", "capacity": 1 }))).await);
    let pending = ok(t.post(DHAKA, &format!("/event/register/{orientation}"), Some(&karim), json!({})).await);
    assert_eq!((pending["status"].as_str(), pending["ticket"].is_null()), (Some("pending"), true));
    let r = t.post(DHAKA, &format!("/event/register/{orientation}"), Some(&nadia), json!({})).await;
    assert_eq!(r.body["code"], "event_full", "a pending registration holds its seat");
    let decide = async |reg: &Value, status: &str| t.post(DHAKA, &format!("/event/event-user/{}/status", reg["id"]), Some(&admin), json!({ "status": status })).await;
    assert_eq!(decide(&pending, "maybe").await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(ok(decide(&pending, "rejected").await)["status"], "rejected");
    let r = t.post(DHAKA, &format!("/event/register/{orientation}"), Some(&karim), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("registration_rejected")));
    assert_eq!(reminders(&t, "karim@example.com").await.len(), 1, "no reminder for a pending or declined registration");
    let nadia_pending = ok(t.post(DHAKA, &format!("/event/register/{orientation}"), Some(&nadia), json!({})).await);
    ok(decide(&nadia_pending, "approved").await);
    let mine = ok(t.get(DHAKA, &format!("/event/details/{orientation}"), Some(&nadia)).await);
    assert!(mine["my_registration"]["ticket"].as_str().is_some_and(|t| t.starts_with(&format!("EVT1.{orientation}."))), "{mine}");
    assert_eq!(ids(&t.get(DHAKA, "/event/my", Some(&nadia)).await), vec![workshop, orientation, later]);

    // Materials: a manager's file, for approved people only.
    let file = id(t.post(DHAKA, "/file-manager/user/create-url", Some(&admin), json!({ "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "title": "Slides" })).await);
    let material = id(t.post(DHAKA, "/event/materials", Some(&admin), json!({ "event_id": seminar, "file_id": file })).await);
    assert_eq!(field_code(&t.post(DHAKA, "/event/materials", Some(&admin), json!({ "event_id": seminar, "file_id": file })).await, "file_id"), "already_added");
    let no_file = t.post(DHAKA, "/event/materials", Some(&admin), json!({ "event_id": seminar, "file_id": 0 })).await;
    assert_eq!(field_code(&no_file, "file_id"), "invalid_choice");
    let seen = ok(t.get(DHAKA, &format!("/event/materials/{seminar}"), Some(&rahim)).await);
    assert_eq!(seen[0]["file"]["title"], "Slides");
    assert_eq!(t.get(DHAKA, &format!("/event/materials/{seminar}"), Some(&karim)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, &format!("/event/materials/{seminar}"), None).await.status, StatusCode::UNAUTHORIZED);

    // Discussions: participants post, writers correct their own, managers remove any.
    let post = ok(t.post(DHAKA, "/event/discussion/create", Some(&rahim), json!({ "event_id": seminar, "body": "Is there parking?" })).await);
    let reply = ok(t.post(DHAKA, "/event/discussion/create", Some(&admin), json!({ "event_id": seminar, "parent_id": post["id"], "body": "Yes, behind the hall." })).await);
    assert_eq!(reply["by_teacher"], true);
    assert_eq!(t.post(DHAKA, "/event/discussion/create", Some(&karim), json!({ "event_id": seminar, "body": "Me too" })).await.status, StatusCode::FORBIDDEN);
    let r = t.post(DHAKA, "/event/discussion/create", Some(&salma), json!({ "event_id": seminar, "parent_id": reply["id"], "body": "Two levels" })).await;
    assert_eq!(field_code(&r, "parent_id"), "invalid_choice");
    assert_eq!(t.post(DHAKA, "/event/discussion/update", Some(&admin), json!({ "id": post["id"], "body": "Changed" })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(ok(t.post(DHAKA, "/event/discussion/update", Some(&rahim), json!({ "id": post["id"], "body": "Is there car parking?" })).await)["edited"], true);
    assert_eq!(t.delete(DHAKA, &format!("/event/discussion/{}", reply["id"]), Some(&salma)).await.status, StatusCode::FORBIDDEN);
    ok(t.delete(DHAKA, &format!("/event/discussion/{}", reply["id"]), Some(&admin)).await);
    let board = t.get(DHAKA, &format!("/event/discussios/{seminar}"), Some(&salma)).await;
    assert_eq!(board.body["data"][0]["body"], "Is there car parking?", "{}", board.text);
    assert_eq!((board.body["data"][0]["replies"][0]["removed"].as_bool(), board.body["data"][0]["replies"][0]["body"].as_str()), (Some(true), Some("")));

    // Reviews: after the end, by people who came, one each.
    let review = async |token: &str, rating: i64| t.post(DHAKA, "/event/review", Some(token), json!({ "event_id": seminar, "rating": rating, "comment": "ভালো আয়োজন" })).await;
    assert_eq!(review(&rahim, 5).await.body["code"], "event_not_ended");
    ok(t.put(DHAKA, "/event/update", &admin, event("ICT in the classroom", -4, -1, json!({ "id": seminar, "capacity": 2 }))).await);
    assert_eq!(field_code(&review(&rahim, 6).await, "rating"), "out_of_range");
    ok(review(&rahim, 3).await);
    ok(review(&rahim, 5).await);
    let r = review(&salma, 4).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_checked_in")));
    assert_eq!(t.get(DHAKA, &format!("/event/review/{seminar}"), None).await.body["total"], 1);
    let ended = ok(t.get(DHAKA, &format!("/event/details/{seminar}"), None).await);
    assert_eq!((ended["state"].as_str(), ended["rating"].as_f64(), ended["reviews"].as_i64()), (Some("ended"), Some(5.0), Some(1)));
    assert_eq!(t.post(DHAKA, &format!("/event/register/{seminar}"), Some(&nadia), json!({})).await.body["code"], "event_ended");
    assert_eq!(ids(&t.get(DHAKA, "/event/all?when=past", None).await), vec![seminar]);

    // The calendar file, read back by an iCalendar parser.
    let r = t.get(DHAKA, &format!("/event/ics/{workshop}"), None).await;
    assert!(r.header("content-type").starts_with("text/calendar"), "{}", r.header("content-type"));
    let calendar = ical::IcalParser::new(r.text.as_bytes()).next().expect("one calendar").expect("a valid calendar");
    let vevent = &calendar.events[0];
    let prop = |name: &str| vevent.properties.iter().find(|p| p.name == name).and_then(|p| p.value.clone()).unwrap_or_default();
    let workshop_shown = ok(t.get(DHAKA, &format!("/event/details/{workshop}"), None).await);
    let starts = chrono::DateTime::parse_from_rfc3339(workshop_shown["starts_at"].as_str().unwrap()).unwrap();
    assert_eq!(prop("DTSTART"), starts.format("%Y%m%dT%H%M%SZ").to_string());
    assert_eq!(prop("SUMMARY"), "Workshop / Workshop (বাংলা)");
    assert_eq!(prop("LOCATION"), "https://meet.example.org/ws");
    assert!(prop("URL").ends_with(&format!("/events/{workshop}")), "{}", prop("URL"));
    assert_eq!(vevent.alarms.len(), 1);

    // Another site reaches none of it.
    assert_eq!(t.get(SYLHET, &format!("/event/details/{workshop}"), None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(ids(&t.get(SYLHET, "/event/all?when=all", None).await), Vec::<i64>::new());
    let r = t.call(Method::POST, SYLHET, "/event/check-in", Some(&sylhet_admin), &[], Some(json!({ "event_id": workshop, "ticket": foreign }))).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(SYLHET, &format!("/event/register/{workshop}"), Some(&sylhet_admin), json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/event/users/{workshop}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/event/{workshop}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/event/material/{material}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    let r = t.put(SYLHET, "/event/update", &sylhet_admin, event("Taken", 1, 2, json!({ "id": workshop }))).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/event/event-user/{}", salma_reg["id"]), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/event/discussios/{workshop}"), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/event/review/{workshop}"), None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/event/ics/{workshop}"), None).await.status, StatusCode::NOT_FOUND);
    let r = t.post(SYLHET, "/event/discussion/update", Some(&sylhet_admin), json!({ "id": post["id"], "body": "Taken over" })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/event/discussion/{}", post["id"]), Some(&sylhet_admin)).await.status, StatusCode::NOT_FOUND);

    // A deleted event takes its registrations and materials with it.
    ok(t.delete(DHAKA, &format!("/event/{seminar}"), Some(&admin)).await);
    assert_eq!(t.get(DHAKA, &format!("/event/details/{seminar}"), Some(&admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(DHAKA, &format!("/event/material/{material}"), Some(&admin)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/event/my", Some(&rahim)).await.body["total"], 0);
    assert_eq!(reminders(&t, "salma@example.com").await[0].0, "cancelled", "a deleted event's reminders are withdrawn");
}

#[tokio::test]
async fn the_last_seat_and_a_ticket_are_each_taken_once_when_many_ask_at_the_same_moment() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    let mut people = Vec::new();
    for n in 0..8 {
        t.platform.user(&format!("person{n}@example.com"), None).await;
        people.push(t.login(DHAKA, &format!("person{n}@example.com")).await);
    }
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let seminar = id(t.post(DHAKA, "/event/create", Some(&admin), event("Two seats", 1, 3, json!({ "capacity": 2 }))).await);
    let register = async |token: &str| t.post(DHAKA, &format!("/event/register/{seminar}"), Some(token), json!({})).await;
    let ticket = ok(register(&people[0]).await)["ticket"].as_str().unwrap().to_owned();

    // Seven people ask for the last seat together: one gets it, the others are told it is full.
    // (In process, the requests may be served nearly one after another: with the event's row lock
    // removed this still passed here, so it shows the rule under concurrent asks, not the lock.)
    let answers = futures::future::join_all(people[1..].iter().map(|p| register(p))).await;
    let taken = answers.iter().filter(|r| r.status == StatusCode::CREATED).count();
    let full = answers.iter().filter(|r| r.status == StatusCode::CONFLICT && r.body["code"] == "event_full").count();
    assert_eq!((taken, full), (1, 6));
    assert_eq!(ok(t.get(DHAKA, &format!("/event/details/{seminar}"), None).await)["registered"], 2);

    // Door keepers scan the same ticket together: it counts once.
    let scan = async || t.post(DHAKA, "/event/check-in", Some(&admin), json!({ "event_id": seminar, "ticket": ticket })).await;
    let answers = futures::future::join_all((0..4).map(|_| scan())).await;
    let mut statuses: Vec<StatusCode> = answers.iter().map(|r| r.status).collect();
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT, StatusCode::CONFLICT, StatusCode::CONFLICT]);
}

#[tokio::test]
async fn a_persons_calendar_gathers_their_events_across_sites_and_feeds_a_phone() {
    let t = TestApp::new().await;
    let dhaka = t.tenant("dhaka").await;
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@dhaka.example", Some((dhaka, "partner-admin"))).await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    t.platform.user("rahim@example.com", None).await;
    t.platform.user("karim@example.com", None).await;
    let dhaka_admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let sylhet_admin = t.acting(SYLHET, "admin@sylhet.example").await;
    let rahim = t.login("localhost", "rahim@example.com").await;
    let karim = t.login("localhost", "karim@example.com").await;
    let seminar = id(t.post(DHAKA, "/event/create", Some(&dhaka_admin), event("Seminar", 24, 26, json!({}))).await);
    let fair = id(t.post(SYLHET, "/event/create", Some(&sylhet_admin), event("Fair", 48, 50, json!({ "registration": "approval" }))).await);
    let rahim_at = |host: &'static str| t.login(host, "rahim@example.com");
    let (rahim_dhaka, rahim_sylhet) = (rahim_at(DHAKA).await, rahim_at(SYLHET).await);
    ok(t.post(DHAKA, &format!("/event/register/{seminar}"), Some(&rahim_dhaka), json!({})).await);
    let pending = ok(t.post(SYLHET, &format!("/event/register/{fair}"), Some(&rahim_sylhet), json!({})).await);

    // Only approved registrations are on the calendar; read on any site, it holds every site's.
    let calendar = async |token: &str, query: &str| t.get("localhost", &format!("/calendar/entries{query}"), Some(token)).await;
    let range = format!("?from={}&to={}", (Utc::now() - Duration::days(1)).format("%Y-%m-%d"), (Utc::now() + Duration::days(10)).format("%Y-%m-%d"));
    let shown = |r: Response| ok(r).as_array().unwrap().iter().map(|e| (e["site"]["slug"].as_str().unwrap().to_owned(), e["id"].as_i64().unwrap())).collect::<Vec<_>>();
    assert_eq!(shown(calendar(&rahim, &range).await), vec![("dhaka".to_owned(), seminar)]);
    ok(t.post(SYLHET, &format!("/event/event-user/{}/status", pending["id"]), Some(&sylhet_admin), json!({ "status": "approved" })).await);
    let both = calendar(&rahim, &range).await;
    let url = both.body["data"][0]["url"].as_str().unwrap_or_default();
    assert!(url.starts_with("http://dhaka.localhost") && url.ends_with(&format!("/events/{seminar}")), "{}", both.text);
    assert_eq!(shown(both), vec![("dhaka".to_owned(), seminar), ("sylhet".to_owned(), fair)]);
    assert_eq!(shown(calendar(&karim, &range).await), vec![], "nobody sees another's calendar");
    assert_eq!(t.get("localhost", "/calendar/entries", None).await.status, StatusCode::UNAUTHORIZED);
    for bad in ["?from=yesterday", "?from=2026-12-10&to=2026-12-01", "?from=2026-01-01&to=2027-06-01"] {
        assert_eq!(calendar(&rahim, bad).await.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }

    // The event moves: so does its entry. The registration is cancelled: the entry goes.
    let moved = ok(t.put(DHAKA, "/event/update", &dhaka_admin, event("Seminar, moved", 72, 74, json!({ "id": seminar }))).await);
    let entries = ok(calendar(&rahim, &range).await);
    // (Each site numbers its own events: the two may share an id, so the site tells them apart.)
    let on_calendar = entries.as_array().unwrap().iter().find(|e| e["site"]["slug"] == "dhaka" && e["id"] == seminar).unwrap();
    assert_eq!((on_calendar["title"].as_str(), on_calendar["starts_at"].as_str()), (Some("Seminar, moved"), moved["starts_at"].as_str()));

    // The feed: a secret address, no sign-in, read back by an iCalendar parser; a new address
    // retires the old one.
    let feed = ok(t.post("localhost", "/calendar/feed", Some(&rahim), json!({})).await)["url"].as_str().unwrap().to_owned();
    let path = format!("/calendar/feed/{}", feed.rsplit('/').next().unwrap());
    let r = t.get("localhost", &path, None).await;
    assert!(r.header("content-type").starts_with("text/calendar"), "{}", r.text);
    let parsed = ical::IcalParser::new(r.text.as_bytes()).next().unwrap().unwrap();
    let uids: Vec<String> = parsed.events.iter().map(|e| e.properties.iter().find(|p| p.name == "UID").unwrap().value.clone().unwrap()).collect();
    assert_eq!(uids.len(), 2);
    assert!(uids[0].starts_with(&format!("event-{fair}@sylhet.")) && uids[1].starts_with(&format!("event-{seminar}@dhaka.")), "{uids:?}");
    assert_eq!(ok(t.get("localhost", "/calendar/feed", Some(&rahim)).await)["active"], true);
    ok(t.post("localhost", "/calendar/feed", Some(&rahim), json!({})).await);
    assert_eq!(t.get("localhost", &path, None).await.status, StatusCode::NOT_FOUND, "the old address is retired");
    assert_eq!(t.get("localhost", "/calendar/feed/not-a-secret.ics", None).await.status, StatusCode::NOT_FOUND);

    ok(t.delete(DHAKA, &format!("/event/event-user/{}", ok(t.get(DHAKA, &format!("/event/details/{seminar}"), Some(&rahim_dhaka)).await)["my_registration"]["id"]), Some(&rahim_dhaka)).await);
    assert_eq!(shown(calendar(&rahim, &range).await), vec![("sylhet".to_owned(), fair)]);
    ok(t.delete(SYLHET, &format!("/event/{fair}"), Some(&sylhet_admin)).await);
    assert_eq!(shown(calendar(&rahim, &range).await), vec![], "a deleted event leaves every calendar");
}
