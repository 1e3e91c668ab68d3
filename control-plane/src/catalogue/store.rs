//! SQL of the catalogue tables.

use super::query::{Words, doc_terms};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use utoipa::ToSchema;
use uuid::Uuid;

/// A published course as the catalogue keeps it (written by the owning site's edge).
pub struct Entry<'a> {
    pub institution_id: i64,
    pub course_id: i64,
    pub uuid: Uuid,
    pub slug: &'a str,
    pub title: &'a str,
    pub title_bn: &'a str,
    pub summary: &'a str,
    pub thumbnail: Option<&'a str>,
    pub category_id: Option<i64>,
    pub level: &'a str,
    pub language: &'a str,
    pub course_type: &'a str,
    pub price: f64,
    pub featured: bool,
    pub instructor_id: i64,
    pub instructor_name: &'a str,
}

pub async fn upsert(db: &PgPool, e: Entry<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO catalogue_courses (institution_id, course_id, uuid, slug, title, title_bn, summary, thumbnail,
             category_id, level, language, course_type, price, featured, instructor_id, instructor_name, search_terms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::float8::numeric, $14, $15, $16, $17)
         ON CONFLICT (institution_id, course_id) DO UPDATE SET slug = excluded.slug, title = excluded.title,
             title_bn = excluded.title_bn, summary = excluded.summary, thumbnail = excluded.thumbnail,
             category_id = excluded.category_id, level = excluded.level, language = excluded.language,
             course_type = excluded.course_type, price = excluded.price, featured = excluded.featured,
             instructor_id = excluded.instructor_id, instructor_name = excluded.instructor_name,
             search_terms = excluded.search_terms",
    )
    .bind(e.institution_id)
    .bind(e.course_id)
    .bind(e.uuid)
    .bind(e.slug)
    .bind(e.title)
    .bind(e.title_bn)
    .bind(e.summary)
    .bind(e.thumbnail)
    .bind(e.category_id)
    .bind(e.level)
    .bind(e.language)
    .bind(e.course_type)
    .bind(e.price)
    .bind(e.featured)
    .bind(e.instructor_id)
    .bind(e.instructor_name)
    .bind(doc_terms(e.title, e.title_bn, e.summary))
    .execute(db)
    .await?;
    Ok(())
}

