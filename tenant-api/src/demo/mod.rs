//! `tenant-api seed-demo`: the demo catalogue for `infra/run` (never part of a production start).
//! Once the demo partners are live, it builds [`catalogue::COURSES`] through the platform's own
//! API, called in-process as the sites' teachers and learners would: courses with thumbnails,
//! sections and lessons of several types (uploaded notes and figures, videos, rich text), batches
//! (one needing approval, two whose certificates wait for approval), enrolments at every stage,
//! reviews and issued certificates; the partners' question banks ([`questions`]), Dhaka's teacher's
//! file manager ([`files`]), the sites' blogs, tutorials and pages ([`posts`]) and Dhaka's events
//! ([`events`]). A site that already has courses is left as it is, so it is safe to run again.

pub mod catalogue;
mod certificate_exams;
mod classrooms;
mod contents;
mod dashboard;
mod events;
mod exams;
mod files;
mod media;
mod posts;
mod questions;
mod trainings;

use crate::router;
use crate::state::AppState;
use anyhow::{Context, bail};
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request};
use catalogue::{COURSES, Course, ENROLMENTS, Kind, Progress, Site};
use control_plane::demo::PASSWORD;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::Duration;
use tower::ServiceExt;

/// The platform's API, called in-process with a Host header per site.
struct Api {
    router: Router,
    base_host: String,
    tokens: HashMap<(Site, &'static str), String>,
}

impl Api {
    fn host(&self, site: Site) -> String {
        match site.slug() {
            Some(slug) => format!("{slug}.{}", self.base_host),
            None => self.base_host.clone(),
        }
    }

