//! Classwork: material to read, an assignment, or a quiz (an exam of the Exam Centre, whose results
//! `evaluation.rs` shows), for the whole class or one session, with a file of the teacher's file
//! manager (shown to the class with a signed link). Owns the `classroom_classworks` table.

use super::schedule_store;
use super::{Access, access};
use crate::files::{self, File};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::postgres::PgArguments;
use sqlx::query::QueryScalar;
use sqlx::{PgPool, Postgres};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Clone, sqlx::FromRow)]
struct ClassworkRow {
    id: i64,
    classroom_id: i64,
    session_id: Option<i64>,
    content_type: String,
    title: String,
    title_bn: Option<String>,
    instructions: String,
    file_id: Option<i64>,
    due_at: Option<DateTime<Utc>>,
    exam_id: Option<i64>,
    created_at: DateTime<Utc>,
}

const CLASSWORK: &str =
    "SELECT id, classroom_id, session_id, content_type, title, title_bn, instructions, file_id, due_at, exam_id, created_at FROM classroom_classworks";

/// A quiz's exam, as the class sees it: learners take it at `/exam/journey/{uuid}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuizExam {
    pub id: i64,
    pub uuid: uuid::Uuid,
    pub title: String,
    pub title_bn: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub published: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Classwork {
    pub id: i64,
    pub classroom_id: i64,
    /// The session it belongs to; null for the whole class.
    pub session_id: Option<i64>,
    /// `material`, `assignment` or `quiz`.
    pub content_type: String,
    pub title: String,
    pub title_bn: Option<String>,
    pub instructions: String,
    pub file: Option<File>,
    pub due_at: Option<DateTime<Utc>>,
    /// A quiz's exam.
    pub exam: Option<QuizExam>,
    pub created_at: DateTime<Utc>,
}

async fn views(app: &AppState, tenant: &Tenant, db: &PgPool, rows: Vec<ClassworkRow>) -> AppResult<Vec<Classwork>> {
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let file = match r.file_id {
            Some(id) => match files::store::file(db, id).await? {
                Some(f) => Some(files::view(app, tenant, f, None, Vec::new()).await?),
                None => None,
            },
            None => None,
        };
        let exam = match r.exam_id {
            Some(id) => crate::exams::store::find(db, id, None).await?.map(|e| QuizExam {
                id: e.id,
                uuid: e.uuid,
                title: e.title,
                title_bn: e.title_bn,
                starts_at: e.starts_at,
                ends_at: e.ends_at,
                published: e.published,
            }),
            None => None,
        };
        out.push(Classwork {
            exam,
            id: r.id,
            classroom_id: r.classroom_id,
            session_id: r.session_id,
            content_type: r.content_type,
            title: r.title,
            title_bn: r.title_bn,
            instructions: r.instructions,
            file,
            due_at: r.due_at,
            created_at: r.created_at,
        });
    }
    Ok(out)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ClassworkQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// `material`, `assignment` or `quiz`; none: all.
    pub content_type: Option<String>,
    /// Only the classwork of this session.
    pub session_id: Option<i64>,
    /// Only the classwork given on this day (YYYY-MM-DD, Dhaka time).
    pub date: Option<String>,
}

/// A class's classwork, newest first.
#[utoipa::path(get, path = "/classroom/schedule/classworks/{id}", tag = "classroom", params(("id" = i64, Path, description = "the classroom"), ClassworkQuery),
    responses((status = 200, body = Page<Classwork>), (status = 401), (status = 404), (status = 422)))]
pub async fn view_classworks(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<ClassworkQuery>,
) -> AppResult<Json<Page<Classwork>>> {
    access(&db, id, &caller, &tenant).await?;
    Ok(Json(page_of(&app, &tenant, &db, id, q).await?))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct SessionClassworkQuery {
    pub session_id: i64,
    /// `material` or `assignment`; none: both.
    pub content_type: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// A session's classwork (the children of a schedule item), newest first.
#[utoipa::path(get, path = "/classroom/schedule/view-syllabus-child", tag = "classroom", params(SessionClassworkQuery),
    responses((status = 200, body = Page<Classwork>), (status = 401), (status = 404), (status = 422)))]
pub async fn view_session_classworks(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<SessionClassworkQuery>,
) -> AppResult<Json<Page<Classwork>>> {
    let (session, _) = super::schedule::session_access(&db, q.session_id, &caller, &tenant).await?;
    let query = ClassworkQuery { page: q.page, limit: q.limit, content_type: q.content_type, session_id: Some(session.id), date: None };
    Ok(Json(page_of(&app, &tenant, &db, session.classroom_id, query).await?))
}

