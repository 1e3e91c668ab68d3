//! SQL of `exam_attempts` and `exam_answers`.

use super::marking::Answer;
use super::paper::Slot;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::types::Json;
use sqlx::{PgConnection, PgPool};
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AttemptRow {
    pub id: i64,
    pub uuid: Uuid,
    pub exam_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub attempt_no: i32,
    pub state: String,
    pub layout: Json<Vec<Slot>>,
    pub max_score: f64,
    pub started_at: Option<DateTime<Utc>>,
    pub deadline: Option<DateTime<Utc>>,
    pub submitted_at: Option<DateTime<Utc>>,
    pub late: bool,
    pub auto_closed: bool,
    pub score: Option<f64>,
    pub pending_marking: i32,
    pub passed: Option<bool>,
}

const COLUMNS: &str = "id, uuid, exam_id, user_id, user_name, attempt_no, state, layout, max_score::float8 AS max_score,
        started_at, deadline, submitted_at, late, auto_closed, score::float8 AS score, pending_marking, passed";

pub async fn find(db: &PgPool, uuid: Uuid) -> sqlx::Result<Option<AttemptRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM exam_attempts WHERE uuid = $1"))).bind(uuid).fetch_optional(db).await
}

/// A learner's attempts at an exam, first first.
pub async fn of_learner(db: &PgPool, exam_id: i64, user_id: i64) -> sqlx::Result<Vec<AttemptRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM exam_attempts WHERE exam_id = $1 AND user_id = $2 ORDER BY attempt_no")))
        .bind(exam_id)
        .bind(user_id)
        .fetch_all(db)
        .await
}

pub struct NewAttempt<'a> {
    pub exam_id: i64,
    pub user_id: i64,
    pub user_name: &'a str,
    pub layout: &'a [Slot],
    pub max_score: f64,
    /// Minutes from now to the deadline, which never passes `ends_at`.
    pub minutes: i32,
    pub ends_at: DateTime<Utc>,
}

/// Starts a new attempt: one statement, the time taken from the database's clock. A concurrent
/// start of the same learner loses on `exam_attempts_one_open` (or on the attempt number). A paper
/// drawn ahead for an earlier revision of the exam goes.
pub async fn insert_started(db: &PgPool, a: NewAttempt<'_>) -> sqlx::Result<AttemptRow> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH stale AS (DELETE FROM exam_papers WHERE exam_id = $1 AND user_id = $2),
         inserted AS (
           INSERT INTO exam_attempts (exam_id, user_id, user_name, attempt_no, state, layout, slots, max_score, started_at, deadline)
           SELECT $1, $2, $3, coalesce(max(attempt_no), 0) + 1, 'in_progress', $4, $5, $6, now(),
                  LEAST(now() + make_interval(mins => $7), $8)
             FROM exam_attempts WHERE exam_id = $1 AND user_id = $2
           RETURNING *)
         SELECT {COLUMNS} FROM inserted"
    )))
    .bind(a.exam_id)
    .bind(a.user_id)
    .bind(a.user_name)
    .bind(Json(a.layout))
    .bind(a.layout.len() as i32)
    .bind(a.max_score)
    .bind(a.minutes)
    .bind(a.ends_at)
    .fetch_one(db)
    .await
}

/// Keeps `layout` as the learner's next paper, drawn ahead of the start, unless one of this
/// revision of the exam is already kept.
pub async fn keep_paper(db: &PgPool, exam_id: i64, user_id: i64, user_name: &str, revision: i32, layout: &[Slot], max_score: f64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO exam_papers (exam_id, user_id, user_name, revision, layout, slots, max_score) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (exam_id, user_id) DO UPDATE SET user_name = excluded.user_name, revision = excluded.revision,
                layout = excluded.layout, slots = excluded.slots, max_score = excluded.max_score, drawn_at = now()
          WHERE exam_papers.revision <> excluded.revision",
    )
    .bind(exam_id)
    .bind(user_id)
    .bind(user_name)
    .bind(revision)
    .bind(Json(layout))
    .bind(layout.len() as i32)
    .bind(max_score)
    .execute(db)
    .await?;
    Ok(())
}

