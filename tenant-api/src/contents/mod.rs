//! The content bank of the host's site (docs/api-content-bank.md): reusable teaching material
//! whose parts point at files of the file manager, texts and exams of the Exam Centre. Authors
//! keep, share and publish items; everyone signed in enrols, goes through the parts in order,
//! answers their quizzes and reviews them; course authors drop items into courses as lessons.

pub mod learning;
pub mod manage;
pub mod store;

use crate::files::{self, File, Person};
use crate::media;
use crate::state::AppState;
use chrono::{DateTime, NaiveDate, Utc};
use control_plane::reference::categories;
use control_plane::tenancy::Tenant;
use control_plane::users::store::{Contact, contacts};
use control_plane::AppResult;
use serde::Serialize;
use sqlx::PgPool;
use std::collections::HashMap;
use store::{ContentRow, EnrollmentRow, PartRow};
use utoipa::ToSchema;
use uuid::Uuid;

/// SPEC §3's content types.
pub const CONTENT_TYPES: [&str; 13] = [
    "video", "audio", "document", "image", "manual", "presentation", "quiz", "exam", "assignment", "survey", "discussion", "interview",
    "project",
];

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentCategory {
    pub id: i64,
    pub title: String,
    pub bn_title: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentEnrollment {
    pub id: i64,
    pub content_id: i64,
    pub done_parts: i64,
    pub total_parts: i64,
    pub completed_at: Option<DateTime<Utc>>,
}

impl From<EnrollmentRow> for ContentEnrollment {
    fn from(e: EnrollmentRow) -> Self {
        Self { id: e.id, content_id: e.content_id, done_parts: e.done_parts, total_parts: e.total_parts, completed_at: e.completed_at }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentItem {
    pub id: i64,
    pub title: String,
    pub title_bn: String,
    pub description: String,
    pub description_bn: String,
    #[schema(example = "video")]
    pub content_type: String,
    pub category_id: Option<i64>,
    pub category: Option<ContentCategory>,
    /// Hours and minutes to go through it: `1:30`.
    pub duration: String,
    pub start_date: Option<NaiveDate>,
    pub published: bool,
    /// The cover picture: a signed link (3600 s), or the picture's own link.
    pub cover: Option<String>,
    pub cover_file_id: Option<i64>,
    pub owner_id: i64,
    pub owner_name: Option<String>,
    pub parts_count: i64,
    pub learners_count: i64,
    pub rating: Option<f64>,
    pub reviews_count: i64,
    /// The caller owns it.
    pub mine: bool,
    /// Who it is shared with (its owner's view only).
    pub shared_with: Vec<Person>,
    /// The caller's enrolment.
    pub enrollment: Option<ContentEnrollment>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentExam {
    pub id: i64,
    pub uuid: Uuid,
    pub title: String,
    pub title_bn: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentPart {
    pub id: i64,
    pub position: i32,
    pub title: String,
    pub title_bn: String,
    /// `file`, `text` or `quiz`.
    pub kind: String,
    pub file: Option<File>,
    /// Clean HTML of a text part.
    pub body: Option<String>,
    pub exam: Option<ContentExam>,
    /// The caller finished it.
    pub done: bool,
    /// Every earlier part is done.
    pub open: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentDetail {
    #[serde(flatten)]
    pub item: ContentItem,
    pub parts: Vec<ContentPart>,
}

/// `H:MM` as minutes (hours up to 999); `None` when it is not that.
pub fn parse_duration(value: &str) -> Option<i32> {
    let (h, m) = value.trim().split_once(':')?;
    let digits = |p: &str, width: std::ops::RangeInclusive<usize>| width.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
    if !digits(h, 1..=3) || !digits(m, 2..=2) {
        return None;
    }
    let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
    (m < 60).then_some(h * 60 + m)
}

pub fn format_duration(minutes: i32) -> String {
    format!("{}:{:02}", minutes / 60, minutes % 60)
}

/// Items as `caller` sees them: the cover signed, the category and owner named, the caller's
/// enrolment, and who their own items are shared with.
pub async fn views(app: &AppState, tenant: &Tenant, db: &PgPool, caller: i64, rows: Vec<ContentRow>) -> AppResult<Vec<ContentItem>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let own: Vec<i64> = rows.iter().filter(|r| r.owner_id == caller).map(|r| r.id).collect();
    let shares = if own.is_empty() { Vec::new() } else { store::shares(db, &own).await? };
    let mut enrollments: HashMap<i64, EnrollmentRow> =
        store::enrollments_of(db, caller, &ids).await?.into_iter().map(|e| (e.content_id, e)).collect();
    let mut people: Vec<i64> = shares.iter().map(|(_, user)| *user).chain(rows.iter().map(|r| r.owner_id)).collect();
    people.sort_unstable();
    people.dedup();
    let contacts: HashMap<i64, Contact> = contacts(&app.ctl.db, &people).await?.into_iter().map(|c| (c.id, c)).collect();
    let mut items = Vec::with_capacity(rows.len());
    for r in rows {
        let category = match r.category_id {
            Some(id) => categories::find(&app.ctl.db, id).await?.map(|c| ContentCategory { id: c.id.into(), title: c.title, bn_title: c.bn_title }),
            None => None,
        };
        let cover = match (&r.cover_key, &r.cover_url) {
            (Some(key), _) => Some(media::presigned(app, tenant, key).await?),
            (None, url) => url.clone(),
        };
        let shared_with = shares
            .iter()
            .filter(|(item, _)| *item == r.id)
            .filter_map(|(_, user)| contacts.get(user))
            .map(Person::from)
            .collect();
        items.push(ContentItem {
            id: r.id,
            title: r.title,
            title_bn: r.title_bn,
            description: r.description,
            description_bn: r.description_bn,
            content_type: r.content_type,
            category_id: r.category_id,
            category,
            duration: format_duration(r.duration_minutes),
            start_date: r.start_date,
            published: r.published,
            cover,
            cover_file_id: r.cover_file_id,
            owner_id: r.owner_id,
            owner_name: contacts.get(&r.owner_id).map(|c| c.name.clone()),
            parts_count: r.parts_count,
            learners_count: r.learners_count,
            rating: r.rating,
            reviews_count: r.reviews_count,
            mine: r.owner_id == caller,
            shared_with,
            enrollment: enrollments.remove(&r.id).map(ContentEnrollment::from),
            created_at: r.created_at,
            updated_at: r.updated_at,
        });
    }
    Ok(items)
}

/// What the caller may see of an item's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The titles only.
    Outline,
    /// Everything: the owner, a colleague it is shared with, an enrolled learner.
    Full,
}

/// An item with its parts, `done` and `open` from `done` (the caller's finished parts).
pub async fn detail(app: &AppState, tenant: &Tenant, db: &PgPool, caller: i64, row: ContentRow, access: Access, done: &[i64]) -> AppResult<ContentDetail> {
    let rows = store::parts(db, row.id).await?;
    let item = views(app, tenant, db, caller, vec![row]).await?.remove(0);
    let mut parts = Vec::with_capacity(rows.len());
    let mut open = true;
    for p in rows {
        let is_done = done.contains(&p.id);
        parts.push(part(app, tenant, db, p, access, is_done, open).await?);
        open &= is_done;
    }
    Ok(ContentDetail { item, parts })
}

async fn part(app: &AppState, tenant: &Tenant, db: &PgPool, p: PartRow, access: Access, done: bool, open: bool) -> AppResult<ContentPart> {
    let full = access == Access::Full;
    let file = match p.file_id.filter(|_| full) {
        Some(id) => match files::store::file(db, id).await? {
            Some(row) => Some(files::view(app, tenant, row, None, Vec::new()).await?),
            None => None,
        },
        None => None,
    };
    let exam = match (p.exam_id, p.exam_uuid) {
        (Some(id), Some(uuid)) if full => {
            Some(ContentExam { id, uuid, title: p.exam_title.unwrap_or_default(), title_bn: p.exam_title_bn.unwrap_or_default() })
        }
        _ => None,
    };
    Ok(ContentPart {
        id: p.id,
        position: p.position,
        title: p.title,
        title_bn: p.title_bn,
        kind: p.kind,
        file,
        body: p.body.filter(|_| full),
        exam,
        done,
        open,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_hours_and_minutes() {
        assert_eq!(parse_duration("1:30"), Some(90));
        assert_eq!(parse_duration(" 0:05 "), Some(5));
        assert_eq!(parse_duration("120:00"), Some(7200));
        for bad in ["", "90", "1:3", "1:60", "1:30:00", "a:bc", "-1:00", "1000:00", "1:-5"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
        assert_eq!(format_duration(90), "1:30");
        assert_eq!(format_duration(5), "0:05");
    }
}
