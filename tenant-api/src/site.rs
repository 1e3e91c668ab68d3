//! The site of the requesting host: `retrieve-site`, `update-site` (config, theme, logo) and the
//! logo itself, served from the tenant's own bucket.

use crate::pools::TenantDb;
use crate::state::AppState;
use crate::{activity, media};
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::config::PublicUrl;
use control_plane::institutions::site_config::SiteConfig;
use control_plane::institutions::{logo_url, store as institutions};
use control_plane::json::{AppJson, AppPath};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use control_plane::response::Data;
use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

pub const MAX_LOGO_BYTES: usize = 512 * 1024;

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteInfo {
    pub id: i64,
    pub slug: String,
    pub is_main: bool,
    pub institution_name: String,
    pub institution_name_en: String,
    pub logo: Option<String>,
    pub site_config: SiteConfig,
}

pub fn site_info(tenant: &Tenant, urls: &PublicUrl) -> SiteInfo {
    SiteInfo {
        id: tenant.id,
        slug: tenant.slug.clone(),
        is_main: tenant.is_main,
        institution_name: tenant.institution_name.clone(),
        institution_name_en: tenant.institution_name_en.clone(),
        logo: logo_url(urls, &tenant.slug, tenant.is_main, tenant.logo_key.as_deref()),
        site_config: SiteConfig::from_json(&tenant.site_config),
    }
}

/// The site as SPEC §7 names it: a list of one under `InstitutionInfo`.
#[derive(Debug, Serialize, ToSchema)]
pub struct RetrievedSite {
    #[serde(rename = "InstitutionInfo")]
    pub institution_info: Vec<SiteInfo>,
}

/// The requesting host's site: names, logo and site_config (`InstitutionInfo[0]`).
#[utoipa::path(get, path = "/my-account/institutions/retrieve-site", tag = "public",
    responses((status = 200, body = Data<RetrievedSite>), (status = 404)))]
pub async fn retrieve_site(State(app): State<AppState>, HostTenant(tenant): HostTenant) -> Json<Data<RetrievedSite>> {
    Json(Data::new(RetrievedSite { institution_info: vec![site_info(&tenant, &app.ctl.config.public_base_url)] }))
}

/// `update-site`'s body (documentation: read as a map, to tell an absent logo from `null`):
/// either part may be left out, not both.
#[derive(Debug, ToSchema)]
pub struct SiteUpdate {
    pub site_config: Option<SiteConfig>,
    /// A PNG, JPEG or WebP data URL (at most 512 KB) replaces the logo; `null` or `""` removes it;
    /// absent keeps it.
    pub logo: Option<String>,
}

/// Edit the site's config, theme and logo (partner admin of this site, or super admin).
/// Body: `{site_config, logo?}`; `logo` absent keeps it, `null` removes it, a data URL replaces it.
#[utoipa::path(put, path = "/my-account/institutions/update-site", tag = "public", request_body = SiteUpdate,
    responses((status = 200, body = Data<SiteInfo>), (status = 401), (status = 403), (status = 422)))]
pub async fn update_site(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(tenant_db): TenantDb,
    AppJson(body): AppJson<Map<String, Value>>,
) -> AppResult<Json<Data<SiteInfo>>> {
    if !caller.administers(tenant.id) {
        return Err(AppError::Forbidden);
    }
    if !body.contains_key("site_config") && !body.contains_key("logo") {
        return Err(AppError::unprocessable("site_config", "empty_body"));
    }
    let config: SiteConfig = match body.get("site_config") {
        None | Some(Value::Null) => SiteConfig::from_json(&tenant.site_config),
        Some(v) => serde_json::from_value(v.clone()).map_err(|_| AppError::field("site_config", "invalid_type"))?,
    };
    let mut v = Validator::default();
    let config = config.validate(&mut v);
    let logo = match body.get("logo") {
        Some(Value::String(s)) if !s.is_empty() => Some(media::decode_image("logo", s, MAX_LOGO_BYTES)?),
        Some(Value::String(_) | Value::Null) | None => None,
        Some(_) => return Err(AppError::field("logo", "invalid_type")),
    };
    v.finish()?;
    let logo_key = match (logo, body.get("logo")) {
        (Some((bytes, ext, mime)), _) => {
            let key = media::content_key("site/logo", &bytes, ext);
            media::put(&app, &tenant, &key, bytes, mime).await?;
            Some(key)
        }
        (None, Some(_)) => None,
        (None, None) => tenant.logo_key.clone(),
    };
    institutions::update_site(&app.ctl.db, tenant.id, &config, logo_key.as_deref()).await?;
    if let Some(old) = tenant.logo_key.as_deref().filter(|old| Some(*old) != logo_key.as_deref()) {
        media::remove(&app, &tenant, old).await;
    }
    activity::record(&tenant_db, caller.user_id(), "site_updated", Some("site_config"), json!({ "logo_changed": logo_key != tenant.logo_key })).await?;
    let updated = institutions::tenant_by_id(&app.ctl.db, tenant.id).await?.ok_or(AppError::SiteNotFound)?;
    Ok(Json(Data::new(site_info(&updated, &app.ctl.config.public_base_url))))
}

/// The site's logo, from its own bucket.
pub async fn site_logo(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    AppPath(file): AppPath<String>,
) -> Result<Response, AppError> {
    let key = tenant.logo_key.as_deref().filter(|k| k.rsplit('/').next() == Some(file.as_str())).ok_or(AppError::NotFound)?;
    media::serve_image(&app, &tenant, key).await
}
