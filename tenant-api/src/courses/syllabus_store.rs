//! SQL of `course_sections` and `lessons`.

use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Lesson {
    pub id: i64,
    pub course_id: i64,
    pub section_id: i64,
    pub title: String,
    pub title_bn: String,
    pub lesson_type: String,
    pub position: i32,
    pub duration_minutes: Option<i32>,
    pub body: Option<String>,
    pub media_url: Option<String>,
    pub has_file: bool,
    pub file_name: Option<String>,
    #[serde(skip)]
    pub file_key: Option<String>,
    #[serde(skip)]
    pub file_mime: Option<String>,
    /// The lesson's own bytes (not a content bank file it plays): replacing them removes them.
    #[serde(skip)]
    pub own_file: bool,
    /// The content bank part it was made from; its file is played from there, not copied.
    pub content_part_id: Option<i64>,
    /// The Exam Centre exam a quiz or exam lesson is taken through.
    pub exam_id: Option<i64>,
    /// Where learners take it (`/exam-front/single/{uuid}`); absent once the exam is removed.
    pub exam_uuid: Option<Uuid>,
    /// Whether learners can take it yet.
    pub exam_published: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Section {
    pub id: i64,
    pub course_id: i64,
    pub title: String,
    pub title_bn: String,
    pub position: i32,
    #[sqlx(skip)]
    pub lessons: Vec<Lesson>,
}

const LESSON: &str = "SELECT l.id, l.course_id, l.section_id, l.title, l.title_bn, l.lesson_type, l.position, l.duration_minutes,
        l.body, coalesce(l.media_url, cf.url) AS media_url, coalesce(l.file_key, cf.object_key) IS NOT NULL AS has_file,
        coalesce(l.file_name, cf.file_name) AS file_name, coalesce(l.file_key, cf.object_key) AS file_key,
        coalesce(l.file_mime, cf.mime) AS file_mime, l.file_key IS NOT NULL AS own_file, l.content_part_id,
        l.assessment_id AS exam_id, e.uuid AS exam_uuid, e.published AS exam_published
   FROM lessons l LEFT JOIN exams e ON e.id = l.assessment_id AND e.deleted_at IS NULL
        LEFT JOIN content_parts cp ON cp.id = l.content_part_id LEFT JOIN files cf ON cf.id = cp.file_id";

pub async fn sections_with_lessons(db: &PgPool, course_id: i64) -> sqlx::Result<Vec<Section>> {
    let mut sections: Vec<Section> =
        sqlx::query_as("SELECT id, course_id, title, title_bn, position FROM course_sections WHERE course_id = $1 ORDER BY position, id")
            .bind(course_id)
            .fetch_all(db)
            .await?;
    let lessons = lessons_of_course(db, course_id).await?;
    for section in &mut sections {
        section.lessons = lessons.iter().filter(|l| l.section_id == section.id).cloned().collect();
    }
    Ok(sections)
}

/// Every lesson of a course in learning order (section order, then lesson order).
pub async fn lessons_of_course(db: &PgPool, course_id: i64) -> sqlx::Result<Vec<Lesson>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{LESSON} WHERE l.course_id = $1
          ORDER BY (SELECT position FROM course_sections s WHERE s.id = l.section_id), section_id, position, id"
    )))
    .bind(course_id)
    .fetch_all(db)
    .await
}

pub async fn lessons_of_section(db: &PgPool, section_id: i64) -> sqlx::Result<Vec<Lesson>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{LESSON} WHERE l.section_id = $1 ORDER BY l.position, l.id"))).bind(section_id).fetch_all(db).await
}

pub async fn section(db: &PgPool, id: i64) -> sqlx::Result<Option<Section>> {
    sqlx::query_as("SELECT id, course_id, title, title_bn, position FROM course_sections WHERE id = $1").bind(id).fetch_optional(db).await
}

