//! SQL of `exams`, `exam_parts` and `exam_overrides`. `owner` narrows reads and writes to one
//! author's exams (a teacher); `None` is the whole site (its admins).

use super::settings::{PartInput, Settings};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgConnection, PgPool, Row};
use utoipa::ToSchema;
use uuid::Uuid;

/// An exam's row: its settings as stored.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ExamRow {
    pub id: i64,
    pub uuid: Uuid,
    pub owner_id: i64,
    pub title: String,
    pub title_bn: String,
    pub instructions: String,
    pub instructions_bn: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub attempts_allowed: i32,
    pub pass_percent: f64,
    pub shuffle_questions: bool,
    pub shuffle_options: bool,
    pub results_release: String,
    pub show_answers: bool,
    pub grace_seconds: i32,
    pub published: bool,
    #[serde(skip)]
    pub revision: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const ROW: &str = "SELECT id, uuid, owner_id, title, title_bn, instructions, instructions_bn, starts_at, ends_at,
        duration_minutes, attempts_allowed, pass_percent::float8 AS pass_percent, shuffle_questions, shuffle_options,
        results_release, show_answers, grace_seconds, published, revision, created_at, updated_at FROM exams";

pub async fn find(db: &PgPool, id: i64, owner: Option<i64>) -> sqlx::Result<Option<ExamRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{ROW} WHERE id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR owner_id = $2)"
    )))
    .bind(id)
    .bind(owner)
    .fetch_optional(db)
    .await
}

/// A published exam, as learners reach it.
pub async fn published(db: &PgPool, uuid: Uuid) -> sqlx::Result<Option<ExamRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{ROW} WHERE uuid = $1 AND deleted_at IS NULL AND published")))
        .bind(uuid)
        .fetch_optional(db)
        .await
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ExamSummary {
    pub id: i64,
    pub uuid: Uuid,
    pub title: String,
    pub title_bn: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub published: bool,
    /// Questions on each paper: fixed ones plus each folder's picks.
    pub question_count: i64,
    pub attempt_count: i64,
    /// Answers waiting for a teacher.
    pub pending_marking: i64,
}

const SUMMARY: &str = "SELECT e.id, e.uuid, e.title, e.title_bn, e.starts_at, e.ends_at, e.duration_minutes, e.published,
        (SELECT coalesce(sum(coalesce(p.pick, 1)), 0)::int8 FROM exam_parts p WHERE p.exam_id = e.id) AS question_count,
        (SELECT count(*) FROM exam_attempts a WHERE a.exam_id = e.id) AS attempt_count,
        (SELECT coalesce(sum(a.pending_marking), 0)::int8 FROM exam_attempts a WHERE a.exam_id = e.id) AS pending_marking
        FROM exams e";
const FILTER: &str = "e.deleted_at IS NULL AND ($1::bigint IS NULL OR e.owner_id = $1)
        AND ($2::text IS NULL OR e.title ILIKE $2 OR e.title_bn ILIKE $2)";

/// A page of exams, most recently changed first, and how many match in all.
pub async fn page(db: &PgPool, owner: Option<i64>, search: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<(Vec<ExamSummary>, i64)> {
    let pattern = control_plane::pagination::contains_pattern(search);
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM exams e WHERE {FILTER}")))
        .bind(owner)
        .bind(&pattern)
        .fetch_one(db)
        .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SUMMARY} WHERE {FILTER} ORDER BY e.updated_at DESC, e.id DESC LIMIT $3 OFFSET $4")))
        .bind(owner)
        .bind(&pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((rows, total))
}

pub async fn summary(db: &PgPool, id: i64) -> sqlx::Result<ExamSummary> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SUMMARY} WHERE e.id = $1"))).bind(id).fetch_one(db).await
}

/// A part of the recipe, with what an author needs to see of its question or folder.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Part {
    pub position: i32,
    pub question_id: Option<i64>,
    pub folder_id: Option<i64>,
    pub pick: Option<i32>,
    #[serde(skip)]
    pub question_type: Option<String>,
    #[serde(skip)]
    pub text: Option<String>,
    #[serde(skip)]
    pub text_bn: Option<String>,
    #[serde(skip)]
    pub marks: Option<f64>,
    pub folder_name: Option<String>,
}

