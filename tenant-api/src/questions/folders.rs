//! Folders of the question bank: nested by `parent_id`, owned by their author.

use super::store::{self, Folder, FolderFilter, Reach};
use super::{BankUser, bank_user};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// Nobody files questions more than this many folders deep; pickers show every folder.
const ALL_FOLDERS: i64 = 10_000;

async fn folder_of(db: &PgPool, id: i64, user: &BankUser) -> AppResult<Folder> {
    store::folder(db, id, user.owner).await?.ok_or(AppError::NotFound)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FolderListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub search: Option<String>,
    /// The folder whose subfolders to list; without it, the top level.
    pub parent_id: Option<i64>,
    /// 1: every folder at every level in one page (for pickers).
    pub no_pagination: Option<u8>,
    /// 1: the folders colleagues shared with the caller and those inside them, instead of their own.
    pub shared: Option<u8>,
}

/// Folders of the question bank, by name.
#[utoipa::path(get, path = "/question-bank/view-folder", tag = "question-bank", params(FolderListQuery),
    responses((status = 200, body = Page<Folder>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_folders(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<FolderListQuery>,
) -> AppResult<Json<Page<Folder>>> {
    let user = bank_user(&caller, &tenant)?;
    let all = q.no_pagination == Some(1);
    let shared = q.shared == Some(1);
    let reach = if shared { Reach::SharedWith(user.id) } else { user.own() };
    let filter = FolderFilter { reach, search: q.search.as_deref(), parent: (!all).then_some(q.parent_id) };
    // Whom a folder is shared with is its owner's to see.
    let with_shares = async |data: Vec<Folder>| if shared { Ok(data) } else { super::sharing::with_shares(&app, &db, data).await };
    if all {
        let (data, total) = store::folders(&db, &filter, ALL_FOLDERS, 0).await?;
        let data = with_shares(data).await?;
        return Ok(Json(Page { data, current_page: 1, last_page: 1, per_page: total.max(1), total }));
    }
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = store::folders(&db, &filter, 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (data, _) = store::folders(&db, &filter, request.per_page, offset).await?;
    let data = with_shares(data).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[schema(as = QuestionFolderInput)]
pub struct FolderInput {
    pub name: String,
    /// The folder it sits in; none for the top level.
    pub parent_id: Option<i64>,
}

/// The name and parent checked; `moving` is the folder being changed (it may not go inside itself).
async fn checked(db: &PgPool, user: &BankUser, input: &FolderInput, moving: Option<i64>) -> AppResult<String> {
    let mut v = Validator::default();
    let name = v.text("name", &input.name, 120);
    if let Some(parent) = input.parent_id {
        if store::folder(db, parent, user.owner).await?.is_none() {
            v.add("parent_id", "invalid_choice", None);
        } else if let Some(folder) = moving
            && store::is_within(db, parent, folder).await?
        {
            v.add("parent_id", "folder_inside_itself", None);
        }
    }
    v.finish()?;
    Ok(name)
}

/// Make a folder.
#[utoipa::path(post, path = "/question-bank/create-folder", tag = "question-bank", request_body = FolderInput,
    responses((status = 201, body = Data<Folder>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_folder(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<FolderInput>,
) -> AppResult<(StatusCode, Json<Data<Folder>>)> {
    let user = bank_user(&caller, &tenant)?;
    let name = checked(&db, &user, &input, None).await?;
    let id = store::insert_folder(&db, user.id, &name, input.parent_id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(folder_of(&db, id, &user).await?))))
}

/// Rename a folder or move it into another.
#[utoipa::path(put, path = "/question-bank/folder-update/{id}", tag = "question-bank", params(("id" = i64, Path)), request_body = FolderInput,
    responses((status = 200, body = Data<Folder>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_folder(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<FolderInput>,
) -> AppResult<Json<Data<Folder>>> {
    let user = bank_user(&caller, &tenant)?;
    folder_of(&db, id, &user).await?;
    let name = checked(&db, &user, &input, Some(id)).await?;
    store::update_folder(&db, id, &name, input.parent_id).await?;
    Ok(Json(Data::new(folder_of(&db, id, &user).await?)))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeleteFolderQuery {
    /// 1: delete its subfolders and questions too; otherwise they move up to its parent.
    pub withfolder: Option<u8>,
}

/// Delete a folder.
#[utoipa::path(delete, path = "/question-bank/delete-folder/{id}", tag = "question-bank", params(("id" = i64, Path), DeleteFolderQuery),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn delete_folder(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<DeleteFolderQuery>,
) -> AppResult<Json<Data<Done>>> {
    let user = bank_user(&caller, &tenant)?;
    let folder = folder_of(&db, id, &user).await?;
    store::delete_folder(&db, id, folder.parent_id, q.withfolder == Some(1)).await.map_err(|e| match &e {
        // An exam draws questions from this folder (or one inside it): it stays until the exam lets go.
        sqlx::Error::Database(d) if d.constraint() == Some("exam_parts_folder_id_fkey") => AppError::Conflict("folder_in_use"),
        _ => e.into(),
    })?;
    Ok(Json(Data::done()))
}