/// Starts the learner's next attempt on the paper drawn ahead for this revision of the exam, in
/// one statement: the paper moves into a new attempt whose deadline the database's clock sets
/// (the duration plus the learner's extra minutes, never past `ends_at`). `None` when no such
/// paper is kept; an error [`lost_start_race`] recognises when an attempt is already open (the
/// paper then stays for the next one).
pub async fn start_drawn(db: &PgPool, exam_id: i64, user_id: i64, revision: i32, minutes: i32, ends_at: DateTime<Utc>) -> sqlx::Result<Option<AttemptRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH paper AS (DELETE FROM exam_papers WHERE exam_id = $1 AND user_id = $2 AND revision = $3 RETURNING *),
         inserted AS (
           INSERT INTO exam_attempts (exam_id, user_id, user_name, attempt_no, state, layout, slots, max_score, started_at, deadline)
           SELECT p.exam_id, p.user_id, p.user_name,
                  (SELECT coalesce(max(attempt_no), 0) + 1 FROM exam_attempts WHERE exam_id = $1 AND user_id = $2),
                  'in_progress', p.layout, p.slots, p.max_score, now(),
                  LEAST(now() + make_interval(mins => $4 + coalesce((SELECT extra_minutes FROM exam_overrides WHERE exam_id = $1 AND user_id = $2), 0)), $5)
             FROM paper p
           RETURNING *)
         SELECT {COLUMNS} FROM inserted"
    )))
    .bind(exam_id)
    .bind(user_id)
    .bind(revision)
    .bind(minutes)
    .bind(ends_at)
    .fetch_optional(db)
    .await
}

pub fn lost_start_race(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if matches!(d.constraint(), Some("exam_attempts_one_open" | "exam_attempts_exam_id_user_id_attempt_no_key")))
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SavedAnswer {
    pub slot: i32,
    /// The sequence number stored: lower than the one sent means that save changed nothing.
    pub client_seq: i64,
    pub saved_at: DateTime<Utc>,
    /// Saved after the deadline, within the grace period.
    pub late: bool,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AnswerRow {
    pub slot: i32,
    pub client_seq: i64,
    pub answer: Json<Answer>,
    pub status: String,
    pub awarded: Option<f64>,
    pub comment: String,
}

pub async fn answers(db: &mut PgConnection, attempt_id: i64) -> sqlx::Result<Vec<AnswerRow>> {
    sqlx::query_as("SELECT slot, client_seq, answer, status, awarded::float8 AS awarded, comment FROM exam_answers WHERE attempt_id = $1 ORDER BY slot")
        .bind(attempt_id)
        .fetch_all(db)
        .await
}

/// What a save needs to know of its attempt, read under a share lock so that a submission
/// (which takes the row for update) waits for saves in flight and sees their answers.
#[derive(Debug, sqlx::FromRow)]
pub struct SaveTarget {
    pub id: i64,
    pub user_id: i64,
    pub state: String,
    pub deadline: Option<DateTime<Utc>>,
    pub grace_seconds: i32,
    pub now: DateTime<Utc>,
    pub slot: Option<Json<Slot>>,
}

pub async fn lock_for_save(tx: &mut PgConnection, uuid: Uuid, slot: i32) -> sqlx::Result<Option<SaveTarget>> {
    sqlx::query_as(
        "SELECT a.id, a.user_id, a.state, a.deadline, e.grace_seconds, now() AS now, a.layout -> $2 AS slot
           FROM exam_attempts a JOIN exams e ON e.id = a.exam_id WHERE a.uuid = $1 FOR SHARE OF a",
    )
    .bind(uuid)
    .bind(slot)
    .fetch_optional(tx)
    .await
}

/// Stores an answer unless a newer one (a higher `client_seq`) is already there; returns what is stored.
pub async fn upsert_answer(tx: &mut PgConnection, attempt_id: i64, slot: i32, seq: i64, answer: &Answer, late: bool) -> sqlx::Result<SavedAnswer> {
    let stored: Option<SavedAnswer> = sqlx::query_as(
        "INSERT INTO exam_answers (attempt_id, slot, client_seq, answer, late) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (attempt_id, slot) DO UPDATE SET client_seq = excluded.client_seq, answer = excluded.answer,
                saved_at = now(), late = excluded.late
          WHERE exam_answers.client_seq < excluded.client_seq
         RETURNING slot, client_seq, saved_at, late",
    )
    .bind(attempt_id)
    .bind(slot)
    .bind(seq)
    .bind(Json(answer))
    .bind(late)
    .fetch_optional(&mut *tx)
    .await?;
    match stored {
        Some(s) => Ok(s),
        None => {
            sqlx::query_as("SELECT slot, client_seq, saved_at, late FROM exam_answers WHERE attempt_id = $1 AND slot = $2")
                .bind(attempt_id)
                .bind(slot)
                .fetch_one(tx)
                .await
        }
    }
}

/// The attempt with its exam's timing, locked for closing.
#[derive(Debug, sqlx::FromRow)]
pub struct CloseTarget {
    pub id: i64,
    pub state: String,
    pub layout: Json<Vec<Slot>>,
    pub deadline: Option<DateTime<Utc>>,
    pub grace_seconds: i32,
    pub now: DateTime<Utc>,
}

pub async fn lock_for_close(tx: &mut PgConnection, attempt_id: i64) -> sqlx::Result<CloseTarget> {
    sqlx::query_as(
        "SELECT a.id, a.state, a.layout, a.deadline, e.grace_seconds, now() AS now
           FROM exam_attempts a JOIN exams e ON e.id = a.exam_id WHERE a.id = $1 FOR UPDATE OF a",
    )
    .bind(attempt_id)
    .fetch_one(tx)
    .await
}

/// Writes the machine's marks and closes the attempt.
pub async fn write_marks(tx: &mut PgConnection, attempt_id: i64, marks: &[(i32, &str, Option<f64>)], late: bool, auto_closed: bool) -> sqlx::Result<()> {
    let slots: Vec<i32> = marks.iter().map(|m| m.0).collect();
    let statuses: Vec<&str> = marks.iter().map(|m| m.1).collect();
    let awarded: Vec<Option<f64>> = marks.iter().map(|m| m.2).collect();
    sqlx::query(
        "UPDATE exam_answers x SET status = m.status, awarded = m.awarded
           FROM unnest($2::int[], $3::text[], $4::float8[]) AS m(slot, status, awarded)
          WHERE x.attempt_id = $1 AND x.slot = m.slot",
    )
    .bind(attempt_id)
    .bind(&slots)
    .bind(&statuses)
    .bind(&awarded)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE exam_attempts SET state = 'submitted', submitted_at = now(), late = $2, auto_closed = $3 WHERE id = $1")
        .bind(attempt_id)
        .bind(late)
        .bind(auto_closed)
        .execute(&mut *tx)
        .await?;
    rescore(tx, attempt_id).await
}

/// Score and state from the marks so far: `finished` once nothing waits for a teacher.
pub async fn rescore(tx: &mut PgConnection, attempt_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE exam_attempts a SET score = s.score, pending_marking = s.pending,
                state = CASE WHEN s.pending = 0 THEN 'finished' ELSE 'submitted' END,
                passed = CASE WHEN s.pending = 0 THEN a.max_score = 0 OR s.score * 100 >= e.pass_percent * a.max_score END
           FROM (SELECT greatest(0, coalesce(sum(awarded), 0)) AS score, count(*) FILTER (WHERE status = 'needs_marking') AS pending
                   FROM exam_answers WHERE attempt_id = $1) s, exams e
          WHERE a.id = $1 AND e.id = a.exam_id",
    )
    .bind(attempt_id)
    .execute(tx)
    .await?;
    Ok(())
}

