//! Resumable uploads of large files: the file arrives in parts of [`PART_BYTES`], each its own
//! request, straight into an S3 multipart upload of the site's bucket. A broken connection costs
//! one part; the client asks which parts arrived and carries on. The file row (and its bytes off
//! the site's storage) is written when the last part is in and the upload completes.

use super::kinds;
use super::manage::file_type;
use super::store::{self, NewFile, UploadRow};
use super::upload::{MAX_FILE_BYTES, plain_folder};
use super::{File, file_user, own_view};
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

/// Each part but the last is this long (S3 wants at least 5 MiB).
pub const PART_BYTES: usize = 8 << 20;
/// The part route's body limit.
pub const PART_BODY_LIMIT: usize = PART_BYTES + (64 << 10);

#[derive(Debug, Serialize, ToSchema)]
pub struct Upload {
    pub id: Uuid,
    pub file_name: String,
    pub size: i64,
    pub part_bytes: i64,
    /// How many parts the file is sent in.
    pub parts: i64,
    /// The part numbers (from 1) that have arrived.
    pub received: Vec<i32>,
}

fn parts_of(u: &UploadRow) -> i64 {
    (u.size_bytes + u.part_bytes - 1) / u.part_bytes
}

async fn view(db: &PgPool, u: &UploadRow) -> AppResult<Upload> {
    let received = store::upload_parts(db, u.id).await?.into_iter().map(|(n, _)| n).collect();
    Ok(Upload { id: u.id, file_name: u.file_name.clone(), size: u.size_bytes, part_bytes: u.part_bytes, parts: parts_of(u), received })
}

async fn own_upload(db: &PgPool, id: Uuid, owner: i64) -> AppResult<UploadRow> {
    store::upload(db, id, owner).await?.ok_or(AppError::NotFound)
}

/// Drops an upload: its row and the parts in the bucket.
async fn drop_upload(app: &AppState, tenant: &Tenant, db: &PgPool, u: &UploadRow) -> AppResult<()> {
    if store::delete_upload(db, u.id).await? {
        media::abort_multipart(app, tenant, &u.object_key, &u.s3_upload_id).await;
    }
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct StartInput {
    pub file_name: String,
    /// The whole file's length in bytes.
    pub size: i64,
    pub folder_id: Option<i64>,
    /// The tab it is uploaded on, which the file must be.
    #[serde(rename = "type")]
    pub file_type: Option<String>,
}

/// Start a resumable upload of a large file.
#[utoipa::path(post, path = "/file-manager/user/uploads", tag = "files", request_body = StartInput,
    responses((status = 201, body = Data<Upload>), (status = 401),
        (status = 422, description = "invalid_file, file_type_mismatch, file_too_large, quota_exceeded, folder_needs_cropper")))]
pub async fn start_upload(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<StartInput>,
) -> AppResult<(StatusCode, Json<Data<Upload>>)> {
    let user = file_user(&caller)?;
    let name = super::checked_name("file_name", &input.file_name)?;
    let kind = kinds::by_name(&name).ok_or_else(|| AppError::unprocessable("file", "invalid_file"))?;
    if file_type(input.file_type.as_deref())?.is_some_and(|t| t != kind.file_type) {
        return Err(AppError::unprocessable("file", "file_type_mismatch"));
    }
    if input.size < 1 {
        return Err(AppError::unprocessable("size", "invalid_file"));
    }
    if input.size > MAX_FILE_BYTES as i64 {
        return Err(AppError::unprocessable("file", "file_too_large"));
    }
    let (used, total) = store::storage(&db).await?;
    if input.size > total - used {
        return Err(AppError::unprocessable("file", "quota_exceeded"));
    }
    plain_folder(&db, input.folder_id, user, "file").await?;
    // Uploads left unfinished for a day are given up here, when the site starts another: no job
    // has to visit every site, and a site nobody uploads to has nothing growing.
    for (key, upload_id) in store::take_stale_uploads(&db).await? {
        media::abort_multipart(&app, &tenant, &key, &upload_id).await;
    }
    let id = Uuid::new_v4();
    let object_key = format!("files/{user}-{}.{}", id.simple(), kind.ext);
    let s3_upload_id = media::create_multipart(&app, &tenant, &object_key, kind.mime).await?;
    let row = UploadRow {
        id,
        owner_id: user,
        folder_id: input.folder_id,
        file_name: name,
        file_type: kind.file_type.as_str().to_owned(),
        mime: kind.mime.to_owned(),
        size_bytes: input.size,
        part_bytes: PART_BYTES as i64,
        object_key,
        s3_upload_id,
    };
    store::insert_upload(&db, &row).await?;
    Ok((StatusCode::CREATED, Json(Data::new(view(&db, &row).await?))))
}

