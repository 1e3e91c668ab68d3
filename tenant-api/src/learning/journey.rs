//! The lesson-by-lesson journey: progress, the order rule (`checkprev`), completing a lesson,
//! and the lesson itself with its media (uploaded files through presigned links).

use super::enrolment::enrolment_of;
use super::enrolment_store::{self as store, Enrollment};
use crate::certificates::issue;
use crate::exams::attempt_store::{self as attempts, AttemptRow};
use crate::exams::store as exams;
use crate::exams::taking;
use crate::courses::access::can_author;
use crate::courses::store::{self as courses, CourseRow};
use crate::courses::syllabus_store::{self as syllabus, Lesson};
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::catalogue::store as catalogue;
use control_plane::json::{AppJson, AppPath};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use crate::certificates::store::CertificateState;
use control_plane::response::Data;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use sqlx::PgPool;

// Named apart from the provisioning job's `Progress` in the API document.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CourseProgress)]
pub struct Progress {
    pub enrollment_id: i64,
    pub status: String,
    pub enforce_order: bool,
    pub completed_lesson_ids: Vec<i64>,
    pub total_lessons: usize,
    pub completed_lessons: usize,
    pub percent: i32,
    pub next_lesson_id: Option<i64>,
    pub last_lesson_id: Option<i64>,
    pub certificate: Option<CertificateState>,
}

/// The lesson before `lesson_id` in learning order that is not complete yet, if any.
fn blocking_lesson(order: &[Lesson], done: &[i64], lesson_id: i64) -> Option<i64> {
    order.iter().take_while(|l| l.id != lesson_id).find(|l| !done.contains(&l.id)).map(|l| l.id)
}

pub async fn progress(db: &PgPool, course: &CourseRow, enrollment: &Enrollment) -> AppResult<Progress> {
    let order = syllabus::lessons_of_course(db, course.id).await?;
    let done = store::completed_lessons(db, enrollment.id).await?;
    let completed = order.iter().filter(|l| done.contains(&l.id)).count();
    let certificate = crate::certificates::store::of_enrollment(db, enrollment.id).await?;
    Ok(Progress {
        enrollment_id: enrollment.id,
        status: enrollment.status.clone(),
        enforce_order: course.enforce_order,
        next_lesson_id: order.iter().find(|l| !done.contains(&l.id)).map(|l| l.id),
        last_lesson_id: enrollment.last_lesson_id,
        total_lessons: order.len(),
        completed_lessons: completed,
        percent: if order.is_empty() { 0 } else { (100 * completed / order.len()) as i32 },
        completed_lesson_ids: done,
        certificate: certificate.map(|c| CertificateState { tracking_code: c.tracking_code, status: c.status }),
    })
}

/// Projects the learner's status and progress for the main site's dashboard.
pub async fn sync_learner(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, enrollment: &Enrollment) -> AppResult<()> {
    let p = progress(db, course, enrollment).await?;
    catalogue::record_learner(&app.ctl.db, enrollment.user_id, tenant.id, course.uuid, &enrollment.status, p.percent, enrollment.completed_at)
        .await?;
    Ok(())
}

async fn course_by_key(db: &PgPool, key: &str) -> AppResult<CourseRow> {
    courses::find_by_key(db, key).await?.ok_or(AppError::NotFound)
}

/// The learner's progress in a course (by slug or uuid).
#[utoipa::path(get, path = "/learner-course/journey/status/{slug}", tag = "learner",
    params(("slug" = String, Path)), responses((status = 200, body = Data<Progress>), (status = 403), (status = 404)))]
pub async fn journey_status(
    HostTenant(_tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(key): AppPath<String>,
) -> AppResult<Json<Data<Progress>>> {
    let course = course_by_key(&db, &key).await?;
    let enrollment = enrolment_of(&db, &caller, course.id).await?;
    Ok(Json(Data::new(progress(&db, &course, &enrollment).await?)))
}

/// A lesson the caller may open: enrolled (and active), or an author previewing.
async fn open_lesson(db: &PgPool, caller: &control_plane::auth::Caller, tenant: &Tenant, id: i64) -> AppResult<(Lesson, CourseRow, Option<Enrollment>)> {
    let lesson = syllabus::lesson(db, id).await?.ok_or(AppError::NotFound)?;
    let course = courses::find(db, lesson.course_id).await?.ok_or(AppError::NotFound)?;
    if can_author(caller, tenant) {
        return Ok((lesson, course, None));
    }
    if !course.published {
        return Err(AppError::NotFound);
    }
    let enrollment = enrolment_of(db, caller, course.id).await?;
    if enrollment.status == "pending" {
        return Err(AppError::Denied("not_enrolled"));
    }
    Ok((lesson, course, Some(enrollment)))
}

/// Where a lesson's media is: an uploaded file (presigned link, valid 3600 s) or an external link.
#[derive(Debug, Serialize, ToSchema)]
pub struct LessonMedia {
    pub url: String,
    /// `file` or `external`.
    pub kind: &'static str,
    pub mime: Option<String>,
}

/// A lesson to learn from, with its media.
#[derive(Debug, Serialize, ToSchema)]
pub struct OpenLesson {
    #[serde(flatten)]
    pub lesson: Lesson,
    pub media: Option<LessonMedia>,
}

/// A lesson with its media link (uploaded files: presigned, valid 3600 s).
#[utoipa::path(get, path = "/assessment-front/course/lesson/{id}", tag = "lessons",
    params(("id" = i64, Path)), responses((status = 200, body = Data<OpenLesson>), (status = 403), (status = 404), (status = 409)))]
