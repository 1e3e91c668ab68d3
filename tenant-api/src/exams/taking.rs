//! Taking an exam: its cover page, starting (or resuming) an attempt, saving answers as the
//! learner goes, submitting, and the result. Every response here is built from learner-side types
//! ([`LearnerQuestion`], [`ResultQuestion`]): the key reaches a learner only in a result whose
//! exam shows answers, once results are released.

use super::attempt_store::{self as attempts, AttemptRow, NewAttempt, SavedAnswer};
use super::marking::{self, Answer, Outcome};
use super::paper::{self, LearnerQuestion, Slot, Versioned};
use super::store::{self, ExamRow};
use crate::courses::syllabus::lesson_file_kind;
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Multipart, State};
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath};
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use sqlx::PgPool;
use std::sync::Arc;
use utoipa::ToSchema;
use uuid::Uuid;

pub const MAX_ASSIGNMENT_BYTES: usize = 20 * 1024 * 1024;
pub const UPLOAD_BODY_LIMIT: usize = MAX_ASSIGNMENT_BYTES + 64 * 1024;

#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptBrief {
    pub uuid: Uuid,
    pub attempt_no: i32,
    pub state: String,
    pub score: Option<f64>,
    pub max_score: f64,
    pub passed: Option<bool>,
    pub submitted_at: Option<DateTime<Utc>>,
    pub results_available: bool,
}

/// An exam's cover page for a learner.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExamIntro {
    pub uuid: Uuid,
    pub title: String,
    pub title_bn: String,
    pub instructions: String,
    pub instructions_bn: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub duration_minutes: i32,
    /// Including the learner's extra attempts.
    pub attempts_allowed: i32,
    pub attempts_used: i32,
    pub question_count: i64,
    pub pass_percent: f64,
    pub server_now: DateTime<Utc>,
    pub active_attempt: Option<Uuid>,
    pub attempts: Vec<AttemptBrief>,
    pub can_start: bool,
    /// Why not: `exam_not_open`, `exam_closed` or `attempts_exhausted`.
    pub reason: Option<String>,
}

fn results_available(exam: &ExamRow, attempt: &AttemptRow, now: DateTime<Utc>) -> bool {
    attempt.state == "finished" && (exam.results_release == "on_submit" || now >= exam.ends_at)
}

/// Why this learner cannot start a new attempt now, if they cannot.
fn refusal(exam: &ExamRow, now: DateTime<Utc>, used: usize, allowed: i32) -> Option<&'static str> {
    if now < exam.starts_at {
        Some("exam_not_open")
    } else if now >= exam.ends_at {
        Some("exam_closed")
    } else if used as i64 >= i64::from(allowed) {
        Some("attempts_exhausted")
    } else {
        None
    }
}

/// Closes attempts of this learner whose time and grace are over (the sweeper may not have come by yet).
async fn settle(app: &AppState, tenant: &Tenant, db: &PgPool, exam: &ExamRow, list: &mut [AttemptRow]) -> AppResult<()> {
    for a in list.iter_mut() {
        if a.state == "in_progress" && !within_time(a.deadline, exam.grace_seconds, Utc::now()) {
            if close(app, tenant.id, db, a.id, false).await? {
                *a = attempts::find(db, a.uuid).await?.ok_or(AppError::NotFound)?;
            }
        }
    }
    Ok(())
}

fn within_time(deadline: Option<DateTime<Utc>>, grace_seconds: i32, now: DateTime<Utc>) -> bool {
    deadline.is_none_or(|d| now <= d + chrono::Duration::seconds(i64::from(grace_seconds)))
}

/// The learner's view of an exam.
#[utoipa::path(get, path = "/exam-front/single/{uuid}", tag = "exams", params(("uuid" = Uuid, Path)),
    responses((status = 200, body = Data<ExamIntro>), (status = 401), (status = 404)))]
