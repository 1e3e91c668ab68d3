//! Importing a question file into the bank and exporting the bank as one (formats: [`exchange`],
//! Moodle XML, CSV and XLSX).
//! An import is all or nothing: every question is checked as if typed in, and one refusal
//! refuses the file, with each problem named by its row (`rows.<row>.<field>`).

use super::content;
use super::exchange;
use super::store::{self, Placement};
use super::bank_user;
use crate::pools::TenantDb;
use crate::media;
use axum::Json;
use axum::extract::Multipart;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::error::FieldErrors;
use control_plane::json::AppQuery;
use control_plane::response::Data;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub const MAX_FILE_BYTES: usize = 2 * 1024 * 1024;
pub const BODY_LIMIT: usize = MAX_FILE_BYTES + 64 * 1024;
const MAX_QUESTIONS: usize = 1000;

#[derive(Debug, Serialize, ToSchema)]
pub struct Imported {
    pub imported: usize,
    pub ids: Vec<i64>,
}

/// The file's questions checked; every problem keyed `rows.<row>.<field>`.
fn check(read: &[exchange::Read]) -> Result<Vec<(String, content::Content)>, AppError> {
    let mut errors = FieldErrors::new();
    let mut out = Vec::new();
    for r in read {
        let mut v = Validator::default();
        for (field, code) in &r.problems {
            v.add(field, code, None);
        }
        let c = content::validate(&mut v, &r.input);
        match v.finish() {
            Ok(()) => out.push((r.input.question_type.clone(), c)),
            Err(AppError::Validation(found)) => {
                for (field, list) in found {
                    let field = if field == "question_type" { "type".to_owned() } else { field };
                    errors.entry(format!("rows.{}.{field}", r.row)).or_default().extend(list);
                }
            }
            Err(other) => return Err(other),
        }
    }
    if errors.is_empty() { Ok(out) } else { Err(AppError::Validation(errors)) }
}

/// Import a Moodle XML, CSV or Excel (XLSX) file (2 MB, 1,000 questions) into the bank, into
/// `folder_id` if given. Multipart: `file`, `folder_id`. All or nothing.
#[utoipa::path(post, path = "/question-bank/import", tag = "question-bank",
    responses((status = 201, body = Data<Imported>), (status = 401), (status = 403), (status = 413), (status = 422)))]
pub async fn import_questions(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    mut multipart: Multipart,
) -> AppResult<(StatusCode, Json<Data<Imported>>)> {
    let user = bank_user(&caller, &tenant)?;
    let (mut file, mut folder_id) = (None, None);
    while let Some(field) = multipart.next_field().await.map_err(|e| media::multipart_error(e, "file"))? {
        match field.name() {
            Some("file") => file = Some(field.bytes().await.map_err(|e| media::multipart_error(e, "file"))?),
            Some("folder_id") => {
                let text = field.text().await.map_err(|e| media::multipart_error(e, "folder_id"))?;
                if !text.trim().is_empty() {
                    folder_id = Some(text.trim().parse::<i64>().map_err(|_| AppError::field("folder_id", "invalid_type"))?);
                }
            }
            _ => {}
        }
    }
    let file = file.ok_or_else(|| AppError::field("file", "required"))?;
    if file.len() > MAX_FILE_BYTES {
        return Err(AppError::payload_too_large());
    }
    if let Some(folder) = folder_id
        && store::folder(&db, folder, user.owner).await?.is_none()
    {
        return Err(AppError::field("folder_id", "invalid_choice"));
    }
    let read = if exchange::is_xml(&file) {
        let text = std::str::from_utf8(&file).map_err(|_| AppError::field("file", "invalid_file"))?;
        exchange::read_moodle(text).ok_or_else(|| AppError::field("file", "invalid_moodle_xml"))?
    } else {
        exchange::read_sheet(&file).map_err(|code| AppError::field("file", code))?
    };
    if read.is_empty() {
        return Err(AppError::field("file", "no_questions_in_file"));
    }
    if read.len() > MAX_QUESTIONS {
        return Err(AppError::field_with("file", "too_many", Some(MAX_QUESTIONS)));
    }
    let checked = check(&read)?;
    let rows: Vec<(String, Placement, content::Content)> =
        checked.into_iter().map(|(kind, c)| (kind, Placement { folder_id, category_id: None }, c)).collect();
    let ids = store::insert_all(&db, user.id, &rows).await?;
    Ok((StatusCode::CREATED, Json(Data::new(Imported { imported: ids.len(), ids }))))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `moodle` (Moodle XML), `csv` or `xlsx`.
    pub format: Option<String>,
    /// Only this folder's questions.
    pub folder_id: Option<i64>,
}

/// Export the questions the caller reaches as a Moodle XML, CSV or Excel file.
#[utoipa::path(get, path = "/question-bank/export", tag = "question-bank", params(ExportQuery),
    responses((status = 200, description = "The file", content((String = "application/xml"), (String = "text/csv"), (String = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))), (status = 401), (status = 403), (status = 422)))]
pub async fn export_questions(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ExportQuery>,
) -> AppResult<Response> {
    let user = bank_user(&caller, &tenant)?;
    let questions = store::contents(&db, user.owner, q.folder_id).await?;
    let (bytes, mime, name) = match q.format.as_deref().map(str::trim) {
        Some("moodle") | None => (exchange::write_moodle(&questions).into_bytes(), "application/xml; charset=utf-8", "questions.xml"),
        Some("csv") => (exchange::write_csv(&questions), "text/csv; charset=utf-8", "questions.csv"),
        Some("xlsx") => (exchange::write_xlsx(&questions)?, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "questions.xlsx"),
        Some(_) => return Err(AppError::field("format", "invalid_choice")),
    };
    Ok((
        [(header::CONTENT_TYPE, mime.to_owned()), (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\""))],
        bytes,
    )
        .into_response())
}