/// Computes the search terms of courses projected before they existed (NULL after migration
/// V8), a thousand at a time.
pub async fn fill_missing_terms(db: &PgPool) -> sqlx::Result<u64> {
    let mut filled = 0;
    loop {
        let rows: Vec<(i64, i64, String, String, String)> = sqlx::query_as(
            "SELECT institution_id, course_id, title, title_bn, summary FROM catalogue_courses WHERE search_terms IS NULL LIMIT 1000",
        )
        .fetch_all(db)
        .await?;
        if rows.is_empty() {
            return Ok(filled);
        }
        let mut tx = db.begin().await?;
        for (institution_id, course_id, title, title_bn, summary) in &rows {
            sqlx::query("UPDATE catalogue_courses SET search_terms = $3 WHERE institution_id = $1 AND course_id = $2")
                .bind(institution_id)
                .bind(course_id)
                .bind(doc_terms(title, title_bn, summary))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        filled += rows.len() as u64;
    }
}

pub async fn remove(db: &PgPool, institution_id: i64, course_id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM catalogue_courses WHERE institution_id = $1 AND course_id = $2")
        .bind(institution_id)
        .bind(course_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Rating, review and enrolment counts, refreshed when they change on the owning site.
pub async fn set_stats(db: &PgPool, institution_id: i64, course_id: i64, rating: f64, reviews: i64, enrolled: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE catalogue_courses SET rating = round($3::numeric, 1), reviews_count = $4, enrolled_count = $5
          WHERE institution_id = $1 AND course_id = $2",
    )
    .bind(institution_id)
    .bind(course_id)
    .bind(rating)
    .bind(reviews as i32)
    .bind(enrolled as i32)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InstitutionRef {
    pub id: i64,
    pub slug: String,
    pub institution_name: String,
    pub institution_name_en: String,
    pub url: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Instructor {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CatalogueCourse {
    pub uuid: Uuid,
    pub slug: String,
    pub title: String,
    pub title_bn: String,
    pub summary: String,
    pub thumbnail: Option<String>,
    pub category_id: Option<i64>,
    pub level: String,
    pub language: String,
    pub course_type: String,
    pub price: f64,
    pub featured: bool,
    pub institution: InstitutionRef,
    pub instructor: Instructor,
    pub rating: f64,
    pub reviews_count: i32,
    pub enrolled_count: i32,
    pub published_at: DateTime<Utc>,
    pub url: String,
}

#[derive(sqlx::FromRow)]
pub struct Row {
    pub uuid: Uuid,
    slug: String,
    title: String,
    title_bn: String,
    summary: String,
    thumbnail: Option<String>,
    category_id: Option<i64>,
    level: String,
    language: String,
    course_type: String,
    price: f64,
    featured: bool,
    institution_id: i64,
    institution_slug: String,
    is_main: bool,
    institution_name: String,
    institution_name_en: String,
    instructor_id: i64,
    instructor_name: String,
    rating: f64,
    reviews_count: i32,
    enrolled_count: i32,
    published_at: DateTime<Utc>,
    pub total: i64,
}

impl Row {
    pub fn view(self, urls: &crate::config::PublicUrl) -> CatalogueCourse {
        let site = urls.site_url((!self.is_main).then_some(self.institution_slug.as_str()));
        CatalogueCourse {
            // SPEC's link builder: a webinar's page is /webinar/details/{uuid}.
            url: format!("{site}/{}/details/{}", if self.course_type == "webinar" { "webinar" } else { "course" }, self.uuid),
            uuid: self.uuid,
            slug: self.slug,
            title: self.title,
            title_bn: self.title_bn,
            summary: self.summary,
            thumbnail: self.thumbnail,
            category_id: self.category_id,
            level: self.level,
            language: self.language,
            course_type: self.course_type,
            price: self.price,
            featured: self.featured,
            institution: InstitutionRef {
                id: self.institution_id,
                slug: self.institution_slug,
                institution_name: self.institution_name,
                institution_name_en: self.institution_name_en,
                url: site,
            },
            instructor: Instructor { id: self.instructor_id, name: self.instructor_name },
            rating: self.rating,
            reviews_count: self.reviews_count,
            enrolled_count: self.enrolled_count,
            published_at: self.published_at,
        }
    }
}

/// The catalogue's columns a card is made of.
const CARD_COLUMNS: &str = "c.uuid, c.slug, c.title, c.title_bn, c.summary, c.thumbnail, c.category_id, c.level, c.language,
    c.course_type, c.price, c.featured, c.institution_id, c.instructor_id, c.instructor_name, c.rating, c.reviews_count,
    c.enrolled_count, c.published_at";

/// The columns of a catalogue card (without `total`).
const SELECTED: &str = "c.uuid, c.slug, c.title, c.title_bn, c.summary, c.thumbnail, c.category_id, c.level, c.language,
    c.course_type, c.price::float8 AS price, c.featured, c.institution_id, i.slug AS institution_slug, i.is_main,
    i.institution_name, i.institution_name_en, c.instructor_id, c.instructor_name, c.rating::float8 AS rating,
    c.reviews_count, c.enrolled_count, c.published_at";

/// What a catalogue search may filter on; `site` limits it to one institution.
#[derive(Debug, Default)]
pub struct Filter {
    pub site: Option<i64>,
    /// What was typed (see [`super::query`]).
    pub words: Option<Words>,
    /// In any of these categories.
    pub categories: Option<Vec<i64>>,
    pub course_type: Option<String>,
    pub level: Option<String>,
    pub language: Option<String>,
    pub free: Option<bool>,
    pub featured: bool,
    /// Not these courses (the one on screen, or those a learner has already).
    pub exclude: Vec<Uuid>,
    /// Only these courses (a wishlist).
    pub only: Option<Vec<Uuid>>,
    /// Only this instructor's courses.
    pub instructor: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Order {
    Relevance,
    Latest,
    Popular,
}

/// How many matches a search ranks and counts at most. A word found in a tenth of 100,000
/// courses would otherwise rank and count every one of them on each keystroke (1.4 s); past
/// this many the pager says "500+" and the best of an arbitrary 500 come first (those of the
/// first partitions read). Reading the candidates' rows is what a search costs: 2,000 took
/// twice as long as 1,000. At 1,000,000 courses, 500 rather than 1,000 took the median search
/// from 6.0-9.8 ms to 5.0-7.5 ms, and the 95th percentile of Bangla suggestions (one on each
/// keystroke) from 11-15 ms to 9-10 ms. 500 are 25 pages of 20, more than a learner pages
/// through before typing another word.
pub const MATCH_CAP: i64 = 500;

/// How the words of a search are matched.
#[derive(Clone, Copy, PartialEq)]
enum Matching {
    /// Index entries of words, prefixes and sounds (GIN on `search_doc`).
    Words,
    /// The same, any of several words.
    AnyWord,
    /// Trigram similarity, for misspellings (GIN on the trigrams).
    Similar,
}

/// Where a published course of an active site lives: its page on its own site.
pub async fn course_url(db: &PgPool, urls: &crate::config::PublicUrl, uuid: Uuid) -> sqlx::Result<Option<String>> {
    let site: Option<(String, bool)> = sqlx::query_as(
        "SELECT i.slug, i.is_main FROM catalogue_courses c JOIN institutions i ON i.id = c.institution_id
          WHERE c.uuid = $1 AND i.state = 'active'",
    )
    .bind(uuid)
    .fetch_optional(db)
    .await?;
    Ok(site.map(|(slug, is_main)| format!("{}/course/details/{uuid}", urls.site_url((!is_main).then_some(slug.as_str())))))
}

/// The pools the catalogue is searched through: the control pool, and a small one for searches
/// by words whose sessions carry [`WORD_SEARCH_SETTINGS`].
#[derive(Clone)]
pub struct Pools {
    pub control: PgPool,
    pub words: PgPool,
}

/// A search by words is read from its GIN indexes, whatever the estimates: planned for given
/// words PostgreSQL cannot tell how many courses they match, and its bet on a sequential scan
/// stopping at the cap read the whole catalogue when they were rarer than it thought. So the
/// plan is generic, made once per connection and statement. No JIT: a disabled scan's cost
/// crosses its threshold, and compiling took 4 s for a query that runs in 1 ms. Most of the time
/// left is reading the candidates' heap pages (up to the cap, one page each, 36-50 µs per page
/// not in shared buffers on the benchmark machine): the bitmap heap scan prefetches them, which
/// halved that time there. No parallel workers: since rows are narrow (V16) the planner bets on
/// a parallel append, which starts workers and reads partitions out of turn, past the cap (40 ms
/// for what takes 16 alone).
///
/// They are the sessions' own settings, not `SET LOCAL` in a transaction around each search:
/// that was three more round trips a search. And the pool is small, so few connections each
/// plan the statements (a generic plan covers the 32 partitions). Its connections make their
/// plans when they open ([`plan_ahead`]) and are kept open: sqlx's defaults would close one
/// idle for 10 minutes and replace each every 30, and every new one would plan again.
pub const WORD_SEARCH_SETTINGS: [(&str, &str); 5] = [
    ("plan_cache_mode", "force_generic_plan"),
    ("enable_seqscan", "off"),
    ("jit", "off"),
    ("effective_io_concurrency", "64"),
    ("max_parallel_workers_per_gather", "0"),
];

impl Pools {
    pub fn new(config: &crate::config::Config, control: PgPool) -> Self {
        let words = PgPoolOptions::new()
            .idle_timeout(None)
            .max_lifetime(None)
            .after_connect(|conn, _| Box::pin(async move { plan_ahead(conn).await }));
        let words = crate::db::companion(config, &control, words, &WORD_SEARCH_SETTINGS, config.search_db_max_connections);
        Self { control, words }
    }

    /// Opens the word-search connections, each making its plans, before any search needs them
    /// (an edge does this as it starts).
    pub async fn prime(&self) -> sqlx::Result<()> {
        let opening = (0..self.words.options().get_max_connections()).map(|_| self.words.acquire());
        futures::future::try_join_all(opening).await.map(drop)
    }
}

/// One page of matching courses of active sites, and how many match (at most [`MATCH_CAP`] + 1:
/// more than the cap means "at least that many").
/// Words are matched by their index entries first: all of them, or else (several words that no
/// course has together) any of them, the courses with more of them first; only when that finds
/// nothing are misspellings looked for by trigram similarity (the slower index).
pub async fn search(pools: &Pools, f: &Filter, order: Order, limit: i64, offset: i64) -> sqlx::Result<(Vec<Row>, i64)> {
    if f.words.is_none() {
        return matching(pools, f, None, order, limit, offset).await;
    }
    for how in [Matching::Words, Matching::AnyWord] {
        if how == Matching::AnyWord && f.words.as_ref().is_some_and(|w| w.any_word.is_none()) {
            continue;
        }
        let found = matching(pools, f, Some(how), order, limit, offset).await?;
        if found.1 > 0 {
            return Ok(found);
        }
    }
    matching(pools, f, Some(Matching::Similar), order, limit, offset).await
}

/// The filters as `search_doc` entries (migration V8), ANDed to the words' query.
fn filter_entries(f: &Filter) -> String {
    let mut entries = Vec::new();
    let mut one = |name: &str, value: &str| entries.push(format!("'@{name}={}'", value.replace('\\', "\\\\").replace('\'', "''")));
    if let Some(site) = f.site {
        one("site", &site.to_string());
    }
    if let Some(course_type) = &f.course_type {
        one("type", course_type);
    }
    if let Some(level) = &f.level {
        one("level", level);
    }
    if let Some(language) = &f.language {
        one("lang", language);
    }
    if let Some(free) = f.free {
        one("price", if free { "free" } else { "paid" });
    }
    if f.featured {
        entries.push("'@featured'".to_owned());
    }
    // An empty list matches nothing, which the column condition below says.
    if let Some(categories) = f.categories.as_ref().filter(|c| !c.is_empty()) {
        entries.push(format!("( {} )", categories.iter().map(|c| format!("'@cat={c}'")).collect::<Vec<_>>().join(" | ")));
    }
    entries.join(" & ")
}

/// One search's statement with its binds, ready to run on either pool.
type Search<'f> = sqlx::query::QueryAs<'f, sqlx::Postgres, Row, sqlx::postgres::PgArguments>;

/// The statement of one search and its binds, for either pool.
fn statement(f: &Filter, how: Option<Matching>, order: Order, limit: i64, offset: i64) -> Search<'_> {
    let (condition, rank) = match how {
        Some(Matching::Words | Matching::AnyWord) => (
            "(c.search_doc @@ $2::tsquery OR c.search_doc @@ $16::tsquery OR c.search_doc @@ $17::tsquery
              OR c.search_doc @@ $18::tsquery OR c.search_doc @@ $19::tsquery)",
            "ts_rank(c.rank_doc, (SELECT to_tsquery('simple', $15)))",
        ),
        Some(Matching::Similar) => ("$3 <% c.search_title", "word_similarity($3, c.search_title)"),
        None => ("true", "0::real"),
    };
    // Without words the candidates are the newest (or most enrolled) first, read off an index.
    // With words they are the first matches read, then ordered: ordering every match first
    // would read them all.
    let (pre_order, order_by) = match (order, how.is_some()) {
        (Order::Popular, false) => ("ORDER BY c.enrolled_count DESC, c.published_at DESC", "enrolled_count DESC, published_at DESC"),
        (Order::Popular, true) => ("", "enrolled_count DESC, published_at DESC"),
        (Order::Relevance, true) => ("", "rank DESC, published_at DESC"),
        (_, true) => ("", "published_at DESC, course_id DESC"),
        _ => ("ORDER BY c.published_at DESC, c.course_id DESC", "published_at DESC, course_id DESC"),
    };
    // A site's own search names its partition.
    let site = if f.site.is_some() { "c.institution_id = $1" } else { "$1::bigint IS NULL" };
    // Rank and count the capped candidates, then the cards of one page. Courses of sites that
    // are not active are left out by a hashed list of those few sites, not a join. The
    // candidates carry their cards' columns, read from the rows they were checked on: joining
    // the page back to the catalogue put all 32 partitions in the plan a second time, which
    // took 40% of the time to make it and initialised 32 more scans on every search.
    // The queries a row is ranked and checked by are made once, as subqueries: in a generic plan
    // `to_tsquery('simple', $15)` would parse its text again for every row (5-10 µs each, a
    // third of a common word's search).
    let sql = format!(
        "WITH candidates AS MATERIALIZED (
             SELECT {CARD_COLUMNS}, c.course_id, {rank} AS rank
               FROM catalogue_courses c
              WHERE {condition}
                AND {site}
                AND c.institution_id NOT IN (SELECT id FROM institutions WHERE state <> 'active')
                AND ($4::bigint[] IS NULL OR c.category_id = ANY($4))
                AND ($5::text IS NULL OR c.course_type = $5)
                AND ($6::text IS NULL OR c.level = $6)
                AND ($7::text IS NULL OR c.language = $7)
                AND ($8::boolean IS NULL OR (c.price = 0) = $8)
                AND (NOT $9 OR c.featured)
                AND NOT (c.uuid = ANY($10::uuid[]))
                AND ($13::uuid[] IS NULL OR c.uuid = ANY($13))
                AND ($14::bigint IS NULL OR c.instructor_id = $14)
                AND ($20::text IS NULL OR c.rank_doc @@ (SELECT to_tsquery('simple', $20)) OR c.sound_doc @@ (SELECT $21::tsquery))
                AND ($2::text IS NULL OR $3::text IS NOT NULL OR $15::text IS NOT NULL OR $16::text IS NULL
                     OR $17::text IS NULL OR $18::text IS NULL OR $19::text IS NULL) -- types the unused
              {pre_order} LIMIT {cap}),
         page AS (SELECT * FROM candidates ORDER BY {order_by} LIMIT $11 OFFSET $12)
         SELECT {SELECTED}, (SELECT count(*) FROM candidates) AS total
           FROM page c
           JOIN institutions i ON i.id = c.institution_id
          ORDER BY {order_by_c}",
        cap = MATCH_CAP + 1,
        order_by_c = order_by.split(", ").map(|part| format!("c.{part}")).collect::<Vec<_>>().join(", "),
    );
    // Each way of matching the words, with the filters: one conjunction per index scan.
    let filters = filter_entries(f);
    let (words, rank, exact): (Vec<&String>, Option<&String>, Option<&(String, String)>) = match (how, &f.words) {
        (Some(Matching::AnyWord), Some(w)) => w.any_word.as_ref().map_or((vec![], None, None), |(any, rank)| (vec![any], Some(rank), None)),
        (Some(Matching::Words), Some(w)) => (w.branches.iter().collect(), Some(&w.rank), w.exact.as_ref()),
        (_, Some(w)) => (w.branches.iter().collect(), Some(&w.rank), None),
        (_, None) => (vec![], None, None),
    };
    let mut branches = words.iter().map(|b| Some(if filters.is_empty() { b.to_string() } else { format!("( {b} ) & {filters}") }));
    let mut branch = || branches.next().flatten();
    let first = branch();
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(f.site)
        .bind(first)
        .bind(f.words.as_ref().map(|w| &w.raw))
        .bind(&f.categories)
        .bind(&f.course_type)
        .bind(&f.level)
        .bind(&f.language)
        .bind(f.free)
        .bind(f.featured)
        .bind(&f.exclude)
        .bind(limit)
        .bind(offset)
        .bind(&f.only)
        .bind(f.instructor)
        .bind(rank)
        .bind(branch())
        .bind(branch())
        .bind(branch())
        .bind(branch())
        .bind(exact.map(|e| &e.0))
        .bind(exact.map(|e| &e.1))
}

async fn matching(pools: &Pools, f: &Filter, how: Option<Matching>, order: Order, limit: i64, offset: i64) -> sqlx::Result<(Vec<Row>, i64)> {
    let query = statement(f, how, order, limit, offset);
    let rows: Vec<Row> = match how {
        Some(Matching::Similar) => within_time(&pools.words, query).await?,
        Some(_) => query.fetch_all(&pools.words).await?,
        // Without words the filters must be planned for their values (the site's partition).
        None => query.fetch_all(&pools.control).await?,
    };
    let total = match rows.first() {
        Some(r) => r.total,
        // Past the last page: still say how many there are.
        None if offset > 0 => Box::pin(matching(pools, f, how, order, 1, 0)).await?.1,
        None => 0,
    };
    Ok((rows, total))
}

/// A misspelling close to no course can make the trigram index offer a sixth of the catalogue
/// to check: seconds of work (once 16.6 s at 1,000,000 courses) holding one of the few
/// word-search connections. So that search is given up after a second, as finding nothing.
async fn within_time(words: &PgPool, query: Search<'_>) -> sqlx::Result<Vec<Row>> {
    let mut tx = words.begin().await?;
    sqlx::query("SET LOCAL statement_timeout = '1s'").execute(&mut *tx).await?;
    match query.fetch_all(&mut *tx).await {
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("57014") => {
            tracing::info!("a search by similar spelling took over a second and was given up");
            Ok(Vec::new())
        }
        found => {
            let found = found?;
            tx.commit().await?;
            Ok(found)
        }
    }
}

/// Makes a word-search connection's plans when it opens, so no search waits for them: the
/// statements of a search by words on the main site and on a partner's, run once for no index
/// entry at all (they match nothing and read no index page). Over 32 partitions a plan took
/// 31-61 ms to make on a new connection.
pub async fn plan_ahead(conn: &mut sqlx::PgConnection) -> sqlx::Result<()> {
    let mut words = super::query::parse("plan").expect("a word is a search");
    words.branches.clear();
    for site in [None, Some(0)] {
        let f = Filter { site, words: Some(words.clone()), ..Filter::default() };
        statement(&f, Some(Matching::Words), Order::Relevance, 1, 0).fetch_all(&mut *conn).await?;
    }
    Ok(())
}

/// How many published courses a profile has, their learners and their average rating.
#[derive(Debug, sqlx::FromRow)]
pub struct Totals {
    pub courses: i64,
    pub learners: i64,
    pub rating: f64,
}

/// [`Totals`] of a site's courses, or an instructor's (on one site or all).
pub async fn totals(db: &PgPool, site: Option<i64>, instructor: Option<i64>) -> sqlx::Result<Totals> {
    sqlx::query_as(
        "SELECT count(*) AS courses, COALESCE(sum(c.enrolled_count), 0)::int8 AS learners,
                COALESCE(round(avg(NULLIF(c.rating, 0)), 1), 0)::float8 AS rating
           FROM catalogue_courses c JOIN institutions i ON i.id = c.institution_id AND i.state = 'active'
          WHERE ($1::bigint IS NULL OR c.institution_id = $1) AND ($2::bigint IS NULL OR c.instructor_id = $2)",
    )
    .bind(site)
    .bind(instructor)
    .fetch_one(db)
    .await
}

/// A learner's enrolment as the main site's dashboard lists it.
pub async fn record_learner(
    db: &PgPool,
    user_id: i64,
    institution_id: i64,
    course: Uuid,
    status: &str,
    progress_percent: i32,
    completed_at: Option<DateTime<Utc>>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO learner_courses (user_id, institution_id, course_uuid, status, progress_percent, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, course_uuid) DO UPDATE SET status = excluded.status,
             progress_percent = excluded.progress_percent, completed_at = excluded.completed_at, updated_at = now()",
    )
    .bind(user_id)
    .bind(institution_id)
    .bind(course)
    .bind(status)
    .bind(progress_percent)
    .bind(completed_at)
    .execute(db)
    .await?;
    Ok(())
}

/// A learner no longer enrolled in a course (a refunded seat).
pub async fn forget_learner(db: &PgPool, user_id: i64, course: Uuid) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM learner_courses WHERE user_id = $1 AND course_uuid = $2").bind(user_id).bind(course).execute(db).await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub struct LearnerRow {
    #[sqlx(flatten)]
    pub course: Row,
    pub status: String,
    pub progress_percent: i32,
    pub completed_at: Option<DateTime<Utc>>,
}

/// The categories of the courses a learner takes at any site, and those courses.
pub async fn learner_interests(db: &PgPool, user_id: i64) -> sqlx::Result<(Vec<i64>, Vec<Uuid>)> {
    let rows: Vec<(Uuid, Option<i64>)> = sqlx::query_as(
        "SELECT l.course_uuid, c.category_id FROM learner_courses l LEFT JOIN catalogue_courses c ON c.uuid = l.course_uuid
          WHERE l.user_id = $1",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    let mut categories: Vec<i64> = rows.iter().filter_map(|r| r.1).collect();
    categories.sort_unstable();
    categories.dedup();
    Ok((categories, rows.into_iter().map(|r| r.0).collect()))
}

/// A learner's courses, most recently active first; `site` limits them to one institution.
pub async fn learner_courses(db: &PgPool, user_id: i64, site: Option<i64>, limit: i64, offset: i64) -> sqlx::Result<Vec<LearnerRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SELECTED}, count(*) OVER () AS total, l.status, l.progress_percent, l.completed_at
           FROM learner_courses l
           JOIN catalogue_courses c ON c.uuid = l.course_uuid
           JOIN institutions i ON i.id = c.institution_id AND i.state = 'active'
          WHERE l.user_id = $1 AND ($2::bigint IS NULL OR l.institution_id = $2)
          ORDER BY l.updated_at DESC LIMIT $3 OFFSET $4"
    )))
    .bind(user_id)
    .bind(site)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// A certificate as every host can verify it.
