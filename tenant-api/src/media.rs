//! Files of a site in its own bucket: images sent as data URLs (checked by their bytes, not
//! their label), uploads, presigned links for learners and serving public images.

use crate::state::AppState;
use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use control_plane::AppError;
use control_plane::storage::bucket_name;
use control_plane::tenancy::Tenant;
use sha2::{Digest, Sha256};
use std::time::Duration;

/// Presigned links for learners live this long (SPEC §9: signed media tokens, 3600 s).
pub const LINK_LIFETIME: Duration = Duration::from_secs(3600);

/// A PNG, JPEG or WebP image from a data URL: (bytes, extension, mime).
pub fn decode_image(field: &str, data_url: &str, max_bytes: usize) -> Result<(Vec<u8>, &'static str, &'static str), AppError> {
    let invalid = || AppError::field(field, "invalid_image");
    let too_large = || AppError::field_with(field, "image_too_large", Some(max_bytes / 1024));
    let (_, encoded) = data_url.split_once(";base64,").ok_or_else(invalid)?;
    if encoded.len() > max_bytes * 4 / 3 + 4 {
        return Err(too_large());
    }
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).map_err(|_| invalid())?;
    if bytes.len() > max_bytes {
        return Err(too_large());
    }
    let (ext, mime) = image_kind(&bytes).ok_or_else(invalid)?;
    Ok((bytes, ext, mime))
}

/// What an image's first bytes say it is.
pub fn image_kind(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(("png", "image/png"))
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("jpg", "image/jpeg"))
    } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("webp", "image/webp"))
    } else {
        None
    }
}

/// A content-addressed key: `<prefix>-<sha256 prefix>.<ext>`, so names cache for good.
pub fn content_key(prefix: &str, bytes: &[u8], ext: &str) -> String {
    let digest: String = Sha256::digest(bytes).iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("{prefix}-{digest}.{ext}")
}

pub async fn put(app: &AppState, tenant: &Tenant, key: &str, bytes: Vec<u8>, mime: &str) -> Result<(), AppError> {
    app.s3
        .put_object()
        .bucket(bucket_name(&app.ctl.config.storage, tenant.id))
        .key(key)
        .content_type(mime)
        .body(bytes.into())
        .send()
        .await
        .map_err(|e| anyhow::anyhow!("storing {key}: {}", aws_sdk_s3::error::DisplayErrorContext(e)))?;
    Ok(())
}

pub async fn get(app: &AppState, tenant: &Tenant, key: &str) -> Result<(Vec<u8>, String), AppError> {
    let object = app
        .s3
        .get_object()
        .bucket(bucket_name(&app.ctl.config.storage, tenant.id))
        .key(key)
        .send()
        .await
        .map_err(|_| AppError::NotFound)?;
    let mime = object.content_type().unwrap_or("application/octet-stream").to_owned();
    let bytes = object.body.collect().await.map_err(|e| anyhow::anyhow!("reading {key}: {e}"))?.into_bytes();
    Ok((bytes.to_vec(), mime))
}

/// Best effort: a stale object left behind costs bytes, not correctness.
pub async fn remove(app: &AppState, tenant: &Tenant, key: &str) {
    let _ = app.s3.delete_object().bucket(bucket_name(&app.ctl.config.storage, tenant.id)).key(key).send().await;
}

/// A link to one object of the site's bucket, valid for [`LINK_LIFETIME`].
pub async fn presigned(app: &AppState, tenant: &Tenant, key: &str) -> Result<String, AppError> {
    let config = aws_sdk_s3::presigning::PresigningConfig::expires_in(LINK_LIFETIME).map_err(|e| anyhow::anyhow!("{e}"))?;
    let request = app
        .s3
        .get_object()
        .bucket(bucket_name(&app.ctl.config.storage, tenant.id))
        .key(key)
        .presigned(config)
        .await
        .map_err(|e| anyhow::anyhow!("presigning {key}: {e}"))?;
    Ok(request.uri().to_owned())
}

/// A public image of the site (logo, thumbnail), cached for good since names are content hashes.
pub async fn serve_image(app: &AppState, tenant: &Tenant, key: &str) -> Result<Response, AppError> {
    let (bytes, mime) = get(app, tenant, key).await?;
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
    fn images_are_checked_by_their_bytes() {
        let png = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nrest"));
        assert_eq!(decode_image("logo", &png, 1024).unwrap().1, "png");
        let fake = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(b"<svg onload=x>"));
        assert!(matches!(decode_image("logo", &fake, 1024), Err(AppError::Validation(_))));
        assert!(decode_image("logo", "not a data url", 1024).is_err());
        assert!(decode_image("logo", &png, 4).is_err(), "too large");
    }
}
