//! Global identities: registration, login, logout, current user and role switching.

pub mod links;
pub mod login;
pub mod masked;
pub mod oauth;
pub mod otp;
pub mod password_reset;
pub mod profile;
pub mod register;
pub mod store;
pub mod switch_account;
pub mod switch_role;
pub mod verification;
pub mod view_info;

use crate::auth::Caller;
use crate::config::PublicUrl;
use crate::memberships::{self, RoleView};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

/// The signed-in user as SPEC §3 describes it ("Auth user").
#[derive(Debug, Serialize, ToSchema)]
pub struct UserInfo {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub photo: Option<String>,
    #[serde(rename = "type")]
    pub kind: i16,
    pub completeness: i16,
    /// The account's e-mail address was proven by a mailed link.
    pub email_verified: bool,
    pub phone_verified: bool,
    pub roles: Vec<RoleView>,
    pub currentrole: Option<CurrentRole>,
    /// The teacher or employee ID the account is verified with (SPEC §3), `null` until verified.
    pub pdsid: Option<String>,
    /// What the teacher registry holds about the account's owner, once verified.
    pub teacher: Option<crate::teachers::store::Teacher>,
    /// The identity provider this session signed in through; `null` for a password.
    pub sso: Option<SsoView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SsoView {
    /// `mygov`, `google` or `facebook`.
    pub provider: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CurrentRole {
    pub id: i64,
    pub role: String,
    pub owner_id: i64,
    /// What the role may do: the modules it grants anything on, each action `true` or `false`
    /// (docs/api-users.md); the web app shows the menus it allows.
    #[schema(value_type = Object)]
    pub permissions: crate::access::Map,
}

#[derive(Serialize, ToSchema)]
pub struct TokenAndUser {
    pub token: String,
    pub user: UserInfo,
}

pub async fn user_info(
    db: &PgPool,
    urls: &PublicUrl,
    user_id: i64,
    current: Option<&memberships::Membership>,
) -> sqlx::Result<UserInfo> {
    let user = store::find(db, user_id).await?;
    let roles = memberships::roles_of(db, urls, user_id).await?;
    let teacher = crate::teachers::store::of_user(db, user_id).await?;
    Ok(UserInfo {
        pdsid: teacher.as_ref().map(|t| t.pdsid.clone()),
        teacher,
        completeness: user.completeness(),
        photo: user.photo_url(),
        id: user.id,
        name: user.name,
        name_bn: user.name_bn,
        email: user.email,
        phone: user.phone,
        kind: user.kind,
        email_verified: user.email_verified_at.is_some(),
        phone_verified: user.phone_verified_at.is_some(),
        roles,
        sso: None,
        currentrole: current.map(|m| CurrentRole { id: m.id, role: m.role.clone(), owner_id: m.institution_id, permissions: m.grants.granted() }),
    })
}

pub async fn caller_info(db: &PgPool, urls: &PublicUrl, caller: &Caller) -> crate::AppResult<UserInfo> {
    let user_id = caller.user_id().ok_or(crate::AppError::Unauthenticated)?;
    let mut info = user_info(db, urls, user_id, caller.role.as_ref()).await?;
    info.sso = caller.session.sso_provider.clone().map(|provider| SsoView { provider });
    Ok(info)
}