async fn page_of(app: &AppState, tenant: &Tenant, db: &PgPool, id: i64, q: ClassworkQuery) -> AppResult<Page<Classwork>> {
    let kind = q.content_type.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if kind.is_some_and(|k| !KINDS.contains(&k)) {
        return Err(AppError::unprocessable("content_type", "invalid_choice"));
    }
    let day = match q.date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => Some(NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| AppError::unprocessable("date", "invalid_date"))?),
        None => None,
    };
    let (from, to) = (day.map(control_plane::dhaka::midnight), day.and_then(|d| d.succ_opt()).map(control_plane::dhaka::midnight));
    const WHERE: &str = "WHERE classroom_id = $1 AND ($2::text IS NULL OR content_type = $2) AND ($3::int8 IS NULL OR session_id = $3)
                           AND ($4::timestamptz IS NULL OR (created_at >= $4 AND created_at < $5))";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM classroom_classworks {WHERE}")))
        .bind(id)
        .bind(kind)
        .bind(q.session_id)
        .bind(from)
        .bind(to)
        .fetch_one(db)
        .await?;
    let request = PageRequest::new(q.page, q.limit, 20);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{CLASSWORK} {WHERE} ORDER BY id DESC LIMIT $6 OFFSET $7")))
        .bind(id)
        .bind(kind)
        .bind(q.session_id)
        .bind(from)
        .bind(to)
        .bind(request.per_page)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok(Page { data: views(app, tenant, db, rows).await?, current_page, last_page, per_page: request.per_page, total })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ClassworkInput {
    /// `classwork-create-one` only.
    pub classroom_id: Option<i64>,
    /// `classwork-update-one` only.
    pub id: Option<i64>,
    pub session_id: Option<i64>,
    /// `material` (default), `assignment` or `quiz`.
    pub content_type: Option<String>,
    pub title: String,
    pub title_bn: Option<String>,
    pub instructions: Option<String>,
    /// A file of the caller's file manager.
    pub file_id: Option<i64>,
    /// RFC 3339; assignments only.
    pub due_at: Option<String>,
    /// A quiz's exam: one of the caller's exams (any of the site's, for its admins).
    pub exam_id: Option<i64>,
}

const KINDS: [&str; 3] = ["material", "assignment", "quiz"];

struct Fields {
    session_id: Option<i64>,
    content_type: String,
    title: String,
    title_bn: Option<String>,
    instructions: String,
    file_id: Option<i64>,
    due_at: Option<DateTime<Utc>>,
    exam_id: Option<i64>,
}

impl Fields {
    /// Binds the fields as the statement's parameters $1 to $8, in the columns' order.
    fn bind<'q, O>(&'q self, q: QueryScalar<'q, Postgres, O, PgArguments>) -> QueryScalar<'q, Postgres, O, PgArguments> {
        q.bind(self.session_id)
            .bind(&self.content_type)
            .bind(&self.title)
            .bind(&self.title_bn)
            .bind(&self.instructions)
            .bind(self.file_id)
            .bind(self.due_at)
            .bind(self.exam_id)
    }
}

async fn fields(db: &PgPool, a: &Access, input: &ClassworkInput) -> AppResult<Fields> {
    let mut v = Validator::default();
    let content_type = input.content_type.as_deref().map(str::trim).filter(|k| !k.is_empty()).unwrap_or("material").to_owned();
    if !KINDS.contains(&content_type.as_str()) {
        v.add("content_type", "invalid_choice", None);
    }
    let exam_id = match input.exam_id {
        _ if content_type != "quiz" => None,
        None => {
            v.add("exam_id", "exam_required", None);
            None
        }
        Some(id) => {
            let owner = (a.part != super::Part::Admin).then_some(a.user_id);
            if crate::exams::store::find(db, id, owner).await?.is_none() {
                v.add("exam_id", "exam_not_found", None);
            }
            Some(id)
        }
    };
    let title = v.text("title", &input.title, 200);
    let title_bn = v.optional_text("title_bn", input.title_bn.as_deref().unwrap_or_default(), 200);
    let instructions = v.optional_text("instructions", input.instructions.as_deref().unwrap_or_default(), 5000).unwrap_or_default();
    let due_at = input.due_at.as_deref().filter(|d| !d.trim().is_empty()).and_then(|d| v.date_time("due_at", d));
    if let Some(session) = input.session_id
        && !schedule_store::find(db, session).await?.is_some_and(|s| s.classroom_id == a.class.id)
    {
        v.add("session_id", "invalid_choice", None);
    }
    if let Some(file) = input.file_id
        && files::store::file_for(db, file, a.user_id).await?.is_none()
    {
        v.add("file_id", "invalid_choice", None);
    }
    v.finish()?;
    let due_at = due_at.filter(|_| content_type == "assignment");
    Ok(Fields { session_id: input.session_id, content_type, title, title_bn, instructions, file_id: input.file_id, due_at, exam_id })
}

