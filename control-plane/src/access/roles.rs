//! A site's roles (table `roles`, beside the built-in ones) and their permission maps:
//! `role-list/view`, `manage-roles/view`, `role-access-view/{slug}`, `new-role/create`,
//! `manage-roles/delete/{slug}`.

use super::{Action, BUILT_IN, BuiltIn, Class, Grants, Map, Module};
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::json::{AppJson, AppPath, AppQuery};
use crate::pagination::{Page, PageQuery, PageRequest};
use crate::response::Data;
use crate::state::ControlState;
use crate::tenancy::Tenant;
use crate::validate::Validator;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::ToSchema;

/// No site needs more; the list is read whole.
const MAX_ROLES: usize = 200;
const MAX_NAME: usize = 80;

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteRole {
    pub slug: String,
    pub name: String,
    pub name_bn: String,
    pub built_in: bool,
    pub class: Class,
    /// Every module this site's roles may hold, each action granted or not.
    #[schema(value_type = Object)]
    pub permissions: Map,
    /// How many people hold it on this site.
    pub members: i64,
    pub updated_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct RoleRow {
    slug: String,
    name: String,
    name_bn: String,
    permissions: sqlx::types::Json<Map>,
    updated_at: DateTime<Utc>,
}

/// The built-in roles of this kind of site, then the institution's own, by name.
async fn all(db: &PgPool, tenant: &Tenant) -> sqlx::Result<Vec<SiteRole>> {
    let members: HashMap<String, i64> =
        sqlx::query_as("SELECT role, count(*) FROM memberships WHERE institution_id = $1 GROUP BY role")
            .bind(tenant.id)
            .fetch_all(db)
            .await?
            .into_iter()
            .collect();
    let rows: Vec<RoleRow> = sqlx::query_as(
        "SELECT slug, name, name_bn, permissions, updated_at FROM roles WHERE institution_id = $1 ORDER BY lower(name), id",
    )
    .bind(tenant.id)
    .fetch_all(db)
    .await?;
    let count = |slug: &str| members.get(slug).copied().unwrap_or_default();
    let built_in = BUILT_IN.iter().filter(|b| b.main_site == tenant.is_main).map(|b| SiteRole {
        slug: b.slug.to_owned(),
        name: b.name.to_owned(),
        name_bn: b.name_bn.to_owned(),
        built_in: true,
        class: Class::of(b.slug),
        permissions: b.grants().to_map(tenant.is_main),
        members: count(b.slug),
        updated_at: None,
    });
    let own = rows.into_iter().map(|r| SiteRole {
        class: Class::of(&r.slug),
        permissions: Grants::from_map(&r.permissions, tenant.is_main).unwrap_or_default().to_map(tenant.is_main),
        members: count(&r.slug),
        built_in: false,
        slug: r.slug,
        name: r.name,
        name_bn: r.name_bn,
        updated_at: Some(r.updated_at),
    });
    Ok(built_in.chain(own).collect())
}

/// The names of the site's roles by slug, built-in and its own: (English, Bangla).
pub async fn names(db: &PgPool, tenant: &Tenant) -> sqlx::Result<std::collections::BTreeMap<String, (String, String)>> {
    let own: Vec<(String, String, String)> = sqlx::query_as("SELECT slug, name, name_bn FROM roles WHERE institution_id = $1")
        .bind(tenant.id)
        .fetch_all(db)
        .await?;
    Ok(BUILT_IN
        .iter()
        .map(|b| (b.slug.to_owned(), (b.name.to_owned(), b.name_bn.to_owned())))
        .chain(own.into_iter().map(|(slug, name, name_bn)| (slug, (name, name_bn))))
        .collect())
}

/// One role of this site, built-in or its own.
pub async fn find(db: &PgPool, tenant: &Tenant, slug: &str) -> AppResult<SiteRole> {
    all(db, tenant).await?.into_iter().find(|r| r.slug == slug).ok_or(AppError::Missing("unknown_role"))
}

/// The site's roles, built-in first; `search` matches either name or the slug.
#[utoipa::path(get, path = "/admin-settings/role-list/view", tag = "settings", params(PageQuery),
    responses((status = 200, body = Page<SiteRole>), (status = 401), (status = 403)))]
