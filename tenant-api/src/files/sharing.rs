//! Sharing files with colleagues: people holding a staff role (admin, teacher) on the same site.
//! SPEC §6 names the calls generically (`table`, `module`); files are what can be shared today.

use super::manage::{FilesQuery, shared_with};
use super::{File, file_user, own_view, store};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::tenancy::Tenant;
use control_plane::json::{AppJson, AppQuery};
use control_plane::pagination::Page;
use control_plane::response::Data;
use control_plane::validate::normalize_login;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

/// Nobody shares one file with more people than this in one go.
const MAX_PEOPLE: usize = 100;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ShareInput {
    /// What is shared: `files`.
    pub table: String,
    pub id: i64,
    /// E-mail addresses or mobile numbers of colleagues; the whole new list (empty: unshare).
    pub users: Vec<String>,
}

/// Share one of the caller's files with colleagues, replacing whom it was shared with.
#[utoipa::path(post, path = "/my-account/sharing/share", tag = "files", request_body = ShareInput,
    responses((status = 200, body = Data<File>), (status = 401), (status = 404), (status = 422, description = "not_a_colleague, invalid_choice")))]
pub async fn share(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ShareInput>,
) -> AppResult<Json<Data<File>>> {
    let user = file_user(&caller)?;
    if input.table != "files" {
        return Err(AppError::unprocessable("table", "invalid_choice"));
    }
    store::own_file(&db, input.id, user).await?.ok_or(AppError::NotFound)?;
    let people = colleagues(&app, &tenant, "users", &input.users, user).await?;
    store::set_shares(&db, input.id, &people).await?;
    Ok(Json(Data::new(own_view(&app, &tenant, &db, user, input.id).await?)))
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

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SharedQuery {
    /// `files`.
    pub table: Option<String>,
    /// `filemanager`.
    pub module: Option<String>,
    #[serde(rename = "type")]
    pub file_type: Option<String>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// Files colleagues shared with the caller on this site.
#[utoipa::path(get, path = "/my-account/sharing/shared-with-me", tag = "files", params(SharedQuery),
    responses((status = 200, body = Page<File>), (status = 401), (status = 422)))]
pub async fn shared_with_me(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<SharedQuery>,
) -> AppResult<Json<Page<File>>> {
    let user = file_user(&caller)?;
    if q.table.as_deref().is_some_and(|t| t != "files") {
        return Err(AppError::unprocessable("table", "invalid_choice"));
    }
    let filter = FilesQuery { source: None, file_type: q.file_type, search: q.search, page: q.page, limit: q.limit };
    Ok(Json(shared_with(&app, &tenant, &db, user, &filter).await?))
}