pub async fn exam_intro(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<ExamIntro>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let exam = app.exams.published(tenant.id, &db, uuid).await?;
    let mut list = attempts::of_learner(&db, exam.id, user_id).await?;
    settle(&app, &tenant, &db, &exam, &mut list).await?;
    let extra = store::override_of(&db, exam.id, user_id).await?;
    let allowed = exam.attempts_allowed + extra.extra_attempts;
    let now = Utc::now();
    let active = list.iter().find(|a| a.state == "in_progress").map(|a| a.uuid);
    let reason = if active.is_some() { None } else { refusal(&exam, now, list.len(), allowed) };
    // A class waits on the cover page, then starts at once: its papers are drawn now, ahead of
    // the window too, so that each start is one statement ([`attempts::start_drawn`]).
    if active.is_none() && reason.is_none_or(|r| r == "exam_not_open") {
        let name = app.exams.learner_name(&app.ctl.db, user_id).await?;
        let (layout, versions) = app.exams.papers.draw(tenant.id, &db, &exam).await?;
        attempts::keep_paper(&db, exam.id, user_id, &name, exam.revision, &layout, paper::max_score(&versions)).await?;
    }
    Ok(Json(Data::new(ExamIntro {
        uuid: exam.uuid,
        title: exam.title.clone(),
        title_bn: exam.title_bn.clone(),
        instructions: exam.instructions.clone(),
        instructions_bn: exam.instructions_bn.clone(),
        starts_at: exam.starts_at,
        ends_at: exam.ends_at,
        duration_minutes: exam.duration_minutes + extra.extra_minutes,
        attempts_allowed: allowed,
        attempts_used: list.len() as i32,
        question_count: store::summary(&db, exam.id).await?.question_count,
        pass_percent: exam.pass_percent,
        server_now: now,
        active_attempt: active,
        can_start: reason.is_none(),
        reason: reason.map(str::to_owned),
        attempts: list
            .iter()
            .map(|a| {
                let shown = results_available(&exam, a, now);
                AttemptBrief {
                    uuid: a.uuid,
                    attempt_no: a.attempt_no,
                    state: a.state.clone(),
                    score: a.score.filter(|_| shown),
                    max_score: a.max_score,
                    passed: a.passed.filter(|_| shown),
                    submitted_at: a.submitted_at,
                    results_available: shown,
                }
            })
            .collect(),
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaperAnswer {
    pub slot: i32,
    pub client_seq: i64,
    pub answer: Answer,
}

/// An attempt in progress as its learner sees it: the questions without their key, and the
/// answers saved so far.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptPaper {
    pub uuid: Uuid,
    pub exam_uuid: Uuid,
    pub title: String,
    pub title_bn: String,
    pub state: String,
    pub attempt_no: i32,
    pub started_at: Option<DateTime<Utc>>,
    pub deadline: Option<DateTime<Utc>>,
    /// The server's clock, so the timer can correct for the device's.
    pub server_now: DateTime<Utc>,
    pub grace_seconds: i32,
    /// Put together from each question's learner-side JSON ([`paper::learner_questions`]).
    #[schema(value_type = Vec<LearnerQuestion>)]
    pub questions: Box<RawValue>,
    pub answers: Vec<PaperAnswer>,
}

/// `fresh`: the attempt was just created with these versions, so it has no answers yet.
async fn paper_of(app: &AppState, tenant: &Tenant, db: &PgPool, exam: &ExamRow, a: &AttemptRow, fresh: Option<Vec<Arc<Versioned>>>) -> AppResult<AttemptPaper> {
    let (versions, answers) = match fresh {
        Some(v) => (v, vec![]),
        None => {
            let mut conn = db.acquire().await?;
            (app.exams.papers.versions(tenant.id, &mut *conn, &a.layout.0).await?, attempts::answers(&mut conn, a.id).await?)
        }
    };
    Ok(AttemptPaper {
        uuid: a.uuid,
        exam_uuid: exam.uuid,
        title: exam.title.clone(),
        title_bn: exam.title_bn.clone(),
        state: a.state.clone(),
        attempt_no: a.attempt_no,
        started_at: a.started_at,
        deadline: a.deadline,
        server_now: Utc::now(),
        grace_seconds: exam.grace_seconds,
        questions: paper::learner_questions(&a.layout.0, &versions),
        answers: answers.into_iter().map(|x| PaperAnswer { slot: x.slot, client_seq: x.client_seq, answer: x.answer.0 }).collect(),
    })
}

/// Start an attempt, or resume the one in progress: the paper is drawn now and never changes.
#[utoipa::path(post, path = "/exam-front/single/{uuid}/start", tag = "exams", params(("uuid" = Uuid, Path)),
    responses((status = 200, body = Data<AttemptPaper>), (status = 401), (status = 404), (status = 409)))]
pub async fn start_attempt(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<AttemptPaper>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let exam = app.exams.published(tenant.id, &db, uuid).await?;
    let now = Utc::now();
    // The paper drawn on the cover page, when there is one: the start is this one statement.
    if exam.starts_at <= now && now < exam.ends_at {
        match attempts::start_drawn(&db, exam.id, user_id, exam.revision, exam.duration_minutes, exam.ends_at).await {
            Ok(Some(attempt)) => {
                app.exams.mark_live(tenant.id);
                let versions = app.exams.papers.versions(tenant.id, &*db, &attempt.layout.0).await?;
                return Ok(Json(Data::new(paper_of(&app, &tenant, &db, &exam, &attempt, Some(versions)).await?)));
            }
            // No paper drawn for this revision, or an attempt is open already: as below.
            Ok(None) => {}
            Err(e) if attempts::lost_start_race(&e) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let mut list = attempts::of_learner(&db, exam.id, user_id).await?;
    settle(&app, &tenant, &db, &exam, &mut list).await?;
    if let Some(open) = list.iter().find(|a| a.state == "in_progress") {
        return Ok(Json(Data::new(paper_of(&app, &tenant, &db, &exam, open, None).await?)));
    }
    let extra = store::override_of(&db, exam.id, user_id).await?;
    if let Some(code) = refusal(&exam, Utc::now(), list.len(), exam.attempts_allowed + extra.extra_attempts) {
        return Err(AppError::Conflict(code));
    }
    let (layout, versions) = app.exams.papers.draw(tenant.id, &db, &exam).await?;
    let name = app.exams.learner_name(&app.ctl.db, user_id).await?;
    let new = NewAttempt {
        exam_id: exam.id,
        user_id,
        user_name: &name,
        layout: &layout,
        max_score: paper::max_score(&versions),
        minutes: exam.duration_minutes + extra.extra_minutes,
        ends_at: exam.ends_at,
    };
    let attempt = match attempts::insert_started(&db, new).await {
        Ok(a) => a,
        // The same learner started from another tab at the same moment: both get that attempt.
        Err(e) if attempts::lost_start_race(&e) => {
            let open = attempts::of_learner(&db, exam.id, user_id).await?.into_iter().find(|a| a.state == "in_progress");
            let open = open.ok_or(AppError::Conflict("attempts_exhausted"))?;
            return Ok(Json(Data::new(paper_of(&app, &tenant, &db, &exam, &open, None).await?)));
        }
        Err(e) => return Err(e.into()),
    };
    app.exams.mark_live(tenant.id);
    Ok(Json(Data::new(paper_of(&app, &tenant, &db, &exam, &attempt, Some(versions)).await?)))
}

/// The caller's own attempt and its exam; another learner's attempt does not exist for them.
async fn own_attempt(app: &AppState, tenant: &Tenant, db: &PgPool, uuid: Uuid, user_id: i64) -> AppResult<(Arc<ExamRow>, AttemptRow)> {
    let attempt = attempts::find(db, uuid).await?.filter(|a| a.user_id == user_id).ok_or(AppError::Missing("attempt_not_found"))?;
    let exam = store::find(db, attempt.exam_id, None).await?.ok_or(AppError::Missing("attempt_not_found"))?;
    let mut list = [attempt];
    settle(app, tenant, db, &exam, &mut list).await?;
    let [attempt] = list;
    Ok((Arc::new(exam), attempt))
}

/// The attempt in progress (after a reload, on another device): questions and saved answers.
#[utoipa::path(get, path = "/exam-front/attempt/{uuid}", tag = "exams", params(("uuid" = Uuid, Path)),
    responses((status = 200, body = Data<AttemptPaper>), (status = 401), (status = 404), (status = 409)))]
pub async fn view_attempt(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<AttemptPaper>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let (exam, attempt) = own_attempt(&app, &tenant, &db, uuid, user_id).await?;
    if attempt.state != "in_progress" {
        return Err(AppError::Conflict("attempt_closed"));
    }
    Ok(Json(Data::new(paper_of(&app, &tenant, &db, &exam, &attempt, None).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AnswerInput {
    pub slot: i32,
    /// Numbers the changes of this slot on the learner's device: a save with a lower number than
    /// the one stored changes nothing.
    pub client_seq: i64,
    pub answer: Answer,
}

/// Saves one answer within the attempt's time (and grace, flagged late).
async fn save(app: &AppState, tenant: &Tenant, db: &PgPool, uuid: Uuid, user_id: i64, input: &AnswerInput) -> AppResult<SavedAnswer> {
    let mut tx = db.begin().await?;
    let target = attempts::lock_for_save(&mut tx, uuid, input.slot).await?.filter(|t| t.user_id == user_id);
    let target = target.ok_or(AppError::Missing("attempt_not_found"))?;
    if target.state != "in_progress" {
        return Err(AppError::Conflict("attempt_closed"));
    }
    if !within_time(target.deadline, target.grace_seconds, target.now) {
        drop(tx);
        close(app, tenant.id, db, target.id, false).await?;
        return Err(AppError::Conflict("attempt_closed"));
    }
    let slot: Slot = target.slot.map(|s| s.0).filter(|_| input.slot >= 0).ok_or_else(|| AppError::field("slot", "invalid_choice"))?;
    let version = app.exams.papers.versions(tenant.id, &mut *tx, std::slice::from_ref(&slot)).await?.remove(0);
    let answer = marking::check(&version.question_type, &version.content, &input.answer).map_err(|code| AppError::field("answer", code))?;
    if version.question_type == "assignment" && answer.file.as_deref().is_some_and(|f| !f.starts_with(&file_prefix(uuid, input.slot))) {
        return Err(AppError::field("answer.file", "invalid_choice"));
    }
    let late = target.deadline.is_some_and(|d| target.now > d);
    let saved = attempts::upsert_answer(&mut tx, target.id, input.slot, input.client_seq, &answer, late).await?;
    tx.commit().await?;
    Ok(saved)
}

/// Save one answer. Safe to repeat: an older save never replaces a newer one.
#[utoipa::path(put, path = "/exam-front/attempt/{uuid}/answer", tag = "exams", params(("uuid" = Uuid, Path)), request_body = AnswerInput,
    responses((status = 200, body = Data<SavedAnswer>), (status = 401), (status = 404), (status = 409), (status = 422)))]
pub async fn save_answer(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
    AppJson(input): AppJson<AnswerInput>,
) -> AppResult<Json<Data<SavedAnswer>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    Ok(Json(Data::new(save(&app, &tenant, &db, uuid, user_id, &input).await?)))
}

fn file_prefix(attempt: Uuid, slot: i32) -> String {
    format!("exam-answers/{attempt}/{slot}")
}

/// Answer an assignment question with a file (PDF, image, or an Office document), checked by its
/// bytes. Multipart: `file`, and `client_seq` before it.
#[utoipa::path(post, path = "/exam-front/attempt/{uuid}/file/{slot}", tag = "exams", params(("uuid" = Uuid, Path), ("slot" = i32, Path)),
    responses((status = 200, body = Data<SavedAnswer>), (status = 401), (status = 404), (status = 409), (status = 413), (status = 422)))]
pub async fn upload_answer_file(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath((uuid, slot)): AppPath<(Uuid, i32)>,
    mut multipart: Multipart,
) -> AppResult<Json<Data<SavedAnswer>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let (_, attempt) = own_attempt(&app, &tenant, &db, uuid, user_id).await?;
    if attempt.state != "in_progress" {
        return Err(AppError::Conflict("attempt_closed"));
    }
    let target = attempt.layout.0.get(usize::try_from(slot).unwrap_or(usize::MAX)).cloned().ok_or_else(|| AppError::field("slot", "invalid_choice"))?;
    let version = app.exams.papers.versions(tenant.id, &*db, &[target]).await?.remove(0);
    if version.question_type != "assignment" {
        return Err(AppError::field("slot", "invalid_choice"));
    }
    let mut client_seq = None;
    let mut stored = None;
    while let Some(field) = multipart.next_field().await.map_err(|e| media::multipart_error(e, "file"))? {
        match field.name() {
            Some("client_seq") => {
                let text = field.text().await.map_err(|e| media::multipart_error(e, "client_seq"))?;
                client_seq = Some(text.trim().parse::<i64>().map_err(|_| AppError::field("client_seq", "invalid_type"))?);
            }
            Some("file") if stored.is_none() => {
                stored = Some(media::store_upload(&app, &tenant, &file_prefix(uuid, slot), field, media::Limit::of(MAX_ASSIGNMENT_BYTES), lesson_file_kind, "file").await?);
            }
            _ => {}
        }
    }
    let file = stored.ok_or_else(|| AppError::field("file", "required"))?;
    let Some(client_seq) = client_seq else {
        media::remove(&app, &tenant, &file.key).await;
        return Err(AppError::field("client_seq", "required"));
    };
    let input = AnswerInput { slot, client_seq, answer: Answer { file: Some(file.key.clone()), ..Answer::default() } };
    match save(&app, &tenant, &db, uuid, user_id, &input).await {
        Ok(saved) => Ok(Json(Data::new(saved))),
        Err(e) => {
            media::remove(&app, &tenant, &file.key).await;
            Err(e)
        }
    }
}

