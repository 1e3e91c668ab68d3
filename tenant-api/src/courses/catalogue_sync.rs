//! Keeps the control plane's catalogue in step with this site's courses: a published course is
//! (re)projected after every change, an unpublished or deleted one removed. The tenant tables
//! are written first; a failed projection surfaces as an error and the next change repairs it.

use super::store::{self, CourseRow};
use super::view::thumbnail_url;
use crate::state::AppState;
use control_plane::catalogue::store::{self as catalogue, Entry};
use control_plane::tenancy::Tenant;
use sqlx::PgPool;

pub async fn project(app: &AppState, tenant: &Tenant, row: &CourseRow) -> anyhow::Result<()> {
    if !row.published {
        catalogue::remove(&app.ctl.db, tenant.id, row.id).await?;
        return Ok(());
    }
    let thumbnail = thumbnail_url(tenant, &app.ctl.config.public_base_url, row.thumbnail_key.as_deref());
    catalogue::upsert(&app.ctl.db, Entry {
        institution_id: tenant.id,
        course_id: row.id,
        uuid: row.uuid,
        slug: &row.slug,
        title: &row.title,
        title_bn: &row.title_bn,
        summary: &row.summary,
        thumbnail: thumbnail.as_deref(),
        category_id: row.category_id,
        level: &row.level,
        language: &row.language,
        course_type: &row.course_type,
        price: row.price,
        featured: row.featured,
        instructor_id: row.created_by,
        instructor_name: &row.instructor_name,
    })
    .await?;
    Ok(())
}

/// Re-projects the rating, review and enrolment counts after they change.
pub async fn refresh_stats(app: &AppState, tenant: &Tenant, db: &PgPool, course_id: i64) -> anyhow::Result<()> {
    let (rating, reviews, enrolled) = store::stats(db, course_id).await?;
    catalogue::set_stats(&app.ctl.db, tenant.id, course_id, rating, reviews, enrolled).await?;
    Ok(())
}
