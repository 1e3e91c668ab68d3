//! Browsing and arranging one's files: lists, folders, names, deletion.

use super::kinds::FileType;
use super::store::{self, FileFilter, Folder, Scope};
use super::{File, checked_name, file_user, own_view, views};
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// Files per page unless `limit` says otherwise.
const PER_PAGE: i64 = 24;

/// A `type` parameter: one of the tabs, or every type when absent.
pub fn file_type(value: Option<&str>) -> AppResult<Option<FileType>> {
    match value.map(str::trim).filter(|v| !v.is_empty() && *v != "all") {
        None => Ok(None),
        Some(v) => FileType::parse(v).map(Some).ok_or_else(|| AppError::unprocessable("type", "invalid_choice")),
    }
}

fn search(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

pub async fn own_folder(db: &PgPool, id: i64, owner: i64) -> AppResult<Folder> {
    store::folder(db, id, owner).await?.ok_or(AppError::NotFound)
}

/// A page of files, as the caller sees them.
async fn file_page(app: &AppState, tenant: &Tenant, db: &PgPool, user: i64, filter: FileFilter<'_>, request: PageRequest) -> AppResult<Page<File>> {
    let (_, total) = store::files(db, &filter, 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (rows, _) = store::files(db, &filter, request.per_page, offset).await?;
    let data = views(app, tenant, db, user, rows).await?;
    Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MyFilesQuery {
    /// The folder to show; the top level without it.
    pub folder_id: Option<i64>,
    /// image, audio, video, document, other (or the plural spellings); every type without it.
    #[serde(rename = "type")]
    pub file_type: Option<String>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Storage {
    pub used_bytes: i64,
    pub total_bytes: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FolderView {
    /// From the top level down to the folder shown.
    pub path: Vec<Folder>,
    pub directories: Vec<Folder>,
    pub files: Page<File>,
    pub storage: Storage,
}

/// One of the caller's folders (or the top level): its folders, a page of its files, and the
/// site's storage.
#[utoipa::path(get, path = "/file-manager/user/get-my-files", tag = "files", params(MyFilesQuery),
    responses((status = 200, body = Data<FolderView>), (status = 401), (status = 404), (status = 422)))]
pub async fn get_my_files(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<MyFilesQuery>,
) -> AppResult<Json<Data<FolderView>>> {
    let user = file_user(&caller)?;
    let kind = file_type(q.file_type.as_deref())?;
    let path = match q.folder_id {
        Some(id) => {
            own_folder(&db, id, user).await?;
            store::path(&db, id).await?
        }
        None => Vec::new(),
    };
    let directories = store::children(&db, user, q.folder_id, search(&q.search)).await?;
    let filter = FileFilter { scope: Scope::Folder { owner: user, folder: q.folder_id }, file_type: kind.map(FileType::as_str), search: search(&q.search) };
    let files = file_page(&app, &tenant, &db, user, filter, PageRequest::new(q.page, q.limit, PER_PAGE)).await?;
    let (used_bytes, total_bytes) = store::storage(&db).await?;
    Ok(Json(Data::new(FolderView { path, directories, files, storage: Storage { used_bytes, total_bytes } })))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FilesQuery {
    /// my (default), shared (shared with the caller) or purchase (files of bought content).
    pub source: Option<String>,
    #[serde(rename = "type")]
    pub file_type: Option<String>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// The caller's files across folders (the picker's search), or those shared with them.
#[utoipa::path(get, path = "/file-manager/user/get-files", tag = "files", params(FilesQuery),
    responses((status = 200, body = Page<File>), (status = 401), (status = 422)))]
pub async fn get_files(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<FilesQuery>,
) -> AppResult<Json<Page<File>>> {
    let user = file_user(&caller)?;
    let kind = file_type(q.file_type.as_deref())?;
    let request = PageRequest::new(q.page, q.limit, PER_PAGE);
    let scope = match q.source.as_deref().unwrap_or("my") {
        "my" => Scope::Owner(user),
        "shared" => Scope::SharedWith(user),
        // Files come with the content bank's items the caller enrolled in.
        "purchase" => Scope::Among(crate::contents::store::enrolled_files(&db, user).await?),
        _ => return Err(AppError::unprocessable("source", "invalid_choice")),
    };
    let filter = FileFilter { scope, file_type: kind.map(FileType::as_str), search: search(&q.search) };
    Ok(Json(file_page(&app, &tenant, &db, user, filter, request).await?))
}

/// Files shared with the caller, as the sharing call lists them.
pub async fn shared_with(app: &AppState, tenant: &Tenant, db: &PgPool, user: i64, q: &FilesQuery) -> AppResult<Page<File>> {
    let kind = file_type(q.file_type.as_deref())?;
    let filter = FileFilter { scope: Scope::SharedWith(user), file_type: kind.map(FileType::as_str), search: search(&q.search) };
    file_page(app, tenant, db, user, filter, PageRequest::new(q.page, q.limit, PER_PAGE)).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[schema(as = FileFolderInput)]
pub struct FolderInput {
    pub name: String,
    pub parent_id: Option<i64>,
    /// When the name is taken, use the first free of "name 2", "name 3", ... (SPEC §4: "New
    /// folder" with a numeric suffix).
    pub auto_suffix: bool,
}

/// No one keeps this many folders of one name in one place.
const MAX_SUFFIX: u32 = 1000;

/// Make a folder.
#[utoipa::path(post, path = "/file-manager/user/create-folder", tag = "files", request_body = FolderInput,
    responses((status = 201, body = Data<Folder>), (status = 401), (status = 404), (status = 409, description = "folder_name_taken"), (status = 422)))]
pub async fn create_folder(
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<FolderInput>,
) -> AppResult<(StatusCode, Json<Data<Folder>>)> {
    let user = file_user(&caller)?;
    let name = checked_name("name", &input.name)?;
    if let Some(parent) = input.parent_id {
        let parent = own_folder(&db, parent, user).await.map_err(|_| AppError::unprocessable("parent_id", "invalid_choice"))?;
        if parent.kind != "normal" {
            return Err(AppError::unprocessable("parent_id", "folder_fixed"));
        }
    }
    let tries = if input.auto_suffix { MAX_SUFFIX } else { 1 };
    for n in 1..=tries {
        let candidate = if n == 1 { name.clone() } else { format!("{name} {n}") };
        if let Some(id) = store::insert_folder(&db, user, input.parent_id, &candidate, "normal").await? {
            return Ok((StatusCode::CREATED, Json(Data::new(own_folder(&db, id, user).await?))));
        }
    }
    Err(AppError::Conflict("folder_name_taken"))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RenameInput {
    pub id: i64,
    pub name: String,
    /// `file` or `folder`.
    pub kind: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Renamed {
    File(Box<File>),
    Folder(Folder),
}

/// Rename a file or a folder (SPEC: `savename`).
#[utoipa::path(put, path = "/file-manager/user/savename", tag = "files", request_body = RenameInput,
    responses((status = 200, body = Data<Renamed>), (status = 401), (status = 404), (status = 409, description = "folder_name_taken"), (status = 422)))]
pub async fn save_name(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<RenameInput>,
) -> AppResult<Json<Data<Renamed>>> {
    let user = file_user(&caller)?;
    let name = checked_name("name", &input.name)?;
    match input.kind.as_str() {
        "file" => {
            store::own_file(&db, input.id, user).await?.ok_or(AppError::NotFound)?;
            store::rename_file(&db, input.id, &name).await?;
            Ok(Json(Data::new(Renamed::File(Box::new(own_view(&app, &tenant, &db, user, input.id).await?)))))
        }
        "folder" => {
            let folder = own_folder(&db, input.id, user).await?;
            if folder.kind != "normal" {
                return Err(AppError::unprocessable("id", "folder_fixed"));
            }
            if !store::rename_folder(&db, folder.id, &name).await? {
                return Err(AppError::Conflict("folder_name_taken"));
            }
            Ok(Json(Data::new(Renamed::Folder(own_folder(&db, folder.id, user).await?))))
        }
        _ => Err(AppError::unprocessable("kind", "invalid_choice")),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct IdInput {
    pub id: i64,
}

/// Delete one of the caller's files; its bytes leave the bucket and the storage count.
#[utoipa::path(post, path = "/file-manager/user/delete-file", tag = "files", request_body = IdInput,
    responses((status = 200, body = Data<Done>), (status = 401), (status = 404), (status = 409, description = "file_in_use")))]
pub async fn delete_file(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<IdInput>,
) -> AppResult<Json<Data<Done>>> {
    let user = file_user(&caller)?;
    store::own_file(&db, input.id, user).await?.ok_or(AppError::NotFound)?;
    // A file the content bank uses stays (its parts point at it; nothing is copied).
    remove_objects(&app, &tenant, store::delete_file(&db, input.id).await.map_err(|e| AppError::still_used(e, "file_in_use"))?).await;
    Ok(Json(Data::done()))
}

/// Delete one of the caller's folders with everything in it.
#[utoipa::path(post, path = "/file-manager/user/delete-folder", tag = "files", request_body = IdInput,
    responses((status = 200, body = Data<Done>), (status = 401), (status = 404), (status = 409, description = "file_in_use"), (status = 422, description = "folder_fixed")))]