pub async fn lesson(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<OpenLesson>>> {
    let (lesson, course, enrollment) = open_lesson(&db, &caller, &tenant, id).await?;
    if let Some(enrollment) = &enrollment {
        if course.enforce_order {
            let order = syllabus::lessons_of_course(&db, course.id).await?;
            let done = store::completed_lessons(&db, enrollment.id).await?;
            if blocking_lesson(&order, &done, lesson.id).is_some() {
                return Err(AppError::Conflict("previous_lesson_incomplete"));
            }
        }
        store::set_last_lesson(&db, enrollment.id, lesson.id).await?;
    }
    let media = match (&lesson.file_key, &lesson.media_url) {
        (Some(key), _) => Some(LessonMedia { url: media::presigned(&app, &tenant, key).await?, kind: "file", mime: lesson.file_mime.clone() }),
        (None, Some(url)) => Some(LessonMedia { url: url.clone(), kind: "external", mime: None }),
        (None, None) => None,
    };
    Ok(Json(Data::new(OpenLesson { lesson, media })))
}

/// The same lesson, under its other spec path.
#[utoipa::path(get, path = "/assessment-front/course/lesson-details/{id}", tag = "lessons",
    params(("id" = i64, Path)), responses((status = 200, body = Data<OpenLesson>), (status = 403), (status = 404), (status = 409)))]
pub async fn lesson_details(
    state: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    id: AppPath<i64>,
) -> AppResult<Json<Data<OpenLesson>>> {
    lesson(state, tenant, caller, db, id).await
}

/// The same lesson under the authoring area's path (authors preview any lesson of their site).
#[utoipa::path(get, path = "/assessment/course/lesson/{id}", tag = "lessons",
    params(("id" = i64, Path)), responses((status = 200, body = Data<OpenLesson>), (status = 403), (status = 404)))]
pub async fn authoring_lesson(
    state: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    id: AppPath<i64>,
) -> AppResult<Json<Data<OpenLesson>>> {
    lesson(state, tenant, caller, db, id).await
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LessonGate {
    pub allowed: bool,
    /// The first earlier lesson still to finish.
    pub previous_lesson_id: Option<i64>,
}

/// Whether the lesson may be opened now: every earlier lesson done, when the course says so.
#[utoipa::path(get, path = "/assessment-front/course/checkprev/{syllabus_id}", tag = "lessons",
    params(("syllabus_id" = i64, Path)), responses((status = 200, body = Data<LessonGate>), (status = 403), (status = 404)))]
pub async fn checkprev(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<LessonGate>>> {
    let (lesson, course, enrollment) = open_lesson(&db, &caller, &tenant, id).await?;
    let blocking = match enrollment {
        Some(enrollment) if course.enforce_order => {
            let order = syllabus::lessons_of_course(&db, course.id).await?;
            blocking_lesson(&order, &store::completed_lessons(&db, enrollment.id).await?, lesson.id)
        }
        _ => None,
    };
    Ok(Json(Data::new(LessonGate { allowed: blocking.is_none(), previous_lesson_id: blocking })))
}

/// Mark a lesson complete (in order, when the course says so; a quiz lesson once its quiz is
/// handed in). Completing the last one completes the enrolment and issues the certificate.
#[utoipa::path(get, path = "/course/batch/completed_lesson/{id}", tag = "courses",
    params(("id" = i64, Path, description = "lesson id")), responses((status = 200, body = Data<Progress>), (status = 403), (status = 404), (status = 409)))]
pub async fn completed_lesson(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Progress>>> {
    let lesson = syllabus::lesson(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(complete(&app, &tenant, &db, &caller, &lesson).await?)))
}

/// Hand in the learner's open attempt at a quiz lesson's exam, if one is open, and complete the
/// lesson (`quiz_not_attempted` when there is nothing to hand in).
#[utoipa::path(post, path = "/assessment-front/course/quiz-submit/{lesson}", tag = "lessons",
    params(("lesson" = i64, Path, description = "lesson id")), responses((status = 200, body = Data<Progress>), (status = 403), (status = 404), (status = 409)))]
