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

#[tracing::instrument(name = "s3", skip_all, fields(op = "put_object", key = %key))]
pub async fn put(app: &AppState, tenant: &Tenant, key: &str, bytes: Vec<u8>, mime: &str) -> Result<(), AppError> {
    let (s3, bucket) = bucket(app, tenant).await?;
    s3.put_object()
        .bucket(bucket)
        .key(key)
        .content_type(mime)
        .body(bytes.into())
        .send()
        .await
        .map_err(|e| anyhow::anyhow!("storing {key}: {}", aws_sdk_s3::error::DisplayErrorContext(e)))?;
    Ok(())
}

/// The site's own bucket, on the S3 service of the cell its placement names: a site moved to
/// another cell is served from there from the placement's flip on.
async fn bucket(app: &AppState, tenant: &Tenant) -> Result<(aws_sdk_s3::Client, String), AppError> {
    let placement = app.pools.placement(tenant.id).await?;
    Ok((app.storage.cell(&placement.server), bucket_name(&app.ctl.config.storage, tenant.id)))
}

/// `scheme://host[:port]` of the site's bucket, which its pages' Content-Security-Policy allows.
pub async fn origin(app: &AppState, tenant: &Tenant) -> String {
    let placement = app.pools.placement(tenant.id).await.ok();
    app.storage.origin(placement.as_ref().map(|p| &p.server))
}

/// One object of the site's bucket, its body not yet read; 404 when it is not there.
#[tracing::instrument(name = "s3", skip_all, fields(op = "get_object", key = %key))]
async fn object(app: &AppState, tenant: &Tenant, key: &str) -> Result<aws_sdk_s3::operation::get_object::GetObjectOutput, AppError> {
    let (s3, bucket) = bucket(app, tenant).await?;
    s3.get_object().bucket(bucket).key(key).send().await.map_err(|_| AppError::NotFound)
}

/// A small object read whole (certificate images for a PDF).
pub async fn get(app: &AppState, tenant: &Tenant, key: &str) -> Result<(Vec<u8>, String), AppError> {
    let object = object(app, tenant, key).await?;
    let mime = object.content_type().unwrap_or("application/octet-stream").to_owned();
    let bytes = object.body.collect().await.map_err(|e| anyhow::anyhow!("reading {key}: {e}"))?.into_bytes();
    Ok((bytes.to_vec(), mime))
}

/// Bytes are sent to S3 in parts of this size (S3's minimum for all but the last part), so an
/// upload holds at most one part in memory however large the file.
pub const PART_BYTES: usize = 5 * 1024 * 1024;

/// The first bytes that tell a file's kind (the furthest signature ends at byte 12).
const SNIFF_BYTES: usize = 16;

/// How many bytes an upload may have, and the error code when it has more.
#[derive(Clone, Copy)]
pub struct Limit {
    pub bytes: usize,
    pub exceeded: &'static str,
}

impl Limit {
    /// A limit whose excess is just an unusable file (lesson files, answer files).
    pub const fn of(bytes: usize) -> Self {
        Self { bytes, exceeded: "invalid_file" }
    }
}

/// A stored upload: its key and what its bytes say it is.
pub struct Stored {
    pub key: String,
    pub mime: &'static str,
    pub size: usize,
}

