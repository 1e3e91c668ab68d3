//! Catalogue search benchmark (not a test: it prints figures). Run with `infra/bench`, which
//! starts PostgreSQL and builds the release binary this drives as a child process.
//!
//! Three runs (`SEARCH_BENCH_RUNS`), each on a freshly loaded and analysed catalogue of 1,000,000
//! published courses (`SEARCH_BENCH_COURSES`) of 5,000 partners (200 courses each):
//! `course-search-solr` and `search-suggest` on the main site, Bangla and English,
//! one word, a partial word, two and three words, each without a filter and with a category,
//! type, price or partner filter; p50/p95/p99 per run and the worst of the runs, first right after
//! the load (once the kernel has written it to disk) and then with the catalogue in shared
//! buffers, and the p95 of each kind of filter and each form of query. Then index sizes and the
//! time to publish a course into the full catalogue. Statements slower than 50 ms are logged with
//! their plans by `auto_explain` in PostgreSQL's log.

use crate::support;

use control_plane::catalogue::query::doc_terms;
use control_plane::catalogue::store::{self, Entry};
use control_plane::testing::TestPlatform;
use serde_json::Value;
use std::time::{Duration, Instant};
use crate::support::percentile;
use uuid::Uuid;

const PORT: u16 = 8097;
/// Courses in the catalogue (`SEARCH_BENCH_COURSES`, default 1,000,000), 200 per partner.
fn courses() -> i64 {
    std::env::var("SEARCH_BENCH_COURSES").ok().and_then(|r| r.parse().ok()).unwrap_or(1_000_000)
}

fn partners() -> i64 {
    courses() / 200
}
/// Runs, each on a fresh catalogue (`SEARCH_BENCH_RUNS`, default 3).
fn runs() -> usize {
    std::env::var("SEARCH_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(3)
}

const BN: [&str; 16] = [
    "বাংলা", "ব্যাকরণ", "গণিত", "পদার্থবিজ্ঞান", "রসায়ন", "জীববিজ্ঞান", "ইতিহাস", "ভূগোল", "ইংরেজি", "কম্পিউটার",
    "প্রোগ্রামিং", "হিসাববিজ্ঞান", "অর্থনীতি", "সাহিত্য", "পরিসংখ্যান", "চিত্রাঙ্কন",
];
const EN: [&str; 16] = [
    "bangla", "grammar", "mathematics", "physics", "chemistry", "biology", "history", "geography", "english", "computer",
    "programming", "accounting", "economics", "literature", "statistics", "drawing",
];

/// Course `n` of the generated catalogue: two English words and a number, three Bangla words.
fn titles(n: i64) -> (String, String) {
    let w = |k: i64| (k % 16) as usize;
    let mut en = EN[w(n)].to_owned();
    en[..1].make_ascii_uppercase();
    (format!("{en} {} {}", EN[w(n / 16)], n % 97), format!("{} {} {}", BN[w(n)], BN[w(n / 16)], BN[w(n / 256)]))
}

/// The partners and their courses, loaded as a bulk load would be: the search indexes are
/// dropped, the rows inserted with the terms the control plane computes, the indexes rebuilt
/// from their own definitions, then vacuumed, analysed and checkpointed.
async fn load(db: &sqlx::PgPool) -> f64 {
    let started = Instant::now();
    sqlx::query("TRUNCATE catalogue_courses").execute(db).await.unwrap();
    sqlx::query("DELETE FROM institutions WHERE slug LIKE 'cat-%'").execute(db).await.unwrap();
    sqlx::query(
        "INSERT INTO institutions (slug, institution_name, institution_name_en, type_id, state)
         SELECT 'cat-' || i, 'প্রতিষ্ঠান ' || i, 'Institute ' || i, 2, 'active' FROM generate_series(1, $1) i",
    )
    .bind(partners())
    .execute(db)
    .await
    .unwrap();
    let first: i64 = sqlx::query_scalar("SELECT min(id) FROM institutions WHERE slug LIKE 'cat-%'").fetch_one(db).await.unwrap();
    let indexes: Vec<(String, String)> = sqlx::query_as(
        "SELECT indexname::text, indexdef FROM pg_indexes WHERE tablename = 'catalogue_courses' AND indexname <> 'catalogue_courses_pkey'",
    )
    .fetch_all(db)
    .await
    .unwrap();
    for (name, _) in &indexes {
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP INDEX {name}"))).execute(db).await.unwrap();
    }
    for chunk in (1..=courses()).collect::<Vec<_>>().chunks(20_000) {
        let (mut title, mut title_bn, mut terms) = (Vec::new(), Vec::new(), Vec::new());
        for &n in chunk {
            let (en, bn) = titles(n);
            terms.push(doc_terms(&en, &bn, &format!("summary of course {n}")).join(" "));
            title.push(en);
            title_bn.push(bn);
        }
        sqlx::query(
            "INSERT INTO catalogue_courses (institution_id, course_id, uuid, slug, title, title_bn, summary, category_id, level,
                 language, course_type, price, instructor_id, instructor_name, enrolled_count, published_at, search_terms)
             SELECT $2 + n % $3, n, gen_random_uuid(), 'course-' || n, t, tb, 'summary of course ' || n, 1 + n % 8,
                    (ARRAY['beginner', 'intermediate', 'advanced'])[1 + n % 3], (ARRAY['bn', 'en'])[1 + n % 2],
                    CASE WHEN n % 5 = 0 THEN 'webinar' ELSE 'course' END, (n / 3 % 3) * 500, 1, 'Teacher ' || n % 500,
                    n % 1000, now() - (n || ' minutes')::interval, string_to_array(terms, ' ')
               FROM unnest($1::bigint[], $4::text[], $5::text[], $6::text[]) AS r(n, t, tb, terms)",
        )
        .bind(chunk)
        .bind(first)
        .bind(partners())
        .bind(&title)
        .bind(&title_bn)
        .bind(&terms)
        .execute(db)
        .await
        .unwrap();
    }
    let mut conn = db.acquire().await.unwrap();
    sqlx::query("SET maintenance_work_mem = '512MB'").execute(&mut *conn).await.unwrap();
    for (_, definition) in &indexes {
        // pg_indexes writes a partitioned table's index "ON ONLY" the parent: created that way it
        // would not build the partitions' indexes.
        sqlx::query(sqlx::AssertSqlSafe(definition.replace(" ON ONLY ", " ON "))).execute(&mut *conn).await.unwrap();
    }
    sqlx::query("VACUUM ANALYZE catalogue_courses").execute(db).await.unwrap();
    // The partners of the last run were deleted: without this, autovacuum would clean them up
    // while the next run is measured, invalidating every search's plan as it did so.
    sqlx::query("VACUUM ANALYZE institutions").execute(db).await.unwrap();
    sqlx::query("CHECKPOINT").execute(db).await.unwrap();
    started.elapsed().as_secs_f64()
}