pub async fn quiz_submit(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Progress>>> {
    let lesson = syllabus::lesson(&db, id).await?.ok_or(AppError::NotFound)?;
    if lesson.exam_id.is_none() {
        return Err(AppError::NotFound);
    }
    Ok(Json(Data::new(submit(&app, &tenant, &db, &caller, &lesson).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SyllabusSubmission {
    /// The lesson (syllabus item) handed in.
    pub syllabus_id: i64,
}

/// Hand in a syllabus item, whatever its type: a quiz or exam lesson as `quiz-submit` does, any
/// other lesson as `completed_lesson` does.
#[utoipa::path(post, path = "/learner-course/syllabus-submission", tag = "lessons", request_body = SyllabusSubmission,
    responses((status = 200, body = Data<Progress>), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn syllabus_submission(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SyllabusSubmission>,
) -> AppResult<Json<Data<Progress>>> {
    let lesson = syllabus::lesson(&db, input.syllabus_id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(submit(&app, &tenant, &db, &caller, &lesson).await?)))
}

/// Hands in the learner's open attempt at the lesson's exam, if it has one and one is open, then
/// completes the lesson.
async fn submit(app: &AppState, tenant: &Tenant, db: &PgPool, caller: &Caller, lesson: &Lesson) -> AppResult<Progress> {
    if let Some(exam_id) = lesson.exam_id {
        let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
        // Enrolled, in order, before anything is handed in.
        gate(db, caller, lesson).await?;
        if let Some(open) = attempts::of_learner(db, exam_id, user_id).await?.into_iter().find(|a| a.state == "in_progress") {
            let exam = exams::find(db, exam_id, None).await?.ok_or(AppError::Missing("exam_not_found"))?;
            taking::hand_in(app, tenant, db, &exam, &open).await?;
        }
    }
    complete(app, tenant, db, caller, lesson).await
}

/// The caller's active enrolment in the lesson's published course, with every earlier lesson
/// done when the course says so.
async fn gate(db: &PgPool, caller: &Caller, lesson: &Lesson) -> AppResult<(CourseRow, Enrollment)> {
    let course = courses::find(db, lesson.course_id).await?.ok_or(AppError::NotFound)?;
    let enrollment = enrolment_of(db, caller, course.id).await?;
    if enrollment.status == "pending" || !course.published {
        return Err(AppError::Denied("not_enrolled"));
    }
    if course.enforce_order {
        let order = syllabus::lessons_of_course(db, course.id).await?;
        let done = store::completed_lessons(db, enrollment.id).await?;
        if blocking_lesson(&order, &done, lesson.id).is_some() {
            return Err(AppError::Conflict("previous_lesson_incomplete"));
        }
    }
    Ok((course, enrollment))
}

async fn complete(app: &AppState, tenant: &Tenant, db: &PgPool, caller: &Caller, lesson: &Lesson) -> AppResult<Progress> {
    let (course, enrollment) = gate(db, caller, lesson).await?;
    if let Some(exam_id) = lesson.exam_id {
        let mine = attempts::of_learner(db, exam_id, enrollment.user_id).await?;
        exam_part_done(&course, &mine)?;
    }
    store::complete_lesson(db, enrollment.id, lesson.id).await?;
    let mut enrollment = store::find(db, enrollment.id).await?.ok_or(AppError::NotFound)?;
    let p = progress(db, &course, &enrollment).await?;
    // A training is completed by attending its sessions (trainings::attendance), not by its
    // reading lessons.
    if p.completed_lessons == p.total_lessons && enrollment.status != "completed" && course.course_type != "training" {
        store::set_status(db, enrollment.id, "completed").await?;
        enrollment = store::find(db, enrollment.id).await?.ok_or(AppError::NotFound)?;
        issue::on_completion(app, tenant, db, &course, &enrollment).await?;
    }
    sync_learner(app, tenant, db, &course, &enrollment).await?;
    super::points::refresh(app, tenant.id, db, enrollment.user_id).await;
    progress(db, &course, &enrollment).await
}

/// Whether the learner's attempts finish a quiz or exam lesson: handed in for a course; passed for
/// a certificate exam, whose certificate says the learner passed.
fn exam_part_done(course: &CourseRow, attempts: &[AttemptRow]) -> AppResult<()> {
    let handed_in: Vec<&AttemptRow> = attempts.iter().filter(|a| taking::handed_in(a)).collect();
    if handed_in.is_empty() {
        return Err(AppError::Conflict("quiz_not_attempted"));
    }
    if course.course_type != "exam" || handed_in.iter().any(|a| a.passed == Some(true)) {
        return Ok(());
    }
    match handed_in.iter().any(|a| a.passed.is_none()) {
        true => Err(AppError::Conflict("exam_awaiting_marking")),
        false => Err(AppError::Conflict("exam_not_passed")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson(id: i64) -> Lesson {
        Lesson {
            id, course_id: 1, section_id: 1, title: String::new(), title_bn: String::new(), lesson_type: "manual".into(),
            position: 0, duration_minutes: None, body: None, media_url: None, has_file: false, file_name: None, file_key: None,
            file_mime: None, own_file: false, content_part_id: None, exam_id: None, exam_uuid: None, exam_published: None,
        }
    }

    #[test]
    fn a_lesson_is_blocked_by_the_first_unfinished_one_before_it() {
        let order = [lesson(3), lesson(1), lesson(2)];
        assert_eq!(blocking_lesson(&order, &[], 3), None, "the first lesson is always open");
        assert_eq!(blocking_lesson(&order, &[], 2), Some(3));
        assert_eq!(blocking_lesson(&order, &[3], 2), Some(1));
        assert_eq!(blocking_lesson(&order, &[3, 1], 2), None);
    }
}
