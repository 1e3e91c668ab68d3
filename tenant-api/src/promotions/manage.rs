//! The promotion manager: a site's admin submits and edits its promotions (each change goes back
//! to the super admin for approval); the super admin lists every partner's and decides.

use super::{KINDS, POSITIONS, Promotion};
use crate::courses::syllabus::is_http_url;
use crate::courses::view::site_url;
use crate::media;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::promotions::{self as store, ListFilter, PromotionFields, PromotionRow};
use control_plane::reference::places::{List, all_known};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

const GENDERS: [&str; 3] = ["female", "male", "other"];
const STATUSES: [&str; 3] = ["pending", "approved", "rejected"];
const MAX_THUMBNAIL_BYTES: usize = 1024 * 1024;
/// A form with its thumbnail as a data URL (4/3 of its bytes).
pub const BODY_LIMIT: usize = MAX_THUMBNAIL_BYTES * 4 / 3 + 256 * 1024;

/// The site's admin (a partner admin on its site, the super admin anywhere): the user's id.
fn require_admin(caller: &Caller, tenant: &Tenant) -> AppResult<i64> {
    match caller.user_id() {
        Some(user) if caller.administers(tenant.id) => Ok(user),
        _ => Err(AppError::Forbidden),
    }
}

/// A promotion of this site that its admin may change.
async fn own(app: &AppState, caller: &Caller, tenant: &Tenant, uuid: Uuid) -> AppResult<PromotionRow> {
    require_admin(caller, tenant)?;
    store::find(&app.ctl.db, uuid).await?.filter(|p| p.institution_id == tenant.id).ok_or(AppError::NotFound)
}

/// A promotion the caller may see: the site's own for its admin; any for the super admin on the
/// main site.
async fn visible(app: &AppState, caller: &Caller, tenant: &Tenant, uuid: Uuid) -> AppResult<PromotionRow> {
    if caller.is_super() && tenant.is_main {
        return store::find(&app.ctl.db, uuid).await?.ok_or(AppError::NotFound);
    }
    own(app, caller, tenant, uuid).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PromotionQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of the title.
    pub search: Option<String>,
    /// `ads`, `internal-course`, `external-course` or `jobs`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// `pending`, `approved` or `rejected`.
    pub status: Option<String>,
    /// The super admin's filter by partner (institution id).
    pub partner_id: Option<i64>,
    /// One promotion: the page holds it alone.
    pub uuid: Option<Uuid>,
}

fn choice<'a>(field: &str, value: Option<&'a str>, allowed: &[&str]) -> AppResult<Option<&'a str>> {
    match value.map(str::trim).filter(|s| !s.is_empty()) {
        Some(v) if !allowed.contains(&v) => Err(AppError::unprocessable(field, "invalid_choice")),
        v => Ok(v),
    }
}

