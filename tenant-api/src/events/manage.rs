//! Listing, reading and writing events.

use super::store::{self, EventFields, Filter, When};
use super::{Event, follow_up, is_manager, views, visible};
use crate::state::AppState;
use axum::extract::State;
use crate::courses::access::require_author;
use crate::courses::syllabus::is_http_url;
use crate::pools::TenantDb;
use axum::Json;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, MaybeUser, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::response::{Data, Done};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

const MAX_TITLE: usize = 200;
const MAX_DESCRIPTION: usize = 5000;
const MAX_CAPACITY: i64 = 1_000_000;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct EventQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of a title, in either language.
    pub search: Option<String>,
    /// `upcoming` (default: not yet ended, soonest first), `past` or `all`.
    pub when: Option<String>,
    /// `1`: include unpublished events (managers only).
    pub manage: Option<i64>,
}

fn when(value: Option<&str>) -> AppResult<When> {
    match value.unwrap_or("upcoming") {
        "upcoming" | "" => Ok(When::Upcoming),
        "past" => Ok(When::Past),
        "all" => Ok(When::All),
        _ => Err(AppError::unprocessable("when", "invalid_choice")),
    }
}

/// The site's events: published ones to everyone, every one to its managers with `manage=1`.
#[utoipa::path(get, path = "/event/all", tag = "events", params(EventQuery),
    responses((status = 200, body = Page<Event>), (status = 403), (status = 422)))]
pub async fn all_events(
    HostTenant(tenant): HostTenant,
    MaybeUser(caller): MaybeUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<EventQuery>,
) -> AppResult<Json<Page<Event>>> {
    let manage = q.manage == Some(1);
    if manage && !is_manager(caller.as_ref(), &tenant) {
        return Err(AppError::Forbidden);
    }
    let pattern = contains_pattern(q.search.as_deref());
    let filter = Filter { when: when(q.when.as_deref())?, published_only: !manage, pattern: pattern.as_deref(), registrant: None };
    page(&db, &filter, q.page, q.limit, caller.as_ref(), &tenant).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct MyEventsQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// `upcoming` (default), `past` or `all`.
    pub when: Option<String>,
}

/// Events the caller registered for, each with their registration.
#[utoipa::path(get, path = "/event/my", tag = "events", params(MyEventsQuery),
    responses((status = 200, body = Page<Event>), (status = 401), (status = 422)))]
pub async fn my_events(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<MyEventsQuery>,
) -> AppResult<Json<Page<Event>>> {
    let filter = Filter { when: when(q.when.as_deref())?, published_only: false, pattern: None, registrant: caller.user_id() };
    page(&db, &filter, q.page, q.limit, Some(&caller), &tenant).await
}

async fn page(
    db: &sqlx::PgPool,
    filter: &Filter<'_>,
    page: Option<i64>,
    limit: Option<i64>,
    caller: Option<&control_plane::auth::Caller>,
    tenant: &control_plane::tenancy::Tenant,
) -> AppResult<Json<Page<Event>>> {
    let request = PageRequest::new(page, limit, 12);
    let total = store::count(db, filter).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::list(db, filter, request.per_page, offset).await?;
    Ok(Json(Page { data: views(db, rows, caller, tenant).await?, current_page, last_page, per_page: request.per_page, total }))
}