async fn one(app: &AppState, tenant: &Tenant, db: &PgPool, id: i64) -> AppResult<Classwork> {
    let row: ClassworkRow = sqlx::query_as(sqlx::AssertSqlSafe(format!("{CLASSWORK} WHERE id = $1"))).bind(id).fetch_optional(db).await?.ok_or(AppError::NotFound)?;
    Ok(views(app, tenant, db, vec![row]).await?.remove(0))
}

/// Give the class material or an assignment (the class's teachers and the site's admins).
#[utoipa::path(post, path = "/classroom/schedule/classwork-create-one", tag = "classroom", request_body = ClassworkInput,
    responses((status = 201, body = Data<Classwork>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create_classwork(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ClassworkInput>,
) -> AppResult<(StatusCode, Json<Data<Classwork>>)> {
    let classroom_id = input.classroom_id.ok_or_else(|| AppError::field("classroom_id", "required"))?;
    let a = access(&db, classroom_id, &caller, &tenant).await?.manager()?;
    let f = fields(&db, &a, &input).await?;
    let q = sqlx::query_scalar(
        "INSERT INTO classroom_classworks (session_id, content_type, title, title_bn, instructions, file_id, due_at, exam_id, classroom_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    );
    let id: i64 = f.bind(q).bind(classroom_id).bind(a.user_id).fetch_one(&*db).await?;
    Ok((StatusCode::CREATED, Json(Data::new(one(&app, &tenant, &db, id).await?))))
}

/// The class a classwork belongs to, managed by the caller.
async fn managed(db: &PgPool, id: i64, caller: &control_plane::auth::Caller, tenant: &Tenant) -> AppResult<Access> {
    let classroom_id: i64 = sqlx::query_scalar("SELECT classroom_id FROM classroom_classworks WHERE id = $1").bind(id).fetch_optional(db).await?.ok_or(AppError::NotFound)?;
    access(db, classroom_id, caller, tenant).await?.manager()
}

/// Change a classwork.
#[utoipa::path(put, path = "/classroom/schedule/classwork-update-one", tag = "classroom", request_body = ClassworkInput,
    responses((status = 200, body = Data<Classwork>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_classwork(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ClassworkInput>,
) -> AppResult<Json<Data<Classwork>>> {
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    let a = managed(&db, id, &caller, &tenant).await?;
    let f = fields(&db, &a, &input).await?;
    let q = sqlx::query_scalar(
        "UPDATE classroom_classworks SET session_id = $1, content_type = $2, title = $3, title_bn = $4, instructions = $5, file_id = $6,
                due_at = $7, exam_id = $8, updated_at = now() WHERE id = $9 RETURNING id",
    );
    let _: i64 = f.bind(q).bind(id).fetch_one(&*db).await?;
    Ok(Json(Data::new(one(&app, &tenant, &db, id).await?)))
}

/// Take a classwork away (the file stays in the file manager).
#[utoipa::path(delete, path = "/classroom/schedule/classwork-delete-one/{id}", tag = "classroom", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_classwork(HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    managed(&db, id, &caller, &tenant).await?;
    sqlx::query("DELETE FROM classroom_classworks WHERE id = $1").bind(id).execute(&*db).await?;
    Ok(Json(Data::done()))
}

/// Whether a class takes this exam as a quiz (the exam cannot be deleted then).
pub async fn exam_in_use(db: &PgPool, exam_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM classroom_classworks WHERE exam_id = $1)").bind(exam_id).fetch_one(db).await
}

/// The classes that take this exam as a quiz.
pub async fn classes_of_exam(db: &PgPool, exam_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT DISTINCT classroom_id FROM classroom_classworks WHERE exam_id = $1").bind(exam_id).fetch_all(db).await
}

/// A session's quizzes (or one of them): id, title, title_bn, exam.
pub async fn quizzes_of_session(db: &PgPool, session_id: i64, only: Option<i64>) -> sqlx::Result<Vec<(i64, String, Option<String>, i64)>> {
    sqlx::query_as(
        "SELECT id, title, title_bn, exam_id FROM classroom_classworks
          WHERE session_id = $1 AND content_type = 'quiz' AND exam_id IS NOT NULL AND ($2::int8 IS NULL OR id = $2) ORDER BY id",
    )
    .bind(session_id)
    .bind(only)
    .fetch_all(db)
    .await
}
