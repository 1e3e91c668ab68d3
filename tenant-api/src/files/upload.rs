//! Putting files in (uploads, the cropper's images, links) and getting them out (downloads).

use super::kinds::{self, FileType};
use super::manage::{file_type, own_folder};
use super::store::{self, Folder, NewFile};
use super::{File, checked_name, file_user, own_view};
use crate::media::{self, Limit};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::AppJson;
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::ToSchema;

/// The largest file one upload may carry (a long lecture video).
pub const MAX_FILE_BYTES: usize = 2 << 30;
/// The upload route's body limit: the file and the multipart framing around it.
pub const BODY_LIMIT: usize = MAX_FILE_BYTES + (1 << 20);
/// The cropper sends one picture, never large.
pub const MAX_CROPPED_BYTES: usize = 10 << 20;
pub const CROPPED_BODY_LIMIT: usize = MAX_CROPPED_BYTES + (64 << 10);
/// Only pictures up to this size get a preview made (decoding is bounded by `fill_jpeg` too).
const MAX_THUMBNAIL_SOURCE: usize = 20 << 20;
/// Previews in the file list (SPEC §9: thumbnails 150 x 300), twice that for sharp screens.
const THUMBNAIL: (u32, u32) = (600, 300);

/// A multipart text field (a folder id, a tab), at most a few characters.
async fn text_field(field: axum::extract::multipart::Field<'_>, name: &str) -> AppResult<String> {
    let text = field.text().await.map_err(|e| media::multipart_error(e, name))?;
    if text.len() > 200 || text.contains('\0') {
        return Err(AppError::unprocessable(name, "invalid_characters"));
    }
    Ok(text.trim().to_owned())
}

fn folder_field(value: &str) -> AppResult<Option<i64>> {
    match value {
        "" | "null" | "0" => Ok(None),
        v => v.parse().map(Some).map_err(|_| AppError::unprocessable("folder_id", "invalid_choice")),
    }
}

/// The name a browser gave the file, without control characters or slashes.
fn clean_name(raw: Option<&str>) -> AppResult<String> {
    let raw = raw.unwrap_or("file");
    if raw.contains('\0') {
        return Err(AppError::unprocessable("file", "invalid_characters"));
    }
    let name: String = raw.chars().filter(|c| !c.is_control() && *c != '/' && *c != '\\').take(200).collect();
    Ok(if name.trim().is_empty() { "file".to_owned() } else { name.trim().to_owned() })
}

/// The folder a file goes into, which must be the caller's.
async fn target_folder(db: &PgPool, id: Option<i64>, user: i64) -> AppResult<Option<Folder>> {
    match id {
        None => Ok(None),
        Some(id) => own_folder(db, id, user).await.map(Some).map_err(|_| AppError::unprocessable("folder_id", "invalid_choice")),
    }
}

/// A folder that takes files as they are (not the cropper's profile and cover folders, which take
/// only cropped pictures): the refusal names `field`.
pub(super) async fn plain_folder(db: &PgPool, id: Option<i64>, user: i64, field: &str) -> AppResult<()> {
    if target_folder(db, id, user).await?.is_some_and(|f| f.kind != "normal") {
        return Err(AppError::unprocessable(field, "folder_needs_cropper"));
    }
    Ok(())
}

/// Records a stored file, taking its bytes from the site's storage; when they no longer fit
/// (another upload took the last bytes meanwhile) the stored objects are removed again.
async fn record(app: &AppState, tenant: &Tenant, db: &PgPool, new: NewFile<'_>) -> AppResult<File> {
    match store::insert_file(db, &new).await? {
        Some(id) => own_view(app, tenant, db, new.owner, id).await,
        None => {
            for key in new.object_key.into_iter().chain(new.thumb_key) {
                media::remove(app, tenant, key).await;
            }
            Err(AppError::unprocessable("file", "quota_exceeded"))
        }
    }
}

/// What is left of the site's storage, as an upload's limit.
async fn upload_limit(db: &PgPool, max: usize) -> AppResult<Limit> {
    let (used, total) = store::storage(db).await?;
    let left = usize::try_from((total - used).max(0)).unwrap_or(usize::MAX);
    Ok(if left < max { Limit { bytes: left, exceeded: "quota_exceeded" } } else { Limit { bytes: max, exceeded: "file_too_large" } })
}

