//! Attendance per session: every joined student of the class, present or absent, marked by the
//! teacher or by taking the session's join link, and downloaded as a sheet.

use super::schedule::session_access;
use super::schedule_store::{self as sessions, Mark};
use super::store::{self, Student};
use super::Access;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Attendance {
    pub user_id: i64,
    pub name: String,
    pub present: bool,
    pub joined_at: Option<DateTime<Utc>>,
    /// When the meeting server saw them leave (BigBlueButton, Zoom); null while in the room.
    pub left_at: Option<DateTime<Utc>>,
    /// `manual` (a teacher), `join` (took the join link), `provider` (the meeting server saw them
    /// in the room), or null when nobody marked them.
    pub source: Option<String>,
}

fn sheet(students: Vec<Student>, marks: &[Mark]) -> Vec<(Student, Option<&Mark>)> {
    students
        .into_iter()
        .map(|s| {
            let mark = marks.iter().find(|m| m.user_id == s.user_id);
            (s, mark)
        })
        .collect()
}

async fn rows(db: &PgPool, classroom_id: i64, session_id: i64) -> AppResult<Vec<Attendance>> {
    let marks = sessions::marks(db, session_id).await?;
    Ok(sheet(store::students(db, classroom_id).await?, &marks)
        .into_iter()
        .map(|(s, m)| Attendance {
            user_id: s.user_id,
            name: s.name,
            present: m.is_some_and(|m| m.present),
            joined_at: m.and_then(|m| m.joined_at),
            left_at: m.and_then(|m| m.left_at),
            source: m.map(|m| m.source.clone()),
        })
        .collect())
}

/// A session's attendance sheet (the class's teachers and the site's admins).
#[utoipa::path(get, path = "/classroom/attendance/view/{id}", tag = "classroom", params(("id" = i64, Path, description = "the session")),
    responses((status = 200, body = Data<Vec<Attendance>>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<Attendance>>>> {
    let (session, a) = session_access(&db, id, &caller, &tenant).await?;
    a.manager()?;
    Ok(Json(Data::new(rows(&db, session.classroom_id, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ClassAttendanceInput)]
#[serde(default)]
pub struct AttendanceInput {
    /// The students present; every other student of the class is absent.
    pub present: Vec<i64>,
    /// When the session ended (RFC 3339), if the teacher records it.
    pub end_time: Option<String>,
}

/// Take a session's attendance in one go.
#[utoipa::path(post, path = "/classroom/attendance/store/{id}", tag = "classroom", params(("id" = i64, Path, description = "the session")), request_body = AttendanceInput,
    responses((status = 200, body = Data<Vec<Attendance>>), (status = 401), (status = 403), (status = 404), (status = 422, description = "not_a_student")))]
pub async fn store_attendance(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<AttendanceInput>,
) -> AppResult<Json<Data<Vec<Attendance>>>> {
    let (session, a) = session_access(&db, id, &caller, &tenant).await?;
    let a = a.manager()?;
    let mut v = Validator::default();
    let end_time = input.end_time.as_deref().filter(|t| !t.trim().is_empty()).and_then(|t| v.date_time("end_time", t));
    v.finish()?;
    let students = store::students(&db, session.classroom_id).await?;
    if input.present.iter().any(|p| !students.iter().any(|s| s.user_id == *p)) {
        return Err(AppError::unprocessable("present", "not_a_student"));
    }
    let mut tx = db.begin().await?;
    for s in &students {
        sessions::mark(&mut tx, id, s.user_id, input.present.contains(&s.user_id)).await?;
    }
    if let Some(at) = end_time {
        sessions::set_ended(&mut tx, id, at).await?;
    }
    tx.commit().await?;
    certify_webinar(&app, &tenant, &db, &a, &input.present).await?;
    Ok(Json(Data::new(rows(&db, session.classroom_id, id).await?)))
}

/// A webinar's certificate is one of attendance: a learner its teacher marks present at a session
/// of the webinar's room completes their enrolment, and the certificate machinery issues theirs
/// (once: the enrolment completes only from active).
async fn certify_webinar(app: &AppState, tenant: &Tenant, db: &PgPool, a: &Access, present: &[i64]) -> AppResult<()> {
    let (Some("webinar"), Some(batch_id)) = (a.class.course_type.as_deref(), a.class.course_batch_id) else {
        return Ok(());
    };
    let batch = crate::courses::batches_store::find(db, batch_id).await?.ok_or(AppError::NotFound)?;
    let course = crate::courses::store::find(db, batch.course_id).await?.ok_or(AppError::NotFound)?;
    for user in present {
        let Some(enrollment) = crate::learning::enrolment_store::of_user(db, course.id, *user).await? else { continue };
        if enrollment.batch_id != batch_id || !crate::learning::enrolment_store::complete_if_active(db, enrollment.id).await? {
            continue;
        }
        let enrollment = crate::learning::enrolment_store::find(db, enrollment.id).await?.ok_or(AppError::NotFound)?;
        crate::certificates::issue::on_completion(app, tenant, db, &course, &enrollment).await?;
    }
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct OneMarkInput {
    pub session_id: i64,
    pub user_id: i64,
    pub present: bool,
}

/// Mark one student present or absent.
#[utoipa::path(post, path = "/classroom/attendance/update_attendence", tag = "classroom", request_body = OneMarkInput,
    responses((status = 200, body = Data<Attendance>), (status = 401), (status = 403), (status = 404), (status = 422, description = "not_a_student")))]
pub async fn update_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<OneMarkInput>,
) -> AppResult<Json<Data<Attendance>>> {
    let (session, a) = session_access(&db, input.session_id, &caller, &tenant).await?;
    a.manager()?;
    if !store::students(&db, session.classroom_id).await?.iter().any(|s| s.user_id == input.user_id) {
        return Err(AppError::unprocessable("user_id", "not_a_student"));
    }
    let mut tx = db.begin().await?;
    sessions::mark(&mut tx, input.session_id, input.user_id, input.present).await?;
    tx.commit().await?;
    let row = rows(&db, session.classroom_id, input.session_id).await?.into_iter().find(|r| r.user_id == input.user_id).ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(row)))
}

