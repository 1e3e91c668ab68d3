//! Course benchmarks (not tests: they print figures). Run with `infra/bench`, which starts the
//! services and builds the release binaries this drives as child processes:
//! 1. catalogue search over 100,000 published courses of 1,000 partners, Bangla and English
//!    queries through `course-search-solr` on the main site: p50/p95/p99; suggestions likewise;
//! 2. `GET /learner-course/details/{slug}` of one partner's course: req/s and latency (wrk);
//! 3. certificate PDF generation (Bangla, shaped): time per PDF and size.

mod support;

use control_plane::testing::TestPlatform;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use support::percentile;

const PORT: u16 = 8098;

const BN: [&str; 16] = [
    "বাংলা", "ব্যাকরণ", "গণিত", "পদার্থবিজ্ঞান", "রসায়ন", "জীববিজ্ঞান", "ইতিহাস", "ভূগোল", "ইংরেজি", "কম্পিউটার",
    "প্রোগ্রামিং", "হিসাববিজ্ঞান", "অর্থনীতি", "সাহিত্য", "পরিসংখ্যান", "চিত্রাঙ্কন",
];
const EN: [&str; 16] = [
    "bangla", "grammar", "mathematics", "physics", "chemistry", "biology", "history", "geography", "english", "computer",
    "programming", "accounting", "economics", "literature", "statistics", "drawing",
];

/// 1,000 active partner rows and 100,000 catalogue courses with two- and three-word titles,
/// vacuumed, analysed and checkpointed.
async fn fill_catalogue(platform: &TestPlatform) {
    sqlx::query(
        "INSERT INTO institutions (slug, institution_name, institution_name_en, type_id, state)
         SELECT 'cat-' || i, 'প্রতিষ্ঠান ' || i, 'Institute ' || i, 2, 'active' FROM generate_series(1, 1000) i",
    )
    .execute(&platform.db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO catalogue_courses (institution_id, course_id, uuid, slug, title, title_bn, summary, category_id, level,
             language, course_type, price, instructor_id, instructor_name, enrolled_count, published_at)
         SELECT inst.id, n, gen_random_uuid(), 'course-' || n,
                initcap(($1::text[])[1 + n % 16]) || ' ' || ($1::text[])[1 + (n / 16) % 16] || ' ' || (n % 97),
                ($2::text[])[1 + n % 16] || ' ' || ($2::text[])[1 + (n / 16) % 16] || ' ' || ($2::text[])[1 + (n / 256) % 16],
                'summary of course ' || n, 1 + n % 8, (ARRAY['beginner', 'intermediate', 'advanced'])[1 + n % 3],
                (ARRAY['bn', 'en'])[1 + n % 2], 'course', (n % 3) * 500, 1, 'Teacher ' || n % 500, n % 1000,
                now() - (n || ' minutes')::interval
           FROM generate_series(1, 100000) n
           JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM institutions WHERE slug LIKE 'cat-%') inst ON inst.k = n % 1000",
    )
    .bind(EN.to_vec())
    .bind(BN.to_vec())
    .execute(&platform.db)
    .await
    .unwrap();
    // A catalogue at rest, as autovacuum and the checkpointer leave it. Measured right after the
    // bulk insert, searches also paid for hint bits, competed with autovacuum for the two cores
    // and met the checkpoint of its half a gigabyte of WAL (single requests took 2 s).
    sqlx::query("VACUUM ANALYZE catalogue_courses").execute(&platform.db).await.unwrap();
    sqlx::query("CHECKPOINT").execute(&platform.db).await.unwrap();
}

async fn timed(client: &reqwest::Client, url: &str) -> (f64, Value) {
    let start = Instant::now();
    let body: Value = client.get(url).header("accept", "application/json").send().await.unwrap().json().await.unwrap();
    (start.elapsed().as_secs_f64() * 1000.0, body)
}

fn summary(mut ms: Vec<f64>) -> String {
    ms.sort_by(f64::total_cmp);
    format!("p50 {:.2} ms | p95 {:.2} ms | p99 {:.2} ms ({} requests)", percentile(&ms, 0.5), percentile(&ms, 0.95), percentile(&ms, 0.99), ms.len())
}