/// Streams an upload into the site's bucket under `<prefix>-<uuid>.<ext>`: checked by its first
/// bytes (`kind`), at most `limit.bytes`, sent as one object when small and as a multipart upload
/// otherwise. Nothing is left behind when the file is refused or the client goes away.
pub async fn store_upload(
    app: &AppState,
    tenant: &Tenant,
    prefix: &str,
    mut upload: axum::extract::multipart::Field<'_>,
    limit: Limit,
    kind: impl Fn(&[u8]) -> Option<(&'static str, &'static str)>,
    field: &str,
) -> Result<Stored, AppError> {
    let invalid = || AppError::field(field, "invalid_file");
    let too_large = || AppError::unprocessable(field, limit.exceeded);
    let max_bytes = limit.bytes;
    let mut buffer = bytes::BytesMut::with_capacity(SNIFF_BYTES);
    // Enough bytes to know what the file is (or the whole of a tiny file).
    let mut ended = false;
    while buffer.len() < SNIFF_BYTES {
        match next_chunk(&mut upload, field).await? {
            Some(chunk) => buffer.extend_from_slice(&chunk),
            None => {
                ended = true;
                break;
            }
        }
    }
    let (ext, mime) = kind(&buffer).ok_or_else(invalid)?;
    let key = format!("{prefix}-{}.{ext}", uuid::Uuid::new_v4().simple());
    let mut multipart: Option<(String, Vec<aws_sdk_s3::types::CompletedPart>)> = None;
    let mut size = buffer.len();
    let result: Result<(), AppError> = async {
        while !ended {
            match next_chunk(&mut upload, field).await? {
                Some(chunk) => {
                    size += chunk.len();
                    if size > max_bytes {
                        return Err(too_large());
                    }
                    buffer.extend_from_slice(&chunk);
                }
                None => ended = true,
            }
            if buffer.len() >= PART_BYTES || (ended && multipart.is_some()) {
                let (upload_id, parts) = match &mut multipart {
                    Some(m) => m,
                    None => multipart.insert((create_multipart(app, tenant, &key, mime).await?, Vec::new())),
                };
                let part = buffer.split().freeze();
                parts.push(upload_part(app, tenant, &key, upload_id, parts.len() as i32 + 1, part).await?);
            }
        }
        if size > max_bytes {
            return Err(too_large());
        }
        if size == 0 {
            return Err(invalid());
        }
        match &multipart {
            Some((upload_id, parts)) => complete_multipart(app, tenant, &key, upload_id, parts.clone()).await,
            None => put(app, tenant, &key, buffer.split().freeze().to_vec(), mime).await,
        }
    }
    .await;
    match result {
        Ok(()) => Ok(Stored { key, mime, size }),
        Err(error) => {
            if let Some((upload_id, _)) = multipart {
                abort_multipart(app, tenant, &key, &upload_id).await;
            }
            Err(error)
        }
    }
}

async fn next_chunk(upload: &mut axum::extract::multipart::Field<'_>, field: &str) -> Result<Option<bytes::Bytes>, AppError> {
    upload.chunk().await.map_err(|e| multipart_error(e, field))
}

/// A multipart body the client broke off or sent over the route's limit.
/// What the first bytes say: the site's image kinds, and GIF, which the cropper also offers.
pub fn picture_kind(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        return Some("gif");
    }
    image_kind(bytes).map(|(ext, _)| ext)
}

/// The bytes of the picture in multipart field `name` (the first such field): at most `max`
/// bytes (422 `image_too_large`), and a JPEG, PNG, GIF or WebP by its first bytes (422
/// `invalid`); a form without it: 422 `required`.
pub async fn image_field(multipart: &mut axum::extract::Multipart, name: &str, max: usize, invalid: &'static str) -> Result<Vec<u8>, AppError> {
    let mut bytes = None;
    while let Some(mut field) = multipart.next_field().await.map_err(|e| multipart_error(e, name))? {
        if field.name() != Some(name) || bytes.is_some() {
            continue;
        }
        let mut buffer = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(e, name))? {
            if buffer.len() + chunk.len() > max {
                return Err(AppError::field_with(name, "image_too_large", Some(max / 1024)));
            }
            buffer.extend_from_slice(&chunk);
        }
        bytes = Some(buffer);
    }
    let bytes = bytes.ok_or_else(|| AppError::field(name, "required"))?;
    if picture_kind(&bytes).is_none() {
        return Err(AppError::field(name, invalid));
    }
    Ok(bytes)
}

pub fn multipart_error(error: axum::extract::multipart::MultipartError, field: &str) -> AppError {
    if error.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::payload_too_large()
    } else {
        AppError::field(field, "invalid_file")
    }
}

fn s3_error(what: &str, key: &str, error: impl std::error::Error + Send + Sync + 'static) -> AppError {
    AppError::Internal(anyhow::anyhow!("{what} {key}: {}", aws_sdk_s3::error::DisplayErrorContext(error)))
}

#[tracing::instrument(name = "s3", skip_all, fields(op = "create_multipart_upload", key = %key))]
pub async fn create_multipart(app: &AppState, tenant: &Tenant, key: &str, mime: &str) -> Result<String, AppError> {
    let (s3, bucket) = bucket(app, tenant).await?;
    let created = s3
        .create_multipart_upload()
        .bucket(bucket)
        .key(key)
        .content_type(mime)
        .send()
        .await
        .map_err(|e| s3_error("starting the upload of", key, e))?;
    created.upload_id().map(str::to_owned).ok_or_else(|| AppError::Internal(anyhow::anyhow!("no upload id for {key}")))
}