/// A preview of a stored picture, best effort: a picture that will not decode simply has none.
async fn thumbnail(app: &AppState, tenant: &Tenant, key: &str, size: usize, prefix: &str) -> Option<String> {
    if size > MAX_THUMBNAIL_SOURCE {
        return None;
    }
    let (bytes, _) = media::get(app, tenant, key).await.ok()?;
    let jpeg = tokio::task::spawn_blocking(move || media::fill_jpeg(&bytes, THUMBNAIL.0, THUMBNAIL.1)).await.ok()?.ok()?;
    let thumb = media::content_key(&format!("{prefix}/thumb"), &jpeg, "jpg");
    media::put(app, tenant, &thumb, jpeg, "image/jpeg").await.ok()?;
    Some(thumb)
}

/// Upload a file into one of the caller's folders. Multipart fields `folder_id` and `type` (the
/// tab), then `file`: streamed to the site's bucket, checked by its bytes against its name.
#[utoipa::path(post, path = "/file-manager/user/upload-file", tag = "files",
    request_body(content_type = "multipart/form-data", description = "fields `folder_id`, `type`, then `file` (at most 2 GiB)"),
    responses((status = 201, body = Data<File>), (status = 401), (status = 413),
        (status = 422, description = "invalid_file, file_type_mismatch, folder_needs_cropper, quota_exceeded")))]
pub async fn upload_file(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    mut multipart: Multipart,
) -> AppResult<(StatusCode, Json<Data<File>>)> {
    let user = file_user(&caller)?;
    let prefix = format!("files/{user}");
    let (mut folder_id, mut tab) = (None, None);
    let mut stored = None;
    while let Some(field) = multipart.next_field().await.map_err(|e| media::multipart_error(e, "file"))? {
        match field.name() {
            Some("folder_id") => folder_id = folder_field(&text_field(field, "folder_id").await?)?,
            Some("type") => tab = file_type(Some(&text_field(field, "type").await?))?,
            Some("file") if stored.is_none() => {
                let name = clean_name(field.file_name())?;
                let limit = upload_limit(&db, MAX_FILE_BYTES).await?;
                let file = media::store_upload(&app, &tenant, &prefix, field, limit, |head| kinds::detect(&name, head).map(|k| (k.ext, k.mime)), "file").await?;
                stored = Some((name, file));
            }
            _ => {}
        }
    }
    let (name, file) = stored.ok_or_else(|| AppError::unprocessable("file", "required"))?;
    let kind = kinds::type_of_mime(file.mime);
    let checked = async {
        plain_folder(&db, folder_id, user, "file").await?;
        if tab.is_some_and(|t| t != kind) {
            return Err(AppError::unprocessable("file", "file_type_mismatch"));
        }
        Ok(())
    }
    .await;
    if let Err(error) = checked {
        media::remove(&app, &tenant, &file.key).await;
        return Err(error);
    }
    let thumb = match kind {
        FileType::Image => thumbnail(&app, &tenant, &file.key, file.size, &prefix).await,
        _ => None,
    };
    let new = NewFile {
        owner: user,
        folder: folder_id,
        title: &name,
        file_name: &name,
        file_type: kind.as_str(),
        mime: Some(file.mime),
        size: file.size as i64,
        object_key: Some(&file.key),
        thumb_key: thumb.as_deref(),
        url: None,
        provider: None,
    };
    Ok((StatusCode::CREATED, Json(Data::new(record(&app, &tenant, &db, new).await?))))
}

/// Store the cropper's picture (SPEC §9: a 600 x 450 JPEG; 960 x 400 in the cover folder, twice
/// its 480 x 200 viewport). Multipart fields `folder_id`, then `file`.
#[utoipa::path(post, path = "/file-manager/user/upload-cropped-image", tag = "files",
    request_body(content_type = "multipart/form-data", description = "fields `folder_id`, then `file`: a png, jpeg, gif or webp of at most 10 MB"),
    responses((status = 201, body = Data<File>), (status = 401), (status = 413), (status = 422, description = "invalid_image, quota_exceeded")))]