/// The figures, the average number of matches, and the three slowest requests (which query, in
/// which order it was sent), so a tail can be traced to a query or to warming up.
async fn search_latency(client: &reqwest::Client, path: &str, words: &[&str]) -> (String, f64, String) {
    let mut ms = Vec::new();
    let mut hits = 0.0;
    let mut slowest: Vec<(f64, usize, String)> = Vec::new();
    for round in 0..25 {
        for (i, word) in words.iter().enumerate() {
            // Whole words, a partial word (prefix) and a two-word query.
            let query = match (round + i) % 3 {
                0 => (*word).to_owned(),
                1 => word.chars().take(4).collect(),
                _ => format!("{word} {}", words[(i + 1) % words.len()]),
            };
            let (t, body) = timed(client, &format!("http://localhost:{PORT}{path}search={}", urlencode(&query))).await;
            hits += body["total"].as_f64().unwrap_or(body["data"].as_array().map_or(0, Vec::len) as f64);
            slowest.push((t, ms.len() + 1, query));
            ms.push(t);
        }
    }
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    let slowest = slowest.iter().take(3).map(|(t, n, q)| format!("#{n} \"{q}\" {t:.1} ms")).collect::<Vec<_>>().join(", ");
    let n = ms.len() as f64;
    (summary(ms), hits / n, slowest)
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::main]
async fn main() {
    let platform = TestPlatform::new().await;
    let _provisioner = support::Running(support::spawn(&platform, "provisioner", PORT, &[("PROVISIONER_POLL_SECS", "1".into())]));
    let _api = support::Running(support::spawn(&platform, "tenant-api", PORT, &[]));
    let dhaka = platform.approved_institution("dhaka").await;
    let started = Instant::now();
    while sqlx::query_scalar::<_, String>("SELECT state FROM institutions WHERE id = $1").bind(dhaka).fetch_one(&platform.db).await.unwrap() != "active" {
        assert!(started.elapsed() < Duration::from_secs(60), "dhaka did not become active");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let addr: std::net::SocketAddr = format!("127.0.0.1:{PORT}").parse().unwrap();
    let client = reqwest::Client::builder().resolve("localhost", addr).resolve("dhaka.localhost", addr).build().unwrap();
    while client.get(format!("http://localhost:{PORT}/api-docs/openapi.json")).send().await.is_err() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // 1. Catalogue search.
    let fill = Instant::now();
    fill_catalogue(&platform).await;
    println!("catalogue: 100,000 courses of 1,000 partners inserted, vacuumed, analysed and checkpointed in {:.1} s", fill.elapsed().as_secs_f64());
    for (name, words) in [("Bangla", &BN), ("English", &EN)] {
        let (figures, hits, slowest) = search_latency(&client, "/learner-course/course-search-solr?", words).await;
        println!("search, {name} queries: {figures}; {hits:.0} matching courses per query on average; slowest: {slowest}");
        let (figures, _, slowest) = search_latency(&client, "/learner-course/search-suggest?", words).await;
        println!("suggest, {name} queries: {figures}; slowest: {slowest}");
    }

    // 2. A course page on a partner site.
    platform.user("admin@bench.example", Some((dhaka, "partner-admin"))).await;
    let host = format!("http://dhaka.localhost:{PORT}");
    let call = |method: reqwest::Method, path: &str, token: Option<&str>, body: Value| {
        let mut request = client.request(method, format!("{host}{path}")).header("accept", "application/json").json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let login = call(reqwest::Method::POST, "/my-account/user/login", None, json!({ "email": "admin@bench.example", "password": "test-pass-123" })).await;
    let token = login["data"]["token"].as_str().unwrap().to_owned();
    let role = login["data"]["user"]["roles"][0]["id"].as_i64().unwrap();
    call(reqwest::Method::POST, &format!("/my-account/user/switch-role/{role}"), Some(&token), json!({})).await;
    let course = call(reqwest::Method::POST, "/course/course/create", Some(&token), json!({ "title": "Bangla Grammar", "title_bn": "বাংলা ব্যাকরণ", "category_id": 1 })).await;
    let (id, uuid) = (course["data"]["id"].as_i64().unwrap(), course["data"]["uuid"].as_str().unwrap().to_owned());
    for s in 0..5 {
        let section = call(reqwest::Method::POST, "/course/schedule/section", Some(&token), json!({ "course_id": id, "title": format!("Part {s}") })).await;
        for l in 0..4 {
            let body = json!({ "section_id": section["data"]["id"], "title": format!("Lesson {s}.{l}"), "lesson_type": "manual", "body": "<p>text</p>" });
            call(reqwest::Method::POST, "/course/schedule/lesson", Some(&token), body).await;
        }
    }
    let batch = call(reqwest::Method::POST, "/course/batch/create", Some(&token), json!({ "course_id": id, "name": "B1", "start_date": "2026-01-01" })).await;
    call(reqwest::Method::PUT, "/course/batch/update-publish-feature", Some(&token), json!({ "id": batch["data"]["id"], "published": true })).await;
    call(reqwest::Method::PUT, "/course/update-publish-feature", Some(&token), json!({ "id": id, "published": true })).await;
    let lua = format!(
        "request = function()\n  return wrk.format(\"GET\", \"/learner-course/details/{uuid}\", {{ [\"Host\"] = \"dhaka.localhost:{PORT}\", [\"Accept\"] = \"application/json\" }})\nend"
    );
    println!("details/{{slug}}, 5 sections x 4 lessons, 64 connections, 10 s: {}", support::wrk("course-details", &lua, &format!("http://127.0.0.1:{PORT}")));

    // 3. Certificate PDFs.
    use tenant_api::certificates::pdf::{self, CertificateContent};
    use tenant_api::certificates::templates::{Placement, Signature};
    let signatures = [Signature { name: "অধ্যক্ষ".into(), title: "ঢাকা কলেজ".into() }, Signature { name: "Registrar".into(), title: "Dhaka College".into() }];
    let placement = Placement::default();
    let mut ms = Vec::new();
    let mut size = 0;
    for n in 0..200 {
        let holder = format!("মোঃ আবদুল করিম {n}");
        let start = Instant::now();
        let bytes = pdf::render(&CertificateContent {
            bangla: true, holder: &holder, course: "বাংলা ব্যাকরণ ও রচনা", institution: "ঢাকা কলেজ", date: "২২ নভেম্বর ২০২৬",
            tracking_code: "ABCD2345EFGH", verify_url: "https://lms.example/certificate/check/ABCD2345EFGH", accent: (0x1b, 0x5e, 0x20),
            placement: &placement, signatures: &signatures, background: None, logo: None,
        })
        .unwrap();
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
        size = bytes.len();
    }
    println!("certificate PDF (Bangla, shaped, QR code): {}; {:.1} KB each", summary(ms), size as f64 / 1024.0);
}