/// Which parts of an upload have arrived.
#[utoipa::path(get, path = "/file-manager/user/uploads/{id}", tag = "files", params(("id" = Uuid, Path)),
    responses((status = 200, body = Data<Upload>), (status = 401), (status = 404)))]
pub async fn upload_status(RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<Uuid>) -> AppResult<Json<Data<Upload>>> {
    let user = file_user(&caller)?;
    let upload = own_upload(&db, id, user).await?;
    Ok(Json(Data::new(view(&db, &upload).await?)))
}

/// Send one part (its raw bytes). Part 1's first bytes must be the kind the name promised.
#[utoipa::path(put, path = "/file-manager/user/uploads/{id}/parts/{n}", tag = "files", params(("id" = Uuid, Path), ("n" = i32, Path)),
    request_body(content_type = "application/octet-stream", description = "the part's bytes: `part_bytes`, or what is left for the last part"),
    responses((status = 200, body = Data<Upload>), (status = 401), (status = 404), (status = 413), (status = 422, description = "upload_part_invalid, invalid_file")))]
pub async fn send_part(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath((id, number)): AppPath<(Uuid, i32)>,
    body: Bytes,
) -> AppResult<Json<Data<Upload>>> {
    let user = file_user(&caller)?;
    let upload = own_upload(&db, id, user).await?;
    let parts = parts_of(&upload);
    if number < 1 || i64::from(number) > parts {
        return Err(AppError::unprocessable("n", "upload_part_invalid"));
    }
    let expected = if i64::from(number) == parts { upload.size_bytes - (parts - 1) * upload.part_bytes } else { upload.part_bytes };
    if body.len() as i64 != expected {
        return Err(AppError::unprocessable("n", "upload_part_invalid"));
    }
    if number == 1 && kinds::detect(&upload.file_name, &body).is_none_or(|k| k.mime != upload.mime) {
        drop_upload(&app, &tenant, &db, &upload).await?;
        return Err(AppError::unprocessable("file", "invalid_file"));
    }
    let part = media::upload_part(&app, &tenant, &upload.object_key, &upload.s3_upload_id, number, body).await?;
    store::save_part(&db, id, number, part.e_tag().unwrap_or_default()).await?;
    Ok(Json(Data::new(view(&db, &upload).await?)))
}

/// Finish an upload whose parts have all arrived: the file joins the caller's files.
#[utoipa::path(post, path = "/file-manager/user/uploads/{id}/complete", tag = "files", params(("id" = Uuid, Path)),
    responses((status = 201, body = Data<File>), (status = 401), (status = 404), (status = 422, description = "parts_missing, quota_exceeded")))]
pub async fn complete_upload(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<Uuid>,
) -> AppResult<(StatusCode, Json<Data<File>>)> {
    let user = file_user(&caller)?;
    let upload = own_upload(&db, id, user).await?;
    let received = store::upload_parts(&db, id).await?;
    if received.len() as i64 != parts_of(&upload) {
        return Err(AppError::unprocessable("file", "parts_missing"));
    }
    // Only one completion of an upload goes on: the row is the claim.
    if !store::delete_upload(&db, id).await? {
        return Err(AppError::NotFound);
    }
    let parts = received
        .into_iter()
        .map(|(number, etag)| aws_sdk_s3::types::CompletedPart::builder().part_number(number).e_tag(etag).build())
        .collect();
    media::complete_multipart(&app, &tenant, &upload.object_key, &upload.s3_upload_id, parts).await?;
    let new = NewFile {
        owner: user,
        folder: upload.folder_id,
        title: &upload.file_name,
        file_name: &upload.file_name,
        file_type: &upload.file_type,
        mime: Some(&upload.mime),
        size: upload.size_bytes,
        object_key: Some(&upload.object_key),
        thumb_key: None,
        url: None,
        provider: None,
    };
    match store::insert_file(&db, &new).await? {
        Some(file) => Ok((StatusCode::CREATED, Json(Data::new(own_view(&app, &tenant, &db, user, file).await?)))),
        None => {
            media::remove(&app, &tenant, &upload.object_key).await;
            Err(AppError::unprocessable("file", "quota_exceeded"))
        }
    }
}

/// Give an upload up; its parts leave the bucket.
#[utoipa::path(delete, path = "/file-manager/user/uploads/{id}", tag = "files", params(("id" = Uuid, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 404)))]
pub async fn cancel_upload(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<Uuid>,
) -> AppResult<Json<Data<Done>>> {
    let user = file_user(&caller)?;
    let upload = own_upload(&db, id, user).await?;
    drop_upload(&app, &tenant, &db, &upload).await?;
    Ok(Json(Data::done()))
}
