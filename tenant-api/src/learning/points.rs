//! A learner's points on this site (issue 15 leaderboards), recomputed from the site's records
//! after each achievement: finished lessons, passed exams (the first pass of each), issued
//! certificates and reviews, counted on their Dhaka days. The result replaces the learner's weeks
//! in the control plane's `leaderboard_weeks`, which the boards read. The learner is marked as
//! owed (`points_pending`) before the write and cleared after it, so a write that fails (the
//! control plane unreachable, the edge gone) costs the achievement nothing: the edges' sweep
//! writes it again.

use crate::state::AppState;
use control_plane::AppResult;
use control_plane::leaderboard::{self, Kind};
use control_plane::tenancy::TenantId;
use chrono::NaiveDate;
use sqlx::PgPool;

/// Every learner's points on the site, recomputed (the demo dates its history back after the fact).
pub async fn rebuild(app: &AppState, tenant: TenantId, db: &PgPool) -> AppResult<usize> {
    let learners: Vec<i64> = sqlx::query_scalar(
        "SELECT user_id FROM enrollments UNION SELECT user_id FROM exam_attempts UNION SELECT user_id FROM reviews",
    )
    .fetch_all(db)
    .await?;
    for &user_id in &learners {
        write(app, tenant, db, user_id).await?;
    }
    Ok(learners.len())
}

/// After an achievement: the learner's points recounted and written to the boards, or left
/// marked for the sweep when that fails (the achievement itself has been kept either way).
pub async fn refresh(app: &AppState, tenant: TenantId, db: &PgPool, user_id: i64) {
    if let Err(error) = mark_and_write(app, tenant, db, user_id).await {
        tracing::warn!(tenant, user_id, %error, "points not written to the leaderboards; the sweep will");
    }
}

async fn mark_and_write(app: &AppState, tenant: TenantId, db: &PgPool, user_id: i64) -> AppResult<()> {
    let marked: chrono::DateTime<chrono::Utc> = sqlx::query_scalar(
        "INSERT INTO points_pending (user_id) VALUES ($1) ON CONFLICT (user_id) DO UPDATE SET marked_at = now() RETURNING marked_at",
    )
    .bind(user_id)
    .fetch_one(db)
    .await?;
    write(app, tenant, db, user_id).await?;
    // A mark made meanwhile (another achievement) stays for its own write.
    sqlx::query("DELETE FROM points_pending WHERE user_id = $1 AND marked_at <= $2").bind(user_id).bind(marked).execute(db).await?;
    Ok(())
}

/// Writes the points of learners marked at least `age` ago (a write that failed, or an edge that
/// stopped between an achievement and its write); answers how many were written.
pub async fn sweep(app: &AppState, tenant: TenantId, db: &PgPool, age: std::time::Duration) -> AppResult<usize> {
    let owed: Vec<i64> = sqlx::query_scalar("SELECT user_id FROM points_pending WHERE marked_at <= now() - make_interval(secs => $1) ORDER BY marked_at LIMIT 500")
        .bind(age.as_secs_f64())
        .fetch_all(db)
        .await?;
    for &user_id in &owed {
        mark_and_write(app, tenant, db, user_id).await?;
    }
    Ok(owed.len())
}

async fn write(app: &AppState, tenant: TenantId, db: &PgPool, user_id: i64) -> AppResult<()> {
    let rows: Vec<(NaiveDate, String, i64)> = sqlx::query_as(
        "SELECT day, kind, count(*) FROM (
             SELECT (p.completed_at AT TIME ZONE 'Asia/Dhaka')::date AS day, 'lesson' AS kind
               FROM lesson_progress p JOIN enrollments e ON e.id = p.enrollment_id WHERE e.user_id = $1
             UNION ALL
             SELECT (min(coalesce(submitted_at, created_at)) AT TIME ZONE 'Asia/Dhaka')::date, 'exam'
               FROM exam_attempts WHERE user_id = $1 AND passed GROUP BY exam_id
             UNION ALL
             SELECT (issued_at AT TIME ZONE 'Asia/Dhaka')::date, 'certificate' FROM certificates WHERE user_id = $1 AND status = 'issued'
             UNION ALL
             SELECT (created_at AT TIME ZONE 'Asia/Dhaka')::date, 'review' FROM reviews WHERE user_id = $1
         ) events GROUP BY day, kind",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    let events = rows.into_iter().map(|(day, kind, n)| {
        let kind = match kind.as_str() {
            "lesson" => Kind::Lesson,
            "exam" => Kind::Exam,
            "certificate" => Kind::Certificate,
            _ => Kind::Review,
        };
        (day, kind, i32::try_from(n).unwrap_or(i32::MAX))
    });
    leaderboard::store::replace(&app.ctl.db, tenant, user_id, &leaderboard::weeks_from(events)).await?;
    Ok(())
}