pub struct Registration<'a> {
    pub tracking_code: &'a str,
    pub institution_id: i64,
    pub user_id: i64,
    pub holder_name: &'a str,
    pub course_title: &'a str,
    pub course_title_bn: &'a str,
    pub course_uuid: Uuid,
    pub status: &'a str,
    pub issued_at: DateTime<Utc>,
}

pub async fn register_certificate(db: &PgPool, r: Registration<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO certificate_registry (tracking_code, institution_id, user_id, holder_name, course_title, course_title_bn,
             course_uuid, status, issued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (tracking_code) DO UPDATE SET status = excluded.status, holder_name = excluded.holder_name,
             issued_at = excluded.issued_at",
    )
    .bind(r.tracking_code)
    .bind(r.institution_id)
    .bind(r.user_id)
    .bind(r.holder_name)
    .bind(r.course_title)
    .bind(r.course_title_bn)
    .bind(r.course_uuid)
    .bind(r.status)
    .bind(r.issued_at)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CertificateView {
    pub tracking_code: String,
    pub status: String,
    pub holder_name: String,
    pub course_title: String,
    pub course_title_bn: String,
    pub course_uuid: Uuid,
    pub institution: InstitutionRef,
    pub issued_at: DateTime<Utc>,
    pub verify_url: String,
    pub pdf_url: String,
}

#[derive(sqlx::FromRow)]
struct CertificateRow {
    tracking_code: String,
    status: String,
    holder_name: String,
    course_title: String,
    course_title_bn: String,
    course_uuid: Uuid,
    issued_at: DateTime<Utc>,
    institution_id: i64,
    slug: String,
    is_main: bool,
    institution_name: String,
    institution_name_en: String,
}

impl CertificateRow {
    fn view(self, urls: &crate::config::PublicUrl) -> CertificateView {
        let site = urls.site_url((!self.is_main).then_some(self.slug.as_str()));
        CertificateView {
            verify_url: format!("{}/certificate/check/{}", urls.site_url(None), self.tracking_code),
            pdf_url: format!("{site}/learner-course/certificate-pdf/{}", self.tracking_code),
            tracking_code: self.tracking_code,
            status: self.status,
            holder_name: self.holder_name,
            course_title: self.course_title,
            course_title_bn: self.course_title_bn,
            course_uuid: self.course_uuid,
            issued_at: self.issued_at,
            institution: InstitutionRef {
                id: self.institution_id,
                slug: self.slug,
                institution_name: self.institution_name,
                institution_name_en: self.institution_name_en,
                url: site,
            },
        }
    }
}

const CERTIFICATE_SQL: &str = "SELECT r.tracking_code, r.status, r.holder_name, r.course_title, r.course_title_bn, r.course_uuid,
        r.issued_at, r.institution_id, i.slug, i.is_main, i.institution_name, i.institution_name_en
   FROM certificate_registry r JOIN institutions i ON i.id = r.institution_id";

pub async fn certificate(db: &PgPool, urls: &crate::config::PublicUrl, tracking_code: &str) -> sqlx::Result<Option<CertificateView>> {
    let row: Option<CertificateRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{CERTIFICATE_SQL} WHERE r.tracking_code = $1")))
        .bind(tracking_code)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|r| r.view(urls)))
}