pub async fn parts(db: &PgPool, exam_id: i64) -> sqlx::Result<Vec<Part>> {
    sqlx::query_as(
        "SELECT p.position, p.question_id, p.folder_id, p.pick, q.question_type, q.text, q.text_bn, q.marks::float8 AS marks,
                f.name AS folder_name
           FROM exam_parts p LEFT JOIN questions q ON q.id = p.question_id LEFT JOIN question_folders f ON f.id = p.folder_id
          WHERE p.exam_id = $1 ORDER BY p.position",
    )
    .bind(exam_id)
    .fetch_all(db)
    .await
}

/// The questions a folder holds now (not those of its subfolders), with their current versions.
pub async fn folder_questions(db: &PgPool, folder_id: i64) -> sqlx::Result<Vec<(i64, i32)>> {
    sqlx::query_as("SELECT id, version FROM questions WHERE folder_id = $1 AND deleted_at IS NULL ORDER BY id")
        .bind(folder_id)
        .fetch_all(db)
        .await
}

async fn write_parts(tx: &mut PgConnection, exam_id: i64, parts: &[PartInput]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM exam_parts WHERE exam_id = $1").bind(exam_id).execute(&mut *tx).await?;
    let positions: Vec<i32> = (0..parts.len() as i32).collect();
    let questions: Vec<Option<i64>> = parts.iter().map(|p| p.question_id).collect();
    let folders: Vec<Option<i64>> = parts.iter().map(|p| p.folder_id).collect();
    let picks: Vec<Option<i32>> = parts.iter().map(|p| p.pick).collect();
    sqlx::query(
        "INSERT INTO exam_parts (exam_id, position, question_id, folder_id, pick)
         SELECT $1, * FROM unnest($2::int[], $3::int8[], $4::int8[], $5::int[])",
    )
    .bind(exam_id)
    .bind(&positions)
    .bind(&questions)
    .bind(&folders)
    .bind(&picks)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

type Statement<'q> = sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>;

/// Binds the settings in their column order (title .. published), after the statement's own parameters.
fn bind_settings<'q>(q: Statement<'q>, s: &'q Settings) -> Statement<'q> {
    q.bind(&s.title)
        .bind(&s.title_bn)
        .bind(&s.instructions)
        .bind(&s.instructions_bn)
        .bind(s.starts_at)
        .bind(s.ends_at)
        .bind(s.duration_minutes)
        .bind(s.attempts_allowed)
        .bind(s.pass_percent)
        .bind(s.shuffle_questions)
        .bind(s.shuffle_options)
        .bind(&s.results_release)
        .bind(s.show_answers)
        .bind(s.grace_seconds)
        .bind(s.published)
}

pub async fn insert(db: &PgPool, owner: i64, s: &Settings) -> sqlx::Result<i64> {
    let mut tx = db.begin().await?;
    let insert = sqlx::query(
        "INSERT INTO exams (owner_id, title, title_bn, instructions, instructions_bn, starts_at, ends_at, duration_minutes,
                attempts_allowed, pass_percent, shuffle_questions, shuffle_options, results_release, show_answers, grace_seconds, published)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id",
    )
    .bind(owner);
    let id: i64 = bind_settings(insert, s).fetch_one(&mut *tx).await?.try_get(0)?;
    write_parts(&mut tx, id, &s.parts).await?;
    tx.commit().await?;
    Ok(id)
}

/// Replaces an exam's settings and recipe; attempts already made keep their papers.
pub async fn update(db: &PgPool, id: i64, owner: Option<i64>, s: &Settings) -> sqlx::Result<bool> {
    let mut tx = db.begin().await?;
    let update = sqlx::query(
        "UPDATE exams SET title = $3, title_bn = $4, instructions = $5, instructions_bn = $6, starts_at = $7, ends_at = $8,
                duration_minutes = $9, attempts_allowed = $10, pass_percent = $11, shuffle_questions = $12, shuffle_options = $13,
                results_release = $14, show_answers = $15, grace_seconds = $16, published = $17, revision = revision + 1, updated_at = now()
          WHERE id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR owner_id = $2)",
    )
    .bind(id)
    .bind(owner);
    let done = bind_settings(update, s).execute(&mut *tx).await?.rows_affected() == 1;
    if done {
        write_parts(&mut tx, id, &s.parts).await?;
    }
    tx.commit().await?;
    Ok(done)
}

