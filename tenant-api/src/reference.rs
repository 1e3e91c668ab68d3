//! The platform's reference lists as spreadsheets (docs/api-reference.md): exported as CSV or
//! Excel, and imported from either, all rows or none; and the categories' pictures, which live in
//! the main site's bucket and show on every site. The lists themselves are the control plane's
//! (`control_plane::reference::lists`).

use crate::media;
use crate::sheets::{self, DownloadQuery, Table};
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Multipart, State};
use axum::response::Response;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::institutions::store::main_tenant;
use control_plane::reference::categories;
use control_plane::reference::lists::{self, Imported, ItemForm, List};
use control_plane::tenancy::Tenant;
use control_plane::response::Data;
use control_plane::{AppError, AppResult};

const HEADERS: [&str; 5] = ["id", "title", "bn_title", "sort", "parent_id"];

fn list_of(kind: &str) -> AppResult<List> {
    List::parse(kind).ok_or(AppError::NotFound)
}

/// Every item of a list as a spreadsheet (`format`: `xlsx`, the default, or `csv`).
#[utoipa::path(get, path = "/admin-settings/reference/{kind}/export", tag = "settings", params(("kind" = String, Path), DownloadQuery),
    responses((status = 200, description = "The list as XLSX or CSV"), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn export_list(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(kind): AppPath<String>,
    AppQuery(q): AppQuery<DownloadQuery>,
) -> AppResult<Response> {
    lists::require_keeper(&caller, &tenant)?;
    let list = list_of(&kind)?;
    let rows: Vec<Vec<String>> = lists::all(&app.ctl.db, list)
        .await?
        .into_iter()
        .map(|i| vec![i.id.to_string(), i.title, i.bn_title, i.sort.to_string(), i.parent_id.map(|p| p.to_string()).unwrap_or_default()])
        .collect();
    sheets::download(list.key(), q.format.as_deref(), &HEADERS, &rows)
}

/// A file's rows as forms; a cell that is not a number where one is needed names its row.
fn forms(table: &Table) -> AppResult<Vec<(usize, ItemForm)>> {
    let [id, title, bn_title, sort, parent] = HEADERS.map(|h| table.column(&[h]));
    if title.is_none() || bn_title.is_none() {
        return Err(AppError::unprocessable("file", "columns_missing"));
    }
    let cell = |cells: &Vec<String>, at: Option<usize>| at.and_then(|i| cells.get(i)).map(String::as_str).unwrap_or_default().to_owned();
    table
        .rows
        .iter()
        .map(|(n, cells)| {
            let number = |at: Option<usize>| -> AppResult<Option<i64>> {
                let text = cell(cells, at);
                if text.is_empty() { Ok(None) } else { text.parse().map(Some).map_err(|_| AppError::field(&format!("row_{n}"), "invalid_type")) }
            };
            let sort = number(sort)?.map(|s| i32::try_from(s).map_err(|_| AppError::field(&format!("row_{n}"), "invalid_type"))).transpose()?;
            Ok((*n, ItemForm { id: number(id)?, title: cell(cells, title), bn_title: cell(cells, bn_title), sort, parent_id: number(parent)? }))
        })
        .collect()
}

/// Creates and changes a list's items from a CSV or Excel file with the export's columns.
#[utoipa::path(post, path = "/admin-settings/reference/{kind}/import", tag = "settings", params(("kind" = String, Path)),
    request_body(content = String, content_type = "text/csv", description = "The export's columns: id, title, bn_title, sort, parent_id"),
    responses((status = 200, body = Data<Imported>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn import_list(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(kind): AppPath<String>,
    body: Bytes,
) -> AppResult<Json<Data<Imported>>> {
    lists::require_keeper(&caller, &tenant)?;
    let list = list_of(&kind)?;
    let table = sheets::read(&body).map_err(|code| AppError::unprocessable("file", code))?;
    let rows = forms(&table)?;
    Ok(Json(Data::new(lists::import(&app.ctl.db, list, &rows).await?)))
}

/// The largest picture a category takes, and the route's body limit around it.
pub const MAX_IMAGE_BYTES: usize = 5 << 20;
pub const BODY_LIMIT: usize = MAX_IMAGE_BYTES + (64 << 10);
/// A category's picture is cut to a 3:2 card at twice its largest size on screen.
const IMAGE_SIZE: (u32, u32) = (480, 320);

/// Gives a category a picture (multipart field `image`): cut to a 480 x 320 JPEG around its centre.
#[utoipa::path(post, path = "/admin-settings/categories/{id}/image", tag = "settings", params(("id" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `image`: a JPEG, PNG, GIF or WebP picture, at most 5 MB"),
    responses((status = 200, body = Data<lists::Item>), (status = 401), (status = 403), (status = 404), (status = 413), (status = 422)))]
pub async fn set_category_image(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
    mut multipart: Multipart,
) -> AppResult<Json<Data<lists::Item>>> {
    lists::require_keeper(&caller, &tenant)?;
    categories::find(&app.ctl.db, id).await?.ok_or(AppError::NotFound)?;
    let bytes = media::image_field(&mut multipart, "image", MAX_IMAGE_BYTES, "invalid_image").await?;
    let jpeg = tokio::task::spawn_blocking(move || media::fill_jpeg(&bytes, IMAGE_SIZE.0, IMAGE_SIZE.1))
        .await
        .map_err(|e| anyhow::anyhow!("category picture task: {e}"))?
        .map_err(|_| AppError::field("image", "invalid_image"))?;
    let key = media::content_key(&format!("{IMAGE_KEYS}{id}"), &jpeg, "jpg");
    media::put(&app, &tenant, &key, jpeg, "image/jpeg").await?;
    replace_image(&app, &tenant, id, Some(&format!("{IMAGE_PATH}{}", &key[IMAGE_KEYS.len()..]))).await
}

/// Takes a category's picture away.
#[utoipa::path(delete, path = "/admin-settings/categories/{id}/image", tag = "settings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<lists::Item>), (status = 401), (status = 403), (status = 404)))]
pub async fn remove_category_image(State(app): State<AppState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<lists::Item>>> {
    lists::require_keeper(&caller, &tenant)?;
    replace_image(&app, &tenant, id, None).await
}

/// Where the pictures lie in the main site's bucket, and where they are served on every site.
const IMAGE_KEYS: &str = "category-images/";
const IMAGE_PATH: &str = "/category-image/";

/// Points the category at its new picture (or none) and drops the old one's object.
async fn replace_image(app: &AppState, main: &Tenant, id: i64, image: Option<&str>) -> AppResult<Json<Data<lists::Item>>> {
    let old = categories::set_image(&app.ctl.db, id, image).await?.ok_or(AppError::NotFound)?;
    if let Some(old) = old.filter(|old| Some(old.as_str()) != image).and_then(|old| old.strip_prefix(IMAGE_PATH).map(str::to_owned)) {
        media::remove(app, main, &format!("{IMAGE_KEYS}{old}")).await;
    }
    Ok(Json(Data::new(lists::item(&app.ctl.db, List::Categories, id).await?)))
}

/// A category's current picture, from the main site's bucket, on any site.
pub async fn serve_category_image(State(app): State<AppState>, AppPath(file): AppPath<String>) -> AppResult<Response> {
    if file.contains('/') || !categories::shows_image(&app.ctl.db, &format!("{IMAGE_PATH}{file}")).await? {
        return Err(AppError::NotFound);
    }
    let main = main_tenant(&app.ctl.db).await?.ok_or(AppError::NotFound)?;
    media::serve_image(&app, &main, &format!("{IMAGE_KEYS}{file}")).await
}
