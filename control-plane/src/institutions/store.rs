//! SQL of the `institutions` table.

use super::fields::NewInstitution;
use super::site_config::SiteConfig;
use super::types::InstitutionType;
use crate::config::PublicUrl;
use crate::error::{AppError, on_unique};
use crate::pagination::{Page, PageRequest};
use crate::tenancy::Tenant;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgExecutor, PgPool};
use utoipa::ToSchema;

/// An institution as the super admin and its own admins see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Institution {
    pub id: i64,
    pub slug: String,
    pub is_main: bool,
    pub institution_name: String,
    pub institution_name_en: String,
    #[serde(rename = "type")]
    pub kind: InstitutionType,
    pub state: String,
    pub contact_phone: Option<String>,
    pub contact_email: Option<String>,
    pub applicant: Option<Applicant>,
    pub url: String,
    pub created_at: DateTime<Utc>,
    pub approved_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Applicant {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    slug: String,
    is_main: bool,
    institution_name: String,
    institution_name_en: String,
    type_id: i16,
    type_name: String,
    type_name_bn: String,
    state: String,
    contact_phone: Option<String>,
    contact_email: Option<String>,
    applicant_id: Option<i64>,
    applicant_name: Option<String>,
    applicant_email: Option<String>,
    created_at: DateTime<Utc>,
    approved_at: Option<DateTime<Utc>>,
}

impl Row {
    fn into_view(self, urls: &PublicUrl) -> Institution {
        Institution {
            url: urls.site_url((!self.is_main).then_some(&self.slug)),
            id: self.id,
            slug: self.slug,
            is_main: self.is_main,
            institution_name: self.institution_name,
            institution_name_en: self.institution_name_en,
            kind: InstitutionType { id: self.type_id, name: self.type_name, name_bn: self.type_name_bn },
            state: self.state,
            contact_phone: self.contact_phone,
            contact_email: self.contact_email,
            applicant: self.applicant_id.map(|id| Applicant {
                id,
                name: self.applicant_name.unwrap_or_default(),
                email: self.applicant_email,
            }),
            created_at: self.created_at,
            approved_at: self.approved_at,
        }
    }
}

const SELECT: &str = "SELECT i.id, i.slug, i.is_main, i.institution_name, i.institution_name_en, i.type_id,
        t.name AS type_name, t.name_bn AS type_name_bn, i.state, i.contact_phone, i.contact_email,
        i.applicant_id, u.name AS applicant_name, u.email AS applicant_email, i.created_at, i.approved_at
   FROM institutions i
   JOIN institution_types t ON t.id = i.type_id
   LEFT JOIN users u ON u.id = i.applicant_id";

pub async fn find(db: &PgPool, urls: &PublicUrl, id: i64) -> Result<Institution, AppError> {
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE i.id = $1")))
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.map(|r| r.into_view(urls)).ok_or(AppError::NotFound)
}

/// A page of institutions, newest first, optionally in one state and matching a search.
pub async fn list(
    db: &PgPool,
    urls: &PublicUrl,
    state: Option<&str>,
    search: Option<&str>,
    request: PageRequest,
) -> sqlx::Result<Page<Institution>> {
    let search = crate::pagination::contains_pattern(search);
    const FILTER: &str = "WHERE ($1::text IS NULL OR i.state = $1)
        AND ($2::text IS NULL OR i.slug ILIKE $2 OR i.institution_name ILIKE $2 OR i.institution_name_en ILIKE $2)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM institutions i {FILTER}")))
        .bind(state)
        .bind(&search)
        .fetch_one(db)
        .await?;
    let (page, last_page, offset) = request.clamp(total);
    let rows: Vec<Row> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} {FILTER} ORDER BY i.id DESC LIMIT $3 OFFSET $4")))
            .bind(state)
            .bind(&search)
            .bind(request.per_page)
            .bind(offset)
            .fetch_all(db)
            .await?;
    Ok(Page {
        data: rows.into_iter().map(|r| r.into_view(urls)).collect(),
        current_page: page,
        last_page,
        per_page: request.per_page,
        total,
    })
}

pub async fn slug_taken(db: &PgPool, slug: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM institutions WHERE lower(slug) = lower($1))").bind(slug).fetch_one(db).await
}

pub async fn insert(
    db: &mut PgConnection,
    new: &NewInstitution,
    state: &str,
    applicant: Option<i64>,
) -> Result<i64, AppError> {
    sqlx::query_scalar(
        "INSERT INTO institutions (slug, institution_name, institution_name_en, type_id, contact_phone,
                                   contact_email, applicant_id, state, site_config, approved_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $8 = 'requested' THEN NULL ELSE now() END)
         RETURNING id",
    )
    .bind(&new.slug)
    .bind(&new.institution_name)
    .bind(&new.institution_name_en)
    .bind(new.type_id)
    .bind(&new.contact_phone)
    .bind(&new.contact_email)
    .bind(applicant)
    .bind(state)
    .bind(serde_json::to_value(SiteConfig::default()).expect("serialisable"))
    .fetch_one(db)
    .await
    .map_err(|e| on_unique(e, &[("institutions_slug_key", "subdomain", "subdomain_taken")]))
}

