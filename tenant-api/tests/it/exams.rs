//! Single exams against a real PostgreSQL and S3 server: a paper of every question type taken by
//! a learner (the key never in a learner's response while the attempt is open), saves out of
//! order, concurrent starts, the sweeper, grace and late flags, marking by hand, accommodations,
//! bad settings, and nobody outside the author's reach (another teacher, another site) seeing
//! an exam or an attempt.

use crate::common::TestApp;
use crate::questions::one_of_each_type;
use axum::http::{Method, StatusCode};
use chrono::{Duration, Utc};
use serde_json::{Value, json};
use tenant_api::exams::{stats, sweeper};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

/// Field names that carry the key or feedback of a question.
const KEY_FIELDS: [&str; 6] = ["correct", "accepted", "explanation", "explanation_bn", "key", "blanks"];

fn key_fields_in(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if KEY_FIELDS.contains(&k.as_str()) && !path.contains("answers") && !path.ends_with(".answer") {
                    found.push(format!("{path}.{k}"));
                }
                key_fields_in(v, &format!("{path}.{k}"), found);
            }
        }
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| key_fields_in(v, &format!("{path}[{i}]"), found)),
        _ => {}
    }
}

/// Fails if a learner-side response holds any part of the key or the feedback.
fn assert_no_key(body: &Value, text: &str) {
    let mut found = vec![];
    key_fields_in(body, "", &mut found);
    assert!(found.is_empty(), "key fields in a learner response: {found:?}");
    for secret in ["Dhaka since 1971.", "Water lily", "26/03/1971", "capital\"", "BD\""] {
        assert!(!text.contains(secret), "{secret} leaked: {text}");
    }
}

pub(crate) fn exam(parts: Value) -> Value {
    let now = Utc::now();
    json!({
        "title": "Geography test", "title_bn": "ভূগোল পরীক্ষা",
        "starts_at": now - Duration::minutes(1), "ends_at": now + Duration::hours(2),
        "duration_minutes": 30, "attempts_allowed": 1, "pass_percent": 40,
        "shuffle_questions": true, "shuffle_options": true,
        "results_release": "on_submit", "show_answers": true, "grace_seconds": 60, "published": true,
        "parts": parts,
    })
}

pub(crate) struct Site {
    pub t: TestApp,
    pub tenant: i64,
    pub teacher: String,
    pub learner: String,
    pub questions: Vec<i64>,
}

pub(crate) async fn site() -> Site {
    let t = TestApp::new().await;
    let tenant = t.tenant("dhaka").await;
    t.platform.user("teacher@dhaka.example", Some((tenant, "teacher"))).await;
    t.platform.user("learner@example.com", None).await;
    let teacher = t.acting(DHAKA, "teacher@dhaka.example").await;
    let learner = t.login(DHAKA, "learner@example.com").await;
    let mut questions = vec![];
    for q in one_of_each_type() {
        let r = t.post(DHAKA, "/question-bank/create", Some(&teacher), q).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        questions.push(r.body["data"]["id"].as_i64().unwrap());
    }
    Site { t, tenant, teacher, learner, questions }
}

impl Site {
    pub async fn create(&self, body: Value) -> Value {
        let r = self.t.post(DHAKA, "/course/exam/create-single", Some(&self.teacher), body).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        r.body["data"].clone()
    }

    pub async fn start(&self, uuid: &str, token: &str) -> crate::common::Response {
        self.t.post(DHAKA, &format!("/exam-front/single/{uuid}/start"), Some(token), json!({})).await
    }

    pub async fn save(&self, attempt: &str, token: &str, slot: usize, seq: i64, answer: Value) -> crate::common::Response {
        self.t.put(DHAKA, &format!("/exam-front/attempt/{attempt}/answer"), token, json!({ "slot": slot, "client_seq": seq, "answer": answer })).await
    }

    async fn sql(&self, statement: &str, attempt: &str) {
        let db = self.t.state.pools.get(self.tenant).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(statement.to_owned())).bind(uuid::Uuid::parse_str(attempt).unwrap()).execute(&*db).await.unwrap();
    }
}

/// The slot showing a question of this type in a paper.
fn slot_of(paper: &Value, kind: &str) -> usize {
    paper["questions"].as_array().unwrap().iter().position(|q| q["question_type"] == kind).unwrap()
}

/// The option id whose text is `text`.
pub(crate) fn option(paper: &Value, slot: usize, text: &str) -> u64 {
    paper["questions"][slot]["options"].as_array().unwrap().iter().find(|o| o["text"] == text).unwrap()["id"].as_u64().unwrap()
}

