//! Sharing with colleagues: the people holding a staff role (admin, teacher) on the same site.
//! SPEC §7 names one pair of calls for everything that can be shared (`/my-account/sharing/share`,
//! `shared-with-me?table&module`); `table` says what: `files` (the file manager), `questions` and
//! `question_folders` (the question bank: a folder shares every question in it, at any depth).
//! Each domain owns its share table and what a share allows; this module routes the calls and
//! keeps the rules common to all of them.

use crate::files::{self, File, Person};
use crate::pools::TenantDb;
use crate::questions::bank::Question;
use crate::questions::sharing::{self as question_sharing, SharedQuestion, SharedQuestionQuery};
use crate::questions::store::Folder;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppQuery};
use control_plane::pagination::Page;
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::users::store::{Contact, contacts};
use control_plane::validate::normalize_login;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

/// Nobody shares one thing with more people than this in one go.
const MAX_PEOPLE: usize = 100;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ShareInput {
    /// What is shared: `files`, `questions` or `question_folders`.
    pub table: String,
    pub id: i64,
    /// E-mail addresses or mobile numbers of colleagues; the whole new list (empty: unshare).
    pub users: Vec<String>,
}

/// What was shared, as its owner now sees it (with whom it is shared).
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Shared {
    File(Box<File>),
    Question(Box<Question>),
    Folder(Box<Folder>),
}

/// Share one of the caller's files, questions or question folders with colleagues, replacing whom
/// it was shared with.
#[utoipa::path(post, path = "/my-account/sharing/share", tag = "files", request_body = ShareInput,
    responses((status = 200, body = Data<Shared>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "not_a_colleague, too_many (users); invalid_choice (table)")))]
pub async fn share(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ShareInput>,
) -> AppResult<Json<Data<Shared>>> {
    let shared = match input.table.as_str() {
        "files" => Shared::File(Box::new(files::sharing::share_file(&app, &tenant, &db, &caller, input.id, &input.users).await?)),
        "questions" => Shared::Question(Box::new(question_sharing::share_question(&app, &tenant, &db, &caller, input.id, &input.users).await?)),
        "question_folders" => Shared::Folder(Box::new(question_sharing::share_folder(&app, &tenant, &db, &caller, input.id, &input.users).await?)),
        _ => return Err(AppError::unprocessable("table", "invalid_choice")),
    };
    Ok(Json(Data::new(shared)))
}

/// The people named by e-mail or mobile number, all of them colleagues on this site (422
/// `not_a_colleague` on `field` otherwise); the sharer is left out.
pub async fn colleagues(app: &AppState, tenant: &Tenant, field: &str, logins: &[String], sharer: i64) -> AppResult<Vec<i64>> {
    if logins.len() > MAX_PEOPLE {
        return Err(AppError::field_with(field, "too_many", Some(MAX_PEOPLE)));
    }
    let mut logins: Vec<String> = logins.iter().map(|l| normalize_login(l)).filter(|l| !l.is_empty()).collect();
    logins.sort();
    logins.dedup();
    let found = control_plane::memberships::staff_by_login(&app.ctl.db, tenant.id, &logins).await?;
    if found.len() < logins.len() {
        return Err(AppError::unprocessable(field, "not_a_colleague"));
    }
    Ok(found.into_iter().map(|(_, id)| id).filter(|id| *id != sharer).collect())
}

/// The people of these ids, in that order (an account since gone is left out).
pub async fn people(app: &AppState, ids: &[i64]) -> AppResult<Vec<Person>> {
    let found: HashMap<i64, Contact> = contacts(&app.ctl.db, ids).await?.into_iter().map(|c| (c.id, c)).collect();
    Ok(ids.iter().filter_map(|id| found.get(id)).map(Person::from).collect())
}

/// A share table: which rows of it name which people. The SQL names come from this closed list only.
#[derive(Debug, Clone, Copy)]
pub enum ShareTable {
    Files,
    Questions,
    QuestionFolders,
}

impl ShareTable {
    const fn sql(self) -> (&'static str, &'static str) {
        match self {
            Self::Files => ("file_shares", "file_id"),
            Self::Questions => ("question_shares", "question_id"),
            Self::QuestionFolders => ("question_folder_shares", "folder_id"),
        }
    }
}

/// Replaces whom one row is shared with.
pub async fn replace(db: &PgPool, table: ShareTable, id: i64, users: &[i64]) -> sqlx::Result<()> {
    let (table, column) = table.sql();
    let mut tx = db.begin().await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE {column} = $1 AND NOT (user_id = ANY($2))")))
        .bind(id)
        .bind(users)
        .execute(&mut *tx)
        .await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("INSERT INTO {table} ({column}, user_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING")))
        .bind(id)
        .bind(users)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// (row, person) for every share of these rows, oldest share first.
pub async fn of(db: &PgPool, table: ShareTable, ids: &[i64]) -> sqlx::Result<Vec<(i64, i64)>> {
    let (table, column) = table.sql();
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {column}, user_id FROM {table} WHERE {column} = ANY($1) ORDER BY created_at, user_id")))
        .bind(ids)
        .fetch_all(db)
        .await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SharedQuery {
    /// `files` (the default) or `questions`.
    pub table: Option<String>,
    /// `filemanager` or `question-bank`: which screen asks (informative).
    pub module: Option<String>,
    /// Files: the file type; questions: the question type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub kind: Option<String>,
    pub search: Option<String>,
    /// Questions: one category.
    pub category_id: Option<i64>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// One thing a colleague shared with the caller.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum SharedItem {
    File(Box<File>),
    Question(Box<SharedQuestion>),
}

/// What colleagues shared with the caller on this site: files, or questions (one by one or
/// through a folder).
#[utoipa::path(get, path = "/my-account/sharing/shared-with-me", tag = "files", params(SharedQuery),
    responses((status = 200, body = Page<SharedItem>), (status = 401), (status = 403), (status = 422)))]
pub async fn shared_with_me(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<SharedQuery>,
) -> AppResult<Json<Page<SharedItem>>> {
    let page = match q.table.as_deref().unwrap_or("files") {
        "files" => {
            let filter = files::manage::FilesQuery { source: None, file_type: q.kind, search: q.search, page: q.page, limit: q.limit };
            files::sharing::shared_files(&app, &tenant, &db, &caller, &filter).await?.map(|f| SharedItem::File(Box::new(f)))
        }
        "questions" => {
            let filter = SharedQuestionQuery { question_type: q.kind, search: q.search, category_id: q.category_id, page: q.page, limit: q.limit };
            question_sharing::shared_questions(&app, &tenant, &db, &caller, &filter).await?.map(|x| SharedItem::Question(Box::new(x)))
        }
        _ => return Err(AppError::unprocessable("table", "invalid_choice")),
    };
    Ok(Json(page))
}
