//! Promotions (ads): partners submit them in the promotion manager, the super admin approves
//! them, and learners see the approved, current ones whose targeting matches their profile in
//! the slot they were placed in. The rows live in the control database
//! (`control_plane::promotions`); thumbnails in the partner's own bucket.

pub mod ads;
pub mod manage;

use chrono::{DateTime, NaiveDate, Utc};
use control_plane::promotions::PromotionRow;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

pub const KINDS: [&str; 4] = ["ads", "internal-course", "external-course", "jobs"];
pub const POSITIONS: [&str; 3] = ["home", "dashboard", "course"];


#[derive(Debug, Serialize, ToSchema)]
pub struct PromotionInstitution {
    pub id: i64,
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PromotedCourse {
    pub id: i64,
    pub uuid: Uuid,
    pub slug: String,
    pub title: String,
    pub title_bn: String,
}

/// A promotion as its owner and the super admin see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Promotion {
    pub id: i64,
    pub uuid: Uuid,
    /// `ads`, `internal-course`, `external-course` or `jobs`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub details: String,
    /// `home`, `dashboard` or `course`.
    pub position: String,
    pub url: String,
    pub thumbnail: Option<String>,
    /// The promoted course (`internal-course`), while it is published.
    pub course: Option<PromotedCourse>,
    pub course_categories: Vec<i64>,
    pub genders: Vec<String>,
    pub professions: Vec<i64>,
    pub districts: Vec<i64>,
    pub age_start: Option<i16>,
    pub age_end: Option<i16>,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    /// `pending`, `approved` or `rejected`.
    pub promotion_status: String,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub institution: PromotionInstitution,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn institution(r: &PromotionRow) -> PromotionInstitution {
    PromotionInstitution { id: r.institution_id, slug: r.institution_slug.clone(), name: r.institution_name.clone() }
}

impl From<PromotionRow> for Promotion {
    fn from(r: PromotionRow) -> Self {
        let course = match (r.course_uuid, r.course_id, &r.course_slug) {
            (Some(uuid), Some(id), Some(slug)) => Some(PromotedCourse {
                id,
                uuid,
                slug: slug.clone(),
                title: r.course_title.clone().unwrap_or_default(),
                title_bn: r.course_title_bn.clone().unwrap_or_default(),
            }),
            _ => None,
        };
        Self {
            institution: institution(&r),
            course,
            id: r.id,
            uuid: r.uuid,
            kind: r.kind,
            title: r.title,
            details: r.details,
            position: r.position,
            url: r.url,
            thumbnail: r.thumbnail,
            course_categories: r.course_categories,
            genders: r.genders,
            professions: r.professions,
            districts: r.districts,
            age_start: r.age_start,
            age_end: r.age_end,
            start_date: r.start_date,
            end_date: r.end_date,
            promotion_status: r.promotion_status,
            reason: r.reason,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// A promotion as learners see it: no targeting, no status.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ad {
    pub id: i64,
    pub uuid: Uuid,
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub details: String,
    pub url: String,
    pub thumbnail: Option<String>,
    pub position: String,
    pub institution: PromotionInstitution,
}

impl From<PromotionRow> for Ad {
    fn from(r: PromotionRow) -> Self {
        Self {
            institution: institution(&r),
            id: r.id,
            uuid: r.uuid,
            kind: r.kind,
            title: r.title,
            details: r.details,
            url: r.url,
            thumbnail: r.thumbnail,
            position: r.position,
        }
    }
}
