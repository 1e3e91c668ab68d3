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
use serde_json::{Value, json};
use sqlx::PgPool;
use std::sync::Arc;

/// A published course, or any course for its site's authors; 404 otherwise.
async fn visible_course(db: &PgPool, caller: Option<&Caller>, tenant: &Tenant, key: &str) -> AppResult<CourseRow> {
    let course = courses::find_by_key(db, key).await?.ok_or(AppError::NotFound)?;
    if course.published || caller.is_some_and(|c| can_author(c, tenant)) { Ok(course) } else { Err(AppError::NotFound) }
}

/// The outline: sections and their lessons' titles, types and durations (no content).
async fn outline(db: &PgPool, course_id: i64) -> AppResult<Value> {
    let sections = syllabus::sections_with_lessons(db, course_id).await?;
    Ok(json!(sections
        .into_iter()
        .map(|s| json!({
            "id": s.id, "title": s.title, "title_bn": s.title_bn,
            "lessons": s.lessons.into_iter().map(|l| json!({
                "id": l.id, "title": l.title, "title_bn": l.title_bn, "lesson_type": l.lesson_type, "duration_minutes": l.duration_minutes,
            })).collect::<Vec<_>>(),
        }))
        .collect::<Vec<_>>()))
}

/// Builds a course page (everything but `wishlisted`).
async fn build_page(app: &AppState, tenant: &Tenant, caller: Option<&Caller>, db: &PgPool, key: &str) -> AppResult<Page> {
    let course = visible_course(db, caller, tenant, key).await?;
    let (rating, reviews, enrolled) = courses::stats(db, course.id).await?;
    let today = chrono::Utc::now().date_naive();
    let batches: Vec<_> = batches_store::of_course(db, course.id)
        .await?
        .into_iter()
        .filter(|b| b.published && b.end_date.is_none_or(|end| end >= today))
        .collect();
    let (id, published) = (course.id, course.published);
    let mut data = json!(view::course(&app.ctl.db, tenant, &app.ctl.config.public_base_url, course).await?);
    data["sections"] = outline(db, id).await?;
    data["batches"] = json!(batches);
    data["rating"] = json!((rating * 10.0).round() / 10.0);
    data["reviews_count"] = json!(reviews);
    data["enrolled_count"] = json!(enrolled);
    data["wishlisted"] = json!(false);
    let anonymous_body = Bytes::from(serde_json::to_vec(&json!({ "data": &data })).expect("a JSON value serialises"));
    Ok(Page { course_id: id, published, data, anonymous_body })
}

/// A course page: details, outline, open batches, rating, whether the caller wishlisted it.
/// Published pages come from [`super::page_cache`] (per site); only `wishlisted` is read per visitor.
#[utoipa::path(get, path = "/learner-course/details/{slug}", tag = "learner",
    params(("slug" = String, Path, description = "slug, uuid or id")), responses((status = 200, description = "Course & {sections, batches, rating, reviews_count, enrolled_count, wishlisted}"), (status = 404)))]
pub async fn course_details(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    MaybeUser(caller): MaybeUser,
    TenantDb(db): TenantDb,
    AppPath(key): AppPath<String>,
) -> AppResult<Response> {
    let generation = app.pages.generation(tenant.id);
    let page = match app.pages.get(tenant.id, generation, &key).await {
        Some(page) => page,
        None => {
            let page = Arc::new(build_page(&app, &tenant, caller.as_ref(), &db, &key).await?);
            // An unpublished course is seen by its authors only: never cached.
            if page.published {
                app.pages.put(tenant.id, generation, &key, page.clone()).await;
            }
            page
        }
    };
    let Some(user) = caller.as_ref().and_then(|c| c.user_id()) else {
        return Ok(([(header::CONTENT_TYPE, "application/json")], page.anonymous_body.clone()).into_response());
    };
    let mut data = page.data.clone();
    data["wishlisted"] = json!(super::wishlist::contains(&db, user, page.course_id).await?);
    Ok(Json(json!({ "data": data })).into_response())
}

/// The enrolled learner's (or an author's) outline of a course for the learn layout.
#[utoipa::path(get, path = "/learner-course/enroll-course-details/{slug}", tag = "learner",
    params(("slug" = String, Path)), responses((status = 200, description = "Course & {sections}"), (status = 403), (status = 404)))]
pub async fn enroll_course_details(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(key): AppPath<String>,
) -> AppResult<Json<Value>> {
    let course = visible_course(&db, Some(&caller), &tenant, &key).await?;
    if !can_author(&caller, &tenant) {
        enrolment_of(&db, &caller, course.id).await?;
    }
    let id = course.id;
    let mut data = json!(view::course(&app.ctl.db, &tenant, &app.ctl.config.public_base_url, course).await?);
    data["sections"] = outline(&db, id).await?;
    Ok(Json(json!({ "data": data })))
}
