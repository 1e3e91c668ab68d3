//! Coupons: the site admin's list (`/admin-settings/coupons*`), and what a coupon takes off a
//! batch's price for a learner at checkout (the server's sum; a client never names an amount).

use super::coupons_store::{self as store, Coupon, CouponFields};
use super::money::parse_taka;
use crate::courses::batches_store::Batch;
use crate::courses::store::CourseRow;
use crate::pools::TenantDb;
use axum::Json;
use axum::http::StatusCode;
use chrono::{NaiveDate, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// What a learner pays for a batch, coupon included.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Quote {
    pub list_price_poisha: i64,
    pub discount_poisha: i64,
    pub amount_poisha: i64,
    #[serde(skip)]
    pub coupon_id: Option<i64>,
    /// The coupon applied, as the learner typed it (upper-cased).
    pub coupon: Option<String>,
}

/// Prices a batch for a learner with an optional coupon code; 422 on field `coupon` when the
/// code does not apply, with the reason as its code.
pub async fn quote(db: &PgPool, batch: &Batch, course: &CourseRow, user_id: i64, code: Option<&str>) -> AppResult<Quote> {
    let list = batch.price_poisha;
    let Some(code) = code.map(|c| c.trim().to_uppercase()).filter(|c| !c.is_empty()) else {
        return Ok(Quote { list_price_poisha: list, discount_poisha: 0, amount_poisha: list, coupon_id: None, coupon: None });
    };
    let refuse = |reason| AppError::unprocessable("coupon", reason);
    let coupon = store::by_code(db, &code).await?.filter(|c| c.active).ok_or_else(|| refuse("coupon_not_found"))?;
    let today = Utc::now().date_naive();
    if coupon.starts_on.is_some_and(|d| today < d) || coupon.ends_on.is_some_and(|d| today > d) {
        return Err(refuse("coupon_expired"));
    }
    let scoped = !coupon.course_ids.is_empty() || !coupon.category_ids.is_empty();
    if scoped && !coupon.course_ids.contains(&course.id) && !course.category_id.is_some_and(|c| coupon.category_ids.contains(&c)) {
        return Err(refuse("coupon_not_for_course"));
    }
    if coupon.max_uses.is_some_and(|max| coupon.used >= max) || store::held_by(db, coupon.id, user_id).await? >= i64::from(coupon.per_learner) {
        return Err(refuse("coupon_used_up"));
    }
    let discount = match (coupon.percent, coupon.amount_poisha) {
        (Some(percent), _) => list * i64::from(percent) / 100,
        (None, Some(amount)) => amount.min(list),
        (None, None) => 0,
    };
    Ok(Quote { list_price_poisha: list, discount_poisha: discount, amount_poisha: list - discount, coupon_id: Some(coupon.id), coupon: Some(code) })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CouponListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of a code.
    pub search: Option<String>,
}

/// The site's coupons, newest first.
#[utoipa::path(get, path = "/admin-settings/coupons", tag = "settings", params(CouponListQuery),
    responses((status = 200, body = Page<Coupon>), (status = 401), (status = 403)))]
