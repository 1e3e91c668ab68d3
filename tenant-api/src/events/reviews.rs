//! Reviews of an event by the people who came (were checked in), once it has ended: a rating of
//! one to five and a comment, one each (a second review replaces the first).

use super::{store, visible};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, MaybeUser, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::Data;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct EventReview {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    /// 1 to 5.
    pub rating: i16,
    pub comment: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ReviewQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// An event's reviews, newest first (the average is on the event).
#[utoipa::path(get, path = "/event/review/{id}", tag = "events", params(("id" = i64, Path), ReviewQuery),
    responses((status = 200, body = Page<EventReview>), (status = 404)))]
pub async fn event_reviews(
    HostTenant(tenant): HostTenant,
    MaybeUser(caller): MaybeUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<ReviewQuery>,
) -> AppResult<Json<Page<EventReview>>> {
    visible(&db, id, caller.as_ref(), &tenant).await?;
    let request = PageRequest::new(q.page, q.limit, 10);
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM event_reviews WHERE event_id = $1").bind(id).fetch_one(&*db).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let data = sqlx::query_as(
        "SELECT id, user_id, user_name, rating, comment, created_at FROM event_reviews WHERE event_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(id)
    .bind(request.per_page)
    .bind(offset)
    .fetch_all(&*db)
    .await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EventReviewInput {
    pub event_id: i64,
    /// 1 to 5.
    pub rating: i64,
    /// At most 2000 characters.
    pub comment: Option<String>,
}

/// Review an event one attended, once it has ended.
#[utoipa::path(post, path = "/event/review", tag = "events", request_body = EventReviewInput,
    responses((status = 201, body = Data<EventReview>), (status = 401), (status = 403, description = "not_checked_in"), (status = 404),
        (status = 422, description = "out_of_range, event_not_ended")))]
pub async fn review_event(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<EventReviewInput>,
) -> AppResult<(StatusCode, Json<Data<EventReview>>)> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let event = visible(&db, input.event_id, Some(&caller), &tenant).await?;
    let mut v = Validator::default();
    if !(1..=5).contains(&input.rating) {
        v.add("rating", "out_of_range", None);
    }
    let comment = v.optional_text("comment", input.comment.as_deref().unwrap_or_default(), 2000).unwrap_or_default();
    v.finish()?;
    if Utc::now() < event.fields.ends_at {
        return Err(AppError::unprocessable("event_id", "event_not_ended"));
    }
    if !store::registration_of(&*db, event.id, user_id).await?.is_some_and(|r| r.checked_in_at.is_some()) {
        return Err(AppError::Denied("not_checked_in"));
    }
    let name = control_plane::users::store::find(&app.ctl.db, user_id).await?.name;
    let review = sqlx::query_as(
        "INSERT INTO event_reviews (event_id, user_id, user_name, rating, comment) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ON CONSTRAINT event_reviews_once
         DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, user_name = EXCLUDED.user_name, created_at = now()
         RETURNING id, user_id, user_name, rating, comment, created_at",
    )
    .bind(event.id)
    .bind(user_id)
    .bind(&name)
    .bind(input.rating as i16)
    .bind(&comment)
    .fetch_one(&*db)
    .await?;
    Ok((StatusCode::CREATED, Json(Data::new(review))))
}
