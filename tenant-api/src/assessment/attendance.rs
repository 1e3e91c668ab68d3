//! Attendance at a certificate exam: who sat it on a day (in a hall, or online at a set time),
//! marked by its authors per batch and day, with a hint of who started an attempt that day.

use crate::courses::access::require_author;
use super::exams::exam_batch;
use crate::pools::TenantDb;
use axum::Json;
use chrono::NaiveDate;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AttendanceRow {
    pub enrollment_id: i64,
    pub user_id: i64,
    pub name: String,
    /// Null until marked.
    pub present: Option<bool>,
    /// Started an attempt at one of the exam's parts that day (Dhaka time).
    pub started_exam: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AttendanceSheet {
    pub batch_id: i64,
    pub date: NaiveDate,
    pub rows: Vec<AttendanceRow>,
}

fn day(value: Option<&str>) -> AppResult<NaiveDate> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(control_plane::dhaka::today()),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d").map_err(|_| AppError::field("date", "invalid_date")),
    }
}

async fn sheet(db: &PgPool, batch_id: i64, course_id: i64, date: NaiveDate) -> sqlx::Result<AttendanceSheet> {
    let rows = sqlx::query_as(
        "SELECT en.id AS enrollment_id, en.user_id, en.user_name AS name, att.present,
                EXISTS (SELECT 1 FROM exam_attempts a JOIN lessons l ON l.assessment_id = a.exam_id AND l.course_id = $2
                         WHERE a.user_id = en.user_id AND a.started_at IS NOT NULL
                           AND (a.started_at AT TIME ZONE 'Asia/Dhaka')::date = $3) AS started_exam
           FROM enrollments en LEFT JOIN exam_attendance att ON att.enrollment_id = en.id AND att.day = $3
          WHERE en.batch_id = $1 AND en.status <> 'pending' ORDER BY en.user_name, en.id",
    )
    .bind(batch_id)
    .bind(course_id)
    .bind(date)
    .fetch_all(db)
    .await?;
    Ok(AttendanceSheet { batch_id, date, rows })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AttendanceQuery {
    /// `YYYY-MM-DD`; today in Dhaka when absent.
    pub date: Option<String>,
}

/// A batch's attendance sheet for a day.
#[utoipa::path(get, path = "/assessment/attendance/view/{id}", tag = "assessment", params(("id" = i64, Path, description = "batch id"), AttendanceQuery),
    responses((status = 200, body = Data<AttendanceSheet>), (status = 403), (status = 404), (status = 422)))]
pub async fn view_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(batch_id): AppPath<i64>,
    AppQuery(q): AppQuery<AttendanceQuery>,
) -> AppResult<Json<Data<AttendanceSheet>>> {
    require_author(&caller, &tenant)?;
    let batch = exam_batch(&db, batch_id).await?;
    Ok(Json(Data::new(sheet(&db, batch.id, batch.course_id, day(q.date.as_deref())?).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AttendanceMark {
    pub enrollment_id: i64,
    pub present: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AttendanceInput {
    /// `YYYY-MM-DD`; today in Dhaka when absent.
    #[serde(default)]
    pub date: Option<String>,
    #[serde(default)]
    pub rows: Vec<AttendanceMark>,
}

/// Mark who was present on a day (marks replace earlier ones); answers the day's sheet.
#[utoipa::path(post, path = "/assessment/attendance/store/{id}", tag = "assessment", params(("id" = i64, Path, description = "batch id")), request_body = AttendanceInput,
    responses((status = 200, body = Data<AttendanceSheet>), (status = 403), (status = 404), (status = 422)))]
pub async fn store_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(batch_id): AppPath<i64>,
    AppJson(input): AppJson<AttendanceInput>,
) -> AppResult<Json<Data<AttendanceSheet>>> {
    let author = require_author(&caller, &tenant)?;
    let batch = exam_batch(&db, batch_id).await?;
    let date = day(input.date.as_deref())?;
    let (ids, present): (Vec<i64>, Vec<bool>) = input.rows.iter().map(|r| (r.enrollment_id, r.present)).unzip();
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != ids.len() {
        return Err(AppError::field("rows", "invalid_choice"));
    }
    let mut tx = db.begin().await?;
    // Only the batch's enrolments are marked; any other id refuses the whole sheet.
    let marked = sqlx::query(
        "INSERT INTO exam_attendance (enrollment_id, day, present, marked_by)
         SELECT m.id, $3, m.present, $4 FROM unnest($1::bigint[], $2::bool[]) AS m(id, present)
           JOIN enrollments en ON en.id = m.id AND en.batch_id = $5
         ON CONFLICT (enrollment_id, day) DO UPDATE SET present = excluded.present, marked_by = excluded.marked_by, marked_at = now()",
    )
    .bind(&ids)
    .bind(&present)
    .bind(date)
    .bind(author)
    .bind(batch.id)
    .execute(&mut *tx)
    .await?;
    if marked.rows_affected() as usize != ids.len() {
        return Err(AppError::field("rows", "invalid_choice"));
    }
    tx.commit().await?;
    Ok(Json(Data::new(sheet(&db, batch.id, batch.course_id, date).await?)))
}
