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

/// Replaces a learner's weeks on a site with the ones recomputed from the site's records, and
/// their sums on the four boards.
pub async fn replace(db: &PgPool, institution_id: i64, user_id: i64, weeks: &[Week]) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    // Two sites recomputing the same learner at once take turns, so the sums over all sites
    // always see both sites' weeks.
    sqlx::query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE").bind(user_id).execute(&mut *tx).await?;
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
    sqlx::query(
        "INSERT INTO leaderboard_site_totals (institution_id, user_id, points)
         SELECT $1, $2, coalesce(sum(points), 0) FROM leaderboard_weeks WHERE institution_id = $1 AND user_id = $2
         ON CONFLICT (institution_id, user_id) DO UPDATE SET points = excluded.points",
    )
    .bind(institution_id)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    for sums in [
        "DELETE FROM leaderboard_user_weeks WHERE user_id = $1",
        "INSERT INTO leaderboard_user_weeks (user_id, week, points)
         SELECT $1, week, sum(points) FROM leaderboard_weeks WHERE user_id = $1 GROUP BY week",
        "INSERT INTO leaderboard_user_totals (user_id, points) SELECT $1, coalesce(sum(points), 0) FROM leaderboard_weeks WHERE user_id = $1
         ON CONFLICT (user_id) DO UPDATE SET points = excluded.points",
    ] {
        sqlx::query(sums).bind(user_id).execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// Which points a board adds up: one site's or all, one week's or all time's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scope {
    pub institution_id: Option<i64>,
    pub week: Option<NaiveDate>,
}

impl Scope {
    /// The board's learners and points, hidden learners left out: `$1` the site, `$2` the week
    /// (each NULL when the scope has none). Each reads the top of one index.
    fn board(self) -> &'static str {
        match (self.institution_id, self.week) {
            (Some(_), Some(_)) => "SELECT b.user_id, b.points FROM leaderboard_weeks b JOIN users u ON u.id = b.user_id AND NOT u.leaderboard_hidden
                                    WHERE b.institution_id = $1 AND b.week = $2 AND b.points > 0",
            (Some(_), None) => "SELECT b.user_id, b.points FROM leaderboard_site_totals b JOIN users u ON u.id = b.user_id AND NOT u.leaderboard_hidden
                                 WHERE b.institution_id = $1 AND $2::date IS NULL AND b.points > 0",
            (None, Some(_)) => "SELECT b.user_id, b.points FROM leaderboard_user_weeks b JOIN users u ON u.id = b.user_id AND NOT u.leaderboard_hidden
                                 WHERE $1::int8 IS NULL AND b.week = $2 AND b.points > 0",
            (None, None) => "SELECT b.user_id, b.points FROM leaderboard_user_totals b JOIN users u ON u.id = b.user_id AND NOT u.leaderboard_hidden
                              WHERE $1::int8 IS NULL AND $2::date IS NULL AND b.points > 0",
        }
    }
}

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
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM ({}) board", scope.board())))
        .bind(scope.institution_id)
        .bind(scope.week)
        .fetch_one(db)
        .await
}

/// A page of the board, most points first (equal points in the order learners joined).
pub async fn page(db: &PgPool, scope: Scope, limit: i64, offset: i64) -> sqlx::Result<Vec<Standing>> {
    let board = scope.board();
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH top AS (SELECT * FROM ({board}) board ORDER BY points DESC, user_id LIMIT $3 OFFSET $4)
         SELECT (SELECT 1 + count(*) FROM ({board}) above WHERE above.points > top.points) AS rank,
                top.user_id, u.name, u.name_bn, u.photo AS photo_key, top.points
           FROM top JOIN users u ON u.id = top.user_id
          ORDER BY top.points DESC, top.user_id"
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
    let board = scope.board();
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT (SELECT 1 + count(*) FROM ({board}) above WHERE above.points > mine.points)
           FROM ({board}) mine WHERE mine.user_id = $3"
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