/// Open attempts past their deadline and grace: what the sweeper closes.
pub async fn overdue(db: &PgPool, limit: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT a.id FROM exam_attempts a JOIN exams e ON e.id = a.exam_id
          WHERE a.state = 'in_progress' AND a.deadline < now() - make_interval(secs => e.grace_seconds) ORDER BY a.deadline LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Whether any attempt is still open (the sweeper keeps visiting the site while one is).
pub async fn any_in_progress(db: &PgPool) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM exam_attempts WHERE state = 'in_progress')").fetch_one(db).await
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AttemptSummary {
    pub uuid: Uuid,
    pub user_id: i64,
    pub user_name: String,
    pub attempt_no: i32,
    pub state: String,
    pub started_at: Option<DateTime<Utc>>,
    pub deadline: Option<DateTime<Utc>>,
    pub submitted_at: Option<DateTime<Utc>>,
    pub late: bool,
    pub auto_closed: bool,
    pub score: Option<f64>,
    pub max_score: f64,
    pub pending_marking: i32,
    pub passed: Option<bool>,
}

const SUMMARY: &str = "SELECT uuid, user_id, user_name, attempt_no, state, started_at, deadline, submitted_at, late, auto_closed,
        score::float8 AS score, max_score::float8 AS max_score, pending_marking, passed FROM exam_attempts";