    async fn send(&self, site: Site, method: Method, path: &str, token: Option<&str>, body: Body, content_type: &str) -> anyhow::Result<(u16, Value)> {
        let mut request = Request::builder()
            .method(method.clone())
            .uri(path)
            .header("host", self.host(site))
            .header("accept", "application/json")
            .header("content-type", content_type);
        if let Some(token) = token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        let response = self.router.clone().oneshot(request.body(body)?).await?;
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), 16 << 20).await?;
        Ok((status, serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
    }

    /// A call that must succeed; answers its `data`.
    async fn call(&self, site: Site, method: Method, path: &str, token: Option<&str>, body: Value) -> anyhow::Result<Value> {
        let (status, answer) = self.send(site, method.clone(), path, token, Body::from(body.to_string()), "application/json").await?;
        if !(200..300).contains(&status) {
            bail!("{method} {path} on {}: {status} {answer}", self.host(site));
        }
        Ok(answer.get("data").cloned().unwrap_or(answer))
    }

    /// Signed in on `site`, acting in the role the user holds there (sessions are per site).
    async fn token(&mut self, site: Site, email: &'static str) -> anyhow::Result<String> {
        if let Some(token) = self.tokens.get(&(site, email)) {
            return Ok(token.clone());
        }
        let data = self.call(site, Method::POST, "/my-account/user/login", None, json!({ "email": email, "password": PASSWORD })).await?;
        let token = data["token"].as_str().context("a login answers a token")?.to_owned();
        self.tokens.insert((site, email), token.clone());
        Ok(token)
    }

    /// A multipart POST that must succeed: text fields first, then the file; answers its `data`.
    async fn upload_to(&self, site: Site, token: &str, path: &str, fields: &[(&str, String)], name: &str, bytes: &[u8]) -> anyhow::Result<Value> {
        let boundary = "demo-seed-boundary";
        let mut body = Vec::new();
        for (field, value) in fields {
            body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n{value}\r\n").as_bytes());
        }
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let (status, answer) =
            self.send(site, Method::POST, path, Some(token), Body::from(body), &format!("multipart/form-data; boundary={boundary}")).await?;
        if !(200..300).contains(&status) {
            bail!("uploading {name} to {path}: {status} {answer}");
        }
        Ok(answer.get("data").cloned().unwrap_or(answer))
    }

    async fn upload(&self, site: Site, token: &str, lesson: i64, name: &str, bytes: &[u8]) -> anyhow::Result<()> {
        self.upload_to(site, token, &format!("/course/schedule/lesson/{lesson}/file"), &[], name, bytes).await.map(drop)
    }
}

/// A seeded course: its id, batches and lessons in learning order.
struct Seeded {
    site: Site,
    id: i64,
    batches: Vec<i64>,
    lessons: Vec<i64>,
}

pub async fn seed(app: AppState) -> anyhow::Result<()> {
    let urls = &app.ctl.config.public_base_url;
    let base_host = match urls.port {
        Some(port) => format!("{}:{port}", urls.host),
        None => urls.host.clone(),
    };
    let mut api = Api { router: router::app(app.clone()), base_host, tokens: HashMap::new() };
    for site in [Site::Dhaka, Site::Sylhet] {
        wait_until_live(&api, site).await?;
    }
    learner_browser(&mut api).await?;
    let mut seeded: HashMap<&str, Seeded> = HashMap::new();
    for site in [Site::Main, Site::Dhaka, Site::Sylhet] {
        let courses: Vec<&Course> = COURSES.iter().filter(|c| c.site == site).collect();
        let token = api.token(site, courses[0].author).await?;
        let (_, existing) = api.send(site, Method::GET, "/course/course/view?limit=1", Some(&token), Body::empty(), "application/json").await?;
        if existing["total"].as_i64().context("the course list answers a total")? > 0 {
            tracing::info!(site = api.host(site), "demo catalogue already there");
            continue;
        }
        let template = certificate_template(&api, site, &token).await?;
        for (n, course) in courses.iter().enumerate() {
            let token = api.token(site, course.author).await?;
            let course_seed = seed_course(&api, &token, course, template, n as u32).await?;
            seeded.insert(course.title, course_seed);
        }
        tracing::info!(site = api.host(site), courses = courses.len(), "demo catalogue seeded");
    }
    questions::seed(&mut api, Site::Dhaka, "teacher@example.com").await?;
    questions::seed(&mut api, Site::Sylhet, "abdul.karim@example.com").await?;
    exams::seed(&mut api, "teacher@example.com", &["learner@example.com", "rahim.uddin@example.com", "nusrat.jahan@example.com", "tania.islam@example.com"]).await?;
    certificate_exams::seed(&mut api, "teacher@example.com", "learner@example.com").await?;
    for enrolment in ENROLMENTS {
        let Some(course) = seeded.get(enrolment.course) else { continue };
        let token = api.token(Site::Main, enrolment.learner).await?;
        let batch = course.batches[enrolment.batch];
        let paid = COURSES.iter().find(|c| c.title == enrolment.course).is_some_and(|c| c.batches[enrolment.batch].price > 0);
        let enrolled = if paid {
            buy_seat(&app, &api, course.site, &token, batch).await?;
            Value::Null
        } else {
            api.call(course.site, Method::POST, "/learner-course/course-enrollment", Some(&token), json!({ "batch_id": batch })).await?
        };
        if let Progress::Approved = enrolment.progress {
            let author = COURSES.iter().find(|c| c.title == enrolment.course).context("the approved course is a demo course")?.author;
            let id = enrolled["enrollment_id"].as_i64().context("the enrolment answers its id")?;
            let author = api.token(course.site, author).await?;
            api.call(course.site, Method::PUT, &format!("/course/batch/approve_enroll/{id}"), Some(&author), json!({})).await?;
        }
        let done = match enrolment.progress {
            Progress::Waiting | Progress::Approved => continue,
            Progress::Lessons(n) => n.min(course.lessons.len()),
            Progress::Finished => course.lessons.len(),
        };
        for lesson in &course.lessons[..done] {
            api.call(course.site, Method::GET, &format!("/course/batch/completed_lesson/{lesson}"), Some(&token), Value::Null).await?;
        }
        if let Some((rating, text)) = enrolment.review {
            let path = format!("/assessment-front/batch/create-review/{}", course.id);
            api.call(course.site, Method::POST, &path, Some(&token), json!({ "rating": rating, "body": text })).await?;
        }
    }
    if seeded.values().any(|c| c.site == Site::Dhaka) {
        dhaka_money(&mut api).await?;
        let calculus = seeded.get("Higher Mathematics: Foundations of Calculus").context("the calculus course is Dhaka's")?.id;
        dhaka_promotions(&mut api, calculus).await?;
        files::seed(&mut api).await?;
        questions::picture_and_sharing(&mut api).await?;
        contents::seed(&mut api).await?;
        posts::seed(&mut api).await?;
        events::seed(&mut api).await?;
        trainings::seed(&mut api).await?;
        classrooms::seed(&app, &mut api).await?;
        dhaka_notices(&mut api).await?;
        // Batches anyone may join at once, with room for the term's learners.
        let open: Vec<(i64, Vec<i64>)> = COURSES
            .iter()
            .filter(|c| c.site == Site::Dhaka && !c.teachers_only)
            .filter_map(|c| {
                let seeded = seeded.get(c.title)?;
                let batch = c.batches.iter().position(|b| b.price == 0 && !b.approval && b.limit.is_none_or(|l| l >= 50))?;
                Some((seeded.batches[batch], seeded.lessons.clone()))
            })
            .collect();
        dashboard::seed(&app, &mut api, &open).await?;
    }
    if seeded.values().any(|c| c.site == Site::Sylhet) {
        sylhet_store(&mut api).await?;
    }
    // The leaderboards from the sites' records as they now stand (the term's days were dated back).
    let sites: Vec<i64> = sqlx::query_scalar("SELECT id FROM institutions WHERE is_main OR slug IN ('dhaka', 'sylhet')").fetch_all(&app.ctl.db).await?;
    for site in sites {
        let db = app.pools.get(site).await?;
        crate::learning::points::rebuild(&app, site, &db).await?;
    }
    Ok(())
}

/// With `infra/run`'s local push service (`PUSH_LOCAL_URL`), the demo learner has let Dhaka
/// notify a browser there, so the demo's enrolment, certificate and payment notices arrive as
/// pushes, decrypted at `$PUSH_LOCAL_URL/messages`. (A real browser subscribes through its own
/// push service; this one plays the browser's part.)
async fn learner_browser(api: &mut Api) -> anyhow::Result<()> {
    let Ok(service) = std::env::var("PUSH_LOCAL_URL") else { return Ok(()) };
    // No VAPID key configured: no pushes to show.
    let (_, key) = api.send(Site::Dhaka, Method::GET, "/my-account/sotore/key", None, Body::empty(), "application/json").await?;
    let Some(key) = key["data"]["public_key"].as_str() else { return Ok(()) };
    let http = reqwest::Client::new();
    let subscription: Value = http.post(format!("{service}/subscriptions")).json(&json!({ "applicationServerKey": key })).send().await?.json().await?;
    let learner = api.token(Site::Dhaka, "learner@example.com").await?;
    api.call(Site::Dhaka, Method::POST, "/my-account/sotore/token", Some(&learner), subscription).await?;
    Ok(())
}

/// Dhaka's admin has told the site's learners of a holiday, on the bell and by e-mail (the edge's
/// worker sends it within seconds), scheduled a text about the model tests for next week, and
/// worded the site's own Bangla e-mail for an approved enrolment. One learner had left the site's
/// announcements by e-mail, which the holiday's failures show.
async fn dhaka_notices(api: &mut Api) -> anyhow::Result<()> {
    let rahim = api.token(Site::Dhaka, "rahim.uddin@example.com").await?;
    api.call(Site::Dhaka, Method::PUT, "/my-account/message-preferences", Some(&rahim), json!({ "channel": "email", "left": true })).await?;
    let admin = api.token(Site::Dhaka, "dhaka-admin@example.com").await?;
    let welcome = json!({
        "lang": "bn",
        "subject": "{site}: “{course}” কোর্সে আপনাকে স্বাগতম",
        "body": "প্রিয় {name},\n\n“{course}” কোর্সে আপনার ভর্তি নিশ্চিত হয়েছে। প্রথম ক্লাসের আগে কোর্সের পরিচিতি অংশটি দেখে নিন; প্রশ্ন থাকলে কোর্সের আলোচনায় লিখুন।\n\n{link}\n\nশুভেচ্ছাসহ, {site}-এর শিক্ষার্থী সহায়তা দল",
        "button": "কোর্সে যান",
    });
    api.call(Site::Dhaka, Method::PUT, "/mail-template/enrolment_approved", Some(&admin), welcome).await?;
    let holiday = json!({
        "channels": ["bell", "email"],
        "subject": "বিজয় দিবসে ক্লাস বন্ধ / No classes on Victory Day",
        "body": "১৬ ডিসেম্বর বিজয় দিবসে সব ক্লাস বন্ধ থাকবে; ১৭ ডিসেম্বর থেকে যথারীতি ক্লাস হবে।\n\nAll classes are off on 16 December, Victory Day; they resume on 17 December.",
        "audience": {},
    });
    api.call(Site::Dhaka, Method::POST, "/bulknotify/messages", Some(&admin), holiday).await?;
    let next_week = (chrono::Utc::now() + chrono::Duration::days(7)).to_rfc3339();
    let tests = json!({
        "channels": ["sms"],
        "body": "HSC মডেল টেস্ট শুরু ২০ ডিসেম্বর। সময়সূচি সাইটে দেখুন।",
        "audience": { "status": "active" },
        "send_at": next_week,
    });
    api.call(Site::Dhaka, Method::POST, "/bulknotify/messages", Some(&admin), tests).await?;
    Ok(())
}

/// Sylhet takes its learners' payments into its own SSLCommerz store and its own bKash wallet,
/// when `infra/run` names them at the local gateways (`DEMO_PARTNER_STORE=id:password`,
/// `DEMO_PARTNER_WALLET=username:password:app_key:app_secret`); real gateways know no such accounts.
async fn sylhet_store(api: &mut Api) -> anyhow::Result<()> {
    let admin = api.token(Site::Sylhet, "sylhet-admin@example.com").await?;
    if let Some((store_id, password)) = std::env::var("DEMO_PARTNER_STORE").ok().and_then(|s| s.split_once(':').map(|(a, b)| (a.to_owned(), b.to_owned()))) {
        let body = json!({ "mode": "own", "store_id": store_id, "store_password": password });
        api.call(Site::Sylhet, Method::POST, "/course/accounts/merchant", Some(&admin), body).await?;
    }
    if let Ok(wallet) = std::env::var("DEMO_PARTNER_WALLET")
        && let [username, password, app_key, app_secret] = wallet.splitn(4, ':').collect::<Vec<_>>()[..]
    {
        let body = json!({ "gateway": "bkash", "mode": "own", "username": username, "password": password, "app_key": app_key, "app_secret": app_secret });
        api.call(Site::Sylhet, Method::POST, "/course/accounts/merchant", Some(&admin), body).await?;
    }
    Ok(())
}

/// Dhaka's promotion manager: a course on the home page and a tutor's job on learners'
/// dashboards (both approved), an outside course waiting for approval, and a rejected banner.
async fn dhaka_promotions(api: &mut Api, course: i64) -> anyhow::Result<()> {
    let admin = api.token(Site::Dhaka, "dhaka-admin@example.com").await?;
    let superadmin = api.token(Site::Main, "superadmin@example.com").await?;
    let today = control_plane::dhaka::today();
    let (start, end) = (today.to_string(), (today + chrono::Duration::days(45)).to_string());
    let promotions = [
        (json!({ "type": "internal-course", "title": "ক্যালকুলাসের ভিত্তি — ভর্তি চলছে", "course_id": course, "position": "home",
                 "details": "উচ্চতর গণিতের নতুন ব্যাচ: সীমা, অন্তরীকরণ ও যোগজীকরণ, সাপ্তাহিক অনুশীলন সহ।",
                 "thumbnail": media::data_url(&media::thumbnail("#1e3a8a", "#0ea5e9", 7)) }), Some("approved")),
        (json!({ "type": "jobs", "title": "খণ্ডকালীন গণিত শিক্ষক (অনলাইন)", "position": "dashboard", "url": "https://jobs.example.org/dhaka-math-tutor",
                 "details": "ঢাকা শিক্ষা ইনস্টিটিউট সন্ধ্যার অনলাইন ব্যাচের জন্য দুইজন গণিত শিক্ষক খুঁজছে। যোগ্যতা: গণিতে স্নাতক, পড়ানোর অভিজ্ঞতা। সপ্তাহে ১২ ঘণ্টা, সম্মানী আলোচনা সাপেক্ষে।",
                 "professions": [1, 2, 12], "age_start": 20, "age_end": 40 }), Some("approved")),
        (json!({ "type": "external-course", "title": "IELTS Preparation Weekend Course", "position": "course", "url": "https://www.britishcouncil.org.bd/en/exam/ielts",
                 "details": "Eight Saturdays of speaking and writing practice with mock tests.", "course_categories": [5] }), None),
        (json!({ "type": "ads", "title": "শীতকালীন ভর্তি মেলা ২০২৬", "position": "home", "url": "https://dhaka.example.org/admission-fair",
                 "details": "ডিসেম্বরে ক্যাম্পাসে ভর্তি মেলা।" }), Some("rejected")),
    ];
    for (mut body, decision) in promotions {
        body["start_date"] = json!(start);
        body["end_date"] = json!(end);
        let made = api.call(Site::Dhaka, Method::POST, "/course/course/promote-course", Some(&admin), body).await?;
        if let Some(status) = decision {
            let uuid = made["uuid"].as_str().context("a promotion has a uuid")?;
            let reason = if status == "rejected" { "ছবিটি স্পষ্ট নয়; বড় ছবি দিয়ে আবার পাঠান।" } else { "" };
            let query = reqwest::Url::parse_with_params("http://query/", [("promotion_status", status), ("reason", reason)])?;
            let path = format!("/course/course/promote-course/approve/{uuid}?{}", query.query().unwrap_or_default());
            api.call(Site::Main, Method::POST, &path, Some(&superadmin), Value::Null).await?;
        }
    }
    Ok(())
}

/// Dhaka's accounts beyond the demo purchases: an Eid coupon for the coming month, and a payout
/// request waiting for the super admin.
async fn dhaka_money(api: &mut Api) -> anyhow::Result<()> {
    let admin = api.token(Site::Dhaka, "dhaka-admin@example.com").await?;
    let ends = chrono::Utc::now().date_naive() + chrono::Duration::days(30);
    let coupon = json!({ "code": "EID-2026", "kind": "percent", "percent": 20, "ends_on": ends.to_string(), "max_uses": 100 });
    api.call(Site::Dhaka, Method::POST, "/admin-settings/coupons/create", Some(&admin), coupon).await?;
    let payout = json!({ "amount": "2000", "note": "নভেম্বরের কোর্স ফি থেকে প্রাপ্য অংশ" });
    api.call(Site::Dhaka, Method::POST, "/course/accounts/request-payment", Some(&admin), payout).await?;
    Ok(())
}

/// Buys a seat the way a learner does: checkout, "Pay" on the gateway's page, and back to the
/// site, which asks the gateway before it enrols (the gateway's own notice may arrive too).
async fn buy_seat(app: &AppState, api: &Api, site: Site, token: &str, batch: i64) -> anyhow::Result<()> {
    let gateway = app.edge.payments.sslcommerz.as_ref().context("paid demo batches need SSLCOMMERZ_URL (infra/run starts a local gateway)")?;
    let started = api.call(site, Method::POST, "/course/transactions/create", Some(token), json!({ "batch_id": batch })).await?;
    let uuid = started["order"]["uuid"].as_str().context("order uuid")?;
    let session = started["redirect_url"].as_str().and_then(|u| u.split("SESSIONKEY=").nth(1)).context("gateway session")?;
    let paid: Value = reqwest::Client::new()
        .post(format!("{}/pay/{session}", gateway.url.trim_end_matches('/')))
        .json(&json!({ "outcome": "success" }))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let fields = paid["fields"].as_object().context("the gateway's return fields")?;
    let form: Vec<(String, String)> = fields.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned())).collect();
    let body = serde_urlencoded::to_string(&form)?;
    let path = format!("/payment/sslcommerz/return/{uuid}?outcome=success");
    api.send(site, Method::POST, &path, None, Body::from(body), "application/x-www-form-urlencoded").await?;
    let order = api.call(site, Method::GET, &format!("/learner-course/my-payments/{uuid}"), Some(token), Value::Null).await?;
    if order["state"] != "paid" {
        bail!("the demo payment for batch {batch} ended {}", order["state"]);
    }
    Ok(())
}

