//! Memberships: a user's roles, each in one institution (its "owner").

use crate::access::{BuiltIn, Grants, Map};
use crate::config::PublicUrl;
use serde::Serialize;
use sqlx::{PgExecutor, PgPool};
use utoipa::ToSchema;

pub const SUPER: &str = "super";
pub const PARTNER_ADMIN: &str = "partner-admin";
pub const TEACHER: &str = "teacher";
pub const APPROVER: &str = "sys-blog-and-tutorial-admin";

#[derive(Clone, Debug, PartialEq)]
pub struct Membership {
    pub id: i64,
    pub role: String,
    pub institution_id: i64,
    /// What the role may do: a built-in role's grants, or the map of the institution's own role.
    pub grants: Grants,
}

#[derive(sqlx::FromRow)]
struct MembershipRow {
    id: i64,
    role: String,
    institution_id: i64,
    is_main: bool,
    permissions: Option<sqlx::types::Json<Map>>,
}

impl From<MembershipRow> for Membership {
    fn from(row: MembershipRow) -> Self {
        let grants = match (BuiltIn::find(&row.role), row.permissions) {
            (Some(built_in), _) => built_in.grants(),
            // A map is checked when it is saved; one that no longer reads grants nothing.
            (None, Some(map)) => Grants::from_map(&map, row.is_main).unwrap_or_default(),
            (None, None) => Grants::default(),
        };
        Self { id: row.id, role: row.role, institution_id: row.institution_id, grants }
    }
}

impl Membership {
    /// SPEC §6: `super` or any `sys-` role except the blog/tutorial approver.
    pub fn is_super(&self) -> bool {
        self.role == SUPER || (self.role.starts_with("sys-") && self.role != APPROVER)
    }
}

/// The roles a user may act in: none in a suspended or deleted institution, so suspending a
/// partner takes its admins' rights away at once (sessions are re-read when it changes).
pub async fn for_user(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Vec<Membership>> {
    let rows: Vec<MembershipRow> = sqlx::query_as(
        "SELECT m.id, m.role, m.institution_id, i.is_main, r.permissions
           FROM memberships m JOIN institutions i ON i.id = m.institution_id
           LEFT JOIN roles r ON r.institution_id = m.institution_id AND r.slug = m.role
          WHERE m.user_id = $1 AND i.state NOT IN ('suspended', 'deleted') ORDER BY m.id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(Membership::from).collect())
}

/// People holding a staff role (partner admin or teacher) on a site, found by e-mail
/// (case-insensitive) or normalised mobile number: (the login as given, their id).
pub async fn staff_by_login(db: impl PgExecutor<'_>, institution_id: i64, logins: &[String]) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT DISTINCT ON (l.login) l.login, u.id FROM unnest($2::text[]) AS l(login)
           JOIN users u ON lower(u.email) = lower(l.login) OR u.phone = l.login
           JOIN memberships m ON m.user_id = u.id AND m.institution_id = $1 AND m.role IN ($3, $4)
          ORDER BY l.login, u.id",
    )
    .bind(institution_id)
    .bind(logins)
    .bind(PARTNER_ADMIN)
    .bind(TEACHER)
    .fetch_all(db)
    .await
}

pub async fn grant(db: impl PgExecutor<'_>, user_id: i64, institution_id: i64, role: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO memberships (user_id, institution_id, role) VALUES ($1, $2, $3)
         ON CONFLICT ON CONSTRAINT memberships_unique DO NOTHING",
    )
    .bind(user_id)
    .bind(institution_id)
    .bind(role)
    .execute(db)
    .await?;
    Ok(())
}

/// A role as `view-info` shows it (SPEC §3): with its owner institution's names and logo.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoleView {
    pub id: i64,
    pub role: String,
    pub owner: RoleOwner,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoleOwner {
    pub id: i64,
    pub slug: String,
    pub institution_name: String,
    pub institution_name_en: String,
    pub initial: RoleOwnerInitial,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoleOwnerInitial {
    pub logo_image: Option<String>,
}

#[derive(sqlx::FromRow)]
struct RoleRow {
    id: i64,
    role: String,
    owner_id: i64,
    slug: String,
    is_main: bool,
    institution_name: String,
    institution_name_en: String,
    logo_key: Option<String>,
}

pub async fn roles_of(db: &PgPool, urls: &PublicUrl, user_id: i64) -> sqlx::Result<Vec<RoleView>> {
    let rows: Vec<RoleRow> = sqlx::query_as(
        "SELECT m.id, m.role, i.id AS owner_id, i.slug, i.is_main, i.institution_name, i.institution_name_en, i.logo_key
           FROM memberships m JOIN institutions i ON i.id = m.institution_id
          WHERE m.user_id = $1 AND i.state NOT IN ('suspended', 'deleted')
          ORDER BY m.id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| RoleView {
            id: r.id,
            role: r.role,
            owner: RoleOwner {
                id: r.owner_id,
                initial: RoleOwnerInitial {
                    logo_image: crate::institutions::logo_url(urls, &r.slug, r.is_main, r.logo_key.as_deref()),
                },
                slug: r.slug,
                institution_name: r.institution_name,
                institution_name_en: r.institution_name_en,
            },
        })
        .collect())
}
