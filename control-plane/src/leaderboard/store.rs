//! Table `leaderboard_weeks` (a learner's points per site and week) and `users.leaderboard_hidden`.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::{PgExecutor, PgPool};
use utoipa::ToSchema;

/// One learner's week on one site.
#[derive(Clone, Debug, Default, PartialEq, sqlx::FromRow)]
pub struct Week {
    pub week: NaiveDate,
    pub points: i32,
    pub lessons: i32,
    pub exams: i32,
    pub certificates: i32,
    pub reviews: i32,
}

/// Replaces a learner's weeks on a site with the ones recomputed from the site's records.
pub async fn replace(db: &PgPool, institution_id: i64, user_id: i64, weeks: &[Week]) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM leaderboard_weeks WHERE institution_id = $1 AND user_id = $2")
        .bind(institution_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    let column = |f: fn(&Week) -> i32| weeks.iter().map(f).collect::<Vec<i32>>();
    sqlx::query(
        "INSERT INTO leaderboard_weeks (institution_id, user_id, week, points, lessons, exams, certificates, reviews)
         SELECT $1, $2, * FROM unnest($3::date[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[])",
    )
    .bind(institution_id)
    .bind(user_id)
    .bind(weeks.iter().map(|w| w.week).collect::<Vec<_>>())
    .bind(column(|w| w.points))
    .bind(column(|w| w.lessons))
    .bind(column(|w| w.exams))
    .bind(column(|w| w.certificates))
    .bind(column(|w| w.reviews))
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Which points a board adds up: one site's or all, one week's or all time's.
#[derive(Clone, Copy, Debug)]
pub struct Scope {
    pub institution_id: Option<i64>,
    pub week: Option<NaiveDate>,
}

/// Learners' totals in a scope, the hidden left out. `$1` site or NULL, `$2` week or NULL.
const TOTALS: &str = "
    totals AS (
        SELECT w.user_id, sum(w.points)::int AS points
          FROM leaderboard_weeks w JOIN users u ON u.id = w.user_id AND NOT u.leaderboard_hidden
         WHERE ($1::bigint IS NULL OR w.institution_id = $1) AND ($2::date IS NULL OR w.week = $2)
         GROUP BY w.user_id HAVING sum(w.points) > 0)";

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Standing {
    /// Competition rank: equal points share a rank, and the next rank skips (1, 2, 2, 4).
    pub rank: i64,
    pub user_id: i64,
    pub name: String,
    /// The name in Bangla, when the learner gave one.
    pub name_bn: Option<String>,
    #[serde(skip)]
    pub photo_key: Option<String>,
    pub points: i32,
}

pub async fn count(db: &PgPool, scope: Scope) -> sqlx::Result<i64> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("WITH {TOTALS} SELECT count(*) FROM totals")))
        .bind(scope.institution_id)
        .bind(scope.week)
        .fetch_one(db)
        .await
}

pub async fn page(db: &PgPool, scope: Scope, limit: i64, offset: i64) -> sqlx::Result<Vec<Standing>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH {TOTALS}
         SELECT rank() OVER (ORDER BY t.points DESC) AS rank, t.user_id, u.name, u.name_bn, u.photo AS photo_key, t.points
           FROM totals t JOIN users u ON u.id = t.user_id
          ORDER BY t.points DESC, u.name, t.user_id LIMIT $3 OFFSET $4"
    )))
    .bind(scope.institution_id)
    .bind(scope.week)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

/// A learner's rank in a scope; `None` without points there or when hidden.
pub async fn rank_of(db: &PgPool, scope: Scope, user_id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "WITH {TOTALS}
         SELECT (SELECT 1 + count(*) FROM totals t WHERE t.points > m.points) FROM totals m WHERE m.user_id = $3"
    )))
    .bind(scope.institution_id)
    .bind(scope.week)
    .bind(user_id)
    .fetch_optional(db)
    .await
}

/// A learner's weeks since `since`, added up over every site, oldest first.
pub async fn weeks_of(db: &PgPool, user_id: i64, since: Option<NaiveDate>) -> sqlx::Result<Vec<Week>> {
    sqlx::query_as(
        "SELECT week, sum(points)::int AS points, sum(lessons)::int AS lessons, sum(exams)::int AS exams,
                sum(certificates)::int AS certificates, sum(reviews)::int AS reviews
           FROM leaderboard_weeks WHERE user_id = $1 AND ($2::date IS NULL OR week >= $2)
          GROUP BY week ORDER BY week",
    )
    .bind(user_id)
    .bind(since)
    .fetch_all(db)
    .await
}

pub async fn hidden(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT leaderboard_hidden FROM users WHERE id = $1").bind(user_id).fetch_one(db).await
}

pub async fn set_hidden(db: impl PgExecutor<'_>, user_id: i64, hidden: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET leaderboard_hidden = $2 WHERE id = $1").bind(user_id).bind(hidden).execute(db).await?;
    Ok(())
}
