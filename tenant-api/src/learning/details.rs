//! The public course page (`details/{slug}`) and the learner's outline (`enroll-course-details`).

use super::enrolment::enrolment_of;
use crate::courses::access::can_author;
use crate::courses::batches_store;
use crate::courses::store::{self as courses, CourseRow};
use crate::courses::syllabus_store as syllabus;
use crate::courses::view;
use crate::pools::TenantDb;
use crate::state::AppState;
use super::page_cache::Page;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use control_plane::auth::{Caller, HostTenant, MaybeUser, RequireUser};
use control_plane::json::AppPath;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use crate::courses::batches_store::Batch;
use control_plane::response::Data;
use serde::Serialize;
use utoipa::ToSchema;
use sqlx::PgPool;
use std::sync::Arc;

/// A published course, or any course for its site's authors; 404 otherwise.
async fn visible_course(db: &PgPool, caller: Option<&Caller>, tenant: &Tenant, key: &str) -> AppResult<CourseRow> {
    let course = courses::find_by_key(db, key).await?.ok_or(AppError::NotFound)?;
    if course.published || caller.is_some_and(|c| can_author(c, tenant)) { Ok(course) } else { Err(AppError::NotFound) }
}

/// A section of the outline: what each lesson is, not its content.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OutlineSection {
    pub id: i64,
    pub title: String,
    pub title_bn: String,
    pub lessons: Vec<OutlineLesson>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OutlineLesson {
    pub id: i64,
    pub title: String,
    pub title_bn: String,
    pub lesson_type: String,
    pub duration_minutes: Option<i32>,
}

/// The public course page.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CoursePage {
    #[serde(flatten)]
    pub course: view::Course,
    pub sections: Vec<OutlineSection>,
    /// Published batches that have not ended.
    pub batches: Vec<Batch>,
    /// 0-5, one decimal.
    pub rating: f64,
    pub reviews_count: i64,
    pub enrolled_count: i64,
    pub wishlisted: bool,
}

/// A course with its outline, for the learn layout.
#[derive(Debug, Serialize, ToSchema)]
pub struct CourseOutline {
    #[serde(flatten)]
    pub course: view::Course,
    pub sections: Vec<OutlineSection>,
}

/// The outline: sections and their lessons' titles, types and durations (no content).
async fn outline(db: &PgPool, course_id: i64) -> AppResult<Vec<OutlineSection>> {
    let sections = syllabus::sections_with_lessons(db, course_id).await?;
    Ok(sections
        .into_iter()
        .map(|s| OutlineSection {
            id: s.id,
            title: s.title,
            title_bn: s.title_bn,
            lessons: s
                .lessons
                .into_iter()
                .map(|l| OutlineLesson {
                    id: l.id,
                    title: l.title,
                    title_bn: l.title_bn,
                    lesson_type: l.lesson_type,
                    duration_minutes: l.duration_minutes,
                })
                .collect(),
        })
        .collect())
}

/// Builds a course page (everything but `wishlisted`).
async fn build_page(app: &AppState, tenant: &Tenant, caller: Option<&Caller>, db: &PgPool, key: &str) -> AppResult<Page> {
    let course = visible_course(db, caller, tenant, key).await?;
    let (rating, reviews, enrolled) = courses::stats(db, course.id).await?;
    let today = control_plane::dhaka::today();
    let batches: Vec<_> = batches_store::of_course(db, course.id)
        .await?
        .into_iter()
        .filter(|b| b.published && b.end_date.is_none_or(|end| end >= today))
        .collect();
    let (id, published) = (course.id, course.published);
    let data = CoursePage {
        course: view::course(&app.ctl.db, tenant, &app.ctl.config.public_base_url, course).await?,
        sections: outline(db, id).await?,
        batches,
        rating: (rating * 10.0).round() / 10.0,
        reviews_count: reviews,
        enrolled_count: enrolled,
        wishlisted: false,
    };
    let anonymous_body = Bytes::from(serde_json::to_vec(&Data::new(&data)).expect("a course page serialises"));
    Ok(Page { course_id: id, published, data, anonymous_body })
}

/// The page of a course as `caller` may see it, from the cache when it is published.
async fn page_for(app: &AppState, tenant: &Tenant, caller: Option<&Caller>, db: &PgPool, key: &str) -> AppResult<Arc<Page>> {
    let generation = app.pages.generation(tenant.id);
    if let Some(page) = app.pages.get(tenant.id, generation, key).await {
        return Ok(page);
    }
    let page = Arc::new(build_page(app, tenant, caller, db, key).await?);
    // An unpublished course is seen by its authors only: never cached.
    if page.published {
        app.pages.put(tenant.id, generation, key, page.clone()).await;
    }
    Ok(page)
}

/// A published course's page as a signed-out visitor sees it (the app shell's first HTML).
pub async fn public_page(app: &AppState, tenant: &Tenant, db: &PgPool, key: &str) -> AppResult<Arc<Page>> {
    page_for(app, tenant, None, db, key).await
}

/// A course page: details, outline, open batches, rating, whether the caller wishlisted it.
/// Published pages come from [`super::page_cache`] (per site); only `wishlisted` is read per visitor.
#[utoipa::path(get, path = "/learner-course/details/{slug}", tag = "learner",
    params(("slug" = String, Path, description = "slug, uuid or id")), responses((status = 200, body = Data<CoursePage>), (status = 404)))]
pub async fn course_details(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    MaybeUser(caller): MaybeUser,
    TenantDb(db): TenantDb,
    AppPath(key): AppPath<String>,
) -> AppResult<Response> {
    let page = page_for(&app, &tenant, caller.as_ref(), &db, &key).await?;
    let Some(user) = caller.as_ref().and_then(|c| c.user_id()) else {
        return Ok(([(header::CONTENT_TYPE, "application/json")], page.anonymous_body.clone()).into_response());
    };
    let mut data = page.data.clone();
    data.wishlisted = super::wishlist::contains(&db, user, page.course_id).await?;
    Ok(Json(Data::new(data)).into_response())
}

/// The enrolled learner's (or an author's) outline of a course for the learn layout.
#[utoipa::path(get, path = "/learner-course/enroll-course-details/{slug}", tag = "learner",
    params(("slug" = String, Path)), responses((status = 200, body = Data<CourseOutline>), (status = 401), (status = 403), (status = 404)))]
pub async fn enroll_course_details(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(key): AppPath<String>,
) -> AppResult<Json<Data<CourseOutline>>> {
    let course = visible_course(&db, Some(&caller), &tenant, &key).await?;
    if !can_author(&caller, &tenant) {
        enrolment_of(&db, &caller, course.id).await?;
    }
    let id = course.id;
    let course = view::course(&app.ctl.db, &tenant, &app.ctl.config.public_base_url, course).await?;
    Ok(Json(Data::new(CourseOutline { course, sections: outline(&db, id).await? })))
}
