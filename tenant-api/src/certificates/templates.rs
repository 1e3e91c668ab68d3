//! Certificate templates (table `certificate_templates`): background, logo, signatures and where
//! the holder's name, the course and the date go, in Bangla or English.

use crate::courses::access::require_author;
use crate::courses::view::site_url;
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use control_plane::response::{Data, Done};
use sqlx::PgPool;
use utoipa::ToSchema;

const MAX_IMAGE_BYTES: usize = 2 * 1024 * 1024;
/// Two images as base64 data URLs (4/3 of their bytes) and the rest of the form.
pub const BODY_LIMIT: usize = 2 * MAX_IMAGE_BYTES * 4 / 3 + 256 * 1024;

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct Signature {
    pub name: String,
    pub title: String,
}

/// Where one text goes: x and y in % of the A4 landscape page, font size in points.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct Spot {
    pub x: f32,
    pub y: f32,
    pub size: f32,
}

impl Default for Spot {
    fn default() -> Self {
        Self { x: 50.0, y: 50.0, size: 24.0 }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct Placement {
    pub name: Spot,
    pub course: Spot,
    pub date: Spot,
}

impl Default for Placement {
    fn default() -> Self {
        Self {
            name: Spot { x: 50.0, y: 45.0, size: 32.0 },
            course: Spot { x: 50.0, y: 60.0, size: 20.0 },
            date: Spot { x: 50.0, y: 72.0, size: 14.0 },
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TemplateRow {
    pub id: i64,
    pub name: String,
    pub language: String,
    pub background_key: Option<String>,
    pub logo_key: Option<String>,
    pub signatures: sqlx::types::Json<Vec<Signature>>,
    pub placement: sqlx::types::Json<Placement>,
}

const SELECT: &str = "SELECT id, name, language, background_key, logo_key, signatures, placement FROM certificate_templates";

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<TemplateRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE id = $1"))).bind(id).fetch_optional(db).await
}

pub async fn exists(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM certificate_templates WHERE id = $1)").bind(id).fetch_one(db).await
}

fn image_url(tenant: &Tenant, app: &AppState, key: Option<&str>) -> Option<String> {
    key.and_then(|k| k.rsplit('/').next())
        .map(|file| format!("{}/course/template/image/{file}", site_url(tenant, &app.ctl.config.public_base_url)))
}

/// A template as authors see it: its images as public links.
#[derive(Debug, Serialize, ToSchema)]
pub struct Template {
    pub id: i64,
    pub name: String,
    pub language: String,
    pub background: Option<String>,
    pub logo: Option<String>,
    pub signatures: Vec<Signature>,
    pub placement: Placement,
}

fn view(tenant: &Tenant, app: &AppState, t: TemplateRow) -> Template {
    Template {
        id: t.id,
        name: t.name,
        language: t.language,
        background: image_url(tenant, app, t.background_key.as_deref()),
        logo: image_url(tenant, app, t.logo_key.as_deref()),
        signatures: t.signatures.0,
        placement: t.placement.0,
    }
}

/// This site's certificate templates.
#[utoipa::path(get, path = "/course/template/certificates", tag = "courses",
    responses((status = 200, body = Data<Vec<Template>>), (status = 403)))]
pub async fn list_templates(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
) -> AppResult<Json<Data<Vec<Template>>>> {
    require_author(&caller, &tenant)?;
    let rows: Vec<TemplateRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} ORDER BY id DESC"))).fetch_all(&*db).await?;
    Ok(Json(Data::new(rows.into_iter().map(|t| view(&tenant, &app, t)).collect::<Vec<_>>())))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TemplateInput {
    /// Absent: a new template.
    pub id: Option<i64>,
    pub name: String,
    pub language: Option<String>,
    /// A PNG/JPEG data URL; `null` removes it; absent keeps it.
    pub background: Option<Option<String>>,
    pub logo: Option<Option<String>>,
    pub signatures: Vec<Signature>,
    pub placement: Option<Placement>,
}

async fn image(app: &AppState, tenant: &Tenant, field: &str, value: &Option<Option<String>>, current: Option<String>) -> AppResult<Option<String>> {
    match value {
        None => Ok(current),
        Some(None) => Ok(None),
        Some(Some(s)) if s.is_empty() => Ok(None),
        Some(Some(data_url)) => {
            let (bytes, ext, mime) = media::decode_image(field, data_url, MAX_IMAGE_BYTES)?;
            let key = media::content_key(&format!("templates/{field}"), &bytes, ext);
            media::put(app, tenant, &key, bytes, mime).await?;
            Ok(Some(key))
        }
    }
}

/// Create or change a certificate template.
#[utoipa::path(post, path = "/course/template/certificate-store", tag = "courses", request_body = TemplateInput,
    responses((status = 201, body = Data<Template>, description = "created"), (status = 200, body = Data<Template>, description = "changed"), (status = 403), (status = 404), (status = 422)))]
