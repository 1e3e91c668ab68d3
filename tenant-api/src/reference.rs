//! The platform's reference lists as spreadsheets (docs/api-reference.md): exported as CSV or
//! Excel, and imported from either, all rows or none. The lists themselves are the control
//! plane's (`control_plane::reference::lists`).

use crate::sheets::{self, DownloadQuery, Table};
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::reference::lists::{self, Imported, ItemForm, List};
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
