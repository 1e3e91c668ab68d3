//! Live classrooms (`/classroom/*`, `/convay/token`): a class with its teachers and students
//! (invited by e-mail or mobile number, joining through the class's link), sessions on a schedule
//! joined through a meeting provider, attendance per session, and a timeline of posts and comments.
//! Contract: docs/api-classrooms.md.
//!
//! A class's teachers and the site's admins manage it; its students take part; nobody else sees
//! it (404, as for a class of another site).

pub mod attendance;
pub mod chat;
pub mod classwork;
pub mod course_room;
pub mod evaluation;
pub mod live;
pub mod manage;
pub mod meetings;
pub mod people;
pub mod schedule;
pub mod schedule_store;
pub mod store;
pub mod timeline;

use crate::courses::access::can_author;
use crate::courses::view::site_url;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use control_plane::auth::Caller;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use sqlx::PgPool;
use store::ClassRow;
use utoipa::ToSchema;

pub const TEACHER: i16 = 1;
pub const STUDENT: i16 = 2;

/// The caller's part in a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Teacher,
    Student,
    /// A site admin who is not one of its people: manages it all the same.
    Admin,
}

impl Part {
    pub fn manages(self) -> bool {
        self != Part::Student
    }

    fn name(self) -> &'static str {
        match self {
            Part::Teacher => "teacher",
            Part::Student => "student",
            Part::Admin => "admin",
        }
    }
}

/// Whether the caller administers this site (partner admin, super admin).
fn site_admin(caller: &Caller, tenant: &Tenant) -> bool {
    caller.administers(tenant.id)
}

/// The caller's part: a course batch's room is also managed by the site's course authors.
fn part(row: &ClassRow, caller: &Caller, tenant: &Tenant) -> Option<Part> {
    match row.my_type {
        Some(TEACHER) => Some(Part::Teacher),
        _ if site_admin(caller, tenant) || (row.course_batch_id.is_some() && can_author(caller, tenant)) => Some(Part::Admin),
        Some(_) => Some(Part::Student),
        None => None,
    }
}

/// A class the caller takes part in, with their part; 404 for anyone else.
pub struct Access {
    pub user_id: i64,
    pub part: Part,
    pub class: ClassRow,
}

impl Access {
    /// 403 unless the caller manages the class.
    pub fn manager(self) -> AppResult<Self> {
        if self.part.manages() { Ok(self) } else { Err(AppError::Forbidden) }
    }
}

pub async fn access(db: &PgPool, id: i64, caller: &Caller, tenant: &Tenant) -> AppResult<Access> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let class = store::find(db, id, user_id).await?.ok_or(AppError::NotFound)?;
    let part = part(&class, caller, tenant).ok_or(AppError::NotFound)?;
    Ok(Access { user_id, part, class })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionBrief {
    pub id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Classroom {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    /// `jitsi`, `convay`, `bbb` (BigBlueButton), `zoom` or `link`.
    pub platform: String,
    /// The https link, for platform `link`.
    pub meeting_link: Option<String>,
    pub published: bool,
    pub featured: bool,
    /// `teacher`, `student` or `admin` (a site admin who is not one of its people).
    pub my_role: &'static str,
    /// Joined and invited people of each kind.
    pub teachers: i64,
    pub students: i64,
    /// The next session that has not ended.
    pub next_session: Option<SessionBrief>,
    /// The join code: teachers and admins only.
    pub code: Option<String>,
    /// `<site>/join/<code>`: teachers and admins only.
    pub join_url: Option<String>,
    /// A course batch's live room: the batch, and its course's type (`webinar` for a webinar's
    /// room) and uuid (its public page).
    pub course_batch_id: Option<i64>,
    pub course_type: Option<String>,
    pub course_uuid: Option<uuid::Uuid>,
    pub created_at: DateTime<Utc>,
}

/// Classes as the caller sees them (each row must be one they take part in).
pub async fn views(app: &AppState, db: &PgPool, rows: Vec<ClassRow>, caller: &Caller, tenant: &Tenant) -> AppResult<Vec<Classroom>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut next = store::next_sessions(db, &ids).await?;
    let site = site_url(tenant, &app.ctl.config.public_base_url);
    Ok(rows
        .into_iter()
        .map(|r| {
            let part = part(&r, caller, tenant).unwrap_or(Part::Student);
            let next_session = next.iter().position(|n| n.classroom_id == r.id).map(|i| {
                let n = next.swap_remove(i);
                SessionBrief { id: n.id, title: n.title, title_bn: n.title_bn, starts_at: n.starts_at, ends_at: n.ends_at }
            });
            let (code, join_url) = if part.manages() { (Some(r.code.clone()), Some(format!("{site}/join/{}", r.code))) } else { (None, None) };
            Classroom {
                id: r.id,
                name: r.fields.name,
                name_bn: r.fields.name_bn,
                description: r.fields.description,
                starts_at: r.fields.starts_at,
                platform: r.fields.platform,
                meeting_link: r.fields.meeting_link,
                published: r.published,
                featured: r.featured,
                my_role: part.name(),
                teachers: r.teachers,
                students: r.students,
                next_session,
                code,
                join_url,
                course_batch_id: r.course_batch_id,
                course_type: r.course_type,
                course_uuid: r.course_uuid,
                created_at: r.created_at,
            }
        })
        .collect())
}

/// One class as the caller sees it.
pub async fn view(app: &AppState, db: &PgPool, row: ClassRow, caller: &Caller, tenant: &Tenant) -> AppResult<Classroom> {
    Ok(views(app, db, vec![row], caller, tenant).await?.remove(0))
}