pub async fn upload_cropped_image(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    mut multipart: Multipart,
) -> AppResult<(StatusCode, Json<Data<File>>)> {
    let user = file_user(&caller)?;
    let (mut folder_id, mut picture) = (None, None);
    while let Some(mut field) = multipart.next_field().await.map_err(|e| media::multipart_error(e, "file"))? {
        match field.name() {
            Some("folder_id") => folder_id = folder_field(&text_field(field, "folder_id").await?)?,
            Some("file") if picture.is_none() => {
                let name = clean_name(field.file_name())?;
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(|e| media::multipart_error(e, "file"))? {
                    if bytes.len() + chunk.len() > MAX_CROPPED_BYTES {
                        return Err(AppError::field_with("file", "image_too_large", Some(MAX_CROPPED_BYTES / 1024)));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                picture = Some((name, bytes));
            }
            _ => {}
        }
    }
    let (name, bytes) = picture.ok_or_else(|| AppError::unprocessable("file", "required"))?;
    if !kinds::is_croppable(&bytes) {
        return Err(AppError::unprocessable("file", "invalid_image"));
    }
    let folder = target_folder(&db, folder_id, user).await?;
    let (width, height) = if folder.as_ref().is_some_and(|f| f.kind == "cover") { (960, 400) } else { (600, 450) };
    let jpeg = tokio::task::spawn_blocking(move || media::fill_jpeg(&bytes, width, height))
        .await
        .map_err(|e| anyhow::anyhow!("cropping task: {e}"))?
        .map_err(|_| AppError::unprocessable("file", "invalid_image"))?;
    let stem = name.rsplit_once('.').map_or(name.as_str(), |(stem, _)| stem);
    let title = format!("{stem}.jpg");
    let size = jpeg.len() as i64;
    let key = media::content_key(&format!("files/{user}/cropped"), &jpeg, "jpg");
    media::put(&app, &tenant, &key, jpeg, "image/jpeg").await?;
    let new = NewFile {
        owner: user,
        folder: folder_id,
        title: &title,
        file_name: &title,
        file_type: FileType::Image.as_str(),
        mime: Some("image/jpeg"),
        size,
        object_key: Some(&key),
        thumb_key: None,
        url: None,
        provider: None,
    };
    Ok((StatusCode::CREATED, Json(Data::new(record(&app, &tenant, &db, new).await?))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UrlInput {
    pub url: String,
    pub title: Option<String>,
    /// The tab it belongs under; a video for YouTube and Vimeo links, else by the link's extension.
    #[serde(rename = "type")]
    pub file_type: Option<String>,
    pub folder_id: Option<i64>,
}

/// Keep a link (a YouTube video, a web page) as a file.
#[utoipa::path(post, path = "/file-manager/user/create-url", tag = "files", request_body = UrlInput,
    responses((status = 201, body = Data<File>), (status = 401), (status = 422, description = "required, invalid_url")))]
pub async fn create_url(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<UrlInput>,
) -> AppResult<(StatusCode, Json<Data<File>>)> {
    let user = file_user(&caller)?;
    if input.url.trim().is_empty() {
        return Err(AppError::unprocessable("url", "required"));
    }
    let link = kinds::link(&input.url).ok_or_else(|| AppError::unprocessable("url", "invalid_url"))?;
    let title = match input.title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(title) => checked_name("title", title)?,
        None => link.url.chars().take(200).collect(),
    };
    // A video site's link is a video whichever tab it was added on.
    let kind = match file_type(input.file_type.as_deref())? {
        Some(kind) if link.provider.is_none() => kind,
        _ => kinds::link_type(&link),
    };
    plain_folder(&db, input.folder_id, user, "url").await?;
    let new = NewFile {
        owner: user,
        folder: input.folder_id,
        title: &title,
        file_name: &title,
        file_type: kind.as_str(),
        mime: None,
        size: 0,
        object_key: None,
        thumb_key: None,
        url: Some(&link.url),
        provider: link.provider,
    };
    Ok((StatusCode::CREATED, Json(Data::new(record(&app, &tenant, &db, new).await?))))
}

/// The bytes of a file the caller owns or was shared, as a download.
#[utoipa::path(post, path = "/file-manager/user/download-file", tag = "files", request_body = super::manage::IdInput,
    responses((status = 200, description = "the file's bytes", content_type = "application/octet-stream"), (status = 401), (status = 404),
        (status = 422, description = "not_a_stored_file")))]
pub async fn download_file(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<super::manage::IdInput>,
) -> AppResult<Response> {
    let user = file_user(&caller)?;
    // Its owner, colleagues it is shared with, and learners of content that uses it.
    let file = match store::file_for(&db, input.id, user).await? {
        Some(file) => file,
        None if crate::contents::store::enrolled_files(&db, user).await?.contains(&input.id) => {
            store::file(&db, input.id).await?.ok_or(AppError::NotFound)?
        }
        None => return Err(AppError::NotFound),
    };
    let key = file.object_key.ok_or_else(|| AppError::unprocessable("id", "not_a_stored_file"))?;
    media::serve_download(&app, &tenant, &key, &file.file_name).await
}