fn summary(ms: &mut [f64]) -> (f64, f64, f64) {
    ms.sort_by(f64::total_cmp);
    (percentile(ms, 0.5), percentile(ms, 0.95), percentile(ms, 0.99))
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// 400 requests: every word as one word, a partial word, two and three words, in turn without a
/// filter and with a category, type, price or partner filter. Returns the latencies, the average
/// number of matches, the three slowest requests, and the p95 of each kind of filter and of each
/// form of query (which of them makes the tail).
async fn latencies(client: &reqwest::Client, path: &str, words: &[&str], partner: i64) -> (Vec<f64>, f64, String, String) {
    let mut ms = Vec::new();
    let mut hits = 0.0;
    let mut slowest: Vec<(f64, String)> = Vec::new();
    let mut by_filter: [Vec<f64>; 5] = Default::default();
    let mut by_form: [Vec<f64>; 4] = Default::default();
    for round in 0..25 {
        for (i, word) in words.iter().enumerate() {
            let next = |k: usize| words[(i + k) % words.len()];
            let form = (round + i) % 4;
            let query = match form {
                0 => (*word).to_owned(),
                1 => word.chars().take(4).collect(),
                2 => format!("{word} {}", next(1)),
                _ => format!("{word} {} {}", next(16 - 1), next(1)),
            };
            let kind = (round + 2 * i) % 5;
            let filter = match kind {
                0 => String::new(),
                1 => format!("&category_id={}", 1 + i % 8),
                2 => "&course_type=webinar".to_owned(),
                3 => "&payment_status=0".to_owned(),
                _ => format!("&owner_id={}", partner + (i as i64 * 37) % partners()),
            };
            let url = format!("http://localhost:{PORT}{path}search={}{filter}", urlencode(&query));
            let start = Instant::now();
            let response = client.get(&url).header("accept", "application/json").send().await.unwrap();
            let status = response.status();
            let body: Value = response.json().await.unwrap();
            assert!(status.is_success(), "{url}: {status} {body}");
            let t = start.elapsed().as_secs_f64() * 1000.0;
            hits += body["total"].as_f64().unwrap_or(body["data"].as_array().map_or(0, Vec::len) as f64);
            slowest.push((t, format!("\"{query}\"{filter}")));
            ms.push(t);
            by_filter[kind].push(t);
            by_form[form].push(t);
        }
    }
    let by_group = |names: &[&str], groups: &mut [Vec<f64>]| {
        names.iter().zip(groups.iter_mut()).map(|(name, ms)| format!("{name} {:.1} ms", summary(ms).1)).collect::<Vec<_>>().join(", ")
    };
    let groups = format!(
        "p95 by filter: {}; by form: {}",
        by_group(&["none", "category", "type", "price", "partner"], &mut by_filter),
        by_group(&["one word", "partial", "two words", "three words"], &mut by_form)
    );
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    let slowest = slowest.iter().take(3).map(|(t, q)| format!("{q} {t:.1} ms")).collect::<Vec<_>>().join(", ");
    let n = ms.len() as f64;
    (ms, hits / n, slowest, groups)
}

pub async fn run() {
    let platform = TestPlatform::new().await;
    let db = &platform.db;
    // Plans of slow statements, for tracing a tail to its plan: with rows and buffers, not each
    // node's time, whose clock readings would slow every statement measured (PostgreSQL's docs
    // on auto_explain.log_timing).
    let database: String = sqlx::query_scalar("SELECT current_database()").fetch_one(db).await.unwrap();
    // What autovacuum does during the runs, in the same log (a vacuum or analyse of a table a
    // search reads makes every connection plan that search again).
    sqlx::query("ALTER SYSTEM SET log_autovacuum_min_duration = 0").execute(db).await.unwrap();
    sqlx::query("SELECT pg_reload_conf()").execute(db).await.unwrap();
    for setting in ["session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = '50ms'", "auto_explain.log_analyze = on", "auto_explain.log_buffers = on", "auto_explain.log_timing = off"] {
        sqlx::query(sqlx::AssertSqlSafe(format!("ALTER DATABASE \"{database}\" SET {setting}"))).execute(db).await.unwrap();
    }
    let _provisioner = support::Running(support::spawn(&platform, "provisioner", PORT, &[("PROVISIONER_POLL_SECS", "1".into())]));
    let _api = support::Running(support::spawn(&platform, "tenant-api", PORT, &[]));
    let started = Instant::now();
    while sqlx::query_scalar::<_, String>("SELECT state FROM institutions WHERE is_main").fetch_one(db).await.unwrap() != "active" {
        assert!(started.elapsed() < Duration::from_secs(60), "the main site did not become active");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let addr: std::net::SocketAddr = format!("127.0.0.1:{PORT}").parse().unwrap();
    let client = reqwest::Client::builder().resolve("localhost", addr).build().unwrap();
    while client.get(format!("http://localhost:{PORT}/api-docs/openapi.json")).send().await.is_err() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Each run measures twice: right after the load is on disk (the catalogue's pages on disk or in
    // the kernel's cache, each connection's plans made afresh), then once the table and its
    // indexes are read into shared buffers, as on a server that has been answering searches.
    let mut worst: Vec<(String, (f64, f64, f64))> = Vec::new();
    for run in 1..=runs() {
        let seconds = load(db).await;
        println!("run {run}: {} courses of {} partners loaded, indexed, vacuumed, analysed and checkpointed in {seconds:.0} s", courses(), partners());
        let (dirty, seconds) = settle();
        println!("  written to disk before measuring: {dirty:.0} MB the kernel still held dirty, in {seconds:.1} s");
        let partner: i64 = sqlx::query_scalar("SELECT min(id) FROM institutions WHERE slug LIKE 'cat-%'").fetch_one(db).await.unwrap();
        for pass in ["cold", "warm"] {
            if pass == "warm" {
                let started = Instant::now();
                let pages = prewarm(db).await;
                println!("  the catalogue read into shared buffers ({pages} pages) in {:.1} s", started.elapsed().as_secs_f64());
            }
            let mut figures = Vec::new();
            for (name, words) in [("Bangla", &BN), ("English", &EN)] {
                for (call, path) in [("search", "/learner-course/course-search-solr?"), ("suggest", "/learner-course/search-suggest?")] {
                    let (mut ms, hits, slowest, groups) = latencies(&client, path, words, partner).await;
                    let (p50, p95, p99) = summary(&mut ms);
                    println!("  {pass}: {call}, {name}: p50 {p50:.2} ms | p95 {p95:.2} ms | p99 {p99:.2} ms ({} requests, {hits:.0} matches on average); {groups}; slowest: {slowest}", ms.len());
                    figures.push((format!("{pass}: {call}, {name}"), (p50, p95, p99)));
                }
            }
            let offset = if pass == "cold" { 0 } else { 4 };
            for (i, (name, f)) in figures.into_iter().enumerate() {
                match worst.get_mut(offset + i) {
                    Some((_, w)) => *w = (w.0.max(f.0), w.1.max(f.1), w.2.max(f.2)),
                    None => worst.push((name, f)),
                }
            }
        }
    }
    // Misspellings no word or sound matches fall back to trigram similarity (informational).
    let mut ms = Vec::new();
    for word in BN.iter().chain(EN.iter()) {
        let mut chars: Vec<char> = word.chars().collect();
        chars.swap(1, 2);
        let typo: String = chars.into_iter().chain("x".chars()).collect();
        let start = Instant::now();
        client.get(format!("http://localhost:{PORT}/learner-course/course-search-solr?search={}", urlencode(&typo))).send().await.unwrap();
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    let (p50, p95, p99) = summary(&mut ms);
    println!("misspelled words found by trigram similarity only (last run): p50 {p50:.2} ms | p95 {p95:.2} ms | p99 {p99:.2} ms (32 requests)");
    println!("worst of {} runs:", runs());
    for (name, (p50, p95, p99)) in &worst {
        println!("  {name}: p50 {p50:.2} ms | p95 {p95:.2} ms | p99 {p99:.2} ms");
    }

    let sizes: Vec<(String, i64)> = sqlx::query_as(
        "SELECT c.relname::text, sum(pg_relation_size(p.inhrelid))::int8
           FROM pg_class c JOIN pg_inherits p ON p.inhparent = c.oid
          WHERE c.relname LIKE 'catalogue_courses%' GROUP BY c.relname ORDER BY 1",
    )
    .fetch_all(db)
    .await
    .unwrap();
    let sizes = sizes.iter().map(|(name, bytes)| format!("{name} {:.0} MB", *bytes as f64 / 1048576.0)).collect::<Vec<_>>().join(", ");
    println!("sizes (table and indexes, summed over the 32 partitions): {sizes}");

    // Publishing: what the edge does when a course is published or changed.
    let mut ms = Vec::new();
    for n in 0..200 {
        let (title, title_bn) = titles(courses() + 1 + n);
        let start = Instant::now();
        store::upsert(db, Entry {
            institution_id: partner_of(db, n).await, course_id: courses() + 1 + n, uuid: Uuid::new_v4(), slug: "new", title: &title,
            title_bn: &title_bn, summary: "a course published into the full catalogue", thumbnail: None, category_id: Some(1),
            level: "beginner", language: "bn", course_type: "course", price: 0.0, featured: false, instructor_id: 1, instructor_name: "Teacher",
        })
        .await
        .unwrap();
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    let (p50, p95, p99) = summary(&mut ms);
    println!("publishing a course into the catalogue (the edge's upsert): p50 {p50:.2} ms | p95 {p95:.2} ms | p99 {p99:.2} ms (200 courses)");
    let log = std::env::var("PG_LOG").unwrap_or_default();
    let slow = std::fs::read_to_string(&log).map(|text| text.matches("WITH candidates").count()).unwrap_or(0);
    println!("searches over 50 ms, logged with their plans by auto_explain: {slow} (in {log})");
}

/// Has the kernel write the load to disk, as a database server's checkpoint would have: the
/// benchmark's cluster runs with `fsync = off` like the test clusters, so its checkpoint leaves
/// some of the load's writes dirty in the kernel's cache (98-276 MB measured), which the kernel
/// would otherwise write back while the cold pass is measured. Returns the megabytes that were
/// dirty and the seconds it took (0.1-0.2 s measured: not what makes the cold tail).
fn settle() -> (f64, f64) {
    let dirty = std::fs::read_to_string("/proc/meminfo").ok().map_or(0.0, |info| {
        info.lines()
            .filter(|line| line.starts_with("Dirty:") || line.starts_with("Writeback:"))
            .filter_map(|line| line.split_whitespace().nth(1)?.parse::<f64>().ok())
            .sum::<f64>()
            / 1024.0
    });
    let started = Instant::now();
    assert!(std::process::Command::new("sync").status().unwrap().success(), "sync failed");
    (dirty, started.elapsed().as_secs_f64())
}

/// Reads the catalogue's partitions and their indexes into shared buffers (`pg_prewarm`, shipped
/// with PostgreSQL); returns the pages read.
async fn prewarm(db: &sqlx::PgPool) -> i64 {
    sqlx::query("CREATE EXTENSION IF NOT EXISTS pg_prewarm").execute(db).await.unwrap();
    sqlx::query_scalar(
        "SELECT sum(pg_prewarm(p.inhrelid))::int8 FROM pg_class c JOIN pg_inherits p ON p.inhparent = c.oid
          WHERE c.relname LIKE 'catalogue_courses%'",
    )
    .fetch_one(db)
    .await
    .unwrap()
}

async fn partner_of(db: &sqlx::PgPool, n: i64) -> i64 {
    sqlx::query_scalar("SELECT id FROM institutions WHERE slug = $1").bind(format!("cat-{}", 1 + n * 17 % partners())).fetch_one(db).await.unwrap()
}