/// Closes an open attempt with the answers saved so far and marks what the machine can:
/// `by_learner` is a submission (late if past the deadline), otherwise the deadline closed it.
/// `false` if it was already closed.
pub async fn close(app: &AppState, tenant: control_plane::tenancy::TenantId, db: &PgPool, attempt_id: i64, by_learner: bool) -> AppResult<bool> {
    let mut tx = db.begin().await?;
    let target = attempts::lock_for_close(&mut tx, attempt_id).await?;
    if target.state != "in_progress" {
        return Ok(false);
    }
    let versions = app.exams.papers.versions(tenant, &mut *tx, &target.layout.0).await?;
    let answers = attempts::answers(&mut tx, attempt_id).await?;
    let marks: Vec<(i32, &str, Option<f64>)> = answers
        .iter()
        .filter_map(|x| {
            let v = versions.get(usize::try_from(x.slot).ok()?)?;
            Some(match marking::mark(&v.question_type, &v.content, Some(&x.answer.0)) {
                Outcome::Auto(m) => (x.slot, "auto", Some(m)),
                Outcome::NeedsMarking => (x.slot, "needs_marking", None),
                Outcome::Unanswered => (x.slot, "auto", Some(0.0)),
            })
        })
        .collect();
    let late = by_learner && target.deadline.is_some_and(|d| target.now > d);
    attempts::write_marks(&mut tx, attempt_id, &marks, late, !by_learner).await?;
    let (exam_id, user_id, passed): (i64, i64, Option<bool>) =
        sqlx::query_as("SELECT exam_id, user_id, passed FROM exam_attempts WHERE id = $1").bind(attempt_id).fetch_one(&mut *tx).await?;
    tx.commit().await?;
    app.exams.mark_stale(tenant, exam_id);
    if passed == Some(true) {
        crate::learning::points::refresh(app, tenant, db, user_id).await;
    }
    Ok(true)
}

