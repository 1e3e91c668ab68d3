//! The JSON shape of a course (`Course` in docs/api-courses.md).

use super::store::CourseRow;
use control_plane::catalogue::store::{InstitutionRef, Instructor};
use control_plane::config::PublicUrl;
use control_plane::reference::categories::{self, Category};
use control_plane::tenancy::Tenant;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Course {
    pub id: i64,
    pub uuid: uuid::Uuid,
    pub slug: String,
    pub title: String,
    pub title_bn: String,
    pub category_id: Option<i64>,
    pub category: Option<Category>,
    pub level: String,
    pub language: String,
    pub summary: String,
    pub objectives: Vec<String>,
    pub thumbnail: Option<String>,
    pub price: f64,
    pub course_type: String,
    pub enforce_order: bool,
    /// Only verified teachers may enrol.
    pub teachers_only: bool,
    pub published: bool,
    pub featured: bool,
    pub instructor: Instructor,
    pub institution: InstitutionRef,
    pub lessons_count: i64,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

pub fn site_url(tenant: &Tenant, urls: &PublicUrl) -> String {
    urls.site_url((!tenant.is_main).then_some(tenant.slug.as_str()))
}

pub fn institution_ref(tenant: &Tenant, urls: &PublicUrl) -> InstitutionRef {
    InstitutionRef {
        id: tenant.id,
        slug: tenant.slug.clone(),
        institution_name: tenant.institution_name.clone(),
        institution_name_en: tenant.institution_name_en.clone(),
        url: site_url(tenant, urls),
    }
}

/// The public address of a course thumbnail (served from the site's bucket by `thumbnail`).
pub fn thumbnail_url(tenant: &Tenant, urls: &PublicUrl, key: Option<&str>) -> Option<String> {
    key.and_then(|k| k.rsplit('/').next()).map(|file| format!("{}/course/thumbnail/{file}", site_url(tenant, urls)))
}

pub async fn course(control: &PgPool, tenant: &Tenant, urls: &PublicUrl, row: CourseRow) -> sqlx::Result<Course> {
    let category = match row.category_id {
        Some(id) => categories::find(control, id).await?,
        None => None,
    };
    Ok(Course {
        thumbnail: thumbnail_url(tenant, urls, row.thumbnail_key.as_deref()),
        institution: institution_ref(tenant, urls),
        instructor: Instructor { id: row.created_by, name: row.instructor_name },
        id: row.id,
        uuid: row.uuid,
        slug: row.slug,
        title: row.title,
        title_bn: row.title_bn,
        category_id: row.category_id,
        category,
        level: row.level,
        language: row.language,
        summary: row.summary,
        objectives: row.objectives,
        price: row.price,
        course_type: row.course_type,
        enforce_order: row.enforce_order,
        teachers_only: row.teachers_only,
        published: row.published,
        featured: row.featured,
        lessons_count: row.lessons_count,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}