#[tracing::instrument(name = "s3", skip_all, fields(op = "upload_part", key = %key, number = number))]
pub async fn upload_part(
    app: &AppState,
    tenant: &Tenant,
    key: &str,
    upload_id: &str,
    number: i32,
    bytes: bytes::Bytes,
) -> Result<aws_sdk_s3::types::CompletedPart, AppError> {
    let (s3, bucket) = bucket(app, tenant).await?;
    let part = s3
        .upload_part()
        .bucket(bucket)
        .key(key)
        .upload_id(upload_id)
        .part_number(number)
        .body(bytes.into())
        .send()
        .await
        .map_err(|e| s3_error("uploading a part of", key, e))?;
    Ok(aws_sdk_s3::types::CompletedPart::builder().set_e_tag(part.e_tag().map(str::to_owned)).part_number(number).build())
}

#[tracing::instrument(name = "s3", skip_all, fields(op = "complete_multipart_upload", key = %key))]
pub async fn complete_multipart(
    app: &AppState,
    tenant: &Tenant,
    key: &str,
    upload_id: &str,
    parts: Vec<aws_sdk_s3::types::CompletedPart>,
) -> Result<(), AppError> {
    let (s3, bucket) = bucket(app, tenant).await?;
    s3.complete_multipart_upload()
        .bucket(bucket)
        .key(key)
        .upload_id(upload_id)
        .multipart_upload(aws_sdk_s3::types::CompletedMultipartUpload::builder().set_parts(Some(parts)).build())
        .send()
        .await
        .map_err(|e| s3_error("completing the upload of", key, e))?;
    Ok(())
}

/// Copies an object inside the site's bucket (the server copies; no byte passes through here).
#[tracing::instrument(name = "s3", skip_all, fields(op = "copy_object", key = %to))]
pub async fn copy(app: &AppState, tenant: &Tenant, from: &str, to: &str) -> Result<(), AppError> {
    let (s3, bucket) = bucket(app, tenant).await?;
    s3.copy_object()
        .copy_source(format!("{bucket}/{from}"))
        .bucket(bucket)
        .key(to)
        .send()
        .await
        .map_err(|e| s3_error("copying", from, e))?;
    Ok(())
}

/// A copy of a stored file kept under `prefix` (`posts`, `questions`) so that what shows it keeps
/// it whatever happens to the original; answers the copy's name, `<32 hex digits>.<extension>`.
pub async fn keep_copy(app: &AppState, tenant: &Tenant, source: &str, prefix: &str) -> Result<String, AppError> {
    let ext = source.rsplit_once('.').map_or("bin", |(_, ext)| ext).to_ascii_lowercase();
    let name = format!("{}.{ext}", uuid::Uuid::new_v4().simple());
    copy(app, tenant, source, &format!("{prefix}/{name}")).await?;
    Ok(name)
}

/// Whether `name` is one [`keep_copy`] gives.
pub fn is_kept_name(name: &str) -> bool {
    name.split_once('.').is_some_and(|(id, ext)| {
        id.len() == 32
            && id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            && (1..=5).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    })
}

/// A kept copy's stable address on the site answers with a fresh signed link to it. Browsers
/// and link-preview crawlers may keep the redirect for a while, well inside the link's hour.
pub async fn serve_kept(app: &AppState, tenant: &Tenant, prefix: &str, name: &str) -> Result<Response, AppError> {
    if !is_kept_name(name) {
        return Err(AppError::NotFound);
    }
    let link = presigned(app, tenant, &format!("{prefix}/{name}")).await?;
    let mut response = axum::response::Redirect::temporary(&link).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=600"));
    Ok(response)
}

/// Gives a multipart upload up, best effort (its parts cost bytes, not correctness).
#[tracing::instrument(name = "s3", skip_all, fields(op = "abort_multipart_upload", key = %key))]
pub async fn abort_multipart(app: &AppState, tenant: &Tenant, key: &str, upload_id: &str) {
    if let Ok((s3, bucket)) = bucket(app, tenant).await {
        let _ = s3.abort_multipart_upload().bucket(bucket).key(key).upload_id(upload_id).send().await;
    }
}