pub async fn page_of_exam(db: &PgPool, exam_id: i64, limit: i64, offset: i64) -> sqlx::Result<(Vec<AttemptSummary>, i64)> {
    let total = sqlx::query_scalar("SELECT count(*) FROM exam_attempts WHERE exam_id = $1").bind(exam_id).fetch_one(db).await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SUMMARY} WHERE exam_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3")))
        .bind(exam_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((rows, total))
}

pub async fn summary(db: &PgPool, attempt_id: i64) -> sqlx::Result<AttemptSummary> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SUMMARY} WHERE id = $1"))).bind(attempt_id).fetch_one(db).await
}

/// Answers waiting for a teacher in an exam, oldest submission first.
pub async fn to_mark(db: &PgPool, exam_id: i64) -> sqlx::Result<Vec<(Uuid, String, Json<Vec<Slot>>, i32, Json<Answer>)>> {
    sqlx::query_as(
        "SELECT a.uuid, a.user_name, a.layout, x.slot, x.answer FROM exam_answers x JOIN exam_attempts a ON a.id = x.attempt_id
          WHERE a.exam_id = $1 AND x.status = 'needs_marking' ORDER BY a.submitted_at, a.id, x.slot LIMIT 500",
    )
    .bind(exam_id)
    .fetch_all(db)
    .await
}

/// A teacher's marks for one answer (again, if it was marked before); `false` when that answer
/// is not one a teacher marks.
pub async fn manual_mark(tx: &mut PgConnection, attempt_id: i64, slot: i32, awarded: f64, comment: &str, by: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE exam_answers SET status = 'marked', awarded = $3, comment = $4, marked_by = $5, marked_at = now()
          WHERE attempt_id = $1 AND slot = $2 AND status IN ('needs_marking', 'marked')",
    )
    .bind(attempt_id)
    .bind(slot)
    .bind(awarded)
    .bind(comment)
    .bind(by)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if done {
        rescore(tx, attempt_id).await?;
    }
    Ok(done)
}

/// Every closed attempt's answers of an exam, for its statistics.
pub async fn finished_of_exam(db: &PgPool, exam_id: i64) -> sqlx::Result<Vec<(i64, f64, f64, Json<Vec<Slot>>)>> {
    sqlx::query_as(
        "SELECT id, coalesce(score, 0)::float8, max_score::float8, layout FROM exam_attempts WHERE exam_id = $1 AND state = 'finished'",
    )
    .bind(exam_id)
    .fetch_all(db)
    .await
}

pub async fn answers_of_exam(db: &PgPool, exam_id: i64) -> sqlx::Result<Vec<(i64, i32, Json<Answer>, Option<f64>)>> {
    sqlx::query_as(
        "SELECT x.attempt_id, x.slot, x.answer, x.awarded::float8 FROM exam_answers x JOIN exam_attempts a ON a.id = x.attempt_id
          WHERE a.exam_id = $1 AND a.state = 'finished'",
    )
    .bind(exam_id)
    .fetch_all(db)
    .await
}

pub async fn counts_of_exam(db: &PgPool, exam_id: i64) -> sqlx::Result<(i64, i64, i64, i64)> {
    sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE state = 'finished'), count(*) FILTER (WHERE state = 'in_progress'),
                count(*) FILTER (WHERE state = 'submitted') FROM exam_attempts WHERE exam_id = $1",
    )
    .bind(exam_id)
    .fetch_one(db)
    .await
}

/// Each learner's best attempt at an exam (the highest score, then the latest), with how many
/// they made: a class's quiz results.
#[derive(Debug, sqlx::FromRow)]
pub struct BestAttempt {
    pub user_id: i64,
    pub uuid: Uuid,
    pub state: String,
    pub score: Option<f64>,
    pub max_score: f64,
    pub passed: Option<bool>,
    pub pending_marking: i32,
    pub attempts: i64,
}

pub async fn best_of_learners(db: &PgPool, exam_id: i64, users: &[i64]) -> sqlx::Result<Vec<BestAttempt>> {
    sqlx::query_as(
        "SELECT DISTINCT ON (user_id) user_id, uuid, state, score::float8 AS score, max_score::float8 AS max_score, passed, pending_marking,
                count(*) OVER (PARTITION BY user_id) AS attempts
           FROM exam_attempts WHERE exam_id = $1 AND user_id = ANY($2)
          ORDER BY user_id, score DESC NULLS LAST, attempt_no DESC",
    )
    .bind(exam_id)
    .bind(users)
    .fetch_all(db)
    .await
}