pub async fn store_template(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<TemplateInput>,
) -> AppResult<(StatusCode, Json<Data<Template>>)> {
    require_author(&caller, &tenant)?;
    let current = match input.id {
        Some(id) => Some(find(&db, id).await?.ok_or(AppError::NotFound)?),
        None => None,
    };
    let mut v = Validator::default();
    let name = v.text("name", &input.name, 200);
    let language = input.language.clone().or(current.as_ref().map(|t| t.language.clone())).unwrap_or_else(|| "bn".into());
    if !["bn", "en"].contains(&language.as_str()) {
        v.add("language", "invalid_choice", None);
    }
    if input.signatures.len() > 3 {
        v.add("signatures", "too_long", Some(3));
    }
    let placement = input.placement.clone().or(current.as_ref().map(|t| t.placement.0.clone())).unwrap_or_default();
    for spot in [placement.name, placement.course, placement.date] {
        if !(0.0..=100.0).contains(&spot.x) || !(0.0..=100.0).contains(&spot.y) || !(6.0..=96.0).contains(&spot.size) {
            v.add("placement", "invalid_choice", None);
            break;
        }
    }
    v.finish()?;
    let background = image(&app, &tenant, "background", &input.background, current.as_ref().and_then(|t| t.background_key.clone())).await?;
    let logo = image(&app, &tenant, "logo", &input.logo, current.as_ref().and_then(|t| t.logo_key.clone())).await?;
    let signatures = sqlx::types::Json(input.signatures.clone());
    let placement = sqlx::types::Json(placement);
    let (status, id) = match current {
        Some(t) => {
            sqlx::query(
                "UPDATE certificate_templates SET name = $2, language = $3, background_key = $4, logo_key = $5, signatures = $6,
                     placement = $7, updated_at = now() WHERE id = $1",
            )
            .bind(t.id)
            .bind(&name)
            .bind(&language)
            .bind(&background)
            .bind(&logo)
            .bind(&signatures)
            .bind(&placement)
            .execute(&*db)
            .await?;
            (StatusCode::OK, t.id)
        }
        None => {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO certificate_templates (name, language, background_key, logo_key, signatures, placement)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            )
            .bind(&name)
            .bind(&language)
            .bind(&background)
            .bind(&logo)
            .bind(&signatures)
            .bind(&placement)
            .fetch_one(&*db)
            .await?;
            (StatusCode::CREATED, id)
        }
    };
    let row = find(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok((status, Json(Data::new(view(&tenant, &app, row)))))
}

/// This site's certificate templates (the Exam Centre's name for the list; shared with courses).
#[utoipa::path(post, path = "/assessment/template/view", tag = "lessons",
    responses((status = 200, body = Data<Vec<Template>>), (status = 403)))]
pub async fn view_exam_templates(app: State<AppState>, tenant: HostTenant, caller: RequireUser, db: TenantDb) -> AppResult<Json<Data<Vec<Template>>>> {
    list_templates(app, tenant, caller, db).await
}

/// Create a certificate template.
#[utoipa::path(post, path = "/assessment/template/create", tag = "lessons", request_body = TemplateInput,
    responses((status = 201, body = Data<Template>), (status = 403), (status = 422)))]
pub async fn create_exam_template(
    app: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppJson(input): AppJson<TemplateInput>,
) -> AppResult<(StatusCode, Json<Data<Template>>)> {
    store_template(app, tenant, caller, db, AppJson(TemplateInput { id: None, ..input })).await
}

/// Change a certificate template (`id` in the body).
#[utoipa::path(put, path = "/assessment/template/update", tag = "lessons", request_body = TemplateInput,
    responses((status = 200, body = Data<Template>), (status = 403), (status = 404), (status = 422)))]
pub async fn update_exam_template(
    app: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    AppJson(input): AppJson<TemplateInput>,
) -> AppResult<Json<Data<Template>>> {
    if input.id.is_none() {
        return Err(AppError::field("id", "required"));
    }
    Ok(store_template(app, tenant, caller, db, AppJson(input)).await?.1)
}

/// Delete a certificate template no batch or issued certificate uses (a certificate is drawn
/// with its template whenever it is downloaded).
#[utoipa::path(delete, path = "/assessment/template/delete/{id}", tag = "lessons",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 403), (status = 404), (status = 409)))]
pub async fn delete_template(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    require_author(&caller, &tenant)?;
    find(&db, id).await?.ok_or(AppError::NotFound)?;
    let deleted = sqlx::query(
        "DELETE FROM certificate_templates t WHERE t.id = $1
            AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.template_id = t.id)
            AND NOT EXISTS (SELECT 1 FROM certificates c WHERE c.template_id = t.id)",
    )
    .bind(id)
    .execute(&*db)
    .await?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::Conflict("template_in_use"));
    }
    Ok(Json(Data::done()))
}

/// A template's background or logo image.
pub async fn template_image(State(app): State<AppState>, HostTenant(tenant): HostTenant, AppPath(file): AppPath<String>) -> AppResult<Response> {
    if file.contains('/') || !(file.starts_with("background-") || file.starts_with("logo-")) {
        return Err(AppError::NotFound);
    }
    media::serve_image(&app, &tenant, &format!("templates/{file}")).await
}