/// Best effort: a stale object left behind costs bytes, not correctness.
#[tracing::instrument(name = "s3", skip_all, fields(op = "delete_object", key = %key))]
pub async fn remove(app: &AppState, tenant: &Tenant, key: &str) {
    if let Ok((s3, bucket)) = bucket(app, tenant).await {
        let _ = s3.delete_object().bucket(bucket).key(key).send().await;
    }
}

/// A link to one object of the site's bucket, valid for [`LINK_LIFETIME`].
#[tracing::instrument(name = "s3", skip_all, fields(op = "presign", key = %key))]
pub async fn presigned(app: &AppState, tenant: &Tenant, key: &str) -> Result<String, AppError> {
    let config = aws_sdk_s3::presigning::PresigningConfig::expires_in(LINK_LIFETIME).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (s3, bucket) = bucket(app, tenant).await?;
    let request = s3
        .get_object()
        .bucket(bucket)
        .key(key)
        .presigned(config)
        .await
        .map_err(|e| anyhow::anyhow!("presigning {key}: {e}"))?;
    Ok(request.uri().to_owned())
}

/// An object of the site's bucket streamed as it arrives, never held whole, with its length.
async fn stream(app: &AppState, tenant: &Tenant, key: &str) -> Result<(Response, String), AppError> {
    let object = object(app, tenant, key).await?;
    let mime = object.content_type().unwrap_or("application/octet-stream").to_owned();
    let length = object.content_length();
    let stream = tokio_util::io::ReaderStream::new(object.body.into_async_read());
    let mut response = Body::from_stream(stream).into_response();
    if let Some(length) = length.and_then(|l| HeaderValue::from_str(&l.to_string()).ok()) {
        response.headers_mut().insert(header::CONTENT_LENGTH, length);
    }
    response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok((response, mime))
}

/// A public image of the site (logo, thumbnail), cached for good since names are content hashes.
pub async fn serve_image(app: &AppState, tenant: &Tenant, key: &str) -> Result<Response, AppError> {
    let (mut response, mime) = stream(app, tenant, key).await?;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&mime).unwrap_or(HeaderValue::from_static("image/png")));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    Ok(response)
}

/// A private file as a download named `file_name` (RFC 6266: an ASCII fallback and the UTF-8 name,
/// so Bangla names survive).
pub async fn serve_download(app: &AppState, tenant: &Tenant, key: &str, file_name: &str) -> Result<Response, AppError> {
    let (mut response, mime) = stream(app, tenant, key).await?;
    let ascii: String = file_name.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_ ".contains(c) { c } else { '_' }).collect();
    let encoded: String = file_name.bytes().map(|b| if b.is_ascii_alphanumeric() || b".-_".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect();
    let disposition = format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}");
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&mime).unwrap_or(HeaderValue::from_static("application/octet-stream")));
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(|e| anyhow::anyhow!("{e}"))?);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

/// An image decoded with limits (a tiny file cannot claim gigapixels), turned upright by its EXIF
/// orientation, cut to fill `width` x `height` around its centre and encoded as a JPEG.
pub fn fill_jpeg(bytes: &[u8], width: u32, height: u32) -> image::ImageResult<Vec<u8>> {
    use image::{DynamicImage, ImageDecoder, ImageReader, Limits, imageops::FilterType};
    let mut limits = Limits::default();
    limits.max_image_width = Some(10_000);
    limits.max_image_height = Some(10_000);
    limits.max_alloc = Some(256 << 20);
    let mut reader = ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    reader.limits(limits);
    let mut decoder = reader.into_decoder()?;
    let orientation = decoder.orientation()?;
    let mut picture = DynamicImage::from_decoder(decoder)?;
    picture.apply_orientation(orientation);
    let filled = picture.resize_to_fill(width, height, FilterType::Lanczos3).into_rgb8();
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85).encode_image(&filled)?;
    Ok(out)
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

    #[test]
    fn only_kept_copies_have_kept_names() {
        assert!(is_kept_name("0123456789abcdef0123456789abcdef.jpg"));
        for bad in ["0123456789abcdef0123456789abcdef", "../etc/passwd.jpg", "0123456789ABCDEF0123456789abcdef.jpg", "0123456789abcdef0123456789abcdef.toolong", "x.jpg"] {
            assert!(!is_kept_name(bad), "{bad}");
        }
    }
}