pub async fn role_list(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<SiteRole>>> {
    caller.require_admin_of(tenant.id)?;
    let words = q.search.as_deref().map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
    let roles: Vec<SiteRole> = all(&ctl.db, &tenant)
        .await?
        .into_iter()
        .filter(|r| words.as_deref().is_none_or(|w| [&r.name, &r.name_bn, &r.slug].iter().any(|t| t.to_lowercase().contains(w))))
        .collect();
    let request = PageRequest::new(q.page, q.limit, 20);
    let total = roles.len() as i64;
    let (current_page, last_page, offset) = request.clamp(total);
    let data = roles.into_iter().skip(offset as usize).take(request.per_page as usize).collect();
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ModuleInfo {
    pub key: Module,
    pub actions: Vec<Action>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ModuleCatalogue {
    pub modules: Vec<ModuleInfo>,
}

/// The modules this site's roles may hold, each with its actions: the rows of the role editor.
#[utoipa::path(get, path = "/admin-settings/manage-roles/view", tag = "settings",
    responses((status = 200, body = Data<ModuleCatalogue>), (status = 401), (status = 403)))]
pub async fn manage_roles(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser) -> AppResult<Json<Data<ModuleCatalogue>>> {
    caller.require_admin_of(tenant.id)?;
    let modules = Module::offered(tenant.is_main).map(|key| ModuleInfo { key, actions: Action::ALL.to_vec() }).collect();
    Ok(Json(Data::new(ModuleCatalogue { modules })))
}

/// One role with its map.
#[utoipa::path(get, path = "/my-account/system-user/role-access-view/{x}", tag = "users",
    params(("x" = String, Path, description = "The role's slug")),
    responses((status = 200, body = Data<SiteRole>), (status = 401), (status = 403), (status = 404)))]
pub async fn role_access_view(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(slug): AppPath<String>,
) -> AppResult<Json<Data<SiteRole>>> {
    caller.require_admin_of(tenant.id)?;
    Ok(Json(Data::new(find(&ctl.db, &tenant, &slug).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RoleForm {
    /// The role to change; a new role when absent.
    #[serde(default)]
    pub slug: Option<String>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub name_bn: String,
    #[serde(default)]
    #[schema(value_type = Object)]
    pub permissions: Map,
}

/// Creates a role (without `slug`) or changes one of the site's own (with it). The edge lets the
/// call through with `roles.create`; changing a role also needs `roles.edit`, which only the body
/// tells apart.
#[utoipa::path(post, path = "/admin-settings/new-role/create", tag = "settings", request_body = RoleForm,
    responses((status = 201, body = Data<SiteRole>), (status = 200, body = Data<SiteRole>), (status = 401), (status = 403),
        (status = 404), (status = 422)))]
pub async fn create_role(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(form): AppJson<RoleForm>,
) -> AppResult<(StatusCode, Json<Data<SiteRole>>)> {
    caller.require_admin_of(tenant.id)?;
    let mut v = Validator::default();
    let name = v.text("name", &form.name, MAX_NAME);
    let name_bn = v.text("name_bn", &form.name_bn, MAX_NAME);
    let grants = Grants::from_map(&form.permissions, tenant.is_main);
    if let Err(AppError::Validation(errors)) = &grants {
        for (field, errors) in errors {
            for e in errors {
                v.add(field, e.code, e.param);
            }
        }
    }
    v.finish()?;
    let map = grants?.to_map(tenant.is_main);
    let slug = match form.slug.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(slug) => {
            if !caller.may(Module::Roles, Action::Edit) {
                return Err(AppError::NotPermitted(Module::Roles, Action::Edit));
            }
            if BuiltIn::find(slug).is_some() {
                return Err(AppError::field("slug", "built_in_role"));
            }
            let updated = sqlx::query(
                "UPDATE roles SET name = $3, name_bn = $4, permissions = $5, updated_at = now() WHERE institution_id = $1 AND slug = $2",
            )
            .bind(tenant.id)
            .bind(slug)
            .bind(&name)
            .bind(&name_bn)
            .bind(sqlx::types::Json(&map))
            .execute(&ctl.db)
            .await
            .map_err(|e| crate::error::on_unique(e, &[("roles_name_unique", "name", "duplicate_name")]))?;
            if updated.rows_affected() == 0 {
                return Err(AppError::Missing("unknown_role"));
            }
            slug.to_owned()
        }
        None => insert(&ctl.db, &tenant, &name, &name_bn, &map).await?,
    };
    // Sessions carry their roles' grants: the change holds from the next call, not in 30 s.
    ctl.sessions.forget_all();
    let status = if form.slug.is_some() { StatusCode::OK } else { StatusCode::CREATED };
    Ok((status, Json(Data::new(find(&ctl.db, &tenant, &slug).await?))))
}

/// A new role with a slug made from its name (`sys-` first on the main site, SPEC §6), made
/// unique with a number when another role of the site has it.
async fn insert(db: &PgPool, tenant: &Tenant, name: &str, name_bn: &str, map: &Map) -> AppResult<String> {
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM roles WHERE institution_id = $1").bind(tenant.id).fetch_one(db).await?;
    if count as usize >= MAX_ROLES {
        return Err(AppError::field("name", "too_many_roles"));
    }
    let base = slug_of(name, tenant.is_main);
    for n in 1..=50 {
        let slug = if n == 1 { base.clone() } else { format!("{base}-{n}") };
        if BuiltIn::find(&slug).is_some() {
            continue;
        }
        let inserted = sqlx::query(
            "INSERT INTO roles (institution_id, slug, name, name_bn, permissions) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT ON CONSTRAINT roles_slug_unique DO NOTHING",
        )
        .bind(tenant.id)
        .bind(&slug)
        .bind(name)
        .bind(name_bn)
        .bind(sqlx::types::Json(map))
        .execute(db)
        .await
        .map_err(|e| crate::error::on_unique(e, &[("roles_name_unique", "name", "duplicate_name")]))?;
        if inserted.rows_affected() == 1 {
            return Ok(slug);
        }
    }
    Err(AppError::field("name", "duplicate_name"))
}

/// A role of the demo data, kept as it is when a run finds it already there.
pub async fn seed(db: &PgPool, institution_id: i64, slug: &str, name: (&str, &str), grants: Grants, main_site: bool) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO roles (institution_id, slug, name, name_bn, permissions) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ON CONSTRAINT roles_slug_unique DO NOTHING",
    )
    .bind(institution_id)
    .bind(slug)
    .bind(name.0)
    .bind(name.1)
    .bind(sqlx::types::Json(grants.to_map(main_site)))
    .execute(db)
    .await?;
    Ok(())
}