pub async fn delete(db: &PgPool, id: i64, owner: Option<i64>) -> sqlx::Result<bool> {
    Ok(sqlx::query("UPDATE exams SET deleted_at = now(), published = false WHERE id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR owner_id = $2)")
        .bind(id)
        .bind(owner)
        .execute(db)
        .await?
        .rows_affected()
        == 1)
}

#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema, sqlx::FromRow)]
pub struct Override {
    pub exam_id: i64,
    pub user_id: i64,
    pub extra_attempts: i32,
    pub extra_minutes: i32,
}

pub async fn override_of(db: &PgPool, exam_id: i64, user_id: i64) -> sqlx::Result<Override> {
    let found: Option<Override> = sqlx::query_as("SELECT exam_id, user_id, extra_attempts, extra_minutes FROM exam_overrides WHERE exam_id = $1 AND user_id = $2")
        .bind(exam_id)
        .bind(user_id)
        .fetch_optional(db)
        .await?;
    Ok(found.unwrap_or(Override { exam_id, user_id, ..Default::default() }))
}

/// Sets a learner's accommodation; an open attempt's deadline moves by the change in minutes
/// (never past the exam's close).
pub async fn set_override(db: &PgPool, o: &Override, by: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    let before: Option<i32> = sqlx::query_scalar("SELECT extra_minutes FROM exam_overrides WHERE exam_id = $1 AND user_id = $2 FOR UPDATE")
        .bind(o.exam_id)
        .bind(o.user_id)
        .fetch_optional(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO exam_overrides (exam_id, user_id, extra_attempts, extra_minutes, updated_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (exam_id, user_id) DO UPDATE SET extra_attempts = $3, extra_minutes = $4, updated_by = $5, updated_at = now()",
    )
    .bind(o.exam_id)
    .bind(o.user_id)
    .bind(o.extra_attempts)
    .bind(o.extra_minutes)
    .bind(by)
    .execute(&mut *tx)
    .await?;
    let change = o.extra_minutes - before.unwrap_or(0);
    if change != 0 {
        sqlx::query(
            "UPDATE exam_attempts a SET deadline = LEAST(a.deadline + make_interval(mins => $3), e.ends_at)
               FROM exams e WHERE e.id = a.exam_id AND a.exam_id = $1 AND a.user_id = $2 AND a.state = 'in_progress'",
        )
        .bind(o.exam_id)
        .bind(o.user_id)
        .bind(change)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// The recipe as a paper is drawn from it: each fixed question with its current version
/// (`None` once deleted from the bank), each folder with its pick.
pub async fn recipe_rows(db: &PgPool, exam_id: i64) -> sqlx::Result<Vec<(Option<i64>, Option<i32>, Option<i64>, Option<i32>)>> {
    sqlx::query_as(
        "SELECT p.question_id, q.version, p.folder_id, p.pick FROM exam_parts p
           LEFT JOIN questions q ON q.id = p.question_id AND q.deleted_at IS NULL
          WHERE p.exam_id = $1 ORDER BY p.position",
    )
    .bind(exam_id)
    .fetch_all(db)
    .await
}

/// The site's single exams (how many, how many published) and their attempts handed in during
/// `[from, until)` (how many, how many passed).
pub async fn dashboard_counts(db: &PgPool, from: DateTime<Utc>, until: DateTime<Utc>) -> sqlx::Result<(i64, i64, i64, i64)> {
    sqlx::query_as(
        "SELECT (SELECT count(*) FROM exams WHERE deleted_at IS NULL),
                (SELECT count(*) FROM exams WHERE deleted_at IS NULL AND published),
                count(*), count(*) FILTER (WHERE passed)
           FROM exam_attempts WHERE state IN ('submitted', 'finished') AND submitted_at >= $1 AND submitted_at < $2",
    )
    .bind(from)
    .bind(until)
    .fetch_one(db)
    .await
}
