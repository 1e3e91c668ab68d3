//! Batches of a course: create, change, clone, publish and feature, order, delete.

use super::access::require_author;
use super::authoring::course_of;
use super::batches_store::{self as store, Batch, BatchFields};
use super::catalogue_sync;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::tenancy::Tenant;
use axum::http::StatusCode;
use chrono::NaiveDate;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use control_plane::response::{Data, Done};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

pub async fn batch_of(db: &PgPool, id: i64) -> AppResult<Batch> {
    store::find(db, id).await?.ok_or(AppError::NotFound)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BatchInput {
    pub id: Option<i64>,
    pub course_id: Option<i64>,
    pub name: Option<String>,
    pub name_bn: Option<String>,
    /// `YYYY-MM-DD`.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub enrolment_limit: Option<i32>,
    /// 1: enrol at once; 2: an admin approves each enrolment.
    pub let_enroll: Option<i16>,
    pub certificate_approval: Option<bool>,
    pub template_id: Option<i64>,
    /// What a seat costs in taka: a string such as "1500" or "১৫০০.৫০" (or a whole number);
    /// 0 or empty: free.
    pub price: Option<Price>,
    /// Only listed candidates may enrol, each through their own link (certificate exams).
    pub restricted: Option<bool>,
}

#[derive(Debug, Deserialize, serde::Serialize, ToSchema)]
#[serde(untagged)]
pub enum Price {
    Whole(u32),
    Text(String),
}

/// The dearest seat a batch may sell: ten lakh taka.
const MAX_PRICE_POISHA: i64 = 10_00_000_00;

fn price(v: &mut Validator, input: Option<&Price>, current: Option<&Batch>) -> i64 {
    let parsed = match input {
        None => return current.map_or(0, |b| b.price_poisha),
        Some(Price::Whole(taka)) => Some(i64::from(*taka) * 100).filter(|p| *p <= MAX_PRICE_POISHA),
        Some(Price::Text(text)) if text.trim().is_empty() => Some(0),
        Some(Price::Text(text)) => crate::payments::money::parse_taka(text, MAX_PRICE_POISHA),
    };
    parsed.unwrap_or_else(|| {
        v.add("price", "price_invalid", None);
        0
    })
}

fn date(v: &mut Validator, field: &str, value: &str) -> Option<NaiveDate> {
    match NaiveDate::parse_from_str(value.trim(), "%Y-%m-%d") {
        Ok(d) => Some(d),
        Err(_) => {
            v.add(field, "invalid_date", None);
            None
        }
    }
}

async fn fields(db: &PgPool, input: &BatchInput, current: Option<&Batch>) -> AppResult<BatchFields> {
    let mut v = Validator::default();
    let name = v.optional_text("name", input.name.as_deref().or(current.map(|b| b.name.as_str())).unwrap_or_default(), 200).unwrap_or_default();
    let name_bn =
        v.optional_text("name_bn", input.name_bn.as_deref().or(current.map(|b| b.name_bn.as_str())).unwrap_or_default(), 200).unwrap_or_default();
    if name.is_empty() && name_bn.is_empty() {
        v.add("name", "title_required", None);
    }
    let start_date = match (&input.start_date, current) {
        (Some(s), _) => date(&mut v, "start_date", s),
        (None, Some(b)) => Some(b.start_date),
        (None, None) => {
            v.add("start_date", "required", None);
            None
        }
    };
    let end_date = match (&input.end_date, current) {
        (Some(s), _) if s.trim().is_empty() => None,
        (Some(s), _) => date(&mut v, "end_date", s),
        (None, b) => b.and_then(|b| b.end_date),
    };
    if let (Some(start), Some(end)) = (start_date, end_date)
        && end < start
    {
        v.add("end_date", "end_before_start", None);
    }
    let enrolment_limit = input.enrolment_limit.or(current.and_then(|b| b.enrolment_limit));
    if enrolment_limit.is_some_and(|l| l < 1) {
        v.add("enrolment_limit", "invalid_limit", None);
    }
    let let_enroll = input.let_enroll.or(current.map(|b| b.let_enroll)).unwrap_or(1);
    if !matches!(let_enroll, 1 | 2) {
        v.add("let_enroll", "invalid_choice", None);
    }
    let template_id = input.template_id.or(current.and_then(|b| b.template_id));
    if let Some(id) = template_id
        && !crate::certificates::templates::exists(db, id).await?
    {
        v.add("template_id", "invalid_choice", None);
    }
    let price_poisha = price(&mut v, input.price.as_ref(), current);
    v.finish()?;
    Ok(BatchFields {
        name,
        name_bn,
        start_date: start_date.expect("validated"),
        end_date,
        enrolment_limit,
        let_enroll,
        certificate_approval: input.certificate_approval.or(current.map(|b| b.certificate_approval)).unwrap_or(false),
        template_id,
        price_poisha,
        restricted: input.restricted.or(current.map(|b| b.restricted)).unwrap_or(false),
    })
}

/// Keeps the course's listed price (and its catalogue entry) in step with its batches.
async fn prices_changed(app: &AppState, tenant: &Tenant, db: &PgPool, course_id: i64) -> AppResult<()> {
    if store::sync_course_price(db, course_id).await? {
        let row = course_of(db, course_id).await?;
        catalogue_sync::project(app, tenant, &row).await?;
    }
    Ok(())
}

/// Add a batch to a course (unpublished).
#[utoipa::path(post, path = "/course/batch/create", tag = "courses", request_body = BatchInput,
    responses((status = 201, body = Data<Batch>), (status = 404), (status = 422)))]