const HEADERS: [&str; 6] = ["name", "email", "phone", "present", "joined_at", "left_at"];

/// The sheet's rows as text: present as Yes/No, the join time in Dhaka as DD/MM/YYYY HH:MM.
fn cells(rows: &[(Student, Option<&Mark>)]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|(s, m)| {
            let dhaka = |t: Option<DateTime<Utc>>| t.map(|t| t.with_timezone(&control_plane::dhaka::offset()).format("%d/%m/%Y %H:%M").to_string()).unwrap_or_default();
            let present = if m.is_some_and(|m| m.present) { "Yes" } else { "No" };
            vec![s.name.clone(), s.email.clone().unwrap_or_default(), s.phone.clone().unwrap_or_default(), present.to_owned(), dhaka(m.and_then(|m| m.joined_at)), dhaka(m.and_then(|m| m.left_at))]
        })
        .collect()
}

/// The sheet as CSV, UTF-8 with the byte-order mark Excel needs to read Bangla names.
/// `?format=` of the attendance sheet.
pub use crate::sheets::DownloadQuery;

/// Download a session's attendance sheet.
#[utoipa::path(get, path = "/classroom/attendance/download/{id}", tag = "classroom", params(("id" = i64, Path, description = "the session"), DownloadQuery),
    responses((status = 200, description = "The sheet", content((String = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (String = "text/csv"))),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn download_attendance(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<DownloadQuery>,
) -> AppResult<Response> {
    let (session, a) = session_access(&db, id, &caller, &tenant).await?;
    a.manager()?;
    let marks = sessions::marks(&db, id).await?;
    let rows = cells(&sheet(store::students(&db, session.classroom_id).await?, &marks));
    crate::sheets::download(&format!("attendance-{id}"), q.format.as_deref(), &HEADERS, &rows)
}
