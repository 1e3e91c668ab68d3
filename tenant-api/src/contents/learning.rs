//! What learners call: enrolling in an item, going through its parts in order, handing in its
//! quizzes, reviewing it, and the items recommended to them.

use super::manage::access;
use super::store::{self, ContentRow, EnrollmentRow};
use super::{Access, ContentDetail, ContentItem, ContentEnrollment, detail, views};
use crate::exams::{attempt_store as attempts, store as exams, taking};
use crate::pools::TenantDb;
use control_plane::dhaka::today;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::response::Data;
use control_plane::users::store::contacts;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

fn user_of(caller: &Caller) -> AppResult<i64> {
    caller.user_id().ok_or(AppError::Unauthenticated)
}

/// Enrol in a published item (once: a second call answers the same enrolment).
#[utoipa::path(post, path = "/content-bank-front/content/enroll/{id}", tag = "content-bank", params(("id" = i64, Path)),
    responses((status = 201, body = Data<ContentEnrollment>), (status = 200, body = Data<ContentEnrollment>), (status = 401), (status = 404),
        (status = 409, description = "content_not_started, content_empty")))]
pub async fn enroll(
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<(StatusCode, Json<Data<ContentEnrollment>>)> {
    let user = user_of(&caller)?;
    let row = store::find(&db, id).await?.filter(|r| r.published).ok_or(AppError::NotFound)?;
    if row.start_date.is_some_and(|d| d > today()) {
        return Err(AppError::Conflict("content_not_started"));
    }
    if row.parts_count == 0 {
        return Err(AppError::Conflict("content_empty"));
    }
    let made = store::enroll(&db, id, user).await?;
    let enrollment = store::enrollments_of(&db, user, &[id]).await?.pop().ok_or(AppError::NotFound)?;
    let status = if made { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Data::new(enrollment.into()))))
}

/// The item's parts in order, with what the caller finished and may open.
#[utoipa::path(get, path = "/content-bank-front/content/view_ordered_content/{id}", tag = "content-bank", params(("id" = i64, Path)),
    responses((status = 200, body = Data<ContentDetail>), (status = 401), (status = 403, description = "not_enrolled"), (status = 404)))]
pub async fn view_ordered_content(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<ContentDetail>>> {
    let user = user_of(&caller)?;
    let row = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    match access(&db, &row, user).await? {
        None => Err(AppError::NotFound),
        Some(Access::Outline) => Err(AppError::Denied("not_enrolled")),
        Some(Access::Full) => {
            let done = match store::enrollments_of(&db, user, &[id]).await?.pop() {
                Some(e) => store::done_parts(&db, e.id).await?,
                None => Vec::new(),
            };
            Ok(Json(Data::new(detail(&app, &tenant, &db, user, row, Access::Full, &done).await?)))
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ContentPartDone {
    pub part_id: i64,
}

/// The caller's own enrolment and the part of its item they may finish now.
async fn next_part(db: &PgPool, caller: &Caller, enroll: i64, part: i64) -> AppResult<(EnrollmentRow, store::PartRow)> {
    let user = user_of(caller)?;
    let enrollment = store::enrollment(db, enroll).await?.filter(|e| e.user_id == user).ok_or(AppError::NotFound)?;
    let parts = store::parts(db, enrollment.content_id).await?;
    let at = parts.iter().position(|p| p.id == part).ok_or_else(|| AppError::unprocessable("part_id", "invalid_choice"))?;
    let done = store::done_parts(db, enrollment.id).await?;
    if parts[..at].iter().any(|p| !done.contains(&p.id)) {
        return Err(AppError::Conflict("previous_part_incomplete"));
    }
    Ok((enrollment, parts[at].clone()))
}

async fn finished(db: &PgPool, enrollment: &EnrollmentRow, part: i64) -> AppResult<Json<Data<ContentEnrollment>>> {
    store::complete_part(db, enrollment.id, part).await?;
    let now = store::enrollment(db, enrollment.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(now.into())))
}

/// Finish a file or text part (ours: the spec names no call for it).
#[utoipa::path(post, path = "/content-bank-front/content/complete-part/{enroll}", tag = "content-bank",
    params(("enroll" = i64, Path, description = "enrolment id")), request_body = ContentPartDone,
    responses((status = 200, body = Data<ContentEnrollment>), (status = 401), (status = 404),
        (status = 409, description = "previous_part_incomplete, quiz_not_attempted"), (status = 422)))]
pub async fn complete_part(
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(enroll): AppPath<i64>,
    AppJson(input): AppJson<ContentPartDone>,
) -> AppResult<Json<Data<ContentEnrollment>>> {
    let (enrollment, part) = next_part(&db, &caller, enroll, input.part_id).await?;
    if part.kind == "quiz" {
        return Err(AppError::Conflict("quiz_not_attempted"));
    }
    finished(&db, &enrollment, part.id).await
}

/// Hand in the learner's open attempt at a quiz part's exam, if one is open, and finish the
/// part (`quiz_not_attempted` when nothing was handed in).
#[utoipa::path(post, path = "/content-bank-front/content/quiz-submit/{enroll}", tag = "content-bank",
    params(("enroll" = i64, Path, description = "enrolment id")), request_body = ContentPartDone,
    responses((status = 200, body = Data<ContentEnrollment>), (status = 401), (status = 404),
        (status = 409, description = "previous_part_incomplete, quiz_not_attempted"), (status = 422)))]