/// Closes an open attempt as handed in by its learner; past the deadline and its grace it is
/// closed as the deadline left it, and the submission refused.
pub async fn hand_in(app: &AppState, tenant: &Tenant, db: &PgPool, exam: &ExamRow, attempt: &AttemptRow) -> AppResult<()> {
    let in_time = within_time(attempt.deadline, exam.grace_seconds, Utc::now());
    close(app, tenant.id, db, attempt.id, in_time).await?;
    if !in_time {
        return Err(AppError::Conflict("attempt_deadline_passed"));
    }
    Ok(())
}

/// An attempt that has been handed in, or closed by its deadline with what was saved.
pub fn handed_in(attempt: &AttemptRow) -> bool {
    matches!(attempt.state.as_str(), "submitted" | "finished" | "overdue")
}

/// Hand in the attempt. Past the deadline and its grace the attempt has already closed itself
/// with what was saved, and the submission is refused.
#[utoipa::path(post, path = "/exam-front/attempt/{uuid}/submit", tag = "exams", params(("uuid" = Uuid, Path)),
    responses((status = 200, body = Data<AttemptResult>), (status = 401), (status = 404), (status = 409)))]
pub async fn submit_attempt(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<AttemptResult>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let attempt = attempts::find(&db, uuid).await?.filter(|a| a.user_id == user_id).ok_or(AppError::Missing("attempt_not_found"))?;
    let exam = store::find(&db, attempt.exam_id, None).await?.ok_or(AppError::Missing("attempt_not_found"))?;
    if attempt.state != "in_progress" {
        return Err(AppError::Conflict("attempt_closed"));
    }
    hand_in(&app, &tenant, &db, &exam, &attempt).await?;
    let attempt = attempts::find(&db, uuid).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(result_of(&app, &tenant, &db, &exam, &attempt, Reader::Learner).await?)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResultOption {
    pub id: usize,
    pub text: String,
    pub text_bn: String,
    /// Only when the exam shows answers and results are released.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correct: Option<bool>,
}

/// The key of a question, when the exam shows answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Key {
    pub answer: String,
    pub blanks: Vec<Vec<String>>,
    pub accepted: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResultQuestion {
    pub slot: usize,
    pub question_type: String,
    pub text: String,
    pub text_bn: String,
    pub image: String,
    pub marks: f64,
    pub options: Vec<ResultOption>,
    pub gaps: usize,
    pub answer: Option<Answer>,
    pub awarded: Option<f64>,
    /// `auto`, `needs_marking`, `marked` or `unanswered`; empty until results are released.
    pub status: String,
    pub comment: String,
    /// The key and the explanations: only when the exam shows answers and results are released.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<Key>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub explanation: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub explanation_bn: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptResult {
    pub uuid: Uuid,
    pub exam_uuid: Uuid,
    pub state: String,
    pub attempt_no: i32,
    pub submitted_at: Option<DateTime<Utc>>,
    pub late: bool,
    pub auto_closed: bool,
    pub results_available: bool,
    pub score: Option<f64>,
    pub max_score: f64,
    pub percent: Option<f64>,
    pub passed: Option<bool>,
    pub pending_marking: i32,
    pub questions: Vec<ResultQuestion>,
}

/// Who reads a result: the learner, as the exam's settings allow, or a teacher, who sees it all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Learner,
    Teacher,
}

