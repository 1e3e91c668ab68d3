//! Table `teacher_verifications`: who each teacher ID verifies.

use super::registry::Details;
use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

/// A verified teacher as the profile shows it, with the registry's field names (SPEC §3).
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Teacher {
    pub pds_type: i16,
    pub pds_sub_type: Option<i16>,
    pub pdsid: String,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub details: Details,
    pub verified_at: chrono::DateTime<chrono::Utc>,
}

pub async fn of_user(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<Teacher>> {
    sqlx::query_as(
        "SELECT pds_type, pds_sub_type, pdsid, name, designation, institute_name, subject, verified_at
           FROM teacher_verifications WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await
}

/// The account an ID verifies, with its name: (user id, name).
pub async fn holder(db: impl PgExecutor<'_>, pds_type: i16, pds_sub_type: Option<i16>, pdsid: &str) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as(
        "SELECT u.id, u.name FROM teacher_verifications t JOIN users u ON u.id = t.user_id
          WHERE t.pds_type = $1 AND coalesce(t.pds_sub_type, 0) = coalesce($2, 0) AND t.pdsid = $3",
    )
    .bind(pds_type)
    .bind(pds_sub_type)
    .bind(pdsid)
    .fetch_optional(db)
    .await
}

/// Records the verification; `false` when the ID verifies another account (the unique index
/// settles two accounts claiming it at once) or this account is verified already.
pub async fn insert(db: impl PgExecutor<'_>, user_id: i64, pds_type: i16, pds_sub_type: Option<i16>, pdsid: &str, details: &Details) -> sqlx::Result<bool> {
    let inserted = sqlx::query(
        "INSERT INTO teacher_verifications (user_id, pds_type, pds_sub_type, pdsid, name, designation, institute_name, subject)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
    )
    .bind(user_id)
    .bind(pds_type)
    .bind(pds_sub_type)
    .bind(pdsid)
    .bind(&details.name)
    .bind(&details.designation)
    .bind(&details.institute_name)
    .bind(&details.subject)
    .execute(db)
    .await?;
    Ok(inserted.rows_affected() == 1)
}
