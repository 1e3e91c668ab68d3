//! Listing, reading, writing and joining classes.

use super::store::{self, ClassFields, Filter, NewPerson};
use super::{Classroom, TEACHER, STUDENT, access, site_admin, view, views};
use crate::courses::access::require_author;
use crate::courses::syllabus::is_http_url;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::tenancy::Tenant;
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::response::{Data, Done};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

const MAX_NAME: usize = 200;
const MAX_DESCRIPTION: usize = 5000;
/// The meeting platforms a class can use today (BigBlueButton and Zoom are not built yet).
pub const PLATFORMS: [&str; 5] = ["jitsi", "convay", "bbb", "zoom", "link"];

/// A random, unguessable token (12 bytes, 16 characters): join codes and meeting room names.
pub fn random_code() -> String {
    let mut bytes = [0u8; 12];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ClassQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of a name, in either language.
    pub search: Option<String>,
    /// `all` (default), `teacher` or `student`: the caller's part.
    pub role: Option<String>,
    /// `1`: every class of the site (its admins only).
    pub manage: Option<i64>,
    /// `webinar`: only webinars' live rooms.
    pub course_type: Option<String>,
}

/// The caller's classes (as teacher and as student), newest start first; every class of the site
/// to its admins with `manage=1`.
#[utoipa::path(get, path = "/classroom/class/view", tag = "classroom", params(ClassQuery),
    responses((status = 200, body = Page<Classroom>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_classes(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ClassQuery>,
) -> AppResult<Json<Page<Classroom>>> {
    list(&app, &tenant, &caller, &db, q, false).await
}

/// The classes the caller joined as a student (`view?role=student`, by the name older clients use).
#[utoipa::path(get, path = "/classroom/batch/view-enrolled-batches", tag = "classroom", params(ClassQuery),
    responses((status = 200, body = Page<Classroom>), (status = 401), (status = 422)))]
pub async fn view_enrolled(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ClassQuery>,
) -> AppResult<Json<Page<Classroom>>> {
    list(&app, &tenant, &caller, &db, ClassQuery { role: Some("student".into()), manage: None, ..q }, false).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct UnassignedQuery {
    /// The course batch a room is sought for: it must be one of the site's.
    pub course_batch_id: Option<i64>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub search: Option<String>,
}

/// The classes the caller teaches (every class, for the site's admins) that are their own rather
/// than a course batch's live room, newest start first: where a batch's live classes can be held.
#[utoipa::path(get, path = "/classroom/class/unassigned-rooms", tag = "classroom", params(UnassignedQuery),
    responses((status = 200, body = Page<Classroom>), (status = 401), (status = 404), (status = 422)))]
pub async fn unassigned_rooms(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<UnassignedQuery>,
) -> AppResult<Json<Page<Classroom>>> {
    if let Some(batch) = q.course_batch_id {
        crate::courses::batches_store::find(&db, batch).await?.ok_or(AppError::Missing("batch_not_found"))?;
    }
    let admin = site_admin(&caller, &tenant);
    let query = ClassQuery { page: q.page, limit: q.limit, search: q.search, role: (!admin).then(|| "teacher".into()), manage: admin.then_some(1), course_type: None };
    list(&app, &tenant, &caller, &db, query, true).await
}

async fn list(app: &AppState, tenant: &Tenant, caller: &Caller, db: &sqlx::PgPool, q: ClassQuery, unassigned: bool) -> AppResult<Json<Page<Classroom>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let everyone = q.manage == Some(1);
    if everyone && !site_admin(caller, tenant) {
        return Err(AppError::Forbidden);
    }
    let user_type = match q.role.as_deref().map(str::trim).unwrap_or("all") {
        "all" | "" => None,
        "teacher" => Some(TEACHER),
        "student" => Some(STUDENT),
        _ => return Err(AppError::unprocessable("role", "invalid_choice")),
    };
    let pattern = contains_pattern(q.search.as_deref());
    let course_type = match q.course_type.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("webinar") => Some("webinar"),
        Some(_) => return Err(AppError::unprocessable("course_type", "invalid_choice")),
    };
    let filter = Filter { user_id, user_type, everyone, pattern: pattern.as_deref(), unassigned, course_type };
    let request = PageRequest::new(q.page, q.limit, 12);
    let total = store::count(db, &filter).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::list(db, &filter, request.per_page, offset).await?;
    Ok(Json(Page { data: views(app, db, rows, caller, tenant).await?, current_page, last_page, per_page: request.per_page, total }))
}