/// `requested` -> `approved`; answers the applicant, or `None` when it was not requested.
pub async fn approve(db: &mut PgConnection, id: i64) -> sqlx::Result<Option<Option<i64>>> {
    sqlx::query_scalar(
        "UPDATE institutions SET state = 'approved', approved_at = now(), updated_at = now()
          WHERE id = $1 AND state = 'requested' RETURNING applicant_id",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

pub async fn state_of(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT state FROM institutions WHERE id = $1").bind(id).fetch_optional(db).await
}

/// Moves `from` -> `to`; false when the institution was not in `from`.
pub async fn transition(db: impl PgExecutor<'_>, id: i64, from: &[&str], to: &str) -> sqlx::Result<bool> {
    let from: Vec<String> = from.iter().map(|s| s.to_string()).collect();
    let done = sqlx::query("UPDATE institutions SET state = $3, updated_at = now() WHERE id = $1 AND state = ANY($2)")
        .bind(id)
        .bind(from)
        .bind(to)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn update_details(
    db: &PgPool,
    id: i64,
    institution_name: Option<&str>,
    institution_name_en: Option<&str>,
    type_id: Option<i16>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE institutions SET institution_name = COALESCE($2, institution_name),
                institution_name_en = COALESCE($3, institution_name_en), type_id = COALESCE($4, type_id),
                updated_at = now()
          WHERE id = $1",
    )
    .bind(id)
    .bind(institution_name)
    .bind(institution_name_en)
    .bind(type_id)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn update_site(db: &PgPool, id: i64, config: &SiteConfig, logo_key: Option<&str>) -> sqlx::Result<()> {
    sqlx::query("UPDATE institutions SET site_config = $2, logo_key = $3, updated_at = now() WHERE id = $1")
        .bind(id)
        .bind(serde_json::to_value(config).expect("serialisable"))
        .bind(logo_key)
        .execute(db)
        .await?;
    Ok(())
}

const TENANT: &str = "SELECT id, slug, is_main, state, institution_name, institution_name_en, site_config, logo_key, updated_at
   FROM institutions";

/// The tenant record behind a subdomain (any state: the edge decides what it may serve).
pub async fn tenant_by_slug(db: &PgPool, slug: &str) -> sqlx::Result<Option<Tenant>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{TENANT} WHERE lower(slug) = lower($1) AND NOT is_main")))
        .bind(slug)
        .fetch_optional(db)
        .await
}

pub async fn main_tenant(db: &PgPool) -> sqlx::Result<Option<Tenant>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{TENANT} WHERE is_main"))).fetch_optional(db).await
}

pub async fn tenant_by_id(db: &PgPool, id: i64) -> sqlx::Result<Option<Tenant>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{TENANT} WHERE id = $1"))).bind(id).fetch_optional(db).await
}

/// Active tenants (for fleet migrations), in id order.
pub async fn active_tenant_ids(db: &PgPool) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT id FROM institutions WHERE state IN ('active', 'suspended') ORDER BY id").fetch_all(db).await
}

/// Active partner sites for the public footer list.
pub async fn public_page(db: &PgPool, request: PageRequest) -> sqlx::Result<(Vec<Tenant>, i64, i64, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM institutions WHERE state = 'active' AND NOT is_main")
        .fetch_one(db)
        .await?;
    let (page, last_page, offset) = request.clamp(total);
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{TENANT} WHERE state = 'active' AND NOT is_main ORDER BY id LIMIT $1 OFFSET $2"
    )))
    .bind(request.per_page)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((rows, page, last_page, total))
}

/// The main site is itself a tenant. Created approved (so the provisioner builds it) on the
/// first migration of a platform.
pub async fn ensure_main_site(db: &PgPool) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO institutions (slug, is_main, institution_name, institution_name_en, type_id, state, site_config, approved_at)
         VALUES ('main', true, 'শিক্ষা সেতু', 'Shikkha Setu', 9, 'approved', $1, now())
         ON CONFLICT DO NOTHING RETURNING id",
    )
    .bind(serde_json::to_value(SiteConfig::default())?)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = id {
        crate::provisioning::enqueue(&mut *tx, id, crate::provisioning::Kind::Provision).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Partner sites at work (`active`) and applications waiting for a decision (`requested`).
pub async fn partner_counts(db: &PgPool) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as("SELECT count(*) FILTER (WHERE state = 'active' AND NOT is_main), count(*) FILTER (WHERE state = 'requested') FROM institutions")
        .fetch_one(db)
        .await
}
