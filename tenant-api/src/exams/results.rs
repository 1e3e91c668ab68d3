//! What teachers do with attempts: the list, an attempt's answers, the marking queue, marks by
//! hand, and per-learner accommodations (extra attempts and minutes, recorded in the activity log).

use super::attempt_store::{self as attempts, AttemptSummary};
use super::marking::Answer;
use super::store::{self, Override};
use super::authoring::exam_of;
use super::taking::{AttemptResult, Reader, result_of};
use crate::activity;
use crate::media;
use crate::pools::TenantDb;
use crate::questions::bank_user;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageQuery, PageRequest};
use control_plane::response::Data;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

/// The attempts at an exam, newest first.
#[utoipa::path(get, path = "/course/exam/attempts/{id}", tag = "exams", params(("id" = i64, Path), PageQuery),
    responses((status = 200, body = Page<AttemptSummary>), (status = 401), (status = 403), (status = 404)))]
pub async fn exam_attempts(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<PageQuery>,
) -> AppResult<Json<Page<AttemptSummary>>> {
    let user = bank_user(&caller, &tenant)?;
    exam_of(&db, id, &user).await?;
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = attempts::page_of_exam(&db, id, 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (data, _) = attempts::page_of_exam(&db, id, request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// An answer waiting for a teacher.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarkingItem {
    pub attempt: Uuid,
    pub slot: i32,
    pub user_name: String,
    pub question_type: String,
    pub text: String,
    pub text_bn: String,
    /// The question's picture, or empty.
    pub image: String,
    /// The most the answer can get.
    pub marks: f64,
    pub answer: Answer,
    /// A link to an assignment's file, valid for an hour.
    pub file_url: Option<String>,
}

/// The marking queue of an exam: answers the machine could not mark, oldest submission first.
#[utoipa::path(get, path = "/course/exam/marking/{id}", tag = "exams", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Vec<MarkingItem>>), (status = 401), (status = 403), (status = 404)))]
pub async fn marking_queue(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Vec<MarkingItem>>>> {
    let user = bank_user(&caller, &tenant)?;
    exam_of(&db, id, &user).await?;
    let mut items = Vec::new();
    for (attempt, user_name, layout, slot, answer) in attempts::to_mark(&db, id).await? {
        let Some(s) = layout.0.get(slot as usize) else { continue };
        let v = app.exams.papers.versions(tenant.id, &*db, std::slice::from_ref(s)).await?.remove(0);
        let file_url = match answer.0.file.as_deref() {
            Some(key) => Some(media::presigned(&app, &tenant, key).await?),
            None => None,
        };
        items.push(MarkingItem {
            attempt,
            slot,
            user_name,
            question_type: v.question_type.clone(),
            text: v.content.text.clone(),
            text_bn: v.content.text_bn.clone(),
            image: v.content.image.clone(),
            marks: v.content.marks,
            answer: answer.0,
            file_url,
        });
    }
    Ok(Json(Data::new(items)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ManualMarkInput {
    pub attempt: Option<Uuid>,
    pub slot: i32,
    /// From 0 to the question's marks.
    pub marks: Option<f64>,
    pub comment: String,
}

/// Mark an answer by hand (again, to change it); the attempt is finished once nothing waits.
#[utoipa::path(post, path = "/course/batch/manual_mark", tag = "exams", request_body = ManualMarkInput,
    responses((status = 200, body = Data<AttemptSummary>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn manual_mark(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ManualMarkInput>,
) -> AppResult<Json<Data<AttemptSummary>>> {
    let user = bank_user(&caller, &tenant)?;
    let uuid = input.attempt.ok_or_else(|| AppError::field("attempt", "required"))?;
    let attempt = attempts::find(&db, uuid).await?.ok_or(AppError::Missing("attempt_not_found"))?;
    exam_of(&db, attempt.exam_id, &user).await.map_err(|_| AppError::Missing("attempt_not_found"))?;
    let slot = attempt.layout.0.get(usize::try_from(input.slot).unwrap_or(usize::MAX)).cloned().ok_or_else(|| AppError::field("slot", "invalid_choice"))?;
    let max = app.exams.papers.versions(tenant.id, &*db, &[slot]).await?.remove(0).content.marks;
    let mut v = Validator::default();
    let marks = match input.marks {
        Some(m) if m.is_finite() && (0.0..=max).contains(&m) => crate::questions::content::round2(m),
        Some(_) => {
            v.add("marks", "invalid_awarded_marks", None);
            0.0
        }
        None => {
            v.add("marks", "required", None);
            0.0
        }
    };
    let comment = v.optional_text("comment", &input.comment, 2000).unwrap_or_default();
    v.finish()?;
    let mut tx = db.begin().await?;
    if !attempts::manual_mark(&mut tx, attempt.id, input.slot, marks, &comment, user.id).await? {
        return Err(AppError::unprocessable("slot", "not_for_manual_marking"));
    }
    tx.commit().await?;
    app.exams.mark_stale(tenant.id, attempt.exam_id);
    // The last mark may decide a pass.
    crate::learning::points::refresh(&app, tenant.id, &db, attempt.user_id).await;
    Ok(Json(Data::new(attempts::summary(&db, attempt.id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct IncreaseAttemptInput {
    pub exam_id: i64,
    pub user_id: i64,
    /// 0 to 100 attempts beyond the exam's.
    pub extra_attempts: i32,
    /// 0 to 1440 minutes beyond the exam's duration; an attempt in progress gets them at once.
    pub extra_minutes: i32,
}

/// Give one learner extra attempts or extra time.
#[utoipa::path(put, path = "/course/batch/increase_attempt", tag = "exams", request_body = IncreaseAttemptInput,
    responses((status = 200, body = Data<Override>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn increase_attempt(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<IncreaseAttemptInput>,
) -> AppResult<Json<Data<Override>>> {
    let user = bank_user(&caller, &tenant)?;
    exam_of(&db, input.exam_id, &user).await?;
    let mut v = Validator::default();
    if !(0..=100).contains(&input.extra_attempts) {
        v.add("extra_attempts", "invalid_attempts", None);
    }
    if !(0..=1440).contains(&input.extra_minutes) {
        v.add("extra_minutes", "invalid_duration", None);
    }
    if input.user_id <= 0 {
        v.add("user_id", "required", None);
    }
    v.finish()?;
    let o = Override { exam_id: input.exam_id, user_id: input.user_id, extra_attempts: input.extra_attempts, extra_minutes: input.extra_minutes };
    store::set_override(&db, &o, user.id).await?;
    activity::record(
        &db,
        Some(user.id),
        "exam_override",
        Some(&format!("exam:{}", o.exam_id)),
        json!({ "user_id": o.user_id, "extra_attempts": o.extra_attempts, "extra_minutes": o.extra_minutes }),
    )
    .await?;
    Ok(Json(Data::new(store::override_of(&db, o.exam_id, o.user_id).await?)))
}

/// A learner's attempt as its teacher reads it: every answer with its marks, comment, the key and
/// the explanation, whatever the exam shows learners. Only the exam's author (or the site's
/// admin) reaches it.
#[utoipa::path(get, path = "/course/batch/evaluation/user-answers/{id}", tag = "exams", params(("id" = Uuid, Path, description = "the attempt's uuid")),
    responses((status = 200, body = Data<AttemptResult>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn user_answers(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<AttemptResult>>> {
    let user = bank_user(&caller, &tenant)?;
    let attempt = attempts::find(&db, uuid).await?.ok_or(AppError::Missing("attempt_not_found"))?;
    let exam = store::find(&db, attempt.exam_id, user.owner).await?.ok_or(AppError::Missing("attempt_not_found"))?;
    if attempt.state == "in_progress" {
        return Err(AppError::Conflict("attempt_open"));
    }
    Ok(Json(Data::new(result_of(&app, &tenant, &db, &exam, &attempt, Reader::Teacher).await?)))
}