/// One class the caller takes part in.
#[utoipa::path(get, path = "/classroom/class/view/{id}", tag = "classroom", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Classroom>), (status = 401), (status = 404)))]
pub async fn view_class(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Classroom>>> {
    let a = access(&db, id, &caller, &tenant).await?;
    Ok(Json(Data::new(view(&app, &db, a.class, &caller, &tenant).await?)))
}

/// What the join page shows of a class.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClassInvite {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub teacher_names: Vec<String>,
    pub students: i64,
    /// The caller is already one of its people.
    pub member: bool,
}

fn valid_code(code: &str) -> bool {
    (1..=64).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

async fn by_code(db: &sqlx::PgPool, code: &str, user_id: i64) -> AppResult<store::ClassRow> {
    if !valid_code(code) {
        return Err(AppError::NotFound);
    }
    store::find_by_code(db, code, user_id).await?.filter(|c| c.published).ok_or(AppError::NotFound)
}

/// A class by its join code (`/join/:slug`), for anyone signed in who has the link.
#[utoipa::path(get, path = "/classroom/class/show/{id}", tag = "classroom", params(("id" = String, Path, description = "the class's join code")),
    responses((status = 200, body = Data<ClassInvite>), (status = 401), (status = 404)))]
pub async fn show_class(RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(code): AppPath<String>) -> AppResult<Json<Data<ClassInvite>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let class = by_code(&db, &code, user_id).await?;
    Ok(Json(Data::new(ClassInvite {
        teacher_names: store::teacher_names(&db, class.id).await?,
        id: class.id,
        name: class.fields.name,
        name_bn: class.fields.name_bn,
        description: class.fields.description,
        starts_at: class.fields.starts_at,
        students: class.students,
        member: class.my_type.is_some(),
    })))
}

/// Join a class through its link: an invitation to the caller's e-mail or phone is taken up, else
/// they join as a student. Joining again changes nothing.
#[utoipa::path(post, path = "/classroom/batch/enroll/{id}", tag = "classroom", params(("id" = String, Path, description = "the class's join code")),
    responses((status = 200, body = Data<Classroom>), (status = 401), (status = 404)))]
