//! Single exams as their authors see them: list, read, create, change, delete.

use super::settings::{self, ExamInput, Settings};
use super::store::{self, ExamRow, ExamSummary};
use crate::pools::TenantDb;
use crate::questions::{BankUser, bank_user};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema)]
pub struct PartQuestion {
    pub id: i64,
    pub question_type: String,
    pub text: String,
    pub text_bn: String,
    pub marks: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExamPart {
    pub position: i32,
    pub question_id: Option<i64>,
    pub folder_id: Option<i64>,
    pub pick: Option<i32>,
    /// The fixed question as the bank has it now (`null` once deleted there).
    pub question: Option<PartQuestion>,
    pub folder_name: Option<String>,
}

/// An exam with its recipe, as its author sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Exam {
    #[serde(flatten)]
    pub row: ExamRow,
    pub question_count: i64,
    /// The marks of the fixed questions (random picks add theirs per paper).
    pub total_marks: f64,
    pub attempt_count: i64,
    pub parts: Vec<ExamPart>,
}

pub async fn exam_of(db: &PgPool, id: i64, user: &BankUser) -> AppResult<Exam> {
    let row = store::find(db, id, user.owner).await?.ok_or(AppError::Missing("exam_not_found"))?;
    let summary = store::summary(db, id).await?;
    let parts: Vec<ExamPart> = store::parts(db, id)
        .await?
        .into_iter()
        .map(|p| ExamPart {
            position: p.position,
            question_id: p.question_id,
            folder_id: p.folder_id,
            pick: p.pick,
            question: match (p.question_id, p.question_type, p.marks) {
                (Some(id), Some(question_type), Some(marks)) => {
                    Some(PartQuestion { id, question_type, text: p.text.unwrap_or_default(), text_bn: p.text_bn.unwrap_or_default(), marks })
                }
                _ => None,
            },
            folder_name: p.folder_name,
        })
        .collect();
    let total_marks = parts.iter().filter_map(|p| p.question.as_ref()).map(|q| q.marks).sum();
    Ok(Exam { row, question_count: summary.question_count, total_marks, attempt_count: summary.attempt_count, parts })
}

/// The input checked, the parts against the bank the author reaches.
async fn checked(db: &PgPool, user: &BankUser, input: &ExamInput) -> AppResult<Settings> {
    let mut v = Validator::default();
    let s = settings::validate(&mut v, input);
    let questions: Vec<i64> = s.parts.iter().filter_map(|p| p.question_id).collect();
    let usable = crate::questions::store::usable(db, &questions, user.usable()).await?;
    let folders: Vec<i64> = s.parts.iter().filter_map(|p| p.folder_id).collect();
    let sizes: HashMap<i64, i64> = crate::questions::store::folder_sizes(db, &folders, user.usable()).await?.into_iter().collect();
    for (i, part) in s.parts.iter().enumerate() {
        if let Some(q) = part.question_id
            && !usable.contains(&q)
        {
            v.add(&format!("parts.{i}.question_id"), "invalid_choice", None);
        }
        if let Some(f) = part.folder_id {
            match sizes.get(&f) {
                None => v.add(&format!("parts.{i}.folder_id"), "invalid_choice", None),
                Some(&n) if i64::from(part.pick.unwrap_or(0)) > n => {
                    v.add(&format!("parts.{i}.pick"), "pick_exceeds_folder", Some(n as usize))
                }
                _ => {}
            }
        }
    }
    v.finish()?;
    Ok(s)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExamListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Words of the title, in either language.
    pub search: Option<String>,
}

/// The single exams the caller manages, most recently changed first.
#[utoipa::path(get, path = "/course/exam/view-single", tag = "exams", params(ExamListQuery),
    responses((status = 200, body = Page<ExamSummary>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_single(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ExamListQuery>,
) -> AppResult<Json<Page<ExamSummary>>> {
    let user = bank_user(&caller, &tenant)?;
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = store::page(&db, user.owner, q.search.as_deref(), 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (data, _) = store::page(&db, user.owner, q.search.as_deref(), request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// One exam with its recipe.
#[utoipa::path(get, path = "/course/exam/view-single/{id}", tag = "exams", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Exam>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_single_exam(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Exam>>> {
    let user = bank_user(&caller, &tenant)?;
    Ok(Json(Data::new(exam_of(&db, id, &user).await?)))
}

/// Create a single exam from questions of the bank and random picks from its folders.
#[utoipa::path(post, path = "/course/exam/create-single", tag = "exams", request_body = ExamInput,
    responses((status = 201, body = Data<Exam>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_single(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ExamInput>,
) -> AppResult<(StatusCode, Json<Data<Exam>>)> {
    let user = bank_user(&caller, &tenant)?;
    let s = checked(&db, &user, &input).await?;
    let id = store::insert(&db, user.id, &s).await?;
    Ok((StatusCode::CREATED, Json(Data::new(exam_of(&db, id, &user).await?))))
}

/// Change an exam: attempts already made keep the paper they were given.
#[utoipa::path(put, path = "/course/exam/update-single/{id}", tag = "exams", params(("id" = i64, Path)), request_body = ExamInput,
    responses((status = 200, body = Data<Exam>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_single(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<ExamInput>,
) -> AppResult<Json<Data<Exam>>> {
    let user = bank_user(&caller, &tenant)?;
    let before = exam_of(&db, id, &user).await?;
    let s = checked(&db, &user, &input).await?;
    if !store::update(&db, id, user.owner, &s).await? {
        return Err(AppError::Missing("exam_not_found"));
    }
    app.exams.forget(tenant.id, before.row.uuid).await;
    Ok(Json(Data::new(exam_of(&db, id, &user).await?)))
}

/// Delete an exam: learners can no longer open it; its attempts stay for the record. An exam a
/// course lesson, a content bank part or a class's quiz uses is refused (`exam_in_use`).
#[utoipa::path(delete, path = "/course/exam/delete-single/{id}", tag = "exams", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn delete_single(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    let user = bank_user(&caller, &tenant)?;
    let exam = exam_of(&db, id, &user).await?;
    if crate::courses::syllabus_store::exam_in_use(&db, id).await?
        || crate::contents::store::exam_in_use(&db, id).await?
        || crate::classrooms::classwork::exam_in_use(&db, id).await?
    {
        return Err(AppError::Conflict("exam_in_use"));
    }
    if !store::delete(&db, id, user.owner).await? {
        return Err(AppError::Missing("exam_not_found"));
    }
    app.exams.forget(tenant.id, exam.row.uuid).await;
    Ok(Json(Data::done()))
}