/// Adds a section and answers it as written: one statement, so a section is never written
/// without its answer (a second query may meet a session ended by a cut-over or a failover, and
/// the caller would be told 503 for a write that was made).
pub async fn insert_section(db: &PgPool, course_id: i64, title: &str, title_bn: &str) -> sqlx::Result<Section> {
    sqlx::query_as(
        "INSERT INTO course_sections (course_id, title, title_bn, position)
         VALUES ($1, $2, $3, (SELECT COALESCE(max(position) + 1, 0) FROM course_sections WHERE course_id = $1))
         RETURNING id, course_id, title, title_bn, position",
    )
    .bind(course_id)
    .bind(title)
    .bind(title_bn)
    .fetch_one(db)
    .await
}

pub async fn rename_section(db: &PgPool, id: i64, title: &str, title_bn: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE course_sections SET title = $2, title_bn = $3 WHERE id = $1").bind(id).bind(title).bind(title_bn).execute(db).await?;
    Ok(())
}

pub async fn delete_section(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM course_sections WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

pub async fn lesson(db: &PgPool, id: i64) -> sqlx::Result<Option<Lesson>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{LESSON} WHERE l.id = $1"))).bind(id).fetch_optional(db).await
}

/// The editable fields of a lesson, already validated.
pub struct LessonFields {
    pub title: String,
    pub title_bn: String,
    pub lesson_type: String,
    pub duration_minutes: Option<i32>,
    pub body: Option<String>,
    pub media_url: Option<String>,
    pub exam_id: Option<i64>,
    /// Set only when a lesson is made from a content bank part.
    pub content_part_id: Option<i64>,
}

pub async fn insert_lesson(db: &PgPool, course_id: i64, section_id: i64, f: &LessonFields) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO lessons (course_id, section_id, title, title_bn, lesson_type, duration_minutes, body, media_url, assessment_id,
                              content_part_id, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, (SELECT COALESCE(max(position) + 1, 0) FROM lessons WHERE section_id = $2))
         RETURNING id",
    )
    .bind(course_id)
    .bind(section_id)
    .bind(&f.title)
    .bind(&f.title_bn)
    .bind(&f.lesson_type)
    .bind(f.duration_minutes)
    .bind(&f.body)
    .bind(&f.media_url)
    .bind(f.exam_id)
    .bind(f.content_part_id)
    .fetch_one(db)
    .await
}

pub async fn update_lesson(db: &PgPool, id: i64, f: &LessonFields) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE lessons SET title = $2, title_bn = $3, lesson_type = $4, duration_minutes = $5, body = $6, media_url = $7,
             assessment_id = $8 WHERE id = $1",
    )
    .bind(id)
    .bind(&f.title)
    .bind(&f.title_bn)
    .bind(&f.lesson_type)
    .bind(f.duration_minutes)
    .bind(&f.body)
    .bind(&f.media_url)
    .bind(f.exam_id)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn set_lesson_file(db: &PgPool, id: i64, key: &str, name: &str, mime: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE lessons SET file_key = $2, file_name = $3, file_mime = $4 WHERE id = $1")
        .bind(id)
        .bind(key)
        .bind(name)
        .bind(mime)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn delete_lesson(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM lessons WHERE id = $1").bind(id).execute(db).await?;
    Ok(())
}

/// Writes a complete new order: section positions, and each lesson's section and position.
pub async fn reorder(db: &PgPool, course_id: i64, order: &[(i64, Vec<i64>)]) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    for (section_position, (section_id, lessons)) in order.iter().enumerate() {
        sqlx::query("UPDATE course_sections SET position = $3 WHERE id = $1 AND course_id = $2")
            .bind(section_id)
            .bind(course_id)
            .bind(section_position as i32)
            .execute(&mut *tx)
            .await?;
        for (position, lesson_id) in lessons.iter().enumerate() {
            sqlx::query("UPDATE lessons SET section_id = $2, position = $4 WHERE id = $1 AND course_id = $3")
                .bind(lesson_id)
                .bind(section_id)
                .bind(course_id)
                .bind(position as i32)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await
}

/// Whether a lesson takes its learners through this exam.
pub async fn exam_in_use(db: &PgPool, exam_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM lessons WHERE assessment_id = $1)").bind(exam_id).fetch_one(db).await
}
