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
/// Inserts an enrolment's certificate unless it has one; answers it, and whether it is new.
pub async fn insert(tx: &mut sqlx::PgConnection, c: NewCertificate<'_>) -> sqlx::Result<(Certificate, bool)> {
    let inserted = sqlx::query(
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
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    let certificate = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE enrollment_id = $1"))).bind(c.enrollment_id).fetch_one(&mut *tx).await?;
    Ok((certificate, inserted))
}

/// Sets a certificate's status; answers the one it had.
pub async fn set_status(tx: &mut sqlx::PgConnection, id: i64, status: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "WITH before AS (SELECT id, status FROM certificates WHERE id = $1 FOR UPDATE)
         UPDATE certificates c SET status = $2, updated_at = now(),
                issued_at = CASE WHEN $2 = 'issued' AND before.status = 'pending' THEN now() ELSE c.issued_at END
           FROM before WHERE c.id = before.id RETURNING before.status",
    )
    .bind(id)
    .bind(status)
    .fetch_optional(tx)
    .await
}

pub async fn by_code(db: &PgPool, tracking_code: &str) -> sqlx::Result<Option<Certificate>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE tracking_code = $1"))).bind(tracking_code).fetch_optional(db).await
}

/// How many certificates the site issued, and how many wait for approval.
pub async fn counts(db: &PgPool) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as("SELECT count(*) FILTER (WHERE status = 'issued'), count(*) FILTER (WHERE status = 'pending') FROM certificates").fetch_one(db).await
}
