//! A site's people and the roles they hold on it (`/my-account/system-user/*`): the system users
//! (people holding one of its roles) and its learners, giving, changing and taking back roles.
//! A partner admin sees and changes only their own institution's people; nobody changes their
//! own role, and the main site always keeps one super admin.

use super::roles;
use super::Class;
use crate::auth::{Caller, HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::json::{AppJson, AppPath};
use crate::memberships::SUPER;
use crate::pagination::{Page, PageRequest};
use crate::response::Data;
use crate::state::ControlState;
use crate::tenancy::Tenant;
use crate::users::store as users;
use crate::validate::{self, Validator};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SitePerson)]
pub struct Person {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub photo: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Their roles on this site.
    pub roles: Vec<PersonRole>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PersonRole {
    /// The membership's id: what update and delete name.
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub name_bn: String,
}

#[derive(sqlx::FromRow)]
struct PersonRow {
    id: i64,
    name: String,
    name_bn: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    photo: Option<String>,
    created_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct MembershipRow {
    id: i64,
    user_id: i64,
    role: String,
}

/// The people of `ids`, in that order, each with their roles on the site.
async fn people(db: &PgPool, tenant: &Tenant, ids: &[i64]) -> AppResult<Vec<Person>> {
    let rows: Vec<PersonRow> = sqlx::query_as(
        "SELECT u.id, u.name, u.name_bn, u.email, u.phone, u.photo, u.created_at
           FROM unnest($1::bigint[]) WITH ORDINALITY AS p(id, n) JOIN users u ON u.id = p.id ORDER BY p.n",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;
    let memberships: Vec<MembershipRow> =
        sqlx::query_as("SELECT id, user_id, role FROM memberships WHERE institution_id = $1 AND user_id = ANY($2) ORDER BY id")
            .bind(tenant.id)
            .bind(ids)
            .fetch_all(db)
            .await?;
    let names: BTreeMap<String, (String, String)> = roles::names(db, tenant).await?;
    Ok(rows
        .into_iter()
        .map(|r| Person {
            roles: memberships
                .iter()
                .filter(|m| m.user_id == r.id)
                .map(|m| {
                    let (name, name_bn) = names.get(&m.role).cloned().unwrap_or_else(|| (m.role.clone(), m.role.clone()));
                    PersonRole { id: m.id, slug: m.role.clone(), name, name_bn }
                })
                .collect(),
            photo: r.photo.map(|key| format!("/{key}")),
            id: r.id,
            name: r.name,
            name_bn: r.name_bn,
            email: r.email,
            phone: r.phone,
            created_at: r.created_at,
        })
        .collect())
}

async fn person(db: &PgPool, tenant: &Tenant, id: i64) -> AppResult<Person> {
    people(db, tenant, &[id]).await?.pop().ok_or(AppError::NotFound)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PeopleQuery {
    /// `system` (people holding a role here, the default) or `learner`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub search: Option<String>,
    /// Only the holders of this role.
    pub role: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// The site's system users, or its learners (on the main site every account), newest first.
#[utoipa::path(post, path = "/my-account/system-user/view", tag = "users", request_body = PeopleQuery,
    responses((status = 200, body = Page<Person>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_people(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(q): AppJson<PeopleQuery>,
) -> AppResult<Json<Page<Person>>> {
    caller.require_admin_of(tenant.id)?;
    let whom = match q.kind.as_deref() {
        None | Some("system") => Whom::RoleHolders,
        Some("learner") => Whom::Learners,
        Some(_) => return Err(AppError::field("type", "invalid_type")),
    };
    let role = q.role.as_deref().map(str::trim).filter(|r| !r.is_empty());
    Ok(Json(people_page(&ctl.db, &tenant, whom, q.search.as_deref(), role, PageRequest::new(q.page, q.limit, 20)).await?))
}

/// Whose page: the site's role holders, its learners (everyone, on the main site), or both.
#[derive(Clone, Copy)]
enum Whom {
    RoleHolders,
    Learners,
    Anyone,
}

/// A page of the site's people, newest account first; `search` over names, e-mail and phone.
async fn people_page(db: &PgPool, tenant: &Tenant, whom: Whom, search: Option<&str>, role: Option<&str>, request: PageRequest) -> AppResult<Page<Person>> {
    let search = crate::pagination::contains_pattern(search);
    const LEARNER: &str = "($2 OR EXISTS (SELECT 1 FROM learner_courses l WHERE l.institution_id = $1 AND l.user_id = u.id))";
    const HOLDER: &str = "EXISTS (SELECT 1 FROM memberships m WHERE m.institution_id = $1 AND m.user_id = u.id AND ($4::text IS NULL OR m.role = $4))";
    let whom = match whom {
        Whom::RoleHolders => HOLDER.to_owned(),
        Whom::Learners => LEARNER.to_owned(),
        Whom::Anyone => format!("({LEARNER} OR {HOLDER})"),
    };
    let filter = format!(
        "FROM users u WHERE {whom} AND ($3::text IS NULL OR u.name ILIKE $3 OR u.name_bn ILIKE $3 OR u.email ILIKE $3 OR u.phone ILIKE $3)"
    );
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) {filter}")))
        .bind(tenant.id)
        .bind(tenant.is_main)
        .bind(&search)
        .bind(role)
        .fetch_one(db)
        .await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let ids: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT u.id {filter} ORDER BY u.id DESC LIMIT $5 OFFSET $6")))
        .bind(tenant.id)
        .bind(tenant.is_main)
        .bind(&search)
        .bind(role)
        .bind(request.per_page)
        .bind(offset)
        .fetch_all(db)
        .await?;
    let data = people(db, tenant, &ids).await?;
    Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
}

/// The site's people (its learners and role holders; every account on the main site), newest
/// first: the admins' user search.
#[utoipa::path(get, path = "/my-account/user/view", tag = "auth", params(crate::pagination::PageQuery),
    responses((status = 200, body = Page<Person>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_users(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    crate::json::AppQuery(q): crate::json::AppQuery<crate::pagination::PageQuery>,
) -> AppResult<Json<Page<Person>>> {
    caller.require_admin_of(tenant.id)?;
    Ok(Json(people_page(&ctl.db, &tenant, Whom::Anyone, q.search.as_deref(), None, PageRequest::new(q.page, q.limit, 20)).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UserSearch {
    /// Words of a name, an e-mail address or a phone number.
    pub search: String,
    /// 1..50, default 10.
    pub limit: Option<i64>,
}

/// The site's people matching a search, for a picker (at most 50, newest first).
#[utoipa::path(post, path = "/my-account/user/search", tag = "auth", request_body = UserSearch,
    responses((status = 200, body = Data<Vec<Person>>), (status = 401), (status = 403), (status = 422)))]
pub async fn search_users(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(q): AppJson<UserSearch>,
) -> AppResult<Json<Data<Vec<Person>>>> {
    caller.require_admin_of(tenant.id)?;
    let mut v = Validator::default();
    let search = v.text("search", &q.search, 120);
    v.finish()?;
    let request = PageRequest { page: 1, per_page: q.limit.unwrap_or(10).clamp(1, 50) };
    Ok(Json(Data::new(people_page(&ctl.db, &tenant, Whom::Anyone, Some(&search), None, request).await?.data)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UserIds {
    /// At most 100.
    pub ids: Vec<i64>,
}

/// The site's people by id, in the order asked (a picker's chosen people); ids of others are left out.
#[utoipa::path(post, path = "/my-account/user/search_list", tag = "auth", request_body = UserIds,
    responses((status = 200, body = Data<Vec<Person>>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_users(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(q): AppJson<UserIds>,
) -> AppResult<Json<Data<Vec<Person>>>> {
    caller.require_admin_of(tenant.id)?;
    if q.ids.len() > 100 {
        return Err(AppError::field_with("ids", "too_many", Some(100)));
    }
    let mut found = Vec::with_capacity(q.ids.len());
    for person in people(&ctl.db, &tenant, &q.ids).await? {
        if tenant.is_main || !person.roles.is_empty() || learns_here(&ctl.db, &tenant, person.id).await? {
            found.push(person);
        }
    }
    Ok(Json(Data::new(found)))
}

/// One person, with their roles on this site: someone holding a role here or learning here.
#[utoipa::path(get, path = "/my-account/system-user/view/{slug}", tag = "users",
    params(("slug" = i64, Path, description = "The user's id")),
    responses((status = 200, body = Data<Person>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_person(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Person>>> {
    caller.require_admin_of(tenant.id)?;
    let person = person(&ctl.db, &tenant, id).await?;
    if !tenant.is_main && person.roles.is_empty() && !learns_here(&ctl.db, &tenant, id).await? {
        // A partner sees its own people only.
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::new(person)))
}

async fn learns_here(db: &PgPool, tenant: &Tenant, user_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM learner_courses WHERE institution_id = $1 AND user_id = $2)")
        .bind(tenant.id)
        .bind(user_id)
        .fetch_one(db)
        .await
}

/// A person's roles on the site named by `service` (this site's slug).
#[utoipa::path(get, path = "/my-account/system-user/view-userrole/{service}/{service_id}", tag = "users",
    params(("service" = String, Path, description = "The site's slug"), ("service_id" = i64, Path, description = "The user's id")),
    responses((status = 200, body = Data<Vec<PersonRole>>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_user_roles(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath((service, id)): AppPath<(String, i64)>,
) -> AppResult<Json<Data<Vec<PersonRole>>>> {
    same_site(&caller, &tenant, &service)?;
    Ok(Json(Data::new(person(&ctl.db, &tenant, id).await?.roles)))
}

/// The site a path names must be the host's, which the caller administers.
fn same_site(caller: &Caller, tenant: &Tenant, service: &str) -> AppResult<()> {
    caller.require_admin_of(tenant.id)?;
    if service.eq_ignore_ascii_case(&tenant.slug) { Ok(()) } else { Err(AppError::NotFound) }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GiveRole {
    /// Their e-mail address or mobile number.
    pub login: String,
    pub role: String,
    /// Creates an account for an e-mail address nobody has yet; they set a password with
    /// "forgot password".
    pub name: Option<String>,
}

/// Gives a person a role on this site, creating their account when asked to.
#[utoipa::path(post, path = "/my-account/system-user/create", tag = "users", request_body = GiveRole,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 409), (status = 422)))]
pub async fn give_role(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(form): AppJson<GiveRole>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    Ok((StatusCode::CREATED, Json(Data::new(give(&ctl, &caller, &tenant, form).await?))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewUserByAdmin {
    /// The institution the person joins; the host site when absent.
    pub institution_id: Option<i64>,
    pub name: String,
    /// Their e-mail address (or the mobile number of an existing account).
    pub login: String,
    /// The role they get there.
    pub role: String,
}

/// An admin adds a person to an institution they administer (a super admin: any), creating the
/// account for an e-mail address nobody has yet; its owner sets a password with "forgot password".
#[utoipa::path(post, path = "/my-account/institutions/create-user-by-admin", tag = "institutions", request_body = NewUserByAdmin,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn create_user_by_admin(
    State(ctl): State<ControlState>,
    HostTenant(host): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(form): AppJson<NewUserByAdmin>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    let tenant = match form.institution_id {
        None => (*host).clone(),
        Some(id) => crate::institutions::store::tenant_by_id(&ctl.db, id).await?.ok_or(AppError::NotFound)?,
    };
    let mut v = Validator::default();
    let name = v.text("name", &form.name, 120);
    v.finish()?;
    let person = give(&ctl, &caller, &tenant, GiveRole { login: form.login, role: form.role, name: Some(name) }).await?;
    Ok((StatusCode::CREATED, Json(Data::new(person))))
}

/// Gives a person a role on `tenant` (which the caller administers), creating their account when
/// `name` is given and nobody has the e-mail address.
async fn give(ctl: &ControlState, caller: &Caller, tenant: &Tenant, form: GiveRole) -> AppResult<Person> {
    caller.require_admin_of(tenant.id)?;
    let mut v = Validator::default();
    let login = v.text("login", &form.login, 254);
    let slug = v.text("role", &form.role, 80);
    let name = form.name.as_deref().map(|n| v.text("name", n, 120)).filter(|n| !n.is_empty());
    v.finish()?;
    roles::find(&ctl.db, tenant, &slug).await.map_err(|_| AppError::field("role", "unknown_role"))?;
    let phone = validate::normalize_phone(&login);
    let email = (phone.is_none() && validate::is_email(&login)).then(|| login.to_lowercase());
    if phone.is_none() && email.is_none() {
        return Err(AppError::field("login", "login_invalid"));
    }
    let user_id = match users::find_by_login(&ctl.db, email.as_deref(), phone.as_deref()).await? {
        Some(user) => user.id,
        None => match (name, email) {
            (Some(name), Some(email)) => create_account(&ctl.db, name, email).await?,
            _ => return Err(AppError::field("login", "no_account_for_login")),
        },
    };
    if Some(user_id) == caller.user_id() {
        return Err(AppError::Denied("own_role"));
    }
    let added = sqlx::query(
        "INSERT INTO memberships (user_id, institution_id, role) VALUES ($1, $2, $3)
         ON CONFLICT ON CONSTRAINT memberships_unique DO NOTHING",
    )
    .bind(user_id)
    .bind(tenant.id)
    .bind(&slug)
    .execute(&ctl.db)
    .await?;
    if added.rows_affected() == 0 {
        return Err(AppError::Conflict("already_member"));
    }
    ctl.sessions.forget_user(user_id).await;
    person(&ctl.db, tenant, user_id).await
}

/// An account nobody can sign in to until its owner sets a password ("forgot password" by e-mail).
async fn create_account(db: &PgPool, name: String, email: String) -> AppResult<i64> {
    let (unknown, _) = crate::auth::token::generate();
    let password_hash = crate::auth::password::hash(unknown).await?;
    let mut conn = db.acquire().await?;
    users::insert(&mut conn, &users::NewUser { name, email: Some(email), phone: None, password_hash })
        .await
        .map_err(|e| match e {
            AppError::Validation(_) => AppError::field("login", "email_taken"),
            other => other,
        })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ChangeRole {
    /// The membership's id.
    pub id: i64,
    pub role: String,
}

/// Changes the role a person holds on this site.
#[utoipa::path(put, path = "/my-account/system-user/update", tag = "users", request_body = ChangeRole,
    responses((status = 200, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn change_role(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(form): AppJson<ChangeRole>,
) -> AppResult<Json<Data<Person>>> {
    caller.require_admin_of(tenant.id)?;
    let mut v = Validator::default();
    let slug = v.text("role", &form.role, 80);
    v.finish()?;
    roles::find(&ctl.db, &tenant, &slug).await.map_err(|_| AppError::field("role", "unknown_role"))?;
    let mut tx = ctl.db.begin().await?;
    let (user_id, current) = held(&mut tx, &caller, &tenant, form.id).await?;
    if current != slug {
        sqlx::query("UPDATE memberships SET role = $2 WHERE id = $1")
            .bind(form.id)
            .bind(&slug)
            .execute(&mut *tx)
            .await
            .map_err(|e| crate::error::on_unique(e, &[("memberships_unique", "role", "already_member")]))?;
        keep_a_super_admin(&mut tx, &tenant).await?;
    }
    tx.commit().await?;
    ctl.sessions.forget_user(user_id).await;
    Ok(Json(Data::new(person(&ctl.db, &tenant, user_id).await?)))
}

/// Takes a role back: `service` is this site's slug, `role_id` the membership's id.
#[utoipa::path(delete, path = "/my-account/system-user/delete/{service}/{role_id}", tag = "users",
    params(("service" = String, Path, description = "The site's slug"), ("role_id" = i64, Path, description = "The membership's id")),
    responses((status = 204), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn take_role(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath((service, id)): AppPath<(String, i64)>,
) -> AppResult<StatusCode> {
    same_site(&caller, &tenant, &service)?;
    let mut tx = ctl.db.begin().await?;
    let (user_id, _) = held(&mut tx, &caller, &tenant, id).await?;
    sqlx::query("DELETE FROM memberships WHERE id = $1").bind(id).execute(&mut *tx).await?;
    keep_a_super_admin(&mut tx, &tenant).await?;
    tx.commit().await?;
    ctl.sessions.forget_user(user_id).await;
    Ok(StatusCode::NO_CONTENT)
}

/// The membership, locked, when it is this site's and not the caller's own: (user, role).
async fn held(tx: &mut sqlx::PgConnection, caller: &Caller, tenant: &Tenant, id: i64) -> AppResult<(i64, String)> {
    let (user_id, role): (i64, String) =
        sqlx::query_as("SELECT user_id, role FROM memberships WHERE id = $1 AND institution_id = $2 FOR UPDATE")
            .bind(id)
            .bind(tenant.id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(AppError::NotFound)?;
    if Some(user_id) == caller.user_id() {
        return Err(AppError::Denied("own_role"));
    }
    Ok((user_id, role))
}

/// Refuses a change that leaves the main site without a super admin. The super admins' rows are
/// locked first, so two admins removing each other at once cannot both succeed.
async fn keep_a_super_admin(tx: &mut sqlx::PgConnection, tenant: &Tenant) -> AppResult<()> {
    if !tenant.is_main {
        return Ok(());
    }
    let left: Vec<i64> = sqlx::query_scalar("SELECT id FROM memberships WHERE institution_id = $1 AND role = $2 FOR UPDATE")
        .bind(tenant.id)
        .bind(SUPER)
        .fetch_all(&mut *tx)
        .await?;
    if left.is_empty() { Err(AppError::Conflict("last_super_admin")) } else { Ok(()) }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Access {
    /// The current role's slug; `null` in the learner view.
    pub role: Option<String>,
    /// `learner`, `super`, `approver` or `partner` (SPEC §6).
    pub class: String,
    #[schema(value_type = Object)]
    pub permissions: super::Map,
}

/// What the caller's current role may do: the web app shows the menu items it grants.
#[utoipa::path(get, path = "/my-account/system-user/users-access-given", tag = "users",
    responses((status = 200, body = Data<Access>), (status = 401)))]
pub async fn users_access_given(RequireUser(caller): RequireUser) -> Json<Data<Access>> {
    let access = match &caller.role {
        None => Access { role: None, class: "learner".into(), permissions: Default::default() },
        Some(m) => {
            let class = match Class::of(&m.role) {
                Class::Super => "super",
                Class::Approver => "approver",
                Class::Partner => "partner",
            };
            Access { role: Some(m.role.clone()), class: class.into(), permissions: m.grants.granted() }
        }
    };
    Json(Data::new(access))
}
