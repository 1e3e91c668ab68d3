//! A learner's wishlist of this site's courses (table `wishlist`).

use crate::courses::store as courses;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::catalogue::store::{self as catalogue, CatalogueCourse, Filter, Order};
use control_plane::response::Data;
use control_plane::json::AppJson;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

pub async fn contains(db: &PgPool, user: i64, course_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM wishlist WHERE user_id = $1 AND course_id = $2)").bind(user).bind(course_id).fetch_one(db).await
}

/// The learner's wishlisted courses of this site that are still published, as catalogue cards.
#[utoipa::path(get, path = "/learner-course/my/wishlist", tag = "learner",
    responses((status = 200, body = Data<Vec<CatalogueCourse>>), (status = 401)))]
pub async fn my_wishlist(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
) -> AppResult<Json<Data<Vec<CatalogueCourse>>>> {
    let user = caller.user_id().ok_or(AppError::Forbidden)?;
    let uuids: Vec<uuid::Uuid> = sqlx::query_scalar(
        "SELECT c.uuid FROM wishlist w JOIN courses c ON c.id = w.course_id WHERE w.user_id = $1 AND c.published ORDER BY w.created_at DESC LIMIT 100",
    )
    .bind(user)
    .fetch_all(&*db)
    .await?;
    let filter = Filter { site: Some(tenant.id), only: Some(uuids.clone()), ..Filter::default() };
    let (rows, _) = catalogue::search(&app.ctl.catalogue, &filter, Order::Latest, 100, 0).await?;
    let mut cards: Vec<_> = rows.into_iter().map(|r| r.view(&app.ctl.config.public_base_url)).collect();
    cards.sort_by_key(|c| uuids.iter().position(|u| *u == c.uuid));
    Ok(Json(Data::new(cards)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct WishInput {
    /// The course's uuid or slug.
    pub uuid: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Wished {
    /// Whether the course is on the wishlist now.
    pub wishlisted: bool,
}

/// Add a course to the wishlist, or remove it when it is there.
#[utoipa::path(post, path = "/learner-course/my/wishlist", tag = "learner", request_body = WishInput,
    responses((status = 200, body = Data<Wished>), (status = 401), (status = 404)))]
pub async fn toggle_wishlist(
    HostTenant(_tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<WishInput>,
) -> AppResult<Json<Data<Wished>>> {
    let user = caller.user_id().ok_or(AppError::Forbidden)?;
    let course = courses::find_by_key(&db, &input.uuid).await?.filter(|c| c.published).ok_or(AppError::NotFound)?;
    let removed = sqlx::query("DELETE FROM wishlist WHERE user_id = $1 AND course_id = $2").bind(user).bind(course.id).execute(&*db).await?;
    if removed.rows_affected() == 0 {
        sqlx::query("INSERT INTO wishlist (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING").bind(user).bind(course.id).execute(&*db).await?;
    }
    Ok(Json(Data::new(Wished { wishlisted: removed.rows_affected() == 0 })))
}
