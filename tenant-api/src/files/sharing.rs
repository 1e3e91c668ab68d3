//! Sharing files with colleagues (the calls are [`crate::sharing`]'s): a shared file is opened and
//! downloaded by the people it is shared with, never changed by them.

use super::manage::{FilesQuery, shared_with};
use super::{File, file_user, own_view, store};
use crate::sharing::{ShareTable, colleagues, replace};
use crate::state::AppState;
use control_plane::auth::Caller;
use control_plane::pagination::Page;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use sqlx::PgPool;

/// Shares one of the caller's files with the people named (the whole new list).
pub async fn share_file(app: &AppState, tenant: &Tenant, db: &PgPool, caller: &Caller, id: i64, logins: &[String]) -> AppResult<File> {
    let user = file_user(caller)?;
    store::own_file(db, id, user).await?.ok_or(AppError::NotFound)?;
    let people = colleagues(app, tenant, "users", logins, user).await?;
    replace(db, ShareTable::Files, id, &people).await?;
    own_view(app, tenant, db, user, id).await
}

/// Files colleagues shared with the caller.
pub async fn shared_files(app: &AppState, tenant: &Tenant, db: &PgPool, caller: &Caller, filter: &FilesQuery) -> AppResult<Page<File>> {
    shared_with(app, tenant, db, file_user(caller)?, filter).await
}
