//! What learners see of promotions: the ad slots of the home page, the dashboard and course
//! pages, an ad's details (a job's description), and thumbnails.

use super::{Ad, KINDS, POSITIONS};
use control_plane::dhaka::today;
use crate::media;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use control_plane::auth::{HostTenant, MaybeUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::promotions::{self as store, Slot};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use utoipa::IntoParams;

/// A slot holds at most this many ads.
const SLOT_ADS: i64 = 6;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AdsQuery {
    /// `home`, `dashboard` or `course`.
    pub position: String,
    /// The course page's category.
    pub category_id: Option<i64>,
}

/// The ads for a slot: approved, current, and aimed at the caller. A partner site shows its
/// own; the main site every partner's.
#[utoipa::path(get, path = "/learner-course/ads", tag = "learner", params(AdsQuery),
    responses((status = 200, body = Data<Vec<Ad>>), (status = 422)))]
pub async fn ads(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    MaybeUser(caller): MaybeUser,
    AppQuery(q): AppQuery<AdsQuery>,
) -> AppResult<Json<Data<Vec<Ad>>>> {
    if !POSITIONS.contains(&q.position.as_str()) {
        return Err(AppError::unprocessable("position", "invalid_choice"));
    }
    let slot = Slot {
        position: &q.position,
        institution: (!tenant.is_main).then_some(tenant.id),
        viewer: caller.as_ref().and_then(|c| c.user_id()),
        category: q.category_id,
        today: today(),
    };
    let rows = store::live(&app.ctl.db, &slot, SLOT_ADS).await?;
    Ok(Json(Data::new(rows.into_iter().map(Into::into).collect())))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AdDetailsQuery {
    /// The promotion's type.
    pub ad_for: String,
    /// The promotion's id.
    pub table_id: i64,
}

/// One approved, current promotion, as its details page shows it.
#[utoipa::path(get, path = "/promotion/ad/details", tag = "promotions", params(AdDetailsQuery),
    responses((status = 200, body = Data<Ad>), (status = 404), (status = 422)))]
pub async fn ad_details(State(app): State<AppState>, HostTenant(tenant): HostTenant, AppQuery(q): AppQuery<AdDetailsQuery>) -> AppResult<Json<Data<Ad>>> {
    if !KINDS.contains(&q.ad_for.as_str()) {
        return Err(AppError::unprocessable("ad_for", "invalid_choice"));
    }
    let institution = (!tenant.is_main).then_some(tenant.id);
    let row = store::live_one(&app.ctl.db, &q.ad_for, q.table_id, institution, today()).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(row.into())))
}

/// A promotion's thumbnail, from the site's bucket.
pub async fn thumbnail(State(app): State<AppState>, HostTenant(tenant): HostTenant, AppPath(file): AppPath<String>) -> AppResult<Response> {
    if !file.starts_with("thumb-") || file.contains('/') {
        return Err(AppError::NotFound);
    }
    media::serve_image(&app, &tenant, &format!("promotions/{file}")).await
}
