//! Sharing the question bank with colleagues (the calls are [`crate::sharing`]'s): a question, or
//! a folder with every question in it at any depth. Colleagues read what is shared with them and
//! put it in their exams; only the author (and the site's admins) change it. A colleague who wants
//! their own version copies it into their bank.

use super::bank::{Question, question_of};
use super::store::{self, Filter, Folder, QuestionSummary, Reach};
use super::bank_user;
use crate::sharing::{self, ShareTable, colleagues, replace};
use crate::state::AppState;
use control_plane::auth::Caller;
use control_plane::pagination::{Page, PageRequest};
use control_plane::tenancy::Tenant;
use control_plane::users::store::contacts;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Shares one of the caller's questions with the people named (the whole new list).
pub async fn share_question(app: &AppState, tenant: &Tenant, db: &PgPool, caller: &Caller, id: i64, logins: &[String]) -> AppResult<Question> {
    let user = bank_user(caller, tenant)?;
    let (question, _, _) = store::find(db, id, user.own()).await?.ok_or(AppError::NotFound)?;
    let people = colleagues(app, tenant, "users", logins, question.owner_id).await?;
    replace(db, ShareTable::Questions, id, &people).await?;
    question_of(app, db, id, &user, user.own()).await
}

/// Shares one of the caller's folders (and so every question in it and in its subfolders).
pub async fn share_folder(app: &AppState, tenant: &Tenant, db: &PgPool, caller: &Caller, id: i64, logins: &[String]) -> AppResult<Folder> {
    let user = bank_user(caller, tenant)?;
    let owner = store::folder_owner(db, id, user.owner).await?.ok_or(AppError::NotFound)?;
    let people = colleagues(app, tenant, "users", logins, owner).await?;
    replace(db, ShareTable::QuestionFolders, id, &people).await?;
    let folder = store::folder(db, id, user.owner).await?.ok_or(AppError::NotFound)?;
    Ok(with_shares(app, db, vec![folder]).await?.remove(0))
}

/// Folders with whom each is shared.
pub async fn with_shares(app: &AppState, db: &PgPool, mut folders: Vec<Folder>) -> AppResult<Vec<Folder>> {
    let ids: Vec<i64> = folders.iter().map(|f| f.id).collect();
    let shares = sharing::of(db, ShareTable::QuestionFolders, &ids).await?;
    if shares.is_empty() {
        return Ok(folders);
    }
    let mut everyone: Vec<i64> = shares.iter().map(|(_, p)| *p).collect();
    everyone.sort_unstable();
    everyone.dedup();
    let people: HashMap<i64, _> = sharing::people(app, &everyone).await?.into_iter().map(|p| (p.id, p)).collect();
    for folder in &mut folders {
        folder.shared_with = shares.iter().filter(|(f, _)| *f == folder.id).filter_map(|(_, p)| people.get(p).cloned()).collect();
    }
    Ok(folders)
}

/// A question a colleague shared, and whose it is.
#[derive(Debug, Serialize, ToSchema)]
pub struct SharedQuestion {
    #[serde(flatten)]
    pub question: QuestionSummary,
    pub owner_name: String,
}

pub struct SharedQuestionQuery {
    pub question_type: Option<String>,
    pub search: Option<String>,
    pub category_id: Option<i64>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// Questions colleagues shared with the caller, most recently changed first.
pub async fn shared_questions(app: &AppState, tenant: &Tenant, db: &PgPool, caller: &Caller, q: &SharedQuestionQuery) -> AppResult<Page<SharedQuestion>> {
    let user = bank_user(caller, tenant)?;
    let filter = Filter {
        reach: Reach::SharedWith(user.id),
        search: q.search.as_deref(),
        question_type: q.question_type.as_deref().map(str::trim).filter(|t| !t.is_empty()),
        category_id: q.category_id,
        folder_id: None,
    };
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = store::page(db, &filter, 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (rows, _) = store::page(db, &filter, request.per_page, offset).await?;
    let mut owners: Vec<i64> = rows.iter().map(|r| r.owner_id).collect();
    owners.sort_unstable();
    owners.dedup();
    let names: HashMap<i64, String> = contacts(&app.ctl.db, &owners).await?.into_iter().map(|c| (c.id, c.name)).collect();
    let data = rows.into_iter().map(|question| SharedQuestion { owner_name: names.get(&question.owner_id).cloned().unwrap_or_default(), question }).collect();
    Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
}
