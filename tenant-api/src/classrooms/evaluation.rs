//! A session's quiz results (`/classroom/evaluation/*`): for each quiz of the session, every student
//! of the class with their best attempt at its exam, and, for the class's teachers, any one
//! attempt read answer by answer through the exam engine's own result.

use super::schedule::session_access;
use super::{access, classwork, store};
use crate::exams::attempt_store::{self, AttemptRow};
use crate::exams::taking::{AttemptResult, Reader, result_of};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

#[derive(Debug, Serialize, ToSchema)]
pub struct QuizResults {
    /// The classwork.
    pub classwork_id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub exam_id: i64,
    pub students: Vec<StudentResult>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StudentResult {
    pub user_id: i64,
    pub name: String,
    /// Attempts made; 0: not taken.
    pub attempts: i64,
    /// The best attempt (`/classroom/evaluation/user-answers/{uuid}`), its state and marks.
    pub attempt_uuid: Option<Uuid>,
    pub state: Option<String>,
    pub score: Option<f64>,
    pub max_score: Option<f64>,
    pub passed: Option<bool>,
    /// Answers still waiting for a teacher's marks.
    pub pending_marking: Option<i32>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ResultsQuery {
    /// Only this quiz (a classwork of the session).
    pub syllabus_id: Option<i64>,
}

/// The results of a session's quizzes (the class's teachers and the site's admins).
#[utoipa::path(get, path = "/classroom/evaluation/results/{class_session_id}", tag = "classroom",
    params(("class_session_id" = i64, Path), ResultsQuery),
    responses((status = 200, body = Data<Vec<QuizResults>>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn session_results(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(session_id): AppPath<i64>,
    AppQuery(q): AppQuery<ResultsQuery>,
) -> AppResult<Json<Data<Vec<QuizResults>>>> {
    let (session, a) = session_access(&db, session_id, &caller, &tenant).await?;
    a.manager()?;
    let students = store::students(&db, session.classroom_id).await?;
    let ids: Vec<i64> = students.iter().map(|s| s.user_id).collect();
    let mut out = Vec::new();
    for (classwork_id, title, title_bn, exam_id) in classwork::quizzes_of_session(&db, session.id, q.syllabus_id).await? {
        let best = attempt_store::best_of_learners(&db, exam_id, &ids).await?;
        let students = students
            .iter()
            .map(|s| {
                let b = best.iter().find(|b| b.user_id == s.user_id);
                StudentResult {
                    user_id: s.user_id,
                    name: s.name.clone(),
                    attempts: b.map_or(0, |b| b.attempts),
                    attempt_uuid: b.map(|b| b.uuid),
                    state: b.map(|b| b.state.clone()),
                    score: b.and_then(|b| b.score),
                    max_score: b.map(|b| b.max_score),
                    passed: b.and_then(|b| b.passed),
                    pending_marking: b.map(|b| b.pending_marking),
                }
            })
            .collect();
        out.push(QuizResults { classwork_id, title, title_bn, exam_id, students });
    }
    Ok(Json(Data::new(out)))
}

/// A student's attempt at a class quiz, answer by answer with marks, comments and the key, for a
/// teacher of a class that takes the quiz and has the student; 409 while it is still open.
#[utoipa::path(get, path = "/classroom/evaluation/user-answers/{id}", tag = "classroom", params(("id" = Uuid, Path, description = "the attempt's uuid")),
    responses((status = 200, body = Data<AttemptResult>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn user_answers(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
) -> AppResult<Json<Data<AttemptResult>>> {
    let attempt: AttemptRow = attempt_store::find(&db, uuid).await?.ok_or(AppError::Missing("attempt_not_found"))?;
    let mut allowed = false;
    for class_id in classwork::classes_of_exam(&db, attempt.exam_id).await? {
        let Ok(a) = access(&db, class_id, &caller, &tenant).await else { continue };
        if a.part.manages() && store::students(&db, class_id).await?.iter().any(|s| s.user_id == attempt.user_id) {
            allowed = true;
            break;
        }
    }
    if !allowed {
        return Err(AppError::Missing("attempt_not_found"));
    }
    if attempt.state == "in_progress" {
        return Err(AppError::Conflict("attempt_open"));
    }
    let exam = crate::exams::store::find(&db, attempt.exam_id, None).await?.ok_or(AppError::Missing("attempt_not_found"))?;
    Ok(Json(Data::new(result_of(&app, &tenant, &db, &exam, &attempt, Reader::Teacher).await?)))
}
