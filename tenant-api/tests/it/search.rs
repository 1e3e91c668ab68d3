//! Catalogue search over a fixed catalogue, through the API against a real PostgreSQL: Bangla
//! typed in Latin letters finds its courses, mixed scripts work, filters and site scope hold, a
//! suspended site's courses leave search, and the index-bounded query shape orders results as the
//! earlier prefix query did.

use crate::common::TestApp;
use axum::http::{Method, StatusCode};
use control_plane::catalogue::store::{self, Entry};
use serde_json::Value;
use uuid::Uuid;

const MAIN: &str = "localhost";
const DHAKA: &str = "dhaka.localhost";

const BN: [&str; 8] = ["বাংলা", "ব্যাকরণ", "গণিত", "পদার্থবিজ্ঞান", "রসায়ন", "ইতিহাস", "কম্পিউটার", "সাহিত্য"];
const EN: [&str; 8] = ["bangla", "grammar", "mathematics", "physics", "chemistry", "history", "computer", "literature"];

struct Course<'a> {
    site: i64,
    id: i64,
    title: &'a str,
    title_bn: &'a str,
    summary: &'a str,
    category: i64,
    price: f64,
}

async fn publish(t: &TestApp, c: Course<'_>) {
    let entry = Entry {
        institution_id: c.site,
        course_id: c.id,
        uuid: Uuid::new_v4(),
        slug: "course",
        title: c.title,
        title_bn: c.title_bn,
        summary: c.summary,
        thumbnail: None,
        category_id: Some(c.category),
        level: "beginner",
        language: "bn",
        course_type: "course",
        price: c.price,
        featured: false,
        instructor_id: 1,
        instructor_name: "Teacher",
    };
    store::upsert(&t.platform.db, entry).await.unwrap();
}

async fn found(t: &TestApp, host: &str, query: &str) -> Vec<Value> {
    let r = t.get(host, &format!("/learner-course/course-search-solr?rows=100&{query}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["data"].as_array().unwrap().clone()
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// The courses of the earlier query shape (migration V5): every word a prefix of a title or
/// summary word, ranked by `ts_rank`, newest first among equals, with column filters.
async fn earlier_shape(t: &TestApp, query: &str, filter: &str) -> Vec<Uuid> {
    let tsquery = query.split_whitespace().map(|w| format!("'{}':*", w.to_lowercase())).collect::<Vec<_>>().join(" & ");
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT c.uuid FROM catalogue_courses c JOIN institutions i ON i.id = c.institution_id AND i.state = 'active'
          WHERE c.search_doc @@ to_tsquery('simple', $1) {filter}
          ORDER BY ts_rank(c.search_doc, to_tsquery('simple', $1)) DESC, c.published_at DESC LIMIT 100"
    )))
    .bind(tsquery)
    .fetch_all(&t.platform.db)
    .await
    .unwrap()
}

fn uuids(found: &[Value]) -> Vec<Uuid> {
    found.iter().map(|c| c["uuid"].as_str().unwrap().parse().unwrap()).collect()
}