pub async fn view_coupons(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<CouponListQuery>,
) -> AppResult<Json<Page<Coupon>>> {
    caller.require_admin_of(tenant.id)?;
    let search = q.search.as_deref().map(|s| s.trim().to_uppercase()).filter(|s| !s.is_empty());
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = store::list(&db, search.as_deref(), 1, 0).await?.first().map_or(0, |c| c.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = store::list(&db, search.as_deref(), request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CouponInput {
    /// For updates.
    pub id: Option<i64>,
    /// 3 to 32 letters, digits, `-` or `_`; kept in capitals.
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// For `percent`: 1 to 100.
    pub percent: Option<i64>,
    /// For `fixed`: taka, such as "200" or "২০০.৫০".
    pub amount: Option<String>,
    /// `YYYY-MM-DD`; empty: no limit.
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    pub max_uses: Option<i64>,
    pub per_learner: Option<i64>,
    pub course_ids: Vec<i64>,
    pub category_ids: Vec<i64>,
    pub active: Option<bool>,
}

fn day(v: &mut Validator, field: &str, value: Option<&str>) -> Option<NaiveDate> {
    let value = value.map(str::trim).filter(|s| !s.is_empty())?;
    NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| v.add(field, "invalid_date", None)).ok()
}

fn limit(v: &mut Validator, field: &str, value: Option<i64>) -> Option<i32> {
    let value = value?;
    match i32::try_from(value) {
        Ok(n) if n > 0 => Some(n),
        _ => {
            v.add(field, "invalid_limit", None);
            None
        }
    }
}

async fn fields(db: &PgPool, input: &CouponInput) -> AppResult<CouponFields> {
    let mut v = Validator::default();
    let code = input.code.trim().to_uppercase();
    if !(3..=32).contains(&code.len()) || !code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        v.add("code", "coupon_code_invalid", None);
    }
    let (kind, percent, amount_poisha) = match input.kind.as_str() {
        "percent" => match input.percent {
            Some(p @ 1..=100) => ("percent", Some(p as i16), None),
            _ => {
                v.add("percent", "percent_invalid", None);
                ("percent", None, None)
            }
        },
        "fixed" => match input.amount.as_deref().and_then(|a| parse_taka(a, i64::MAX / 4)).filter(|a| *a > 0) {
            Some(amount) => ("fixed", None, Some(amount)),
            None => {
                v.add("amount", "amount_invalid", None);
                ("fixed", None, None)
            }
        },
        _ => {
            v.add("kind", "invalid_choice", None);
            ("percent", None, None)
        }
    };
    let starts_on = day(&mut v, "starts_on", input.starts_on.as_deref());
    let ends_on = day(&mut v, "ends_on", input.ends_on.as_deref());
    if let (Some(start), Some(end)) = (starts_on, ends_on)
        && end < start
    {
        v.add("ends_on", "end_before_start", None);
    }
    let max_uses = limit(&mut v, "max_uses", input.max_uses);
    let per_learner = limit(&mut v, "per_learner", input.per_learner.or(Some(1))).unwrap_or(1);
    let known: Vec<i64> = sqlx::query_scalar("SELECT id FROM courses WHERE id = ANY($1)").bind(&input.course_ids).fetch_all(db).await?;
    if input.course_ids.iter().any(|id| !known.contains(id)) {
        v.add("course_ids", "invalid_choice", None);
    }
    v.finish()?;
    Ok(CouponFields {
        code,
        kind,
        percent,
        amount_poisha,
        starts_on,
        ends_on,
        max_uses,
        per_learner,
        course_ids: input.course_ids.clone(),
        category_ids: input.category_ids.clone(),
        active: input.active.unwrap_or(true),
    })
}

async fn save(db: &PgPool, id: Option<i64>, input: &CouponInput) -> AppResult<Coupon> {
    let fields = fields(db, input).await?;
    let id = store::save(db, id, &fields).await.map_err(|e| match &e {
        sqlx::Error::Database(d) if d.constraint() == Some("coupons_code") => AppError::field("code", "coupon_code_taken"),
        sqlx::Error::RowNotFound => AppError::NotFound,
        _ => e.into(),
    })?;
    store::find(db, id).await?.ok_or(AppError::NotFound)
}

/// Add a coupon.
#[utoipa::path(post, path = "/admin-settings/coupons/create", tag = "settings", request_body = CouponInput,
    responses((status = 201, body = Data<Coupon>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_coupon(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CouponInput>,
) -> AppResult<(StatusCode, Json<Data<Coupon>>)> {
    caller.require_admin_of(tenant.id)?;
    Ok((StatusCode::CREATED, Json(Data::new(save(&db, None, &input).await?))))
}

/// Change a coupon (all its fields; `id` names it). Uses already taken stay taken.
#[utoipa::path(put, path = "/admin-settings/coupons/update", tag = "settings", request_body = CouponInput,
    responses((status = 200, body = Data<Coupon>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_coupon(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CouponInput>,
) -> AppResult<Json<Data<Coupon>>> {
    caller.require_admin_of(tenant.id)?;
    let id = input.id.ok_or(AppError::field("id", "required"))?;
    store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(save(&db, Some(id), &input).await?)))
}

/// Delete a coupon; one that orders used is switched off instead, so their records stay whole.
#[utoipa::path(delete, path = "/admin-settings/coupons/{id}", tag = "settings",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_coupon(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    caller.require_admin_of(tenant.id)?;
    store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    store::delete_or_retire(&db, id).await?;
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct QuoteQuery {
    pub batch_id: i64,
    pub coupon: Option<String>,
}

/// What the signed-in learner would pay for a batch with a coupon (the course page's preview;
/// checkout computes it again).
#[utoipa::path(get, path = "/learner-course/price-quote", tag = "learner", params(QuoteQuery),
    responses((status = 200, body = Data<Quote>), (status = 401), (status = 404), (status = 422)))]
pub async fn price_quote(
    HostTenant(_tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<QuoteQuery>,
) -> AppResult<Json<Data<Quote>>> {
    let user_id = caller.user_id().ok_or(AppError::Forbidden)?;
    let batch = crate::courses::batches_store::find(&db, q.batch_id).await?.filter(|b| b.published).ok_or(AppError::Missing("batch_not_found"))?;
    let course = crate::courses::store::find(&db, batch.course_id).await?.filter(|c| c.published).ok_or(AppError::Missing("batch_not_found"))?;
    Ok(Json(Data::new(quote(&db, &batch, &course, user_id, q.coupon.as_deref()).await?)))
}
