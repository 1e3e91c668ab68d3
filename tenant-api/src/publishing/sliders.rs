//! The home page's slides (docs/api-publishing.md), kept by the site's admin: pictures from the
//! file manager, text in both languages, an order and dates. The table `sliders` (tenant
//! migration V15).

use super::is_media_url;
use crate::courses::syllabus::is_http_url;
use crate::pools::TenantDb;
use control_plane::dhaka::today;
use axum::Json;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageQuery, PageRequest, contains_pattern};
use control_plane::response::{Data, Done};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Slider {
    pub id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub subtitle: Option<String>,
    pub subtitle_bn: Option<String>,
    /// `/post-media/<name>` or an http(s) URL.
    pub image: String,
    pub link: Option<String>,
    pub position: i32,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    #[serde(skip)]
    pub total: i64,
}

const COLUMNS: &str = "id, title, title_bn, subtitle, subtitle_bn, image, link, position, start_date, end_date, active, created_at, updated_at";

/// The site's slides by position (the site's admin).
#[utoipa::path(get, path = "/admin-settings/slider", tag = "settings", params(PageQuery),
    responses((status = 200, body = Page<Slider>), (status = 401), (status = 403)))]
pub async fn list_sliders(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<Slider>>> {
    caller.require_admin_of(tenant.id)?;
    let pattern = contains_pattern(q.search.as_deref());
    let select = async |limit: i64, offset: i64| -> sqlx::Result<Vec<Slider>> {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS}, count(*) OVER () AS total FROM sliders
              WHERE $1::text IS NULL OR title ILIKE $1 OR title_bn ILIKE $1
              ORDER BY position, id LIMIT $2 OFFSET $3"
        )))
        .bind(pattern.as_deref())
        .bind(limit)
        .bind(offset)
        .fetch_all(&*db)
        .await
    };
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = select(1, 0).await?.first().map_or(0, |s| s.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = select(request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// The slides the home page shows today (Dhaka time), by position.
#[utoipa::path(get, path = "/admin-settings/slider/front", tag = "settings", responses((status = 200, body = Data<Vec<Slider>>)))]
pub async fn front_sliders(TenantDb(db): TenantDb) -> AppResult<Json<Data<Vec<Slider>>>> {
    let slides = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, 0::bigint AS total FROM sliders
          WHERE active AND coalesce(start_date <= $1, true) AND coalesce(end_date >= $1, true)
          ORDER BY position, id LIMIT 10"
    )))
    .bind(today())
    .fetch_all(&*db)
    .await?;
    Ok(Json(Data::new(slides)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SliderInput {
    /// The update's slide.
    pub id: Option<i64>,
    pub title: String,
    pub title_bn: Option<String>,
    pub subtitle: Option<String>,
    pub subtitle_bn: Option<String>,
    /// From the file manager through `POST /my-account/publishing/media`.
    pub image: String,
    pub link: Option<String>,
    pub position: Option<i32>,
    /// `YYYY-MM-DD`.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub active: Option<bool>,
}

struct Fields {
    title: String,
    title_bn: Option<String>,
    subtitle: Option<String>,
    subtitle_bn: Option<String>,
    image: String,
    link: Option<String>,
    position: i32,
    start_date: Option<NaiveDate>,
    end_date: Option<NaiveDate>,
    active: bool,
}

fn fields(input: &SliderInput) -> AppResult<Fields> {
    let mut v = Validator::default();
    let optional = |v: &mut Validator, field: &str, value: &Option<String>, max: usize| v.optional_text(field, value.as_deref().unwrap_or_default(), max);
    let title = v.text("title", &input.title, 120);
    let title_bn = optional(&mut v, "title_bn", &input.title_bn, 120);
    let subtitle = optional(&mut v, "subtitle", &input.subtitle, 300);
    let subtitle_bn = optional(&mut v, "subtitle_bn", &input.subtitle_bn, 300);
    let image = v.text("image", &input.image, 2000);
    if !image.is_empty() && !is_media_url(&image) {
        v.add("image", "invalid_url", None);
    }
    let link = optional(&mut v, "link", &input.link, 2000);
    if link.as_deref().is_some_and(|l| !is_http_url(l) && !l.starts_with('/')) {
        v.add("link", "invalid_url", None);
    }
    let mut date = |field: &str, value: &Option<String>| match value.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        None => None,
        Some(d) => NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| v.add(field, "invalid_date", None)).ok(),
    };
    let start_date = date("start_date", &input.start_date);
    let end_date = date("end_date", &input.end_date);
    if let (Some(start), Some(end)) = (start_date, end_date) {
        if end < start {
            v.add("end_date", "end_before_start", None);
        }
    }
    v.finish()?;
    Ok(Fields { title, title_bn, subtitle, subtitle_bn, image, link, position: input.position.unwrap_or(0), start_date, end_date, active: input.active.unwrap_or(true) })
}

/// Writes a slide (a new one when `id` is None); answers it, or None when there is no such slide.
async fn save(db: &PgPool, id: Option<i64>, f: &Fields) -> sqlx::Result<Option<Slider>> {
    let sql = match id {
        None => format!(
            "INSERT INTO sliders (title, title_bn, subtitle, subtitle_bn, image, link, position, start_date, end_date, active)
             VALUES ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING {COLUMNS}, 1::bigint AS total"
        ),
        Some(_) => format!(
            "UPDATE sliders SET title = $2, title_bn = $3, subtitle = $4, subtitle_bn = $5, image = $6, link = $7, position = $8,
                    start_date = $9, end_date = $10, active = $11, updated_at = now()
              WHERE id = $1 RETURNING {COLUMNS}, 1::bigint AS total"
        ),
    };
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(&f.title)
        .bind(&f.title_bn)
        .bind(&f.subtitle)
        .bind(&f.subtitle_bn)
        .bind(&f.image)
        .bind(&f.link)
        .bind(f.position)
        .bind(f.start_date)
        .bind(f.end_date)
        .bind(f.active)
        .fetch_optional(db)
        .await
}

/// A new slide (the site's admin).
#[utoipa::path(post, path = "/admin-settings/slider/create", tag = "settings", request_body = SliderInput,
    responses((status = 201, body = Data<Slider>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_slider(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SliderInput>,
) -> AppResult<(StatusCode, Json<Data<Slider>>)> {
    caller.require_admin_of(tenant.id)?;
    let slide = save(&db, None, &fields(&input)?).await?.ok_or_else(|| anyhow::anyhow!("an insert answers its row"))?;
    Ok((StatusCode::CREATED, Json(Data::new(slide))))
}

/// Change a slide (its id in the body).
#[utoipa::path(put, path = "/admin-settings/slider/update", tag = "settings", request_body = SliderInput,
    responses((status = 200, body = Data<Slider>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_slider(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SliderInput>,
) -> AppResult<Json<Data<Slider>>> {
    caller.require_admin_of(tenant.id)?;
    let id = input.id.ok_or_else(|| AppError::unprocessable("id", "required"))?;
    let slide = save(&db, Some(id), &fields(&input)?).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(slide)))
}

#[utoipa::path(delete, path = "/admin-settings/slider/{id}", tag = "settings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_slider(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    caller.require_admin_of(tenant.id)?;
    let deleted = sqlx::query("DELETE FROM sliders WHERE id = $1").bind(id).execute(&*db).await?.rows_affected();
    if deleted == 0 {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::done()))
}
