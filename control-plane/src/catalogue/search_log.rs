//! What learners search for (table `search_terms_daily`), for the dashboard's search analysis.
//! A search's first page is counted in memory, by site, Dhaka day and normalised words, with
//! whether it found nothing; [`SearchLog::flush`] adds the counts to the table (every few seconds
//! from the edge, and on shutdown). A crash loses at most the counts since the last flush.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::Mutex;
use utoipa::ToSchema;

/// A query longer than this is kept cut to it.
const MAX_TERM_CHARS: usize = 100;

#[derive(Default)]
pub struct SearchLog {
    counts: Mutex<HashMap<(i64, NaiveDate, String), (i32, i32)>>,
}

impl SearchLog {
    /// Counts one search on `site` for `words` (normalised), `found` courses.
    pub fn record(&self, site: i64, words: &[String], found: i64) {
        let term: String = words.join(" ").chars().take(MAX_TERM_CHARS).collect();
        if term.is_empty() {
            return;
        }
        let mut counts = self.counts.lock().expect("search counts");
        let entry = counts.entry((site, crate::dhaka::today(), term)).or_default();
        entry.0 += 1;
        entry.1 += i32::from(found == 0);
    }

    /// Adds the counts so far to the table; they are kept for the next flush if it fails.
    pub async fn flush(&self, db: &PgPool) -> sqlx::Result<()> {
        let taken = std::mem::take(&mut *self.counts.lock().expect("search counts"));
        if taken.is_empty() {
            return Ok(());
        }
        let mut rows: Vec<_> = taken.iter().collect();
        // One order for every writer, so two edges flushing at once cannot deadlock.
        rows.sort_by(|a, b| a.0.cmp(b.0));
        let result = sqlx::query(
            "INSERT INTO search_terms_daily AS s (institution_id, day, term, searches, zero_results)
             SELECT * FROM unnest($1::int8[], $2::date[], $3::text[], $4::int[], $5::int[])
             ON CONFLICT (institution_id, day, term) DO UPDATE
                SET searches = s.searches + excluded.searches, zero_results = s.zero_results + excluded.zero_results",
        )
        .bind(rows.iter().map(|(k, _)| k.0).collect::<Vec<_>>())
        .bind(rows.iter().map(|(k, _)| k.1).collect::<Vec<_>>())
        .bind(rows.iter().map(|(k, _)| k.2.clone()).collect::<Vec<_>>())
        .bind(rows.iter().map(|(_, v)| v.0).collect::<Vec<_>>())
        .bind(rows.iter().map(|(_, v)| v.1).collect::<Vec<_>>())
        .execute(db)
        .await;
        if result.is_err() {
            let mut counts = self.counts.lock().expect("search counts");
            for (key, (n, zero)) in taken {
                let entry = counts.entry(key).or_default();
                entry.0 += n;
                entry.1 += zero;
            }
        }
        result.map(drop)
    }
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct TermCount {
    pub term: String,
    pub searches: i64,
    pub zero_results: i64,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DayCount {
    pub date: NaiveDate,
    pub searches: i64,
    pub zero_results: i64,
}

/// How many terms each list shows.
const TOP: i64 = 20;

/// The most searched terms between two days (both included), on one site or all.
pub async fn top_terms(db: &PgPool, site: Option<i64>, from: NaiveDate, to: NaiveDate, only_unfound: bool) -> sqlx::Result<Vec<TermCount>> {
    sqlx::query_as(
        "SELECT term, sum(searches)::int8 AS searches, sum(zero_results)::int8 AS zero_results FROM search_terms_daily
          WHERE day BETWEEN $2 AND $3 AND ($1::int8 IS NULL OR institution_id = $1)
          GROUP BY term HAVING NOT $4 OR sum(zero_results) > 0
          ORDER BY CASE WHEN $4 THEN sum(zero_results) ELSE sum(searches) END DESC, term LIMIT $5",
    )
    .bind(site)
    .bind(from)
    .bind(to)
    .bind(only_unfound)
    .bind(TOP)
    .fetch_all(db)
    .await
}

/// The searches of each day that had any, between two days (both included).
pub async fn by_day(db: &PgPool, site: Option<i64>, from: NaiveDate, to: NaiveDate) -> sqlx::Result<Vec<DayCount>> {
    sqlx::query_as(
        "SELECT day AS date, sum(searches)::int8 AS searches, sum(zero_results)::int8 AS zero_results FROM search_terms_daily
          WHERE day BETWEEN $2 AND $3 AND ($1::int8 IS NULL OR institution_id = $1) GROUP BY day ORDER BY day",
    )
    .bind(site)
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await
}
