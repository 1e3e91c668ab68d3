//! Certificate exams against a real PostgreSQL: an exam packaged like a course (kept apart from
//! the course lists), a restricted batch whose candidates are listed one by one and from a CSV
//! sheet (a bad sheet adds nobody) and invited through the outbox, enrolment through a
//! candidate's own link only, parts that complete only when passed (failed, awaiting marking,
//! passed), the certificate, the batch's results, templates, and another site seeing none of it.

use crate::exams::{exam, option, site};
use axum::http::StatusCode;
use serde_json::{Value, json};

const DHAKA: &str = "dhaka.localhost";
const SYLHET: &str = "sylhet.localhost";

fn message(code: &str) -> String {
    control_plane::i18n::message(code, control_plane::i18n::Lang::En, None)
}

#[tokio::test]
async fn a_certificate_exam_admits_its_candidates_and_certifies_those_who_pass() {
    let s = site().await;
    let t = &s.t;
    let teacher = s.teacher.as_str();
    // Part one: a single multiple-choice question, two attempts. Part two: an essay a teacher marks.
    let mut choice = exam(json!([{ "question_id": s.questions[0] }]));
    choice["attempts_allowed"] = json!(2);
    choice["pass_percent"] = json!(50);
    let choice = s.create(choice).await;
    let essay = s.create(exam(json!([{ "question_id": s.questions[7] }]))).await;

    // The exam is a course of its own family: created, listed and found only under /assessment.
    let r = t.post(DHAKA, "/assessment/course/create", Some(teacher), json!({ "title": "Bangladesh Studies certificate", "title_bn": "বাংলাদেশ স্টাডিজ সনদ পরীক্ষা", "course_type": "course" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let (id, uuid) = (r.body["data"]["id"].as_i64().unwrap(), r.body["data"]["uuid"].as_str().unwrap().to_owned());
    assert_eq!(r.body["data"]["course_type"], "exam");
    let r = t.post(DHAKA, "/course/course/create", Some(teacher), json!({ "title": "A plain course" })).await;
    let course = r.body["data"]["id"].as_i64().unwrap();
    let exams = t.get(DHAKA, "/assessment/course/view", Some(teacher)).await;
    assert_eq!((exams.body["total"].as_i64(), exams.body["data"][0]["id"].as_i64()), (Some(1), Some(id)), "{}", exams.text);
    let courses = t.get(DHAKA, "/course/course/view", Some(teacher)).await;
    assert_eq!((courses.body["total"].as_i64(), courses.body["data"][0]["id"].as_i64()), (Some(1), Some(course)));
    let short = t.get(DHAKA, "/course/course/viewcourse", Some(teacher)).await;
    assert!(short.body["data"].as_array().unwrap().iter().all(|c| c["course_type"] != "exam"));
    assert_eq!(t.get(DHAKA, &format!("/assessment/course/view/{course}"), Some(teacher)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.put(DHAKA, &format!("/course/course/update/{id}"), teacher, json!({ "title": "x" })).await.status, StatusCode::NOT_FOUND);
    let r = t.put(DHAKA, "/assessment/course/update", teacher, json!({ "id": id, "summary": "দুই অংশের পরীক্ষা", "course_type": "webinar" })).await;
    assert_eq!((r.status, r.body["data"]["course_type"].as_str()), (StatusCode::OK, Some("exam")), "{}", r.text);
    let found = t.get(DHAKA, &format!("/assessment/course/find/{uuid}"), Some(teacher)).await;
    assert_eq!((found.status, found.body["data"]["summary"].as_str()), (StatusCode::OK, Some("দুই অংশের পরীক্ষা")), "{}", found.text);

    // Its parts are exam lessons; publishing needs one.
    let r = t.put(DHAKA, "/assessment/update-publish-feature", teacher, json!({ "id": id, "published": true })).await;
    assert_eq!(r.body["errors"]["published"][0], message("course_has_no_lessons"));
    let r = t.post(DHAKA, "/course/schedule/section", Some(teacher), json!({ "course_id": id, "title_bn": "পরীক্ষা" })).await;
    let section = r.body["data"]["id"].as_i64().unwrap();
    let mut parts = vec![];
    for (title, exam_id) in [("প্রথম অংশ", &choice["id"]), ("রচনা", &essay["id"])] {
        let r = t.post(DHAKA, "/course/schedule/lesson", Some(teacher), json!({ "section_id": section, "title_bn": title, "lesson_type": "exam", "exam_id": exam_id })).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
        parts.push(r.body["data"]["id"].as_i64().unwrap());
    }
    let syllabus = t.get(DHAKA, &format!("/assessment/batch/view-syllabus/{id}"), Some(teacher)).await;
    assert_eq!(syllabus.body["data"][0]["lessons"].as_array().map(Vec::len), Some(2), "{}", syllabus.text);
    assert_eq!(t.get(DHAKA, &format!("/assessment/batch/view-syllabus/{course}"), Some(teacher)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.put(DHAKA, "/assessment/update-publish-feature", teacher, json!({ "id": id, "published": true })).await.status, StatusCode::OK);

    // A restricted batch.
    let r = t.post(DHAKA, "/course/batch/create", Some(teacher), json!({ "course_id": id, "name": "December 2026", "start_date": "2026-11-01", "restricted": true })).await;
    assert_eq!((r.status, r.body["data"]["restricted"].as_bool()), (StatusCode::CREATED, Some(true)), "{}", r.text);
    let batch = r.body["data"]["id"].as_i64().unwrap();
    t.put(DHAKA, "/course/batch/update-publish-feature", teacher, json!({ "id": batch, "published": true })).await;
    let batches = t.get(DHAKA, &format!("/assessment/batch/view-enrolled-batches?course_id={id}"), Some(teacher)).await;
    assert_eq!(batches.body["data"][0]["id"].as_i64(), Some(batch), "{}", batches.text);

    // Candidates one by one: a clear error for each bad field.
    let add = async |body: Value| t.post(DHAKA, "/assessment/create-restricted-user", Some(teacher), body).await;
    let r = add(json!({ "batch_id": batch, "name": "" })).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!((r.body["errors"]["name"][0].as_str(), r.body["errors"]["email"][0].clone()), (Some(message("required").as_str()), json!(message("contact_required"))));
    let r = add(json!({ "batch_id": batch, "name": "X", "email": "not-mail", "phone": "123" })).await;
    assert_eq!((r.body["errors"]["email"][0].clone(), r.body["errors"]["phone"][0].clone()), (json!(message("invalid_email")), json!(message("invalid_phone"))));
    let r = add(json!({ "batch_id": batch, "name": "শিক্ষার্থী", "email": "Learner@Example.com" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let candidate = r.body["data"].clone();
    assert_eq!(candidate["email"], "learner@example.com");
    assert!(candidate["invited_at"].is_string(), "{}", r.text);
    let link = candidate["link"].as_str().unwrap().to_owned();
    assert!(link.contains(&format!("/exam/journey/{uuid}?token=")), "{link}");
    let token = link.rsplit("token=").next().unwrap().to_owned();
    assert_eq!(add(json!({ "batch_id": batch, "name": "again", "email": "learner@example.com" })).await.body["code"], "candidate_exists");
    let open = t.post(DHAKA, "/course/batch/create", Some(teacher), json!({ "course_id": id, "name": "open", "start_date": "2026-11-01" })).await;
    let open = open.body["data"]["id"].as_i64().unwrap();
    let r = add(json!({ "batch_id": open, "name": "X", "email": "x@example.com" })).await;
    assert_eq!(r.body["errors"]["batch_id"][0], message("batch_not_restricted"));

    // A sheet with one bad row adds nobody and names every problem by its row.
    let import = async |sheet: &str| t.upload(DHAKA, "/assessment/create-csv-restricted-user", teacher, &[("batch_id", None, batch.to_string().as_bytes()), ("file", Some("c.csv"), sheet.as_bytes())]).await;
    let r = import("name,email,phone\nরহিম,rahim@example.com,\nকরিম,,01711-000000\nবাজে,bad-mail,\nআবার,rahim@example.com,\n").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text);
    assert_eq!(r.body["errors"]["rows.4.email"][0], message("invalid_email"), "{}", r.text);
    assert_eq!(r.body["errors"]["rows.5.email"][0], message("candidate_exists"));
    assert_eq!(r.body["errors"].as_object().unwrap().len(), 2, "{}", r.text);
    assert_eq!(import("email\nx@example.com\n").await.body["errors"]["file"][0], message("candidates_header_missing"));
    let listed = t.get(DHAKA, &format!("/assessment/view-restricted-user/{batch}"), Some(teacher)).await;
    assert_eq!(listed.body["total"].as_i64(), Some(1), "nothing of the bad sheet was added: {}", listed.text);
    // The site words its Bangla invitation itself: the next candidates get its words above the
    // built-in English ones (an invited person may have no account, hence no language).
    t.platform.user("admin@dhaka.example", Some((s.tenant, "partner-admin"))).await;
    let admin = t.acting(DHAKA, "admin@dhaka.example").await;
    let words = json!({ "lang": "bn", "subject": "{site}: {course}-এ আপনার আমন্ত্রণ", "body": "প্রিয় {name}, পরীক্ষার দিন আসছে।\n\n{link}", "button": "ভর্তি হোন" });
    let r = t.put(DHAKA, "/mail-template/exam_invitation", &admin, words).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = import("name,email,phone\nরহিম,rahim@example.com,\nকরিম,,০১৭১১০০০০০০\n").await;
    assert_eq!((r.status, r.body["data"]["added"].as_i64()), (StatusCode::CREATED, Some(2)), "{}", r.text);
    let listed = t.get(DHAKA, &format!("/assessment/view-restricted-user/{batch}?search=করিম"), Some(teacher)).await;
    assert_eq!(listed.body["data"][0]["phone"], "+8801711000000", "{}", listed.text);
    let karim = listed.body["data"][0]["id"].as_i64().unwrap();
    // Each was invited: by e-mail, or by SMS when only a mobile number is known.
    let control = &t.platform.db;
    let sent: Vec<(String, String)> = sqlx::query_as("SELECT channel, recipient FROM outbox WHERE kind = 'exam_invitation' ORDER BY id").fetch_all(control).await.unwrap();
    assert_eq!(sent, [("email", "learner@example.com"), ("email", "rahim@example.com"), ("sms", "+8801711000000")].map(|(c, r)| (c.to_owned(), r.to_owned())));
    let body: String = sqlx::query_scalar("SELECT body_text FROM outbox WHERE recipient = 'learner@example.com' AND kind = 'exam_invitation'").fetch_one(control).await.unwrap();
    assert!(body.contains(&link) && body.contains("“বাংলাদেশ স্টাডিজ সনদ পরীক্ষা” পরীক্ষায় অংশ নিতে"), "built-in Bangla: {body}");
    assert!(body.contains("invites you to take the exam “Bangladesh Studies certificate”"), "and English: {body}");
    let (subject, body): (String, String) = sqlx::query_as("SELECT subject, body_text FROM outbox WHERE recipient = 'rahim@example.com' AND kind = 'exam_invitation'").fetch_one(control).await.unwrap();
    assert_eq!(subject, "dhaka (বাংলা): বাংলাদেশ স্টাডিজ সনদ পরীক্ষা-এ আপনার আমন্ত্রণ / Exam invitation: Bangladesh Studies certificate");
    assert!(body.starts_with("প্রিয় রহিম, পরীক্ষার দিন আসছে।") && body.contains("invites you to take the exam"), "{body}");
    assert_eq!(body.matches("/exam/journey/").count(), 2, "the link in each language's part: {body}");
    // An Excel sheet reads the same way.
    let book = tenant_api::sheets::write_xlsx(&["নাম", "email"], &[vec!["সালমা".into(), "salma@example.com".into()]]).unwrap();
    let r = t.upload(DHAKA, "/assessment/create-csv-restricted-user", teacher, &[("batch_id", None, batch.to_string().as_bytes()), ("file", Some("c.xlsx"), &book)]).await;
    assert_eq!((r.status, r.body["data"]["added"].as_i64()), (StatusCode::CREATED, Some(1)), "{}", r.text);
    let r = t.put(DHAKA, "/assessment/update-restricted-user", teacher, json!({ "id": karim, "name": "করিম উদ্দিন" })).await;
    assert_eq!((r.body["data"]["name"].as_str(), r.body["data"]["phone"].as_str()), (Some("করিম উদ্দিন"), Some("+8801711000000")), "{}", r.text);
    assert_eq!(t.delete(DHAKA, &format!("/assessment/delete-restricted-user/{karim}"), Some(teacher)).await.status, StatusCode::OK);

    // Nobody enrols in the restricted batch except through their link, and a link serves one account.
    let learner = s.learner.as_str();
    let r = t.post(DHAKA, &format!("/assessment/batch/enroll/{batch}"), Some(learner), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::FORBIDDEN, Some("batch_restricted")));
    let r = t.post(DHAKA, "/learner-course/course-enrollment", Some(learner), json!({ "batch_id": batch })).await;
    assert_eq!(r.body["code"], "batch_restricted");
    let r = t.get(DHAKA, "/assessment-front/batch/restricted-user-enroll?token=00000000-0000-4000-8000-000000000000", Some(learner)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("invitation_not_found")));
    let enrol_link = format!("/assessment-front/batch/restricted-user-enroll?token={token}");
    let r = t.get(DHAKA, &enrol_link, Some(learner)).await;
    assert_eq!((r.status, r.body["data"]["course_uuid"].as_str(), r.body["data"]["status"].as_str()), (StatusCode::CREATED, Some(uuid.as_str()), Some("active")), "{}", r.text);
    let enrollment = r.body["data"]["enrollment_id"].as_i64().unwrap();
    let again = t.get(DHAKA, &format!("/learner-course/batch/restricted-user-enroll?token={token}"), Some(learner)).await;
    assert_eq!((again.status, &again.body["data"]["enrollment_id"]), (StatusCode::OK, &r.body["data"]["enrollment_id"]));
    t.platform.user("someone@example.com", None).await;
    let someone = t.login(DHAKA, "someone@example.com").await;
    assert_eq!(t.get(DHAKA, &enrol_link, Some(&someone)).await.body["code"], "invitation_used");
    let r = t.delete(DHAKA, &format!("/assessment/delete-restricted-user/{}", candidate["id"]), Some(teacher)).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("candidate_enrolled")));

    // A part completes only when passed: a wrong answer fails it, and a second attempt passes.
    let submit = |lesson: i64| format!("/assessment-front/course/quiz-submit/{lesson}");
    let choice_uuid = choice["uuid"].as_str().unwrap();
    let paper = s.start(choice_uuid, learner).await;
    let attempt = paper.body["data"]["uuid"].as_str().unwrap().to_owned();
    s.save(&attempt, learner, 0, 1, json!({ "choices": [option(&paper.body["data"], 0, "Sylhet")] })).await;
    let r = t.post(DHAKA, &submit(parts[0]), Some(learner), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("exam_not_passed")), "{}", r.text);
    let paper = s.start(choice_uuid, learner).await;
    assert_eq!(paper.status, StatusCode::OK, "a second attempt: {}", paper.text);
    let attempt = paper.body["data"]["uuid"].as_str().unwrap().to_owned();
    s.save(&attempt, learner, 0, 1, json!({ "choices": [option(&paper.body["data"], 0, "Dhaka")] })).await;
    let r = t.post(DHAKA, &submit(parts[0]), Some(learner), json!({})).await;
    assert_eq!((r.status, r.body["data"]["completed_lessons"].as_i64()), (StatusCode::OK, Some(1)), "{}", r.text);

    // The essay waits for its teacher; once marked a pass, the exam is complete and certified.
    let paper = s.start(essay["uuid"].as_str().unwrap(), learner).await;
    let attempt = paper.body["data"]["uuid"].as_str().unwrap().to_owned();
    s.save(&attempt, learner, 0, 1, json!({ "text": "১৯৭১ সালের মুক্তিযুদ্ধ..." })).await;
    let r = t.post(DHAKA, &submit(parts[1]), Some(learner), json!({})).await;
    assert_eq!((r.status, r.body["code"].as_str()), (StatusCode::CONFLICT, Some("exam_awaiting_marking")), "{}", r.text);
    let results = t.get(DHAKA, &format!("/assessment/evaluation-results/{batch}"), Some(teacher)).await;
    let row = &results.body["data"]["learners"][0];
    assert_eq!((row["parts"][0]["passed"].as_bool(), row["parts"][0]["attempts"].as_i64()), (Some(true), Some(2)), "{}", results.text);
    assert_eq!((row["parts"][1]["state"].as_str(), &row["parts"][1]["passed"]), (Some("submitted"), &Value::Null));
    let r = t.post(DHAKA, "/course/batch/manual_mark", Some(teacher), json!({ "attempt": attempt, "slot": 0, "marks": 8, "comment": "ভালো" })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = t.get(DHAKA, &format!("/course/batch/completed_lesson/{}", parts[1]), Some(learner)).await;
    assert_eq!((r.status, r.body["data"]["status"].as_str()), (StatusCode::OK, Some("completed")), "{}", r.text);
    assert_eq!(r.body["data"]["certificate"]["status"], "issued");
    let code = r.body["data"]["certificate"]["tracking_code"].as_str().unwrap().to_owned();
    let results = t.get(DHAKA, &format!("/course/batch/evaluation-results/{batch}"), Some(teacher)).await;
    assert_eq!(results.body["data"]["learners"][0]["certificate_code"], code.as_str(), "{}", results.text);
    assert_eq!(results.body["data"]["parts"][1]["title_bn"], "রচনা");
    // The teacher reads the essay attempt whole, key and comment included; the learner cannot.
    let answers = format!("/course/batch/evaluation/user-answers/{attempt}");
    let r = t.get(DHAKA, &answers, Some(teacher)).await;
    assert_eq!((r.status, r.body["data"]["questions"][0]["comment"].as_str()), (StatusCode::OK, Some("ভালো")), "{}", r.text);
    assert_eq!(r.body["data"]["questions"][0]["answer"]["text"], "১৯৭১ সালের মুক্তিযুদ্ধ...");
    assert_eq!(t.get(DHAKA, &answers, Some(learner)).await.status, StatusCode::FORBIDDEN);
    // The batch's coursework and the exam's performance count each part.
    let r = t.get(DHAKA, &format!("/course/batch/courseworks/{batch}"), Some(teacher)).await;
    let first = &r.body["data"][0];
    assert_eq!((first["title_bn"].as_str(), first["learners"].as_i64(), first["passed"].as_i64(), first["average_percent"].as_f64()), (Some("প্রথম অংশ"), Some(1), Some(1), Some(100.0)), "{}", r.text);
    let r = t.get(DHAKA, &format!("/course/evaluation/performance-stats/{id}"), Some(teacher)).await;
    let stats = &r.body["data"];
    assert_eq!((stats["enrolled"].as_i64(), stats["completed"].as_i64(), stats["certificates"].as_i64()), (Some(1), Some(1), Some(1)), "{}", r.text);
    assert_eq!((stats["parts"][1]["passed"].as_i64(), stats["parts"][1]["average_percent"].as_f64()), (Some(1), Some(80.0)));

    // The marksheet: the learner's own and the teacher's to read, nobody else's.
    let marksheet = format!("/course/reports/learner-marksheet/{batch}/{enrollment}");
    let r = t.get(DHAKA, &marksheet, Some(learner)).await;
    assert_eq!((r.status, r.body["data"]["learner"]["parts"][1]["score"].as_f64()), (StatusCode::OK, Some(8.0)), "{}", r.text);
    assert_eq!(r.body["data"]["course_title_bn"], "বাংলাদেশ স্টাডিজ সনদ পরীক্ষা");
    assert_eq!(t.get(DHAKA, &marksheet, Some(teacher)).await.status, StatusCode::OK);
    assert_eq!(t.get(DHAKA, &marksheet, Some(&someone)).await.status, StatusCode::NOT_FOUND);
    let pdf = t.get(DHAKA, &format!("{marksheet}/pdf"), Some(learner)).await;
    assert_eq!((pdf.status, pdf.headers["content-type"].to_str().unwrap()), (StatusCode::OK, "application/pdf"));
    assert!(pdf.bytes.starts_with(b"%PDF"), "a PDF");
    assert_eq!(t.get(DHAKA, &format!("{marksheet}/pdf?lang=en"), Some(&someone)).await.status, StatusCode::NOT_FOUND);
    let check = t.get(DHAKA, &format!("/learner-course/certificate-details/{code}"), None).await;
    assert_eq!(check.status, StatusCode::OK, "the certificate verifies like a course's: {}", check.text);

    // Attendance on the exam day: the learner started a part today; marks replace marks.
    let sheet = format!("/assessment/attendance/view/{batch}");
    let r = t.get(DHAKA, &sheet, Some(teacher)).await;
    let row = &r.body["data"]["rows"][0];
    assert_eq!((row["enrollment_id"].as_i64(), &row["present"], row["started_exam"].as_bool()), (Some(enrollment), &Value::Null, Some(true)), "{}", r.text);
    let store = format!("/assessment/attendance/store/{batch}");
    let r = t.post(DHAKA, &store, Some(teacher), json!({ "rows": [{ "enrollment_id": enrollment, "present": false }] })).await;
    assert_eq!(r.body["data"]["rows"][0]["present"], false, "{}", r.text);
    let r = t.post(DHAKA, &store, Some(teacher), json!({ "rows": [{ "enrollment_id": enrollment, "present": true }] })).await;
    assert_eq!(r.body["data"]["rows"][0]["present"], true);
    let r = t.post(DHAKA, &store, Some(teacher), json!({ "date": "2026-02-30", "rows": [] })).await;
    assert_eq!(r.body["errors"]["date"][0], message("invalid_date"));
    for rows in [json!([{ "enrollment_id": 999_999, "present": true }]), json!([{ "enrollment_id": enrollment, "present": true }, { "enrollment_id": enrollment, "present": false }])] {
        let r = t.post(DHAKA, &store, Some(teacher), json!({ "rows": rows })).await;
        assert_eq!((r.status, r.body["errors"]["rows"][0].clone()), (StatusCode::UNPROCESSABLE_ENTITY, json!(message("invalid_choice"))), "{}", r.text);
    }
    let other_day = t.get(DHAKA, &format!("{sheet}?date=2026-01-01"), Some(teacher)).await;
    assert_eq!((&other_day.body["data"]["rows"][0]["present"], other_day.body["data"]["rows"][0]["started_exam"].as_bool()), (&Value::Null, Some(false)));
    assert_eq!(t.get(DHAKA, &sheet, Some(learner)).await.status, StatusCode::FORBIDDEN);

    // Templates under the Exam Centre's paths; one in use stays.
    let r = t.post(DHAKA, "/assessment/template/create", Some(teacher), json!({ "name": "সনদ", "language": "bn" })).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let template = r.body["data"]["id"].as_i64().unwrap();
    let r = t.put(DHAKA, "/assessment/template/update", teacher, json!({ "id": template, "name": "পরীক্ষার সনদ" })).await;
    assert_eq!(r.body["data"]["name"], "পরীক্ষার সনদ", "{}", r.text);
    assert_eq!(t.post(DHAKA, "/assessment/template/view", Some(teacher), json!({})).await.body["data"][0]["id"].as_i64(), Some(template));
    t.put(DHAKA, "/course/batch/update", teacher, json!({ "id": open, "template_id": template })).await;
    assert_eq!(t.delete(DHAKA, &format!("/assessment/template/delete/{template}"), Some(teacher)).await.body["code"], "template_in_use");
    assert_eq!(t.delete(DHAKA, &format!("/assessment/delete/{open}"), Some(teacher)).await.status, StatusCode::OK);
    assert_eq!(t.delete(DHAKA, &format!("/assessment/template/delete/{template}"), Some(teacher)).await.status, StatusCode::OK);
    assert_eq!(t.delete(DHAKA, &format!("/assessment/course/delete/{id}"), Some(teacher)).await.body["code"], "course_has_enrolments");

    // Discussions: the candidate asks, the teacher answers under the question; plain text, one
    // level of replies; whoever is not enrolled neither reads nor writes.
    let talk = format!("/assessment/discussions-one?course_id={id}");
    let say = async |token: &str, body: Value| t.post(DHAKA, "/assessment/discussions-store", Some(token), body).await;
    let r = say(learner, json!({ "course_id": id, "body": "পরীক্ষার হল কোথায়? <b>জানাবেন</b>" })).await;
    assert_eq!((r.status, r.body["data"]["by_teacher"].as_bool()), (StatusCode::CREATED, Some(false)), "{}", r.text);
    let asked = r.body["data"]["id"].as_i64().unwrap();
    let r = say(teacher, json!({ "course_id": id, "parent_id": asked, "body": "প্রধান ভবনের ২০১ নম্বর কক্ষে।" })).await;
    assert_eq!((r.status, r.body["data"]["by_teacher"].as_bool()), (StatusCode::CREATED, Some(true)), "{}", r.text);
    let answered = r.body["data"]["id"].as_i64().unwrap();
    assert!(say(learner, json!({ "course_id": id, "parent_id": answered, "body": "ধন্যবাদ" })).await.body["errors"]["parent_id"].is_array(), "no reply to a reply");
    assert!(say(learner, json!({ "course_id": id, "body": "  " })).await.body["errors"]["body"].is_array());
    assert_eq!(say(learner, json!({ "course_id": id, "body": "a\u{0}b" })).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(say(learner, json!({ "course_id": id, "body": "x".repeat(2001) })).await.body["errors"]["body"].is_array());
    assert_eq!(say(&someone, json!({ "course_id": id, "body": "আমিও জানতে চাই" })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, &talk, Some(&someone)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.get(DHAKA, &format!("/assessment/discussions-one?course_id={course}"), Some(teacher)).await.status, StatusCode::NOT_FOUND, "a plain course");
    let r = t.get(DHAKA, &talk, Some(learner)).await;
    let thread = &r.body["data"][0];
    assert_eq!((r.body["total"].as_i64(), thread["body"].as_str(), thread["can_remove"].as_bool()), (Some(1), Some("পরীক্ষার হল কোথায়? <b>জানাবেন</b>"), Some(true)), "{}", r.text);
    assert_eq!((thread["replies"][0]["id"].as_i64(), thread["replies"][0]["can_remove"].as_bool()), (Some(answered), Some(false)));
    // The learner removes their own post, not the teacher's answer, which stays readable.
    assert_eq!(t.delete(DHAKA, &format!("/assessment/discussions/{answered}"), Some(learner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(t.delete(DHAKA, &format!("/assessment/discussions/{asked}"), Some(learner)).await.status, StatusCode::OK);
    let r = t.get(DHAKA, &talk, Some(teacher)).await;
    let thread = &r.body["data"][0];
    assert_eq!((thread["removed"].as_bool(), thread["body"].as_str(), thread["replies"][0]["body"].as_str()), (Some(true), Some(""), Some("প্রধান ভবনের ২০১ নম্বর কক্ষে।")));
    assert_eq!(t.delete(DHAKA, &format!("/assessment/discussions/{asked}"), Some(teacher)).await.status, StatusCode::NOT_FOUND, "already removed");

    // Another site sees none of it, and its links do not work there.
    let sylhet = t.tenant("sylhet").await;
    t.platform.user("admin@sylhet.example", Some((sylhet, "partner-admin"))).await;
    let stranger = t.acting(SYLHET, "admin@sylhet.example").await;
    assert_eq!(t.get(SYLHET, "/assessment/course/view", Some(&stranger)).await.body["total"].as_i64(), Some(0));
    assert_eq!(t.get(SYLHET, &format!("/assessment/course/find/{uuid}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/assessment/view-restricted-user/{batch}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/assessment/evaluation-results/{batch}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    let r = t.put(SYLHET, "/assessment/update-restricted-user", &stranger, json!({ "id": candidate["id"], "name": "x" })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &answers, Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &format!("/course/evaluation/performance-stats/{id}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.get(SYLHET, &sheet, Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    let r = t.post(SYLHET, &store, Some(&stranger), json!({ "rows": [{ "enrollment_id": enrollment, "present": false }] })).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = t.get(SYLHET, &enrol_link, Some(&stranger)).await;
    assert_eq!(r.body["code"], "invitation_not_found");
    assert_eq!(t.get(SYLHET, &talk, Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(t.delete(SYLHET, &format!("/assessment/discussions/{answered}"), Some(&stranger)).await.status, StatusCode::NOT_FOUND);
    // A learner is no author.
    assert_eq!(t.get(DHAKA, &format!("/assessment/view-restricted-user/{batch}"), Some(learner)).await.status, StatusCode::FORBIDDEN);
}
