//! A partner's custom domains (table `custom_domains`). The partner creates a CNAME to its
//! subdomain and a TXT record with a token; the platform checks both with hickory-resolver
//! before the domain is served, and re-checks daily: a domain whose records no longer point here
//! is disabled, so a dangling CNAME cannot be taken over with our certificate.

use super::store as institutions;
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult, on_unique};
use crate::json::{AppJson, AppPath};
use crate::state::ControlState;
use crate::tenancy::Tenant;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use crate::response::{Data, Done};
use sqlx::PgPool;
use utoipa::ToSchema;

/// Where the verification token must be published.
pub fn txt_name(domain: &str) -> String {
    format!("_lms-verify.{domain}")
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DomainRow {
    pub id: i64,
    pub institution_id: i64,
    pub domain: String,
    pub verification_token: String,
    pub state: String,
    pub last_checked_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub certificate_not_after: Option<DateTime<Utc>>,
}

const SELECT: &str = "SELECT d.id, d.institution_id, d.domain, d.verification_token, d.state, d.last_checked_at,
        d.last_error, c.not_after AS certificate_not_after
   FROM custom_domains d LEFT JOIN certificates c ON lower(c.primary_name) = lower(d.domain)";

pub async fn of_institution(db: &PgPool, institution: i64) -> sqlx::Result<Vec<DomainRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE d.institution_id = $1 ORDER BY d.id"))).bind(institution).fetch_all(db).await
}

pub async fn find(db: &PgPool, id: i64) -> sqlx::Result<Option<DomainRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE d.id = $1"))).bind(id).fetch_optional(db).await
}

/// Verified domains whose last check is older than `age`.
pub async fn due_for_check(db: &PgPool, age: chrono::Duration) -> sqlx::Result<Vec<DomainRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE d.state = 'verified' AND (d.last_checked_at IS NULL OR d.last_checked_at < now() - $1) ORDER BY d.id"
    )))
    .bind(age)
    .fetch_all(db)
    .await
}

/// Verified domains without a certificate valid for 30 more days.
pub async fn needing_certificate(db: &PgPool) -> sqlx::Result<Vec<DomainRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} JOIN institutions i ON i.id = d.institution_id
          WHERE d.state = 'verified' AND i.state = 'active' AND (c.not_after IS NULL OR c.not_after < now() + interval '30 days')
          ORDER BY d.id"
    )))
    .fetch_all(db)
    .await
}

/// The tenant a verified custom domain belongs to.
pub async fn tenant_for(db: &PgPool, host: &str) -> sqlx::Result<Option<Tenant>> {
    let id: Option<i64> =
        sqlx::query_scalar("SELECT institution_id FROM custom_domains WHERE lower(domain) = lower($1) AND state = 'verified'")
            .bind(host)
            .fetch_optional(db)
            .await?;
    match id {
        Some(id) => institutions::tenant_by_id(db, id).await,
        None => Ok(None),
    }
}

/// Checks the domain's CNAME and TXT records now and records the outcome; answers the error.
pub async fn check(db: &PgPool, resolver: &hickory_resolver::TokioResolver, row: &DomainRow, target: &str) -> anyhow::Result<Option<String>> {
    let cname = crate::dns::cname(resolver, &row.domain).await?;
    let txt = crate::dns::txt(resolver, &txt_name(&row.domain)).await?;
    let problem = if cname.as_deref() != Some(target) {
        Some(format!("CNAME {} does not point to {target} (found {})", row.domain, cname.as_deref().unwrap_or("nothing")))
    } else if !txt.iter().any(|t| *t == row.verification_token) {
        Some(format!("TXT {} does not hold the verification token", txt_name(&row.domain)))
    } else {
        None
    };
    let state = match (&problem, row.state.as_str()) {
        (None, _) => "verified",
        (Some(_), "verified" | "disabled") => "disabled",
        (Some(_), _) => "pending",
    };
    sqlx::query("UPDATE custom_domains SET state = $2, last_error = $3, last_checked_at = now() WHERE id = $1")
        .bind(row.id)
        .bind(state)
        .bind(&problem)
        .execute(db)
        .await?;
    if state == "disabled" {
        crate::tls::store::remove(db, &row.domain).await?;
    }
    Ok(problem)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DomainView {
    pub id: i64,
    pub domain: String,
    pub state: String,
    pub verification: Verification,
    pub last_checked_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub certificate: Option<CertificateView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Verification {
    pub cname_name: String,
    pub cname_target: String,
    pub txt_name: String,
    pub txt_value: String,
}

// Named apart from the learner's `CertificateView` in the API document.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TlsCertificate)]
pub struct CertificateView {
    pub not_after: DateTime<Utc>,
}

fn view(row: DomainRow, target: &str) -> DomainView {
    DomainView {
        verification: Verification {
            cname_name: row.domain.clone(),
            cname_target: target.to_owned(),
            txt_name: txt_name(&row.domain),
            txt_value: row.verification_token,
        },
        id: row.id,
        domain: row.domain,
        state: row.state,
        last_checked_at: row.last_checked_at,
        last_error: row.last_error,
        certificate: row.certificate_not_after.map(|not_after| CertificateView { not_after }),
    }
}

fn target(ctl: &ControlState, tenant: &Tenant) -> String {
    format!("{}.{}", tenant.slug, ctl.config.public_base_url.host)
}

fn admin_of(caller: &crate::auth::Caller, tenant: &Tenant) -> AppResult<()> {
    if caller.administers(tenant.id) && !tenant.is_main { Ok(()) } else { Err(AppError::Forbidden) }
}

/// A lowercase host name of 2+ labels of a-z, 0-9 and inner hyphens, outside the base domain.
pub fn parse_domain(value: &str, base_domain: &str) -> Result<String, &'static str> {
    let domain = value.trim().trim_end_matches('.').to_ascii_lowercase();
    let labels: Vec<&str> = domain.split('.').collect();
    let valid = domain.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(|l| {
            (1..=63).contains(&l.len())
                && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        })
        && labels.last().is_some_and(|tld| tld.bytes().any(|b| b.is_ascii_lowercase()));
    if !valid || domain == base_domain || domain.ends_with(&format!(".{base_domain}")) {
        return Err("invalid_domain");
    }
    Ok(domain)
}

/// The site's custom domains with the records to create.
#[utoipa::path(get, path = "/my-account/institutions/domains", tag = "institutions",
    responses((status = 200, body = Data<Vec<DomainView>>), (status = 401), (status = 403)))]
