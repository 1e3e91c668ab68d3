//! A learner's points on this site (issue 15 leaderboards), recomputed from the site's records
//! after each achievement: finished lessons, passed exams (the first pass of each), issued
//! certificates and reviews, counted on their Dhaka days. The result replaces the learner's weeks
//! in the control plane's `leaderboard_weeks`, which the boards read; like the catalogue's
//! projection, a failed write surfaces as an error and the learner's next achievement repairs it.

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
        refresh(app, tenant, db, user_id).await?;
    }
    Ok(learners.len())
}

pub async fn refresh(app: &AppState, tenant: TenantId, db: &PgPool, user_id: i64) -> AppResult<()> {
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