pub async fn create_batch(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<BatchInput>,
) -> AppResult<(StatusCode, Json<Data<Batch>>)> {
    require_author(&caller, &tenant)?;
    let course = course_of(&db, input.course_id.ok_or(AppError::field("course_id", "required"))?).await?;
    let fields = fields(&db, &input, None).await?;
    let id = store::insert(&db, course.id, &fields).await?;
    prices_changed(&app, &tenant, &db, course.id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(batch_of(&db, id).await?))))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct BatchListQuery {
    pub course_id: Option<i64>,
}

/// A course's batches with their enrolment counts.
#[utoipa::path(get, path = "/course/batch/view-enrolled-batches", tag = "courses", params(BatchListQuery),
    responses((status = 200, body = Data<Vec<Batch>>), (status = 404)))]
pub async fn view_batches(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<BatchListQuery>,
) -> AppResult<Json<Data<Vec<Batch>>>> {
    require_author(&caller, &tenant)?;
    let course = course_of(&db, q.course_id.ok_or(AppError::field("course_id", "required"))?).await?;
    Ok(Json(Data::new(store::of_course(&db, course.id).await?)))
}

/// One batch.
#[utoipa::path(get, path = "/course/batch/view/{id}", tag = "courses",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Batch>), (status = 404)))]
pub async fn view_batch(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Batch>>> {
    require_author(&caller, &tenant)?;
    Ok(Json(Data::new(batch_of(&db, id).await?)))
}

/// Change a batch; absent fields keep their value.
#[utoipa::path(put, path = "/course/batch/update", tag = "courses", request_body = BatchInput,
    responses((status = 200, body = Data<Batch>), (status = 404), (status = 422)))]
pub async fn update_batch(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<BatchInput>,
) -> AppResult<Json<Data<Batch>>> {
    require_author(&caller, &tenant)?;
    let batch = batch_of(&db, input.id.ok_or(AppError::field("id", "required"))?).await?;
    let fields = fields(&db, &input, Some(&batch)).await?;
    store::update(&db, batch.id, &fields).await?;
    prices_changed(&app, &tenant, &db, batch.course_id).await?;
    Ok(Json(Data::new(batch_of(&db, batch.id).await?)))
}

/// Copy a batch (unpublished, without enrolments).
#[utoipa::path(post, path = "/course/batch/clone/{id}", tag = "courses",
    params(("id" = i64, Path)), responses((status = 201, body = Data<Batch>), (status = 404)))]
pub async fn clone_batch(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<(StatusCode, Json<Data<Batch>>)> {
    require_author(&caller, &tenant)?;
    batch_of(&db, id).await?;
    let copy = store::clone(&db, id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(batch_of(&db, copy).await?))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BatchFlags {
    pub id: i64,
    pub published: Option<bool>,
    pub featured: Option<bool>,
}

/// Publish (open for enrolment) or feature a batch.
#[utoipa::path(put, path = "/course/batch/update-publish-feature", tag = "courses", request_body = BatchFlags,
    responses((status = 200, body = Data<Batch>), (status = 404)))]
pub async fn publish_batch(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<BatchFlags>,
) -> AppResult<Json<Data<Batch>>> {
    require_author(&caller, &tenant)?;
    let batch = batch_of(&db, input.id).await?;
    store::set_flags(&db, input.id, input.published, input.featured).await?;
    prices_changed(&app, &tenant, &db, batch.course_id).await?;
    Ok(Json(Data::new(batch_of(&db, input.id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BatchOrder {
    pub course_id: i64,
    pub ids: Vec<i64>,
}

/// Order a course's batches (the featured order).
#[utoipa::path(put, path = "/course/batch/featured-orderise", tag = "courses", request_body = BatchOrder,
    responses((status = 200, body = Data<Vec<Batch>>), (status = 404), (status = 422)))]
pub async fn order_batches(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<BatchOrder>,
) -> AppResult<Json<Data<Vec<Batch>>>> {
    require_author(&caller, &tenant)?;
    let course = course_of(&db, input.course_id).await?;
    let current = store::of_course(&db, course.id).await?;
    if !super::same_ids(current.iter().map(|b| b.id), input.ids.iter().copied()) {
        return Err(AppError::unprocessable("ids", "invalid_order"));
    }
    store::set_order(&db, course.id, &input.ids).await?;
    Ok(Json(Data::new(store::of_course(&db, course.id).await?)))
}

/// Delete a batch nobody is enrolled in.
#[utoipa::path(delete, path = "/course/batch/delete/{id}", tag = "courses",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 404), (status = 409)))]
pub async fn delete_batch(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    require_author(&caller, &tenant)?;
    let batch = batch_of(&db, id).await?;
    if batch.enrolled_count + batch.pending_count > 0 {
        return Err(AppError::Conflict("batch_has_enrolments"));
    }
    store::delete(&db, id).await.map_err(|e| match &e {
        // Orders keep their batch: the money's record outlives a change of plan.
        sqlx::Error::Database(d) if d.constraint() == Some("orders_batch_id_fkey") => AppError::Conflict("batch_has_payments"),
        _ => e.into(),
    })?;
    prices_changed(&app, &tenant, &db, batch.course_id).await?;
    Ok(Json(Data::done()))
}
