//! The site of the requesting host: `retrieve-site`, `update-site` (config, theme, logo) and the
//! logo itself, served from the tenant's own bucket.

use crate::activity;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::config::PublicUrl;
use control_plane::institutions::site_config::SiteConfig;
use control_plane::institutions::{logo_url, store as institutions};
use control_plane::json::{AppJson, AppPath};
use control_plane::storage::bucket_name;
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
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

/// The requesting host's site: names, logo and site_config (`InstitutionInfo[0]`).
#[utoipa::path(get, path = "/my-account/institutions/retrieve-site", tag = "public",
    responses((status = 200, description = "`{data: {InstitutionInfo: [SiteInfo]}}`"), (status = 404)))]
pub async fn retrieve_site(State(app): State<AppState>, HostTenant(tenant): HostTenant) -> Json<Value> {
    Json(json!({ "data": { "InstitutionInfo": [site_info(&tenant, &app.ctl.config.public_base_url)] } }))
}

/// An uploaded logo: a PNG, JPEG or WebP data URL, checked by its bytes, not its label.
fn decode_logo(data_url: &str) -> Result<(Vec<u8>, &'static str, &'static str), AppError> {
    let invalid = || AppError::field("logo", "invalid_image");
    let (_, encoded) = data_url.split_once(";base64,").ok_or_else(invalid)?;
    if encoded.len() > MAX_LOGO_BYTES * 4 / 3 + 4 {
        return Err(AppError::field_with("logo", "image_too_large", Some(MAX_LOGO_BYTES / 1024)));
    }
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).map_err(|_| invalid())?;
    if bytes.len() > MAX_LOGO_BYTES {
        return Err(AppError::field_with("logo", "image_too_large", Some(MAX_LOGO_BYTES / 1024)));
    }
    let (ext, mime) = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        ("png", "image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        ("jpg", "image/jpeg")
    } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        ("webp", "image/webp")
    } else {
        return Err(invalid());
    };
    Ok((bytes, ext, mime))
}

/// Edit the site's config, theme and logo (partner admin of this site, or super admin).
/// Body: `{site_config, logo?}`; `logo` absent keeps it, `null` removes it, a data URL replaces it.
#[utoipa::path(put, path = "/my-account/institutions/update-site", tag = "public",
    responses((status = 200, body = SiteInfo), (status = 401), (status = 403), (status = 422)))]
pub async fn update_site(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(tenant_db): TenantDb,
    AppJson(body): AppJson<Map<String, Value>>,
) -> AppResult<Json<Value>> {
    if !caller.administers(tenant.id) {
        return Err(AppError::Forbidden);
    }
    let config: SiteConfig = match body.get("site_config") {
        None | Some(Value::Null) => SiteConfig::from_json(&tenant.site_config),
        Some(v) => serde_json::from_value(v.clone()).map_err(|_| AppError::field("site_config", "invalid_type"))?,
    };
    let mut v = Validator::default();
    let config = config.validate(&mut v);
    let logo = match body.get("logo") {
        Some(Value::String(s)) if !s.is_empty() => Some(decode_logo(s)?),
        Some(Value::String(_) | Value::Null) | None => None,
        Some(_) => return Err(AppError::field("logo", "invalid_type")),
    };
    v.finish()?;
    let bucket = bucket_name(&app.ctl.config.storage, tenant.id);
    let logo_key = match (logo, body.get("logo")) {
        (Some((bytes, ext, mime)), _) => {
            let key = format!("site/logo-{}.{ext}", &hex_digest(&bytes)[..16]);
            app.s3
                .put_object()
                .bucket(&bucket)
                .key(&key)
                .content_type(mime)
                .body(bytes.into())
                .send()
                .await
                .map_err(|e| anyhow::anyhow!("storing the logo: {}", aws_sdk_s3::error::DisplayErrorContext(e)))?;
            Some(key)
        }
        (None, Some(_)) => None,
        (None, None) => tenant.logo_key.clone(),
    };
    institutions::update_site(&app.ctl.db, tenant.id, &config, logo_key.as_deref()).await?;
    if let Some(old) = tenant.logo_key.as_deref().filter(|old| Some(*old) != logo_key.as_deref()) {
        // Best effort: a stale logo left behind costs bytes, not correctness.
        let _ = app.s3.delete_object().bucket(&bucket).key(old).send().await;
    }
    activity::record(&tenant_db, caller.user_id(), "site_updated", Some("site_config"), json!({ "logo_changed": logo_key != tenant.logo_key })).await?;
    let updated = institutions::tenant_by_id(&app.ctl.db, tenant.id).await?.ok_or(AppError::SiteNotFound)?;
    Ok(Json(json!({ "data": site_info(&updated, &app.ctl.config.public_base_url) })))
}

fn hex_digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The site's logo, from its own bucket. Names are content hashes, so they cache for good.
pub async fn site_logo(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    AppPath(file): AppPath<String>,
) -> Result<Response, AppError> {
    let key = tenant.logo_key.as_deref().filter(|k| k.rsplit('/').next() == Some(file.as_str())).ok_or(AppError::NotFound)?;
    let object = app
        .s3
        .get_object()
        .bucket(bucket_name(&app.ctl.config.storage, tenant.id))
        .key(key)
        .send()
        .await
        .map_err(|_| AppError::NotFound)?;
    let mime = object.content_type().unwrap_or("application/octet-stream").to_owned();
    let bytes = object.body.collect().await.map_err(|e| anyhow::anyhow!("reading the logo: {e}"))?.into_bytes();
    let mut response = Body::from(bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&mime).unwrap_or(HeaderValue::from_static("image/png")));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logos_are_checked_by_their_bytes() {
        let png = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nrest"));
        assert_eq!(decode_logo(&png).unwrap().1, "png");
        let fake = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"<svg onload=x>"));
        assert!(matches!(decode_logo(&fake), Err(AppError::Validation(_))));
        assert!(decode_logo("not a data url").is_err());
    }
}