/// Promotions, newest first: the site's own for its admin; every partner's for the super admin
/// on the main site. With `uuid`, that one.
#[utoipa::path(get, path = "/course/course/promote-course", tag = "promotions", params(PromotionQuery),
    responses((status = 200, body = Page<Promotion>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn list_promotions(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppQuery(q): AppQuery<PromotionQuery>,
) -> AppResult<Json<Page<Promotion>>> {
    if let Some(uuid) = q.uuid {
        let one = visible(&app, &caller, &tenant, uuid).await?;
        return Ok(Json(Page { data: vec![one.into()], current_page: 1, last_page: 1, per_page: 1, total: 1 }));
    }
    let institution = if caller.is_super() && tenant.is_main {
        q.partner_id
    } else {
        require_admin(&caller, &tenant)?;
        Some(tenant.id)
    };
    let filter = ListFilter {
        institution,
        kind: choice("type", q.kind.as_deref(), &KINDS)?,
        status: choice("status", q.status.as_deref(), &STATUSES)?,
        search: q.search.as_deref().map(str::trim).filter(|s| !s.is_empty()),
    };
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = store::list(&app.ctl.db, &filter, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::list(&app.ctl.db, &filter, request.per_page, offset).await?;
    Ok(Json(Page { data: rows.into_iter().map(Into::into).collect(), current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PromotionInput {
    /// `ads`, `internal-course`, `external-course` or `jobs`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    /// Required for `jobs` (the job's description).
    pub details: String,
    /// `home`, `dashboard` or `course`.
    pub position: String,
    /// Required for `ads` and `external-course`; for `internal-course` the server sets it.
    pub url: String,
    /// `internal-course`: one of the site's published courses.
    pub course_id: Option<i64>,
    /// A PNG, JPEG or WebP data URL of at most 1 MB; empty on update: keep the current one.
    pub thumbnail: Option<String>,
    pub course_categories: Vec<i64>,
    /// `female`, `male`, `other`.
    pub genders: Vec<String>,
    pub professions: Vec<i64>,
    pub districts: Vec<i64>,
    pub age_start: Option<i64>,
    pub age_end: Option<i64>,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    pub end_date: String,
}

fn day(v: &mut Validator, field: &str, value: &str) -> Option<NaiveDate> {
    let value = value.trim();
    if value.is_empty() {
        v.add(field, "required", None);
        return None;
    }
    NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| v.add(field, "invalid_date", None)).ok()
}

fn age(v: &mut Validator, field: &str, value: Option<i64>) -> Option<i16> {
    match value {
        None => None,
        Some(a @ 0..=120) => Some(a as i16),
        Some(_) => {
            v.add(field, "age_invalid", None);
            None
        }
    }
}

async fn known(db: &PgPool, v: &mut Validator, field: &str, list: List, ids: &[i64]) -> AppResult<()> {
    if !all_known(db, list, ids).await? {
        v.add(field, "invalid_choice", None);
    }
    Ok(())
}

/// The checked fields and the thumbnail (bytes, extension, mime) to store.
async fn fields(app: &AppState, tenant: &Tenant, input: PromotionInput) -> AppResult<(PromotionFields, Option<(Vec<u8>, &'static str, &'static str)>)> {
    let db = &app.ctl.db;
    let mut v = Validator::default();
    let kind = KINDS.into_iter().find(|k| *k == input.kind).unwrap_or_else(|| {
        v.add("type", "invalid_choice", None);
        "ads"
    });
    let position = POSITIONS.into_iter().find(|p| *p == input.position).unwrap_or_else(|| {
        v.add("position", "invalid_choice", None);
        "home"
    });
    let title = v.text("title", &input.title, 150);
    let details = v.optional_text("details", &input.details, 5000).unwrap_or_default();
    if kind == "jobs" && details.is_empty() && !v.has("details") {
        v.add("details", "required", None);
    }
    let mut url = v.optional_text("url", &input.url, 500).unwrap_or_default();
    let mut course_uuid = None;
    if kind == "internal-course" {
        match input.course_id {
            None => v.add("course_id", "required", None),
            Some(id) => match store::partner_course(db, tenant.id, id).await? {
                Some((uuid, _)) => {
                    course_uuid = Some(uuid);
                    url = format!("{}/course/details/{uuid}", site_url(tenant, &app.ctl.config.public_base_url));
                }
                None => v.add("course_id", "invalid_choice", None),
            },
        }
    } else if url.is_empty() && kind != "jobs" && !v.has("url") {
        v.add("url", "required", None);
    } else if !url.is_empty() && !is_http_url(&url) {
        v.add("url", "invalid_url", None);
    }
    if input.genders.iter().any(|g| !GENDERS.contains(&g.as_str())) {
        v.add("genders", "invalid_choice", None);
    }
    known(db, &mut v, "course_categories", List::Categories, &input.course_categories).await?;
    known(db, &mut v, "professions", List::Professions, &input.professions).await?;
    known(db, &mut v, "districts", List::Districts, &input.districts).await?;
    let age_start = age(&mut v, "age_start", input.age_start);
    let age_end = age(&mut v, "age_end", input.age_end);
    if let (Some(start), Some(end)) = (age_start, age_end)
        && end < start
    {
        v.add("age_end", "age_range_invalid", None);
    }
    let start_date = day(&mut v, "start_date", &input.start_date);
    let end_date = day(&mut v, "end_date", &input.end_date);
    if let (Some(start), Some(end)) = (start_date, end_date)
        && end < start
    {
        v.add("end_date", "end_before_start", None);
    }
    let thumbnail = match input.thumbnail.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(data_url) => match media::decode_image("thumbnail", data_url, MAX_THUMBNAIL_BYTES) {
            Ok(image) => Some(image),
            // Refused for its kind or its size: said on the field with the rest.
            Err(AppError::Validation(errors)) => {
                for e in errors.into_values().flatten() {
                    v.add("thumbnail", e.code, e.param);
                }
                None
            }
            Err(e) => return Err(e),
        },
        None => None,
    };
    v.finish()?;
    let dedup = |mut ids: Vec<i64>| {
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    let mut genders = input.genders;
    genders.sort_unstable();
    genders.dedup();
    let fields = PromotionFields {
        kind,
        title,
        details,
        position,
        url,
        course_uuid,
        course_categories: dedup(input.course_categories),
        genders,
        professions: dedup(input.professions),
        districts: dedup(input.districts),
        age_start,
        age_end,
        start_date: start_date.expect("validated"),
        end_date: end_date.expect("validated"),
    };
    Ok((fields, thumbnail))
}

/// Stores a thumbnail in the site's bucket: its public address.
async fn store_thumbnail(app: &AppState, tenant: &Tenant, image: Option<(Vec<u8>, &'static str, &'static str)>) -> AppResult<Option<String>> {
    let Some((bytes, ext, mime)) = image else { return Ok(None) };
    let key = media::content_key("promotions/thumb", &bytes, ext);
    media::put(app, tenant, &key, bytes, mime).await?;
    let file = key.rsplit('/').next().unwrap_or(&key);
    Ok(Some(format!("{}/promotion/thumbnail/{file}", site_url(tenant, &app.ctl.config.public_base_url))))
}

async fn respond(app: &AppState, uuid: Uuid) -> AppResult<Json<Data<Promotion>>> {
    Ok(Json(Data::new(store::find(&app.ctl.db, uuid).await?.ok_or(AppError::NotFound)?.into())))
}

/// Submit a promotion; it waits for the super admin's approval.
#[utoipa::path(post, path = "/course/course/promote-course", tag = "promotions", request_body = PromotionInput,
    responses((status = 201, body = Data<Promotion>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_promotion(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<PromotionInput>,
) -> AppResult<(StatusCode, Json<Data<Promotion>>)> {
    let by = require_admin(&caller, &tenant)?;
    let (fields, image) = fields(&app, &tenant, input).await?;
    let thumbnail = store_thumbnail(&app, &tenant, image).await?;
    let uuid = store::insert(&app.ctl.db, tenant.id, by, &fields, thumbnail.as_deref()).await?;
    Ok((StatusCode::CREATED, respond(&app, uuid).await?))
}

/// Change a promotion (every field; an empty `thumbnail` keeps the image). It goes back for
/// approval.
#[utoipa::path(post, path = "/course/course/promote-course/update/{uuid}", tag = "promotions", request_body = PromotionInput,
    params(("uuid" = Uuid, Path)), responses((status = 200, body = Data<Promotion>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_promotion(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(uuid): AppPath<Uuid>,
    AppJson(input): AppJson<PromotionInput>,
) -> AppResult<Json<Data<Promotion>>> {
    own(&app, &caller, &tenant, uuid).await?;
    let (fields, image) = fields(&app, &tenant, input).await?;
    let thumbnail = store_thumbnail(&app, &tenant, image).await?;
    store::update(&app.ctl.db, uuid, &fields, thumbnail.as_deref()).await?;
    respond(&app, uuid).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct DecisionQuery {
    /// `approved` or `rejected`.
    pub promotion_status: String,
    /// Why it was rejected, told to the partner.
    pub reason: Option<String>,
}

/// Approve or reject a promotion (super admin).
#[utoipa::path(post, path = "/course/course/promote-course/approve/{uuid}", tag = "promotions",
    params(("uuid" = Uuid, Path), DecisionQuery), responses((status = 200, body = Data<Promotion>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn approve_promotion(
    State(app): State<AppState>,
    RequireUser(caller): RequireUser,
    AppPath(uuid): AppPath<Uuid>,
    AppQuery(q): AppQuery<DecisionQuery>,
) -> AppResult<Json<Data<Promotion>>> {
    let by = match caller.user_id() {
        Some(user) if caller.is_super() => user,
        _ => return Err(AppError::Forbidden),
    };
    let mut v = Validator::default();
    if !["approved", "rejected"].contains(&q.promotion_status.as_str()) {
        v.add("promotion_status", "invalid_choice", None);
    }
    let reason = v.optional_text("reason", q.reason.as_deref().unwrap_or_default(), 500);
    v.finish()?;
    store::find(&app.ctl.db, uuid).await?.ok_or(AppError::NotFound)?;
    let reason = reason.filter(|_| q.promotion_status == "rejected");
    store::decide(&app.ctl.db, uuid, &q.promotion_status, reason.as_deref(), by).await?;
    respond(&app, uuid).await
}

/// Delete a promotion (its site's admin, or the super admin on the main site).
#[utoipa::path(delete, path = "/course/course/promote-course/delete/{uuid}", tag = "promotions",
    params(("uuid" = Uuid, Path)), responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_promotion(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<Done>>> {
    visible(&app, &caller, &tenant, uuid).await?;
    store::delete(&app.ctl.db, uuid).await?;
    Ok(Json(Data::done()))
}