/// One event; an unpublished one only to its managers.
#[utoipa::path(get, path = "/event/details/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Event>), (status = 404)))]
pub async fn event_details(
    HostTenant(tenant): HostTenant,
    MaybeUser(caller): MaybeUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Event>>> {
    let row = visible(&db, id, caller.as_ref(), &tenant).await?;
    Ok(Json(Data::new(views(&db, vec![row], caller.as_ref(), &tenant).await?.remove(0))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct EventInput {
    /// The event to change (`/event/update` only).
    pub id: Option<i64>,
    pub title: String,
    pub title_bn: Option<String>,
    /// Plain text, at most 5000 characters.
    pub description: Option<String>,
    pub description_bn: Option<String>,
    /// RFC 3339 (`2026-12-20T10:00:00+06:00`).
    pub starts_at: String,
    pub ends_at: String,
    pub venue: Option<String>,
    /// An http(s) link, for an online event.
    pub online_link: Option<String>,
    /// Seats; none is no limit.
    pub capacity: Option<i64>,
    /// `open` (default) or `approval`.
    pub registration: Option<String>,
    /// Default true.
    pub published: Option<bool>,
}

fn fields(input: &EventInput) -> AppResult<EventFields> {
    let mut v = Validator::default();
    let title = v.text("title", &input.title, MAX_TITLE);
    let title_bn = v.optional_text("title_bn", input.title_bn.as_deref().unwrap_or_default(), MAX_TITLE);
    let description = v.optional_text("description", input.description.as_deref().unwrap_or_default(), MAX_DESCRIPTION).unwrap_or_default();
    let description_bn = v.optional_text("description_bn", input.description_bn.as_deref().unwrap_or_default(), MAX_DESCRIPTION);
    let starts_at = v.date_time("starts_at", &input.starts_at);
    let ends_at = v.date_time("ends_at", &input.ends_at);
    if let (Some(s), Some(e)) = (starts_at, ends_at)
        && e <= s
    {
        v.add("ends_at", "ends_before_start", None);
    }
    let venue = v.optional_text("venue", input.venue.as_deref().unwrap_or_default(), 300);
    let online_link = v.optional_text("online_link", input.online_link.as_deref().unwrap_or_default(), 2000);
    if online_link.as_deref().is_some_and(|u| !is_http_url(u)) {
        v.add("online_link", "invalid_url", None);
    }
    if venue.is_none() && online_link.is_none() && !v.has("online_link") {
        v.add("venue", "required", None);
    }
    if input.capacity.is_some_and(|c| !(1..=MAX_CAPACITY).contains(&c)) {
        v.add("capacity", "out_of_range", None);
    }
    let registration = input.registration.as_deref().map(str::trim).filter(|r| !r.is_empty()).unwrap_or("open");
    if !["open", "approval"].contains(&registration) {
        v.add("registration", "invalid_choice", None);
    }
    v.finish()?;
    Ok(EventFields {
        title,
        title_bn,
        description,
        description_bn,
        starts_at: starts_at.unwrap_or_default(),
        ends_at: ends_at.unwrap_or_default(),
        venue,
        online_link,
        capacity: input.capacity.map(|c| c as i32),
        registration: registration.to_owned(),
        published: input.published.unwrap_or(true),
    })
}

/// Create an event.
#[utoipa::path(post, path = "/event/create", tag = "events", request_body = EventInput,
    responses((status = 201, body = Data<Event>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_event(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<EventInput>,
) -> AppResult<(StatusCode, Json<Data<Event>>)> {
    let user = require_author(&caller, &tenant)?;
    let id = store::insert(&db, &fields(&input)?, user).await?;
    let row = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(Data::new(views(&db, vec![row], Some(&caller), &tenant).await?.remove(0)))))
}

/// Change an event.
#[utoipa::path(put, path = "/event/update", tag = "events", request_body = EventInput,
    responses((status = 200, body = Data<Event>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "validation_failed; below_registered on capacity")))]
pub async fn update_event(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<EventInput>,
) -> AppResult<Json<Data<Event>>> {
    require_author(&caller, &tenant)?;
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    let fields = fields(&input)?;
    let before = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    let mut tx = db.begin().await?;
    match store::update(&mut tx, id, &fields).await? {
        None => return Err(AppError::NotFound),
        Some(false) => return Err(AppError::field("capacity", "below_registered")),
        Some(true) => tx.commit().await?,
    }
    let row = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    follow_up::follow(&app, &tenant, &db, &row, row.fields.starts_at != before.fields.starts_at).await?;
    Ok(Json(Data::new(views(&db, vec![row], Some(&caller), &tenant).await?.remove(0))))
}

/// Delete an event with its registrations, materials, discussions and reviews.
#[utoipa::path(delete, path = "/event/{id}", tag = "events", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_event(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    require_author(&caller, &tenant)?;
    follow_up::forget(&app, &tenant, &db, id).await?;
    if !store::delete(&db, id).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::done()))
}
