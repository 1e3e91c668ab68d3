//! Training sessions on the calendars of their batch's trainees and their trainer, in the
//! control database (`control_plane::calendar`). A session is projected whole whenever it, its
//! batch's venue or its trainer changes, and a trainee who joins gets every session of the batch.
//!
//! As with events, the site's own records are written first and the calendar after, in another
//! database: what cannot be written there is logged, and the training's records stand.

use super::store::{self, Session};
use crate::courses::store::CourseRow;
use crate::state::AppState;
use control_plane::AppResult;
use control_plane::calendar::{self, EntryFields};
use control_plane::tenancy::Tenant;
use sqlx::PgPool;

const KIND: &str = "training";

/// Who has a session on their calendar: the batch's trainees and the session's trainer.
async fn people(db: &PgPool, session: &Session) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT user_id FROM enrollments WHERE batch_id = $1 AND status <> 'pending'
         UNION SELECT user_id FROM training_trainers WHERE id = $2",
    )
    .bind(session.batch_id)
    .bind(session.trainer_id)
    .fetch_all(db)
    .await
}

/// What a calendar says of a session: "training · session", at the batch's venue, linking to the
/// training's journey.
struct Entry {
    title: String,
    title_bn: String,
    location: Option<String>,
    path: String,
}

impl Entry {
    async fn of(db: &PgPool, course: &CourseRow, session: &Session) -> sqlx::Result<Self> {
        let settings = store::settings(db, session.batch_id).await?;
        let or = |bn: &str, en: &str| if bn.is_empty() { en.to_owned() } else { bn.to_owned() };
        let location = [settings.venue.as_str(), settings.address.as_str()].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(", ");
        Ok(Self {
            title: format!("{} · {}", course.title, session.title),
            title_bn: format!("{} · {}", or(&course.title_bn, &course.title), or(&session.title_bn, &session.title)),
            location: (!location.is_empty()).then_some(location),
            path: format!("/training/journey/{}", course.uuid),
        })
    }

    fn fields<'a>(&'a self, session: &Session) -> EntryFields<'a> {
        EntryFields {
            title: &self.title,
            title_bn: Some(&self.title_bn),
            starts_at: session.starts_at,
            ends_at: session.ends_at,
            location: self.location.as_deref(),
            path: &self.path,
        }
    }
}

/// Writes a session to the calendars of everyone it concerns (and off anyone's it no longer does).
async fn project(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, session: &Session) -> AppResult<()> {
    let entry = Entry::of(db, course, session).await?;
    let people = people(db, session).await?;
    let mut tx = app.ctl.db.begin().await?;
    calendar::leave(&mut *tx, tenant.id, KIND, session.id, None).await?;
    calendar::enter(&mut *tx, &people, tenant.id, KIND, session.id, &entry.fields(session)).await?;
    tx.commit().await?;
    Ok(())
}

/// Puts a batch's sessions on one new trainee's calendar.
async fn join(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, batch_id: i64, user_id: i64) -> AppResult<()> {
    for session in store::sessions(db, batch_id).await? {
        let entry = Entry::of(db, course, &session).await?;
        calendar::enter(&app.ctl.db, &[user_id], tenant.id, KIND, session.id, &entry.fields(&session)).await?;
    }
    Ok(())
}

/// A trainee joined a batch of a training.
pub async fn trainee_joined(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, batch_id: i64, user_id: i64) {
    logged(join(app, tenant, db, course, batch_id, user_id).await, "a new trainee", user_id);
}

fn logged(result: AppResult<()>, what: &str, id: i64) {
    if let Err(error) = result {
        tracing::error!(%error, id, "the calendar could not follow {what}");
    }
}

/// A session was added or changed.
pub async fn session_saved(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, session: &Session) {
    logged(project(app, tenant, db, course, session).await, "a training session", session.id);
}

/// A session was deleted.
pub async fn session_removed(app: &AppState, tenant: &Tenant, session_id: i64) {
    logged(calendar::leave(&app.ctl.db, tenant.id, KIND, session_id, None).await.map_err(Into::into), "a deleted session", session_id);
}

/// Every session of a batch again (its venue or a trainer changed).
pub async fn batch_changed(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, batch_id: i64) {
    reproject(app, tenant, db, course, store::sessions(db, batch_id).await, "a training batch", batch_id).await;
}

/// Every session of the training again (it was renamed: the entries carry its title).
pub async fn course_renamed(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow) {
    reproject(app, tenant, db, course, store::course_sessions(db, course.id).await, "a renamed training", course.id).await;
}

async fn reproject(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, sessions: sqlx::Result<Vec<Session>>, what: &str, id: i64) {
    match sessions {
        Ok(sessions) => {
            for session in &sessions {
                session_saved(app, tenant, db, course, session).await;
            }
        }
        Err(error) => tracing::error!(%error, id, "the calendar could not follow {what}"),
    }
}