pub async fn quiz_submit(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(enroll): AppPath<i64>,
    AppJson(input): AppJson<ContentPartDone>,
) -> AppResult<Json<Data<ContentEnrollment>>> {
    let (enrollment, part) = next_part(&db, &caller, enroll, input.part_id).await?;
    let exam_id = part.exam_id.ok_or_else(|| AppError::unprocessable("part_id", "invalid_choice"))?;
    let mine = attempts::of_learner(&db, exam_id, enrollment.user_id).await?;
    if let Some(open) = mine.iter().find(|a| a.state == "in_progress") {
        let exam = exams::find(&db, exam_id, None).await?.ok_or(AppError::Missing("exam_not_found"))?;
        taking::hand_in(&app, &tenant, &db, &exam, open).await?;
    } else if !mine.iter().any(taking::handed_in) {
        return Err(AppError::Conflict("quiz_not_attempted"));
    }
    finished(&db, &enrollment, part.id).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ContentReviewInput {
    /// 1 to 5.
    pub rating: i64,
    pub comment: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContentReview {
    pub id: i64,
    pub rating: i16,
    pub comment: String,
    pub user_name: Option<String>,
    pub created_at: DateTime<Utc>,
}

async fn named(app: &AppState, rows: Vec<store::ReviewRow>) -> AppResult<Vec<ContentReview>> {
    let people: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    let contacts = contacts(&app.ctl.db, &people).await?;
    Ok(rows
        .into_iter()
        .map(|r| ContentReview {
            id: r.id,
            rating: r.rating,
            comment: r.comment,
            user_name: contacts.iter().find(|c| c.id == r.user_id).map(|c| c.name.clone()),
            created_at: r.created_at,
        })
        .collect())
}

/// Review an item the caller enrolled in; a second review replaces the first.
#[utoipa::path(post, path = "/content-bank-front/content/review-content/{id}", tag = "content-bank", params(("id" = i64, Path)),
    request_body = ContentReviewInput,
    responses((status = 200, body = Data<ContentReview>), (status = 401), (status = 403, description = "not_enrolled"), (status = 422)))]
pub async fn review_content(
    State(app): State<AppState>,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<ContentReviewInput>,
) -> AppResult<Json<Data<ContentReview>>> {
    let user = user_of(&caller)?;
    if store::enrollments_of(&db, user, &[id]).await?.is_empty() {
        return Err(AppError::Denied("not_enrolled"));
    }
    let mut v = Validator::default();
    if !(1..=5).contains(&input.rating) {
        v.add("rating", "invalid_rating", None);
    }
    let comment = v.optional_text("comment", &input.comment, 2000).unwrap_or_default();
    v.finish()?;
    let row = store::save_review(&db, id, user, input.rating as i16, &comment).await?;
    Ok(Json(Data::new(named(&app, vec![row]).await?.remove(0))))
}

/// An item's reviews, newest first.
#[utoipa::path(get, path = "/content-bank-front/content/view-reviews/{id}", tag = "content-bank", params(("id" = i64, Path), PageQuery),
    responses((status = 200, body = Page<ContentReview>), (status = 401), (status = 404)))]
pub async fn view_reviews(
    State(app): State<AppState>,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<ContentReview>>> {
    let user = user_of(&caller)?;
    let row: ContentRow = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    access(&db, &row, user).await?.ok_or(AppError::NotFound)?;
    let request = PageRequest::new(q.page, q.limit.map(|l| l.min(50)), 10);
    let total = store::reviews(&db, id, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = named(&app, store::reviews(&db, id, request.per_page, offset).await?).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecommendationQuery {
    /// 1 to 12; 6 when absent.
    pub limit: Option<i64>,
}

/// Published items for the caller to take next.
#[utoipa::path(get, path = "/content-bank-front/content/view-recomendations", tag = "content-bank", params(RecommendationQuery),
    responses((status = 200, body = Data<Vec<ContentItem>>), (status = 401)))]
pub async fn view_recommendations(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<RecommendationQuery>,
) -> AppResult<Json<Data<Vec<ContentItem>>>> {
    let user = user_of(&caller)?;
    let rows = store::recommendations(&db, user, q.limit.unwrap_or(6).clamp(1, 12)).await?;
    Ok(Json(Data::new(views(&app, &tenant, &db, user, rows).await?)))
}