pub async fn join_class(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(code): AppPath<String>,
) -> AppResult<Json<Data<Classroom>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let class = by_code(&db, &code, user_id).await?;
    let me = control_plane::users::store::find(&app.ctl.db, user_id).await?;
    let mut tx = db.begin().await?;
    store::join(&mut tx, class.id, user_id, &me.name, me.email.as_deref().filter(|e| !e.is_empty()), me.phone.as_deref()).await?;
    tx.commit().await?;
    let a = access(&db, class.id, &caller, &tenant).await?;
    Ok(Json(Data::new(view(&app, &db, a.class, &caller, &tenant).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ClassInput {
    /// The class to change (`/classroom/class/update` only).
    pub id: Option<i64>,
    pub name: String,
    pub name_bn: Option<String>,
    pub description: Option<String>,
    /// RFC 3339 (`2026-12-20T10:00:00+06:00`).
    pub starts_at: String,
    /// `jitsi` (default), `convay`, `bbb` (BigBlueButton), `zoom` or `link`.
    pub platform: Option<String>,
    /// An https link, for platform `link`.
    pub meeting_link: Option<String>,
}

fn fields(input: &ClassInput) -> AppResult<ClassFields> {
    let mut v = Validator::default();
    let name = v.text("name", &input.name, MAX_NAME);
    let name_bn = v.optional_text("name_bn", input.name_bn.as_deref().unwrap_or_default(), MAX_NAME);
    let description = v.optional_text("description", input.description.as_deref().unwrap_or_default(), MAX_DESCRIPTION).unwrap_or_default();
    let starts_at = v.date_time("starts_at", &input.starts_at);
    let platform = input.platform.as_deref().map(str::trim).filter(|p| !p.is_empty()).unwrap_or("jitsi");
    if !PLATFORMS.contains(&platform) {
        v.add("platform", "invalid_choice", None);
    }
    let meeting_link = v.optional_text("meeting_link", input.meeting_link.as_deref().unwrap_or_default(), 2000).filter(|_| platform == "link");
    if platform == "link" {
        match &meeting_link {
            None if !v.has("meeting_link") => v.add("meeting_link", "required", None),
            Some(link) if !is_http_url(link) => v.add("meeting_link", "invalid_url", None),
            _ => {}
        }
    }
    v.finish()?;
    Ok(ClassFields { name, name_bn, description, starts_at: starts_at.unwrap_or_default(), platform: platform.to_owned(), meeting_link })
}

/// Create a class; its creator is its first teacher.
#[utoipa::path(post, path = "/classroom/class/create", tag = "classroom", request_body = ClassInput,
    responses((status = 201, body = Data<Classroom>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_class(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ClassInput>,
) -> AppResult<(StatusCode, Json<Data<Classroom>>)> {
    let user_id = require_author(&caller, &tenant)?;
    let fields = fields(&input)?;
    let me = control_plane::users::store::find(&app.ctl.db, user_id).await?;
    let creator = NewPerson { user_id: Some(user_id), user_type: TEACHER, name: me.name, email: None, phone: None };
    let mut tx = db.begin().await?;
    let id = store::insert(&mut tx, &fields, &random_code(), &creator, None).await?.ok_or(AppError::NotFound)?;
    tx.commit().await?;
    let a = access(&db, id, &caller, &tenant).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(&app, &db, a.class, &caller, &tenant).await?))))
}

/// Change a class (its teachers and the site's admins).
#[utoipa::path(put, path = "/classroom/class/update", tag = "classroom", request_body = ClassInput,
    responses((status = 200, body = Data<Classroom>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_class(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ClassInput>,
) -> AppResult<Json<Data<Classroom>>> {
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    access(&db, id, &caller, &tenant).await?.manager()?;
    store::update(&db, id, &fields(&input)?).await?;
    let a = access(&db, id, &caller, &tenant).await?;
    Ok(Json(Data::new(view(&app, &db, a.class, &caller, &tenant).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct FlagsInput {
    pub id: i64,
    pub published: Option<bool>,
    pub featured: Option<bool>,
}

/// Publish or unpublish (an unpublished class cannot be joined by its link), feature or not.
#[utoipa::path(put, path = "/classroom/update-publish-feature", tag = "classroom", request_body = FlagsInput,
    responses((status = 200, body = Data<Classroom>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn publish_feature(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<FlagsInput>,
) -> AppResult<Json<Data<Classroom>>> {
    set_flags(&app, &tenant, &caller, &db, &input).await
}

/// The same, by the name older clients use for a class.
#[utoipa::path(put, path = "/classroom/batch/update-publish-feature", tag = "classroom", request_body = FlagsInput,
    responses((status = 200, body = Data<Classroom>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn batch_publish_feature(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<FlagsInput>,
) -> AppResult<Json<Data<Classroom>>> {
    set_flags(&app, &tenant, &caller, &db, &input).await
}

async fn set_flags(app: &AppState, tenant: &Tenant, caller: &Caller, db: &sqlx::PgPool, input: &FlagsInput) -> AppResult<Json<Data<Classroom>>> {
    access(db, input.id, caller, tenant).await?.manager()?;
    store::set_flags(db, input.id, input.published, input.featured).await?;
    let a = access(db, input.id, caller, tenant).await?;
    Ok(Json(Data::new(view(app, db, a.class, caller, tenant).await?)))
}

/// Delete a class with its people, sessions, attendance and timeline.
#[utoipa::path(delete, path = "/classroom/class/delete/{id}", tag = "classroom", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_class(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    access(&db, id, &caller, &tenant).await?.manager()?;
    store::delete(&db, id).await?;
    Ok(Json(Data::done()))
}
