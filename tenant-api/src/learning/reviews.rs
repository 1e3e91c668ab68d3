//! Reviews of a course: one per enrolled learner, rating 1-5 (SPEC §9) and text.

use super::enrolment::enrolment_of;
use crate::courses::{catalogue_sync, store as courses};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::response::Data;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub const MAX_RATING: i16 = 5;

#[derive(Debug, sqlx::FromRow)]
struct ReviewRow {
    id: i64,
    rating: i16,
    body: String,
    user_id: i64,
    user_name: String,
    created_at: DateTime<Utc>,
}

/// A review as lists and the new review answer show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Review {
    pub id: i64,
    pub rating: i16,
    pub body: String,
    pub user: Reviewer,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Reviewer {
    pub id: i64,
    pub name: String,
}

impl From<ReviewRow> for Review {
    fn from(r: ReviewRow) -> Self {
        Self { id: r.id, rating: r.rating, body: r.body, user: Reviewer { id: r.user_id, name: r.user_name }, created_at: r.created_at }
    }
}

/// A page of reviews with the course's average.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewPage {
    #[serde(flatten)]
    pub page: Page<Review>,
    pub summary: ReviewSummary,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewSummary {
    /// 0-5, one decimal.
    pub rating: f64,
    pub count: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReviewInput {
    pub rating: Option<i64>,
    pub body: String,
}

/// Review a course the caller is enrolled in (once).
#[utoipa::path(post, path = "/assessment-front/batch/create-review/{id}", tag = "lessons", request_body = ReviewInput,
    params(("id" = i64, Path, description = "course id")), responses((status = 201, body = Data<Review>), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn create_review(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<ReviewInput>,
) -> AppResult<(StatusCode, Json<Data<Review>>)> {
    let course = courses::find(&db, id).await?.filter(|c| c.published).ok_or(AppError::NotFound)?;
    let mut v = Validator::default();
    let rating = input.rating.filter(|r| (1..=i64::from(MAX_RATING)).contains(r));
    if rating.is_none() {
        v.add("rating", "invalid_rating", None);
    }
    let body = v.optional_text("body", &input.body, 2000).unwrap_or_default();
    v.finish()?;
    let enrollment = enrolment_of(&db, &caller, course.id).await?;
    let review: ReviewRow = sqlx::query_as(
        "INSERT INTO reviews (course_id, user_id, user_name, rating, body) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, rating, body, user_id, user_name, created_at",
    )
    .bind(course.id)
    .bind(enrollment.user_id)
    .bind(&enrollment.user_name)
    .bind(rating.map(|r| r as i16))
    .bind(body)
    .fetch_one(&*db)
    .await
    .map_err(|e| match &e {
        sqlx::Error::Database(d) if d.constraint() == Some("reviews_once") => AppError::Conflict("already_reviewed"),
        _ => e.into(),
    })?;
    catalogue_sync::refresh_stats(&app, &tenant, &db, course.id).await?;
    crate::learning::points::refresh(&app, tenant.id, &db, enrollment.user_id).await;
    Ok((StatusCode::CREATED, Json(Data::new(review.into()))))
}

async fn page(db: &sqlx::PgPool, course_id: i64, q: PageQuery) -> AppResult<ReviewPage> {
    let (rating, count, _) = courses::stats(db, course_id).await?;
    let request = PageRequest::new(q.page, q.limit, 10);
    let (current_page, last_page, offset) = request.clamp(count);
    let rows: Vec<ReviewRow> = sqlx::query_as(
        "SELECT id, rating, body, user_id, user_name, created_at FROM reviews WHERE course_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(course_id)
    .bind(request.per_page)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let data = rows.into_iter().map(Review::from).collect();
    Ok(ReviewPage {
        page: Page { data, current_page, last_page, per_page: request.per_page, total: count },
        summary: ReviewSummary { rating: (rating * 10.0).round() / 10.0, count },
    })
}

/// A published course's reviews, newest first, with the average rating.
#[utoipa::path(get, path = "/learner-course/reviews/{course_id}", tag = "learner", params(("course_id" = i64, Path), PageQuery),
    responses((status = 200, body = ReviewPage), (status = 404)))]
pub async fn course_reviews(TenantDb(db): TenantDb, AppPath(id): AppPath<i64>, AppQuery(q): AppQuery<PageQuery>) -> AppResult<Json<ReviewPage>> {
    let course = courses::find(&db, id).await?.filter(|c| c.published).ok_or(AppError::NotFound)?;
    Ok(Json(page(&db, course.id, q).await?))
}

/// The same list under its lessons-area path.
#[utoipa::path(get, path = "/assessment-front/batch/view-reviews/{id}", tag = "lessons", params(("id" = i64, Path), PageQuery),
    responses((status = 200, body = ReviewPage), (status = 404)))]
pub async fn view_reviews(db: TenantDb, id: AppPath<i64>, q: AppQuery<PageQuery>) -> AppResult<Json<ReviewPage>> {
    course_reviews(db, id, q).await
}