pub async fn list_domains(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser) -> AppResult<Json<Data<Vec<DomainView>>>> {
    admin_of(&caller, &tenant)?;
    let target = target(&ctl, &tenant);
    let rows = of_institution(&ctl.db, tenant.id).await?;
    Ok(Json(Data::new(rows.into_iter().map(|r| view(r, &target)).collect())))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewDomain {
    pub domain: String,
}

/// Add a custom domain; it is served once its records are verified.
#[utoipa::path(post, path = "/my-account/institutions/domains", tag = "institutions", request_body = NewDomain,
    responses((status = 201, body = Data<DomainView>), (status = 422)))]
pub async fn add_domain(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<NewDomain>,
) -> AppResult<(StatusCode, Json<Data<DomainView>>)> {
    admin_of(&caller, &tenant)?;
    if input.domain.trim().is_empty() {
        return Err(AppError::field("domain", "required"));
    }
    let domain = parse_domain(&input.domain, &ctl.config.public_base_url.host).map_err(|code| AppError::field("domain", code))?;
    let (token, _) = crate::auth::token::generate();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO custom_domains (institution_id, domain, verification_token) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(tenant.id)
    .bind(&domain)
    .bind(format!("lms-verify={token}"))
    .fetch_one(&ctl.db)
    .await
    .map_err(|e| on_unique(e, &[("custom_domains_domain_key", "domain", "domain_taken")]))?;
    let row = find(&ctl.db, id).await?.ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(Data::new(view(row, &target(&ctl, &tenant))))))
}

async fn own_domain(ctl: &ControlState, tenant: &Tenant, id: i64) -> AppResult<DomainRow> {
    find(&ctl.db, id).await?.filter(|d| d.institution_id == tenant.id).ok_or(AppError::NotFound)
}

/// Check a domain's DNS records now.
#[utoipa::path(post, path = "/my-account/institutions/domains/{id}/verify", tag = "institutions",
    params(("id" = i64, Path)), responses((status = 200, body = Data<DomainView>), (status = 404)))]
pub async fn verify_domain(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<DomainView>>> {
    admin_of(&caller, &tenant)?;
    let row = own_domain(&ctl, &tenant, id).await?;
    let resolver = crate::dns::resolver(ctl.config.dns_resolver)?;
    check(&ctl.db, &resolver, &row, &target(&ctl, &tenant)).await?;
    let row = find(&ctl.db, id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(view(row, &target(&ctl, &tenant)))))
}

/// Remove a custom domain: it stops being served at once.
#[utoipa::path(delete, path = "/my-account/institutions/domains/{id}", tag = "institutions",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 404)))]
pub async fn remove_domain(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    admin_of(&caller, &tenant)?;
    let row = own_domain(&ctl, &tenant, id).await?;
    sqlx::query("DELETE FROM custom_domains WHERE id = $1").bind(id).execute(&ctl.db).await?;
    crate::tls::store::remove(&ctl.db, &row.domain).await?;
    Ok(Json(Data::done()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn domains_are_plain_host_names_outside_the_platform() {
        assert_eq!(super::parse_domain("Learn.DhakaCollege.edu.bd.", "lms.test").unwrap(), "learn.dhakacollege.edu.bd");
        for bad in ["localhost", "http://x.bd", "x..bd", "-a.bd", "a_b.bd", "dhaka.lms.test", "lms.test", "1.2.3.4"] {
            assert_eq!(super::parse_domain(bad, "lms.test"), Err("invalid_domain"), "{bad}");
        }
    }
}