/// `Exam officer` → `exam-officer` (`sys-exam-officer` on the main site); a name without Latin
/// letters or digits (a Bangla one) gives `role`.
fn slug_of(name: &str, main_site: bool) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let mut slug = if words.is_empty() { "role".to_owned() } else { words.join("-") };
    slug.truncate(40);
    let slug = slug.trim_end_matches('-').to_owned();
    let slug = slug.strip_prefix("sys-").map(str::to_owned).unwrap_or(slug);
    if main_site { format!("sys-{slug}") } else { slug }
}

/// Deletes one of the site's own roles nobody holds.
#[utoipa::path(delete, path = "/admin-settings/manage-roles/delete/{slug}", tag = "settings",
    params(("slug" = String, Path, description = "The role's slug")),
    responses((status = 204), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn delete_role(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(slug): AppPath<String>,
) -> AppResult<StatusCode> {
    caller.require_admin_of(tenant.id)?;
    if BuiltIn::find(&slug).is_some() {
        return Err(AppError::field("slug", "built_in_role"));
    }
    // Counted and deleted in one statement.
    let (deleted, members): (bool, i64) = sqlx::query_as(
        "WITH held AS (SELECT count(*) AS n FROM memberships WHERE institution_id = $1 AND role = $2),
              gone AS (DELETE FROM roles WHERE institution_id = $1 AND slug = $2 AND (SELECT n FROM held) = 0 RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM gone), (SELECT n FROM held)",
    )
    .bind(tenant.id)
    .bind(&slug)
    .fetch_one(&ctl.db)
    .await?;
    if deleted {
        return Ok(StatusCode::NO_CONTENT);
    }
    if members > 0 {
        return Err(AppError::Conflict("role_in_use"));
    }
    Err(AppError::Missing("unknown_role"))
}

#[cfg(test)]
mod tests {
    use super::slug_of;

    #[test]
    fn slugs_come_from_the_name_and_system_roles_start_with_sys() {
        assert_eq!(slug_of("Exam officer", false), "exam-officer");
        assert_eq!(slug_of("Support desk", true), "sys-support-desk");
        assert_eq!(slug_of("sys-Support", true), "sys-support", "no sys-sys-");
        assert_eq!(slug_of("পরীক্ষা কর্মকর্তা", false), "role");
    }
}