/// A learner's certificates, newest first; `site` limits them to one institution.
pub async fn certificates_of(db: &PgPool, urls: &crate::config::PublicUrl, user_id: i64, site: Option<i64>) -> sqlx::Result<Vec<CertificateView>> {
    let rows: Vec<CertificateRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{CERTIFICATE_SQL} WHERE r.user_id = $1 AND ($2::bigint IS NULL OR r.institution_id = $2) ORDER BY r.issued_at DESC"
    )))
    .bind(user_id)
    .bind(site)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| r.view(urls)).collect())
}

/// How many of a site's learners (everyone enrolled in one of its courses) gave each gender;
/// `None`: not given.
pub async fn learner_genders(db: &PgPool, institution_id: i64) -> sqlx::Result<Vec<(Option<String>, i64)>> {
    sqlx::query_as(
        "SELECT u.gender, count(*) FROM (SELECT DISTINCT user_id FROM learner_courses WHERE institution_id = $1) l
           JOIN users u ON u.id = l.user_id GROUP BY u.gender",
    )
    .bind(institution_id)
    .fetch_all(db)
    .await
}

/// The catalogue's courses of active sites, by type.
pub async fn courses_by_type(db: &PgPool) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT c.course_type, count(*) FROM catalogue_courses c JOIN institutions i ON i.id = c.institution_id AND i.state = 'active'
          GROUP BY c.course_type ORDER BY c.course_type",
    )
    .fetch_all(db)
    .await
}