pub async fn delete_folder(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<IdInput>,
) -> AppResult<Json<Data<Done>>> {
    let user = file_user(&caller)?;
    if own_folder(&db, input.id, user).await?.kind != "normal" {
        return Err(AppError::unprocessable("id", "folder_fixed"));
    }
    remove_objects(&app, &tenant, store::delete_folder(&db, input.id).await.map_err(|e| AppError::still_used(e, "file_in_use"))?).await;
    Ok(Json(Data::done()))
}

async fn remove_objects(app: &AppState, tenant: &Tenant, keys: Vec<String>) {
    for key in keys {
        media::remove(app, tenant, &key).await;
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileFolders {
    pub profile: Folder,
    pub cover: Folder,
}

/// The caller's profile and cover folders (made on the first call), which take the cropper's images.
#[utoipa::path(post, path = "/file-manager/user/profile-folder", tag = "files",
    responses((status = 200, body = Data<ProfileFolders>), (status = 401)))]
pub async fn profile_folder(RequireUser(caller): RequireUser, TenantDb(db): TenantDb) -> AppResult<Json<Data<ProfileFolders>>> {
    let user = file_user(&caller)?;
    let profile = store::special_folder(&db, user, "profile", "Profile").await?;
    let cover = store::special_folder(&db, user, "cover", "Cover").await?;
    Ok(Json(Data::new(ProfileFolders { profile, cover })))
}