async fn wait_until_live(api: &Api, site: Site) -> anyhow::Result<()> {
    for _ in 0..600 {
        let (status, _) = api.send(site, Method::GET, "/my-account/institutions/retrieve-site", None, Body::empty(), "application/json").await?;
        if status == 200 {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    bail!("{} did not become live within 5 minutes", api.host(site))
}

/// The partner's own certificate template (Bangla, two signatures); the main site uses the default.
async fn certificate_template(api: &Api, site: Site, token: &str) -> anyhow::Result<Option<i64>> {
    let signatures = match site {
        Site::Main => return Ok(None),
        Site::Dhaka => json!([{ "name": "অধ্যাপক এ. কে. এম. ইলিয়াস", "title": "অধ্যক্ষ" }, { "name": "শফিকুল ইসলাম", "title": "কোর্স শিক্ষক" }]),
        Site::Sylhet => json!([{ "name": "প্রকৌশলী রাশেদুল হক", "title": "অধ্যক্ষ" }, { "name": "আব্দুল করিম", "title": "প্রশিক্ষক" }]),
    };
    let body = json!({ "name": "সনদপত্র", "language": "bn", "signatures": signatures });
    let template = api.call(site, Method::POST, "/course/template/certificate-store", Some(token), body).await?;
    Ok(template["id"].as_i64())
}

async fn seed_course(api: &Api, token: &str, course: &Course, template: Option<i64>, n: u32) -> anyhow::Result<Seeded> {
    let site = course.site;
    let thumbnail = media::data_url(&media::thumbnail(course.colours.0, course.colours.1, n + course.title.len() as u32));
    let created = api
        .call(site, Method::POST, "/course/course/create", Some(token), json!({
            "title": course.title, "title_bn": course.title_bn, "category_id": course.category, "level": course.level,
            "language": course.language, "summary": course.summary, "objectives": course.objectives, "thumbnail": thumbnail,
            "teachers_only": course.teachers_only,
        }))
        .await?;
    let id = created["id"].as_i64().context("a created course has an id")?;
    let mut lessons = Vec::new();
    for section in course.sections {
        let body = json!({ "course_id": id, "title": section.title, "title_bn": section.title_bn });
        let section_id = api.call(site, Method::POST, "/course/schedule/section", Some(token), body).await?["id"].as_i64().context("section id")?;
        for lesson in section.lessons {
            let mut body = json!({
                "section_id": section_id, "title": lesson.title, "title_bn": lesson.title_bn,
                "lesson_type": lesson.kind.lesson_type(), "duration_minutes": lesson.minutes,
            });
            match lesson.kind {
                Kind::Video(url) | Kind::Slides(url) => body["media_url"] = json!(url),
                Kind::Manual(html) => body["body"] = json!(html),
                Kind::Notes(_) | Kind::Figure | Kind::Discussion => {}
            }
            let lesson_id = api.call(site, Method::POST, "/course/schedule/lesson", Some(token), body).await?["id"].as_i64().context("lesson id")?;
            match lesson.kind {
                Kind::Notes(lines) => api.upload(site, token, lesson_id, "notes.pdf", &media::notes_pdf(lesson.title, lines)).await?,
                Kind::Figure => api.upload(site, token, lesson_id, "figure.png", &media::figure(course.colours.0)).await?,
                _ => {}
            }
            lessons.push(lesson_id);
        }
    }
    let today = chrono::Utc::now().date_naive();
    let mut batches = Vec::new();
    for batch in course.batches {
        let start = today + chrono::Duration::days(batch.starts_in);
        let body = json!({
            "course_id": id, "name": batch.name, "name_bn": batch.name_bn, "start_date": start.to_string(),
            "enrolment_limit": batch.limit, "let_enroll": if batch.approval { 2 } else { 1 },
            "certificate_approval": batch.certificate_approval, "template_id": template, "price": batch.price,
        });
        let batch_id = api.call(site, Method::POST, "/course/batch/create", Some(token), body).await?["id"].as_i64().context("batch id")?;
        api.call(site, Method::PUT, "/course/batch/update-publish-feature", Some(token), json!({ "id": batch_id, "published": true })).await?;
        batches.push(batch_id);
    }
    api.call(site, Method::PUT, "/course/update-publish-feature", Some(token), json!({ "id": id, "published": true, "featured": course.featured }))
        .await?;
    Ok(Seeded { site, id, batches, lessons })
}