#[tokio::test]
async fn search_finds_bangla_typed_in_latin_and_orders_as_before() {
    let t = TestApp::new().await;
    let (dhaka, sylhet) = (t.tenant("dhaka").await, t.tenant("sylhet").await);

    // A generated catalogue in both scripts over two sites, and a course per word of the list
    // of Latin spellings.
    for n in 0..400i64 {
        let title = format!("{} {} {}", EN[(n % 8) as usize], EN[(n / 8 % 8) as usize], n % 13);
        let title_bn = format!("{} {} {}", BN[(n % 8) as usize], BN[(n / 8 % 8) as usize], BN[(n / 64 % 8) as usize]);
        let summary = format!("summary of course {n}");
        publish(&t, Course { site: if n % 2 == 0 { dhaka } else { sylhet }, id: n + 1, title: &title, title_bn: &title_bn, summary: &summary, category: 1 + n % 4, price: (n % 3) as f64 * 500.0 }).await;
    }
    let spellings = include_str!("../../../control-plane/src/catalogue/latin-spellings.tsv");
    let words: Vec<(&str, &str)> = spellings.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_once('\t').unwrap()).collect();
    for (i, (bangla, _)) in words.iter().enumerate() {
        let title_bn = format!("{bangla} কোর্স");
        publish(&t, Course { site: dhaka, id: 1000 + i as i64, title: "", title_bn: &title_bn, summary: "", category: 9, price: 0.0 }).await;
    }
    sqlx::query("UPDATE catalogue_courses SET published_at = now() - course_id * interval '1 minute'").execute(&t.platform.db).await.unwrap();

    // Every Latin spelling of every word finds its Bangla course (among the list's courses).
    let mut missed = Vec::new();
    for (bangla, spellings) in &words {
        for spelling in spellings.split('|') {
            let titles: Vec<String> = found(&t, MAIN, &format!("search={}&category_id=9", urlencode(spelling))).await.iter().map(|c| c["title_bn"].as_str().unwrap().to_owned()).collect();
            if !titles.contains(&format!("{bangla} কোর্স")) {
                missed.push(format!("{spelling} → {titles:?}"));
            }
        }
    }
    assert!(missed.is_empty(), "not found: {missed:#?}");

    // A suggestion for Latin letters offers the Bangla spelling, even in English.
    let r = t.call(Method::GET, MAIN, "/learner-course/search-suggest?search=shikkh", None, &[("lang", "1")], None).await;
    let terms: Vec<&str> = r.body["data"].as_array().unwrap().iter().map(|s| s["term"].as_str().unwrap()).collect();
    assert!(terms.contains(&"শিক্ষা কোর্স"), "{terms:?}");
    let r = t.call(Method::GET, MAIN, "/learner-course/search-suggest?search=physics", None, &[("lang", "1")], None).await;
    assert!(r.body["data"][0]["term"].as_str().unwrap().starts_with("physics"), "found by its words: the English title, {}", r.text);

    // Mixed scripts, and Bangla spelled another way (ন for ণ, ি for ী).
    let mixed = found(&t, MAIN, &format!("search={}", urlencode("physics গণিত"))).await;
    assert!(!mixed.is_empty() && mixed.iter().all(|c| c["title"].as_str().unwrap().contains("physics") && c["title_bn"].as_str().unwrap().contains("গণিত")));
    let mixed = found(&t, MAIN, &format!("search={}", urlencode("gonit পদার্থ"))).await;
    assert!(!mixed.is_empty() && mixed.iter().all(|c| c["title_bn"].as_str().unwrap().contains("গণিত") && c["title_bn"].as_str().unwrap().contains("পদার্থ")));
    let variant = found(&t, MAIN, &format!("search={}&category_id=9", urlencode("গনিত"))).await;
    assert!(variant.iter().any(|c| c["title_bn"] == "গণিত কোর্স"));

    // Several words no course has together: courses with any of them, those with more first.
    let any = found(&t, MAIN, "search=physics+chemistry+zzzz").await;
    let has = |c: &Value, w: &str| c["title"].as_str().unwrap().contains(w);
    assert!(has(&any[0], "physics") && has(&any[0], "chemistry"), "{}", any[0]);
    assert!(any.len() > 10 && any.iter().all(|c| has(c, "physics") || has(c, "chemistry")));

    // Three words are one entry of a course's title keys, or for a title of too many keys for
    // those, its marker with the words' pairs: both found.
    let long = "physics economics statistics drawing biology geography accounting english";
    publish(&t, Course { site: dhaka, id: 2000, title: &format!("{long} programming"), title_bn: "", summary: "", category: 9, price: 0.0 }).await;
    publish(&t, Course { site: dhaka, id: 2001, title: "statistics drawing physics", title_bn: "", summary: "", category: 9, price: 0.0 }).await;
    let mut three: Vec<String> = found(&t, MAIN, "search=physics+statistics+drawing").await.iter().map(|c| c["title"].as_str().unwrap().to_owned()).collect();
    three.sort();
    assert_eq!(three, [format!("{long} programming"), "statistics drawing physics".to_owned()]);

    // The same results in the same order as the earlier query shape, with and without filters.
    for query in ["বাংলা", "ব্যাক", "গণিত পদার্থবিজ্ঞান", "সাহিত্য ইতিহাস রসায়ন", "physics", "Chem", "bangla grammar", "history 7", "summary", "physics summary", "chemistry physics", "গণিত গণিত"] {
        let path = format!("search={}", urlencode(query));
        let earlier = earlier_shape(&t, query, "").await;
        assert!(!earlier.is_empty(), "{query}");
        let now = uuids(&found(&t, MAIN, &path).await);
        assert_eq!(now[..earlier.len()], earlier[..], "{query}");
        let earlier = earlier_shape(&t, query, "AND c.category_id = 2 AND c.price = 0").await;
        assert_eq!(uuids(&found(&t, MAIN, &format!("{path}&category_id=2&payment_status=0")).await)[..earlier.len()], earlier[..], "{query}, filtered");
        let earlier = earlier_shape(&t, query, &format!("AND c.institution_id = {dhaka}")).await;
        assert_eq!(uuids(&found(&t, DHAKA, &path).await)[..earlier.len()], earlier[..], "{query}, dhaka's own site");
    }

    // Courses projected before their terms existed are filled in; a suspended site's courses
    // leave search.
    sqlx::query("UPDATE catalogue_courses SET search_terms = NULL").execute(&t.platform.db).await.unwrap();
    assert!(found(&t, MAIN, "search=gonit").await.is_empty());
    assert!(store::fill_missing_terms(&t.platform.db).await.unwrap() > 400);
    assert!(!found(&t, MAIN, "search=gonit").await.is_empty());
    let everywhere = found(&t, MAIN, "search=physics").await.len();
    sqlx::query("UPDATE institutions SET state = 'suspended' WHERE id = $1").bind(sylhet).execute(&t.platform.db).await.unwrap();
    let found_now = found(&t, MAIN, "search=physics").await;
    assert!(found_now.len() < everywhere && found_now.iter().all(|c| c["institution"]["id"] == dhaka));

    // The searches above ran in the word-search pool's sessions, planned for them; the control
    // pool's sessions keep PostgreSQL's defaults.
    let setting = async |pool: &sqlx::PgPool, name: &str| -> String {
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SHOW {name}"))).fetch_one(pool).await.unwrap()
    };
    let words = &t.state.ctl.catalogue.words;
    assert_eq!(setting(words, "plan_cache_mode").await, "force_generic_plan");
    assert_eq!(setting(words, "enable_seqscan").await, "off");
    assert_eq!(setting(words, "search_path").await, "control");
    assert_eq!(setting(&t.state.ctl.db, "plan_cache_mode").await, "auto");

    // Once primed, every connection of that pool holds the plans of a search by words on the
    // main site and on a partner's, made before any search asked for them.
    t.state.ctl.catalogue.prime().await.unwrap();
    let connections: Vec<_> = futures::future::try_join_all((0..words.options().get_max_connections()).map(|_| words.acquire())).await.unwrap();
    for mut conn in connections {
        let planned: Vec<String> = sqlx::query_scalar(
            "SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'WITH candidates%' AND generic_plans > 0 ORDER BY 1",
        )
        .fetch_all(&mut *conn)
        .await
        .unwrap();
        assert!(planned.len() >= 2, "{planned:?}");
        assert!(planned.iter().any(|s| s.contains("c.institution_id = $1")) && planned.iter().any(|s| s.contains("$1::bigint IS NULL")));
    }

    // A misspelling only trigram similarity finds is given up after a second as finding nothing,
    // rather than holding a search connection for as long as it takes. Here the trigram indexes
    // are held by an ALTER INDEX (a no-op one: a REINDEX would throw the plans away at once), so
    // that search waits; the search by words, planned already, does not use them.
    let misspelt = "search=mathenatics";
    assert!(!found(&t, MAIN, misspelt).await.is_empty(), "found by its trigrams alone");
    // A plan made while the indexes are held would wait for them too: every connection's plans
    // are made again first, should anything (an autoanalyze) have thrown them away.
    for _ in 0..2 * words.options().get_max_connections() {
        assert!(!found(&t, MAIN, "search=physics").await.is_empty());
    }
    let mut alter = t.platform.db.begin().await.unwrap();
    let trigram_indexes: Vec<String> =
        sqlx::query_scalar("SELECT inhrelid::regclass::text FROM pg_inherits WHERE inhparent = 'catalogue_courses_trgm'::regclass")
            .fetch_all(&mut *alter)
            .await
            .unwrap();
    assert_eq!(trigram_indexes.len(), 32);
    for index in trigram_indexes {
        sqlx::query(sqlx::AssertSqlSafe(format!("ALTER INDEX {index} SET TABLESPACE pg_default"))).execute(&mut *alter).await.unwrap();
    }
    // Bounded, so that a search by words held by the indexes fails the test instead of hanging it.
    let given_up = tokio::time::timeout(std::time::Duration::from_secs(60), found(&t, MAIN, misspelt)).await;
    assert_eq!(given_up.expect("the search by words was held by the trigram indexes"), Vec::<Value>::new());
    alter.rollback().await.unwrap();
    assert!(!found(&t, MAIN, misspelt).await.is_empty(), "found again once the indexes are free");

    // Past store::MATCH_CAP matches the count says "at least"; the pager's pages reach the cap, and
    // one past them is empty but still counts.
    for n in 0..=store::MATCH_CAP {
        let title = format!("workshop {n}");
        publish(&t, Course { site: dhaka, id: 5000 + n, title: &title, title_bn: "কর্মশালা", summary: "", category: 5, price: 0.0 }).await;
    }
    let page = async |start: i64| t.get(MAIN, &format!("/learner-course/course-search-solr?search=workshop&rows=20&start={start}"), None).await.body;
    let last = page(store::MATCH_CAP - 20).await;
    assert_eq!((last["total"].as_i64(), last["total_capped"].as_bool(), last["data"].as_array().map(Vec::len)), (Some(store::MATCH_CAP), Some(true), Some(20)), "{last}");
    let past = page(store::MATCH_CAP + 20).await;
    assert_eq!((past["total"].as_i64(), past["total_capped"].as_bool(), past["data"].as_array().map(Vec::len)), (Some(store::MATCH_CAP), Some(true), Some(0)), "{past}");
}