#[tokio::test]
async fn a_learner_takes_a_paper_of_every_type_and_a_teacher_marks_it() {
    let s = site().await;
    let t = &s.t;
    let parts: Vec<Value> = s.questions.iter().map(|id| json!({ "question_id": id })).collect();
    let created = s.create(exam(json!(parts))).await;
    assert_eq!((created["question_count"].as_i64(), created["total_marks"].as_f64()), (Some(11), Some(35.0)));
    let uuid = created["uuid"].as_str().unwrap().to_owned();
    let exam_id = created["id"].as_i64().unwrap();

    let intro = t.get(DHAKA, &format!("/exam-front/single/{uuid}"), Some(&s.learner)).await;
    assert_eq!((intro.body["data"]["can_start"].as_bool(), intro.body["data"]["question_count"].as_i64()), (Some(true), Some(11)), "{}", intro.text);

    // Two tabs start at the same moment: one attempt, both get it.
    let (a, b) = tokio::join!(s.start(&uuid, &s.learner), s.start(&uuid, &s.learner));
    assert_eq!((a.status, b.status), (StatusCode::OK, StatusCode::OK), "{} {}", a.text, b.text);
    let paper = a.body["data"].clone();
    let attempt = paper["uuid"].as_str().unwrap().to_owned();
    assert_eq!(b.body["data"]["uuid"], paper["uuid"]);
    assert_no_key(&a.body, &a.text);
    assert_eq!(paper["questions"].as_array().unwrap().len(), 11);
    let deadline = chrono::DateTime::parse_from_rfc3339(paper["deadline"].as_str().unwrap()).unwrap();
    let minutes = (deadline.with_timezone(&Utc) - Utc::now()).num_minutes();
    assert!((28..=30).contains(&minutes), "the server sets the deadline: {minutes} min left");

    // Answers, some typed with Bangla digits; saves arriving out of order keep the newest.
    let mc = slot_of(&paper, "multiple_choice");
    let r = s.save(&attempt, &s.learner, mc, 2, json!({ "choices": [option(&paper, mc, "Dhaka")] })).await;
    assert_eq!((r.status, r.body["data"]["client_seq"].as_i64()), (StatusCode::OK, Some(2)), "{}", r.text);
    let r = s.save(&attempt, &s.learner, mc, 1, json!({ "choices": [option(&paper, mc, "Sylhet")] })).await;
    assert_eq!((r.status, r.body["data"]["client_seq"].as_i64()), (StatusCode::OK, Some(2)), "an older save changes nothing");
    let ms = slot_of(&paper, "multiple_select");
    let both = [option(&paper, ms, "Padma"), option(&paper, ms, "Meghna")];
    let answers = [
        (ms, json!({ "choices": both })),
        (slot_of(&paper, "true_false"), json!({ "text": "true" })),
        (slot_of(&paper, "dropdown"), json!({ "choices": [option(&paper, slot_of(&paper, "dropdown"), "7")] })),
        (slot_of(&paper, "fill_blanks"), json!({ "blanks": ["Capital", "bd"] })),
        (slot_of(&paper, "short_answer"), json!({ "text": "  water  LILY " })),
        (slot_of(&paper, "essay"), json!({ "text": "১৯৭১ সালে..." })),
        (slot_of(&paper, "date"), json!({ "text": "২৬/০৩/১৯৭১" })),
        (slot_of(&paper, "time"), json!({ "text": "০৯:০০" })),
    ];
    for (slot, answer) in &answers {
        let r = s.save(&attempt, &s.learner, *slot, 1, answer.clone()).await;
        assert_eq!(r.status, StatusCode::OK, "{answer}: {}", r.text);
        assert_no_key(&r.body, &r.text);
    }
    // Bad answers: a choice that is not an option, two choices for one, an unknown slot.
    let r = s.save(&attempt, &s.learner, mc, 3, json!({ "choices": [7] })).await;
    assert_eq!((r.status, r.body["errors"]["answer"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{}", r.text);
    let r = s.save(&attempt, &s.learner, mc, 3, json!({ "choices": [0, 1] })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = s.save(&attempt, &s.learner, 99, 1, json!({ "text": "x" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let assignment = slot_of(&paper, "assignment");
    let file_path = format!("/exam-front/attempt/{attempt}/file/{assignment}");
    let r = t.upload(DHAKA, &file_path, &s.learner, &[("client_seq", None, b"1"), ("file", Some("map.exe"), b"MZ\x90\x00 not a document")]).await;
    assert_eq!((r.status, r.body["errors"]["file"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "checked by its bytes: {}", r.text);
    let r = t.upload(DHAKA, &file_path, &s.learner, &[("client_seq", None, b"1"), ("file", Some("map.pdf"), b"%PDF-1.4 my map")]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = t.upload(DHAKA, &format!("/exam-front/attempt/{attempt}/file/{mc}"), &s.learner, &[("client_seq", None, b"1"), ("file", Some("map.pdf"), b"%PDF-1.4")]).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "files answer assignments only");
    let r = t.call(Method::PUT, DHAKA, &format!("/exam-front/attempt/{attempt}/answer"), Some(&s.learner), &[], Some(json!({ "slot": "one" }))).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "wrong types are refused: {}", r.text);

    // Another learner can neither read nor answer this attempt.
    t.platform.user("other@example.com", None).await;
    let other = t.login(DHAKA, "other@example.com").await;
    assert_eq!(t.get(DHAKA, &format!("/exam-front/attempt/{attempt}"), Some(&other)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(s.save(&attempt, &other, mc, 9, json!({ "choices": [0] })).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.post(DHAKA, &format!("/exam-front/attempt/{attempt}/submit"), Some(&other), json!({})).await.status, StatusCode::NOT_FOUND);

    // A reload finds the same paper and the saved answers.
    let again = t.get(DHAKA, &format!("/exam-front/attempt/{attempt}"), Some(&s.learner)).await;
    assert_no_key(&again.body, &again.text);
    assert_eq!(again.body["data"]["questions"], paper["questions"], "the paper never changes");
    let saved = again.body["data"]["answers"].as_array().unwrap();
    assert_eq!(saved.len(), 10);
    let mc_saved = saved.iter().find(|a| a["slot"] == mc).unwrap();
    assert_eq!(mc_saved["answer"]["choices"], json!([option(&paper, mc, "Dhaka")]));
    assert_eq!(t.get(DHAKA, &format!("/exam-front/attempt/{attempt}/result"), Some(&s.learner)).await.status, StatusCode::CONFLICT);

    // Submitted: objective answers marked at once; the essay waits for the teacher, so no result yet.
    let r = t.post(DHAKA, &format!("/exam-front/attempt/{attempt}/submit"), Some(&s.learner), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!((r.body["data"]["state"].as_str(), r.body["data"]["pending_marking"].as_i64()), (Some("submitted"), Some(2)));
    assert_eq!((r.body["data"]["results_available"].as_bool(), r.body["data"]["score"].as_f64()), (Some(false), None));
    assert_no_key(&r.body, &r.text);
    assert_eq!(s.save(&attempt, &s.learner, mc, 10, json!({ "choices": [0] })).await.status, StatusCode::CONFLICT);

    // The marking queue holds the essay and the assignment (a link to its file); marks above the
    // question's are refused.
    let queue = t.get(DHAKA, &format!("/course/exam/marking/{exam_id}"), Some(&s.teacher)).await;
    let items = queue.body["data"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{}", queue.text);
    let file = items.iter().find(|i| i["question_type"] == "assignment").unwrap();
    let link = file["file_url"].as_str().unwrap();
    assert_eq!(reqwest::get(link).await.unwrap().bytes().await.unwrap().as_ref(), b"%PDF-1.4 my map", "the file is in the site's bucket");
    let r = t.post(DHAKA, "/course/batch/manual_mark", Some(&s.teacher), json!({ "attempt": attempt, "slot": file["slot"], "marks": 8 })).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("submitted")), "the essay still waits: {}", r.text);
    let items: Vec<&Value> = items.iter().filter(|i| i["question_type"] == "essay").collect();
    assert_eq!((items[0]["question_type"].as_str(), items[0]["answer"]["text"].as_str()), (Some("essay"), Some("১৯৭১ সালে...")));
    let mark = |marks: f64| json!({ "attempt": attempt, "slot": items[0]["slot"], "marks": marks, "comment": "ভালো" });
    let r = t.post(DHAKA, "/course/batch/manual_mark", Some(&s.teacher), mark(11.0)).await;
    assert_eq!((r.status, r.body["errors"]["marks"].is_array()), (StatusCode::UNPROCESSABLE_ENTITY, true), "{}", r.text);
    let r = t.post(DHAKA, "/course/batch/manual_mark", Some(&s.teacher), json!({ "attempt": attempt, "slot": mc, "marks": 1 })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "a machine-marked answer is not in the queue");
    let r = t.post(DHAKA, "/course/batch/manual_mark", Some(&s.teacher), mark(7.5)).await;
    assert_eq!((r.status, r.body["data"]["state"].as_str()), (StatusCode::OK, Some("finished")), "{}", r.text);

    // Now the learner sees marks and, as the exam shows answers, the key and explanations.
    // mc 1 + ms 2 + tf 1 + dropdown 0 (wrong) + blanks 2 + short 1 + essay 7.5 + assignment 8 + date 1 + time 1 = 24.5 of 35.
    let result = t.get(DHAKA, &format!("/exam-front/attempt/{attempt}/result"), Some(&s.learner)).await;
    let data = &result.body["data"];
    assert_eq!((data["results_available"].as_bool(), data["score"].as_f64(), data["max_score"].as_f64()), (Some(true), Some(24.5), Some(35.0)), "{}", result.text);
    assert_eq!((data["passed"].as_bool(), data["percent"].as_f64()), (Some(true), Some(70.0)));
    let q = |kind: &str| data["questions"].as_array().unwrap().iter().find(|q| q["question_type"] == kind).unwrap().clone();
    assert_eq!((q("essay")["awarded"].as_f64(), q("essay")["comment"].as_str()), (Some(7.5), Some("ভালো")));
    assert_eq!((q("paragraph")["status"].as_str(), q("paragraph")["awarded"].as_f64()), (Some("unanswered"), Some(0.0)));
    assert_eq!(q("multiple_choice")["explanation"], "Dhaka since 1971.");
    assert_eq!(q("dropdown")["awarded"].as_f64(), Some(0.0));

    // One attempt allowed: a second start is refused, until the teacher gives one more.
    let r = s.start(&uuid, &s.learner).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("attempts_exhausted")));
    let list = t.get(DHAKA, &format!("/course/exam/attempts/{exam_id}"), Some(&s.teacher)).await;
    let learner_id = list.body["data"][0]["user_id"].as_i64().unwrap();
    let r = t.put(DHAKA, "/course/batch/increase_attempt", &s.teacher, json!({ "exam_id": exam_id, "user_id": learner_id, "extra_attempts": 1, "extra_minutes": 15 })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let second = s.start(&uuid, &s.learner).await;
    assert_eq!((second.status, second.body["data"]["attempt_no"].as_i64()), (StatusCode::OK, Some(2)), "{}", second.text);
    let deadline = chrono::DateTime::parse_from_rfc3339(second.body["data"]["deadline"].as_str().unwrap()).unwrap();
    assert!((deadline.with_timezone(&Utc) - Utc::now()).num_minutes() >= 44, "30 minutes plus 15 extra");
    t.platform.user("admin@dhaka.example", Some((s.tenant, "partner-admin"))).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let log = t.get(DHAKA, "/my-account/activity/view?search=override", Some(&admin)).await;
    assert_eq!(log.body["data"][0]["details"]["extra_minutes"], 15, "the site's admins see who was given what: {}", log.text);
    let r = t.get(DHAKA, "/my-account/activity/view?search=override%5C", Some(&admin)).await;
    assert_eq!(r.status, StatusCode::OK, "a search ending in the LIKE escape character is plain text: {}", r.text);

    // Statistics are computed in the background and then read.
    let db = t.state.pools.get(s.tenant).await.unwrap();
    stats::compute(&t.state.exams.papers, s.tenant, &db, exam_id).await.unwrap();
    let stat = t.get(DHAKA, &format!("/course/exam/view-stat/{exam_id}"), Some(&s.teacher)).await;
    assert_eq!((stat.body["data"]["finished"].as_i64(), stat.body["data"]["mean_percent"].as_f64()), (Some(1), Some(70.0)), "{}", stat.text);
    let qa = t.get(DHAKA, &format!("/course/exam/q-analytics/{exam_id}"), Some(&s.teacher)).await;
    let mcq = qa.body["data"].as_array().unwrap().iter().find(|q| q["question_type"] == "multiple_choice").unwrap().clone();
    assert_eq!((mcq["facility"].as_f64(), mcq["options"][0]["chosen"].as_i64()), (Some(1.0), Some(1)), "{}", qa.text);

    // Nobody outside the author's reach: another teacher of the site, another site.
    t.platform.user("colleague@dhaka.example", Some((s.tenant, "teacher"))).await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    assert_eq!(t.get(DHAKA, &format!("/course/exam/view-single/{exam_id}"), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/course/exam/view-single", Some(&colleague)).await.body["total"], 0);
    assert_eq!(t.get(DHAKA, &format!("/course/exam/marking/{exam_id}"), Some(&colleague)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(DHAKA, "/course/exam/view-single", Some(&s.learner)).await.status, StatusCode::FORBIDDEN);
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    assert_eq!(t.get(SYLHET, &format!("/course/exam/view-single/{exam_id}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/exam-front/single/{uuid}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/exam-front/attempt/{attempt}/result"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    let r = t.post(SYLHET, "/course/batch/manual_mark", Some(&stranger), mark(1.0)).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
}

#[tokio::test]
async fn the_deadline_closes_attempts_and_bad_settings_are_refused() {
    let s = site().await;
    let t = &s.t;
    let mc = s.questions[0];

    // Bad settings, each named on its field.
    let folder = t.post(DHAKA, "/question-bank/create-folder", Some(&s.teacher), json!({ "name": "Pool" })).await.body["data"]["id"].as_i64().unwrap();
    for id in &s.questions[..2] {
        let mut q = one_of_each_type()[0].clone();
        q["folder_id"] = json!(folder);
        q["text"] = json!(format!("Pool question {id}"));
        assert_eq!(t.post(DHAKA, "/question-bank/create", Some(&s.teacher), q).await.status, StatusCode::CREATED);
    }
    let mut bad = exam(json!([{ "folder_id": folder, "pick": 3 }, { "question_id": 999_999 }]));
    bad["ends_at"] = bad["starts_at"].clone();
    bad["duration_minutes"] = json!(0);
    let r = t.post(DHAKA, "/course/exam/create-single", Some(&s.teacher), bad).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["ends_at", "duration_minutes", "parts.0.pick", "parts.1.question_id"] {
        assert!(r.body["errors"][field].is_array(), "{field}: {}", r.text);
    }
    let r = t.call(Method::POST, DHAKA, "/course/exam/create-single", Some(&s.teacher), &[("lang", "2")], Some(exam(json!([])))).await;
    assert_eq!(r.body["errors"]["parts"][0], "পরীক্ষায় অন্তত একটি প্রশ্ন যোগ করুন।", "{}", r.text);

    // Random picks: two of the folder's two questions, plus one fixed.
    let created = s.create(exam(json!([{ "question_id": mc }, { "folder_id": folder, "pick": 2 }]))).await;
    let uuid = created["uuid"].as_str().unwrap().to_owned();
    let r = t.delete(DHAKA, &format!("/question-bank/delete-folder/{folder}?withfolder=1"), Some(&s.teacher)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("folder_in_use")), "{}", r.text);
    let paper = s.start(&uuid, &s.learner).await.body["data"].clone();
    assert_eq!(paper["questions"].as_array().unwrap().len(), 3);
    let attempt = paper["uuid"].as_str().unwrap().to_owned();
    let slot = slot_of(&paper, "multiple_choice");
    s.save(&attempt, &s.learner, slot, 1, json!({ "choices": [paper["questions"][slot]["options"][0]["id"]] })).await;

    // Past the deadline but within the grace: saves count, flagged late.
    s.sql("UPDATE exam_attempts SET deadline = now() - interval '10 seconds' WHERE uuid = $1", &attempt).await;
    let r = s.save(&attempt, &s.learner, slot, 2, json!({ "choices": [paper["questions"][slot]["options"][1]["id"]] })).await;
    assert_eq!((r.status, r.body["data"]["late"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.text);

    // Past the grace: the sweeper closes the attempt with what was saved; later calls are refused.
    s.sql("UPDATE exam_attempts SET deadline = now() - interval '2 minutes' WHERE uuid = $1", &attempt).await;
    let db = t.state.pools.get(s.tenant).await.unwrap();
    assert_eq!(sweeper::sweep(&t.state, s.tenant, &db).await.unwrap(), 1);
    assert_eq!(sweeper::sweep(&t.state, s.tenant, &db).await.unwrap(), 0, "closed once");
    let r = t.post(DHAKA, &format!("/exam-front/attempt/{attempt}/submit"), Some(&s.learner), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("attempt_closed")));
    assert_eq!(s.save(&attempt, &s.learner, slot, 3, json!({ "choices": [] })).await.status, StatusCode::CONFLICT);
    let result = t.get(DHAKA, &format!("/exam-front/attempt/{attempt}/result"), Some(&s.learner)).await;
    let data = &result.body["data"];
    assert_eq!((data["state"].as_str(), data["auto_closed"].as_bool()), (Some("finished"), Some(true)), "{}", result.text);
    assert_eq!(data["questions"][slot]["answer"]["choices"][0], paper["questions"][slot]["options"][1]["id"], "the late save counted");

    // A learner's own call closes an overdue attempt even before the sweeper comes by.
    let t2 = s.create(exam(json!([{ "question_id": mc }]))).await;
    let uuid2 = t2["uuid"].as_str().unwrap();
    let attempt2 = s.start(uuid2, &s.learner).await.body["data"]["uuid"].as_str().unwrap().to_owned();
    s.sql("UPDATE exam_attempts SET deadline = now() - interval '5 minutes' WHERE uuid = $1", &attempt2).await;
    let r = t.post(DHAKA, &format!("/exam-front/attempt/{attempt2}/submit"), Some(&s.learner), json!({})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    let intro = t.get(DHAKA, &format!("/exam-front/single/{uuid2}"), Some(&s.learner)).await;
    assert_eq!((intro.body["data"]["active_attempt"].is_null(), intro.body["data"]["reason"].as_str()), (true, Some("attempts_exhausted")));

    // Outside the window, no start; unpublished exams do not exist for learners.
    let mut later = exam(json!([{ "question_id": mc }]));
    later["starts_at"] = json!(Utc::now() + Duration::hours(1));
    later["ends_at"] = json!(Utc::now() + Duration::hours(2));
    let later = s.create(later).await;
    let r = s.start(later["uuid"].as_str().unwrap(), &s.learner).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("exam_not_open")));
    let mut draft = exam(json!([{ "question_id": mc }]));
    draft["published"] = json!(false);
    let draft = s.create(draft).await;
    assert_eq!(s.start(draft["uuid"].as_str().unwrap(), &s.learner).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_quiz_lesson_is_taken_through_its_exam_and_completes_the_course() {
    let s = site().await;
    let t = &s.t;
    let parts: Vec<Value> = s.questions[..3].iter().map(|id| json!({ "question_id": id })).collect();
    let created = s.create(exam(json!(parts))).await;
    let (exam_id, exam_uuid) = (created["id"].as_i64().unwrap(), created["uuid"].as_str().unwrap().to_owned());

    let r = t.post(DHAKA, "/course/course/create", Some(&s.teacher), json!({ "title": "Geography", "title_bn": "ভূগোল", "category_id": 1 })).await;
    let course_id = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(DHAKA, "/course/schedule/section", Some(&s.teacher), json!({ "course_id": course_id, "title_bn": "মানচিত্র" })).await;
    let section = r.body["data"]["id"].as_i64().unwrap();
    let lesson = async |body: Value| t.post(DHAKA, "/course/schedule/lesson", Some(&s.teacher), body).await;
    let manual = lesson(json!({ "section_id": section, "title_bn": "অক্ষাংশ", "lesson_type": "manual", "body": "<p>অক্ষাংশ</p>" })).await;
    let manual = manual.body["data"]["id"].as_i64().unwrap();

    // A quiz lesson needs one of the author's exams.
    let r = lesson(json!({ "section_id": section, "title_bn": "কুইজ", "lesson_type": "quiz" })).await;
    assert_eq!((r.status, r.body["errors"]["exam_id"][0].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("Choose the exam learners take in this lesson.")));
    t.platform.user("colleague@dhaka.example", Some((s.tenant, "teacher"))).await;
    let colleague = t.acting(DHAKA, "colleague@dhaka.example").await;
    let r = t.post(DHAKA, "/course/schedule/lesson", Some(&colleague), json!({ "section_id": section, "title": "q", "lesson_type": "quiz", "exam_id": exam_id })).await;
    assert_eq!(r.body["errors"]["exam_id"][0], "This exam does not exist.", "another teacher's exam");
    let r = lesson(json!({ "section_id": section, "title_bn": "কুইজ", "lesson_type": "quiz", "exam_id": exam_id })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let quiz = r.body["data"].clone();
    assert_eq!((quiz["exam_id"].as_i64(), quiz["exam_uuid"].as_str(), quiz["exam_published"].as_bool()), (Some(exam_id), Some(exam_uuid.as_str()), Some(true)));
    let quiz = quiz["id"].as_i64().unwrap();
    // Another kind of lesson drops the exam.
    let r = lesson(json!({ "section_id": section, "title": "v", "lesson_type": "manual", "body": "<p>x</p>", "exam_id": exam_id })).await;
    assert_eq!(r.body["data"]["exam_id"], Value::Null);
    t.delete(DHAKA, &format!("/course/schedule/lesson/{}", r.body["data"]["id"]), Some(&s.teacher)).await;
    // The exam cannot be removed from under the lesson.
    let r = t.delete(DHAKA, &format!("/course/exam/delete-single/{exam_id}"), Some(&s.teacher)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("exam_in_use")));
    // Another site knows neither the exam nor the lesson.
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    let r = t.post(SYLHET, "/course/course/create", Some(&stranger), json!({ "title": "Other" })).await;
    let other = r.body["data"]["id"].as_i64().unwrap();
    let r = t.post(SYLHET, "/course/schedule/section", Some(&stranger), json!({ "course_id": other, "title": "s" })).await;
    let r = t.post(SYLHET, "/course/schedule/lesson", Some(&stranger), json!({ "section_id": r.body["data"]["id"], "title": "q", "lesson_type": "quiz", "exam_id": exam_id })).await;
    assert_eq!(r.body["errors"]["exam_id"][0], "This exam does not exist.");
    assert_eq!(t.get(SYLHET, &format!("/assessment-front/course/lesson/{quiz}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);

    let r = t.post(DHAKA, "/course/batch/create", Some(&s.teacher), json!({ "course_id": course_id, "name": "B", "start_date": "2026-11-01", "let_enroll": 1 })).await;
    let batch = r.body["data"]["id"].as_i64().unwrap();
    t.put(DHAKA, "/course/batch/update-publish-feature", &s.teacher, json!({ "id": batch, "published": true })).await;
    let r = t.put(DHAKA, "/course/update-publish-feature", &s.teacher, json!({ "id": course_id, "published": true })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(&s.learner), json!({ "batch_id": batch })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);

    // The learner reaches the quiz from the lesson, and cannot skip it.
    let submit = format!("/assessment-front/course/quiz-submit/{quiz}");
    assert_eq!(t.post(DHAKA, &submit, Some(&s.learner), json!({})).await.body["code"], "previous_lesson_incomplete");
    // The syllabus's own hand-in: any lesson, here the reading before the quiz.
    let handed = async |id: Value| t.post(DHAKA, "/learner-course/syllabus-submission", Some(&s.learner), json!({ "syllabus_id": id })).await;
    assert_eq!(handed(json!(999_999)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(handed(json!("one")).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = handed(json!(manual)).await;
    assert_eq!((r.status, r.body["data"]["completed_lessons"].as_i64()), (StatusCode::OK, Some(1)), "{}", r.text);
    let opened = t.get(DHAKA, &format!("/assessment-front/course/lesson/{quiz}"), Some(&s.learner)).await;
    assert_eq!(opened.body["data"]["exam_uuid"], exam_uuid.as_str(), "{}", opened.text);
    let r = t.get(DHAKA, &format!("/course/batch/completed_lesson/{quiz}"), Some(&s.learner)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("quiz_not_attempted")));
    assert_eq!(t.post(DHAKA, &submit, Some(&s.learner), json!({})).await.body["code"], "quiz_not_attempted");

    // Handing in through the lesson closes the open attempt, completes the lesson and the course.
    let paper = s.start(&exam_uuid, &s.learner).await;
    let attempt = paper.body["data"]["uuid"].as_str().unwrap().to_owned();
    let r = t.post(DHAKA, &submit, Some(&s.learner), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!((r.body["data"]["status"].as_str(), r.body["data"]["percent"].as_i64()), (Some("completed"), Some(100)));
    assert_eq!(r.body["data"]["certificate"]["status"], "issued");
    let result = t.get(DHAKA, &format!("/exam-front/attempt/{attempt}/result"), Some(&s.learner)).await;
    assert_eq!(result.status, StatusCode::OK, "the attempt was handed in: {}", result.text);
    // Again: nothing open to hand in, the lesson stays complete (by either call).
    assert_eq!(t.post(DHAKA, &submit, Some(&s.learner), json!({})).await.status, StatusCode::OK);
    assert_eq!(handed(json!(quiz)).await.body["data"]["status"], "completed");
}

/// Papers the learner is waiting for, drawn on the cover page.
async fn drawn(s: &Site) -> Vec<(i64, i32, Value)> {
    let db = s.t.state.pools.get(s.tenant).await.unwrap();
    sqlx::query_as::<_, (i64, i32, sqlx::types::Json<Value>)>("SELECT user_id, revision, layout FROM exam_papers ORDER BY user_id")
        .fetch_all(&*db)
        .await
        .unwrap()
        .into_iter()
        .map(|(u, r, l)| (u, r, l.0))
        .collect()
}

#[tokio::test]
async fn papers_drawn_on_the_cover_page_start_the_attempt_and_follow_the_exams_edits() {
    let s = site().await;
    let t = &s.t;
    let learner_id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE email = 'learner@example.com'").fetch_one(&t.platform.db).await.unwrap();
    let mut body = exam(json!([{ "question_id": s.questions[0] }, { "question_id": s.questions[2] }]));
    body["starts_at"] = json!(Utc::now() + Duration::minutes(10));
    let created = s.create(body.clone()).await;
    let (uuid, exam_id) = (created["uuid"].as_str().unwrap().to_owned(), created["id"].as_i64().unwrap());

    // Waiting on the cover page before the exam opens: the paper is drawn ahead of the window,
    // and a start is still refused.
    let intro = t.get(DHAKA, &format!("/exam-front/single/{uuid}"), Some(&s.learner)).await;
    assert_eq!(intro.body["data"]["reason"], "exam_not_open", "{}", intro.text);
    let papers = drawn(&s).await;
    assert_eq!((papers.len(), papers[0].0, papers[0].1), (1, learner_id, 1));
    let r = s.start(&uuid, &s.learner).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("exam_not_open")), "{}", r.text);
    t.get(DHAKA, &format!("/exam-front/single/{uuid}"), Some(&s.learner)).await;
    assert_eq!(drawn(&s).await, papers, "another look at the cover page keeps the same paper");

    // The teacher opens it now and adds a question: the paper drawn for the old revision is not
    // given; the start draws the new paper and the stale one goes.
    body["starts_at"] = json!(Utc::now() - Duration::minutes(1));
    body["parts"] = json!([{ "question_id": s.questions[0] }, { "question_id": s.questions[2] }, { "question_id": s.questions[3] }]);
    let r = t.put(DHAKA, &format!("/course/exam/update-single/{exam_id}"), &s.teacher, body.clone()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    s.t.state.exams.forget(s.tenant, uuid::Uuid::parse_str(&uuid).unwrap()).await;
    let r = s.start(&uuid, &s.learner).await;
    assert_eq!((r.status, r.body["data"]["questions"].as_array().map(Vec::len)), (StatusCode::OK, Some(3)), "{}", r.text);
    assert!(drawn(&s).await.is_empty());
    let first = r.body["data"]["uuid"].as_str().unwrap().to_owned();
    assert_eq!(t.post(DHAKA, &format!("/exam-front/attempt/{first}/submit"), Some(&s.learner), json!({})).await.status, StatusCode::OK);

    // Out of attempts: nothing is drawn and a start is refused.
    let intro = t.get(DHAKA, &format!("/exam-front/single/{uuid}"), Some(&s.learner)).await;
    assert_eq!(intro.body["data"]["reason"], "attempts_exhausted");
    assert!(drawn(&s).await.is_empty());
    assert_eq!(s.start(&uuid, &s.learner).await.body["code"], "attempts_exhausted");

    // One more attempt and 15 more minutes: the cover page draws a paper, the start gives exactly
    // that paper (its slots and option order) with the learner's extra minutes, and uses it up.
    let r = t.put(DHAKA, "/course/batch/increase_attempt", &s.teacher, json!({ "exam_id": exam_id, "user_id": learner_id, "extra_attempts": 1, "extra_minutes": 15 })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    t.get(DHAKA, &format!("/exam-front/single/{uuid}"), Some(&s.learner)).await;
    let papers = drawn(&s).await;
    assert_eq!((papers.len(), papers[0].1), (1, 2), "drawn for the exam's current revision");
    let r = s.start(&uuid, &s.learner).await;
    assert_eq!((r.status, r.body["data"]["attempt_no"].as_i64()), (StatusCode::OK, Some(2)), "{}", r.text);
    let deadline = chrono::DateTime::parse_from_rfc3339(r.body["data"]["deadline"].as_str().unwrap()).unwrap();
    assert!((43..=45).contains(&(deadline.with_timezone(&Utc) - Utc::now()).num_minutes()), "30 + 15 minutes");
    assert_no_key(&r.body, &r.text);
    let db = t.state.pools.get(s.tenant).await.unwrap();
    let layout: sqlx::types::Json<Value> =
        sqlx::query_scalar("SELECT layout FROM exam_attempts WHERE uuid = $1").bind(uuid::Uuid::parse_str(r.body["data"]["uuid"].as_str().unwrap()).unwrap()).fetch_one(&*db).await.unwrap();
    assert_eq!(layout.0, papers[0].2, "the attempt is the paper drawn on the cover page");
    assert!(drawn(&s).await.is_empty());
    // Starting again resumes it (the start of another tab), drawing nothing new.
    let again = s.start(&uuid, &s.learner).await;
    assert_eq!(again.body["data"]["uuid"], r.body["data"]["uuid"]);
    assert!(drawn(&s).await.is_empty());
}
