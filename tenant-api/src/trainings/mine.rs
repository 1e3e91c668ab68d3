//! `GET /my-account/user/training`: the signed-in person's trainings on this site, as a trainee
//! (enrolled in a batch of a training) and as a trainer, with where, how far along and when next.

use crate::pools::TenantDb;
use axum::Json;
use chrono::{DateTime, Utc};
use control_plane::auth::RequireUser;
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct MyTraining {
    /// `trainee` or `trainer`.
    pub role: String,
    pub course_id: i64,
    pub title: String,
    pub title_bn: String,
    pub batch_id: i64,
    pub batch_name: String,
    pub venue: Option<String>,
    pub venue_bn: Option<String>,
    /// The batch's sessions (a trainer's: the ones they lead).
    pub sessions: i64,
    /// Sessions the trainee attended, or the trainer took.
    pub attended: i64,
    pub next_session: Option<DateTime<Utc>>,
}

/// The caller's trainings here, the next to start first.
#[utoipa::path(get, path = "/my-account/user/training", tag = "auth", responses((status = 200, body = Data<Vec<MyTraining>>), (status = 401)))]
pub async fn my_trainings(RequireUser(caller): RequireUser, TenantDb(db): TenantDb) -> AppResult<Json<Data<Vec<MyTraining>>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let rows = sqlx::query_as(
        "SELECT 'trainee' AS role, c.id AS course_id, c.title, c.title_bn, b.id AS batch_id, b.name AS batch_name, tb.venue, tb.venue_bn,
                (SELECT count(*) FROM training_sessions s WHERE s.batch_id = b.id) AS sessions,
                (SELECT count(*) FROM training_attendance a JOIN training_sessions s ON s.id = a.session_id
                  WHERE s.batch_id = b.id AND a.enrollment_id = e.id AND a.present) AS attended,
                (SELECT min(s.starts_at) FROM training_sessions s WHERE s.batch_id = b.id AND s.starts_at > now()) AS next_session
           FROM enrollments e JOIN batches b ON b.id = e.batch_id JOIN courses c ON c.id = e.course_id
           LEFT JOIN training_batches tb ON tb.batch_id = b.id
          WHERE e.user_id = $1 AND c.course_type = 'training'
         UNION ALL
         SELECT 'trainer', c.id, c.title, c.title_bn, b.id, b.name, tb.venue, tb.venue_bn,
                (SELECT count(*) FROM training_sessions s WHERE s.trainer_id = t.id),
                (SELECT count(*) FROM training_sessions s WHERE s.trainer_id = t.id AND s.attendance_taken_at IS NOT NULL),
                (SELECT min(s.starts_at) FROM training_sessions s WHERE s.trainer_id = t.id AND s.starts_at > now())
           FROM training_trainers t JOIN batches b ON b.id = t.batch_id JOIN courses c ON c.id = b.course_id
           LEFT JOIN training_batches tb ON tb.batch_id = b.id
          WHERE t.user_id = $1
          ORDER BY next_session NULLS LAST, batch_id",
    )
    .bind(user_id)
    .fetch_all(&*db)
    .await?;
    Ok(Json(Data::new(rows)))
}