pub async fn result_of(app: &AppState, tenant: &Tenant, db: &PgPool, exam: &ExamRow, a: &AttemptRow, reader: Reader) -> AppResult<AttemptResult> {
    let teacher = reader == Reader::Teacher;
    let shown = teacher || results_available(exam, a, Utc::now());
    let reveal = teacher || (shown && exam.show_answers);
    let mut conn = db.acquire().await?;
    let versions = app.exams.papers.versions(tenant.id, &mut *conn, &a.layout.0).await?;
    let answers = attempts::answers(&mut conn, a.id).await?;
    let questions = a
        .layout
        .0
        .iter()
        .zip(&versions)
        .enumerate()
        .map(|(i, (slot, v))| {
            let c = &v.content;
            let x = answers.iter().find(|x| x.slot as usize == i);
            let learner = paper::learner_question(i, slot, v);
            ResultQuestion {
                slot: i,
                question_type: v.question_type.clone(),
                text: c.text.clone(),
                text_bn: c.text_bn.clone(),
                image: learner.image,
                marks: c.marks,
                options: learner
                    .options
                    .into_iter()
                    .map(|o| ResultOption { correct: reveal.then(|| c.options[o.id].correct), id: o.id, text: o.text, text_bn: o.text_bn })
                    .collect(),
                gaps: learner.gaps,
                answer: x.map(|x| x.answer.0.clone()),
                awarded: x.and_then(|x| x.awarded).filter(|_| shown).or((shown && x.is_none()).then_some(0.0)),
                status: if !shown { String::new() } else { x.map_or("unanswered".to_owned(), |x| x.status.clone()) },
                comment: x.filter(|_| shown).map(|x| x.comment.clone()).unwrap_or_default(),
                key: reveal.then(|| Key { answer: c.answer.clone(), blanks: c.blanks.clone(), accepted: c.accepted.clone() }),
                explanation: if reveal { c.explanation.clone() } else { String::new() },
                explanation_bn: if reveal { c.explanation_bn.clone() } else { String::new() },
            }
        })
        .collect();
    let score = a.score.filter(|_| shown);
    Ok(AttemptResult {
        uuid: a.uuid,
        exam_uuid: exam.uuid,
        state: a.state.clone(),
        attempt_no: a.attempt_no,
        submitted_at: a.submitted_at,
        late: a.late,
        auto_closed: a.auto_closed,
        results_available: shown,
        score,
        max_score: a.max_score,
        percent: score.map(|s| if a.max_score > 0.0 { (s * 10_000.0 / a.max_score).round() / 100.0 } else { 100.0 }),
        passed: a.passed.filter(|_| shown),
        pending_marking: a.pending_marking,
        questions,
    })
}

/// A closed attempt's result: marks when the exam releases them, the key when it shows answers.
#[utoipa::path(get, path = "/exam-front/attempt/{uuid}/result", tag = "exams", params(("uuid" = Uuid, Path)),
    responses((status = 200, body = Data<AttemptResult>), (status = 401), (status = 404), (status = 409)))]
pub async fn attempt_result(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<AttemptResult>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let (exam, attempt) = own_attempt(&app, &tenant, &db, uuid, user_id).await?;
    if attempt.state == "in_progress" {
        return Err(AppError::Conflict("attempt_open"));
    }
    Ok(Json(Data::new(result_of(&app, &tenant, &db, &exam, &attempt, Reader::Learner).await?)))
}
