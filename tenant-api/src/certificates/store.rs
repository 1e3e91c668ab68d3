//! SQL of `certificates`.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Certificate {
    pub id: i64,
    pub tracking_code: String,
    pub enrollment_id: i64,
    pub user_id: i64,
    pub holder_name: String,
    pub course_title: String,
    pub course_title_bn: String,
    pub template_id: Option<i64>,
    pub status: String,
    pub issued_at: DateTime<Utc>,
}

const SELECT: &str = "SELECT id, tracking_code, enrollment_id, user_id, holder_name, course_title, course_title_bn, template_id, status,
        issued_at FROM certificates";

/// A certificate as lists and progress name it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct CertificateState {
    pub tracking_code: String,
    /// `pending`, `issued` or `revoked`.
    pub status: String,
}

pub async fn of_enrollment(db: &PgPool, enrollment_id: i64) -> sqlx::Result<Option<Certificate>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE enrollment_id = $1"))).bind(enrollment_id).fetch_optional(db).await
}

pub async fn of_batch(db: &PgPool, batch_id: i64) -> sqlx::Result<Vec<Certificate>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE enrollment_id IN (SELECT id FROM enrollments WHERE batch_id = $1) ORDER BY issued_at DESC"
    )))
    .bind(batch_id)
    .fetch_all(db)
    .await
}

pub struct NewCertificate<'a> {
    pub tracking_code: &'a str,
    pub enrollment_id: i64,
    pub user_id: i64,
    pub holder_name: &'a str,
    pub course_title: &'a str,
    pub course_title_bn: &'a str,
    pub template_id: Option<i64>,
    pub status: &'a str,
}

/// Inserts once per enrolment; a second call answers the existing certificate.
pub async fn insert(db: &PgPool, c: NewCertificate<'_>) -> sqlx::Result<Certificate> {
    sqlx::query(
        "INSERT INTO certificates (tracking_code, enrollment_id, user_id, holder_name, course_title, course_title_bn, template_id, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (enrollment_id) DO NOTHING",
    )
    .bind(c.tracking_code)
    .bind(c.enrollment_id)
    .bind(c.user_id)
    .bind(c.holder_name)
    .bind(c.course_title)
    .bind(c.course_title_bn)
    .bind(c.template_id)
    .bind(c.status)
    .execute(db)
    .await?;
    of_enrollment(db, c.enrollment_id).await?.ok_or(sqlx::Error::RowNotFound)
}

pub async fn set_status(db: &PgPool, id: i64, status: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE certificates SET status = $2, updated_at = now(),
             issued_at = CASE WHEN $2 = 'issued' AND status = 'pending' THEN now() ELSE issued_at END WHERE id = $1",
    )
    .bind(id)
    .bind(status)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn by_code(db: &PgPool, tracking_code: &str) -> sqlx::Result<Option<Certificate>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE tracking_code = $1"))).bind(tracking_code).fetch_optional(db).await
}

/// How many certificates the site issued, and how many wait for approval.
pub async fn counts(db: &PgPool) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as("SELECT count(*) FILTER (WHERE status = 'issued'), count(*) FILTER (WHERE status = 'pending') FROM certificates").fetch_one(db).await
}
