//! Questions: list, read, create, edit (a new version each time), delete.

use super::content::{self, Content, QuestionInput, QuestionOption};
use super::store::{self, Filter, Placement, QuestionSummary, Reach};
use super::{BankUser, bank_user};
use crate::files::Person;
use crate::sharing::{self, ShareTable};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::reference::categories;
use control_plane::response::{Data, Done};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// A question as its author (or a colleague it is shared with) sees it: the current version,
/// answer key included.
#[derive(Debug, Serialize, ToSchema)]
pub struct Question {
    #[serde(flatten)]
    pub summary: QuestionSummary,
    pub image: String,
    pub negative_marks: f64,
    pub explanation: String,
    pub explanation_bn: String,
    pub options: Vec<QuestionOption>,
    pub blanks: Vec<Vec<String>>,
    pub accepted: Vec<String>,
    pub answer: String,
    /// Whom the author shared it with (on the author's and the site admins' reads; empty on a
    /// colleague's).
    pub shared_with: Vec<Person>,
    /// The author's name.
    pub owner_name: String,
    pub created_at: DateTime<Utc>,
}

/// The question as `user` may read it within `reach`.
pub async fn question_of(app: &AppState, db: &PgPool, id: i64, user: &BankUser, reach: Reach) -> AppResult<Question> {
    let (summary, c, created_at) = store::find(db, id, reach).await?.ok_or(AppError::NotFound)?;
    let shared_with = if user.owner.is_none_or(|u| u == summary.owner_id) {
        let people: Vec<i64> = sharing::of(db, ShareTable::Questions, &[id]).await?.into_iter().map(|(_, p)| p).collect();
        sharing::people(app, &people).await?
    } else {
        Vec::new()
    };
    let owner_name = sharing::people(app, &[summary.owner_id]).await?.pop().map(|p| p.name).unwrap_or_default();
    let Content { image, negative_marks, explanation, explanation_bn, options, blanks, accepted, answer, .. } = c;
    Ok(Question { summary, image, negative_marks, explanation, explanation_bn, options, blanks, accepted, answer, shared_with, owner_name, created_at })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QuestionListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Words of the question's text, in either language.
    pub search: Option<String>,
    /// One question type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub question_type: Option<String>,
    pub category_id: Option<i64>,
    pub folder_id: Option<i64>,
}

/// The questions the caller may use, most recently changed first.
#[utoipa::path(get, path = "/question-bank/view", tag = "question-bank", params(QuestionListQuery),
    responses((status = 200, body = Page<QuestionSummary>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_questions(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<QuestionListQuery>,
) -> AppResult<Json<Page<QuestionSummary>>> {
    let user = bank_user(&caller, &tenant)?;
    let filter = Filter {
        reach: user.own(),
        search: q.search.as_deref(),
        question_type: q.question_type.as_deref().map(str::trim).filter(|t| !t.is_empty()),
        category_id: q.category_id,
        folder_id: q.folder_id,
    };
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = store::page(&db, &filter, 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (data, _) = store::page(&db, &filter, request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// One question with its answer key: the caller's own, or one a colleague shared with them.
#[utoipa::path(get, path = "/question-bank/view/{id}", tag = "question-bank", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Question>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_question(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Question>>> {
    let user = bank_user(&caller, &tenant)?;
    Ok(Json(Data::new(question_of(&app, &db, id, &user, user.usable()).await?)))
}

/// The input checked: the question's type, where it is filed, and its content.
async fn checked(control: &PgPool, db: &PgPool, user: &BankUser, input: &QuestionInput) -> AppResult<(String, Placement, Content)> {
    let mut v = Validator::default();
    let content = content::validate(&mut v, input);
    if let Some(folder) = input.folder_id
        && store::folder(db, folder, user.owner).await?.is_none()
    {
        v.add("folder_id", "invalid_choice", None);
    }
    if let Some(category) = input.category_id
        && categories::find(control, category).await?.is_none()
    {
        v.add("category_id", "invalid_category", None);
    }
    v.finish()?;
    Ok((input.question_type.trim().to_owned(), Placement { folder_id: input.folder_id, category_id: input.category_id }, content))
}

/// Add a question to the bank.
#[utoipa::path(post, path = "/question-bank/create", tag = "question-bank", request_body = QuestionInput,
    responses((status = 201, body = Data<Question>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_question(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<QuestionInput>,
) -> AppResult<(StatusCode, Json<Data<Question>>)> {
    let user = bank_user(&caller, &tenant)?;
    let (kind, place, content) = checked(&app.ctl.db, &db, &user, &input).await?;
    let id = store::insert(&db, user.id, &kind, &place, &content).await?;
    Ok((StatusCode::CREATED, Json(Data::new(question_of(&app, &db, id, &user, user.own()).await?))))
}

/// Replace a question: the result is its next version; attempts given an earlier version keep it.
#[utoipa::path(put, path = "/question-bank/update/{id}", tag = "question-bank", params(("id" = i64, Path)), request_body = QuestionInput,
    responses((status = 200, body = Data<Question>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_question(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<QuestionInput>,
) -> AppResult<Json<Data<Question>>> {
    let user = bank_user(&caller, &tenant)?;
    store::find(&db, id, user.own()).await?.ok_or(AppError::NotFound)?;
    let (kind, place, content) = checked(&app.ctl.db, &db, &user, &input).await?;
    if !store::update(&db, id, user.owner, user.id, &kind, &place, &content).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::new(question_of(&app, &db, id, &user, user.own()).await?)))
}

/// Remove a question from the bank (attempts that used it keep their copy).
#[utoipa::path(delete, path = "/question-bank/delete/{id}", tag = "question-bank", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_question(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    let user = bank_user(&caller, &tenant)?;
    if !store::delete(&db, id, user.owner).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::done()))
}
