//! SQL of the `classrooms` and `classroom_people` tables.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClassFields {
    pub name: String,
    pub name_bn: Option<String>,
    pub description: String,
    pub starts_at: DateTime<Utc>,
    pub platform: String,
    pub meeting_link: Option<String>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClassRow {
    pub id: i64,
    #[sqlx(flatten)]
    pub fields: ClassFields,
    pub code: String,
    pub published: bool,
    pub featured: bool,
    /// The course batch whose live room this is, and its course's type and uuid.
    pub course_batch_id: Option<i64>,
    pub course_type: Option<String>,
    pub course_uuid: Option<uuid::Uuid>,
    pub created_at: DateTime<Utc>,
    pub teachers: i64,
    pub students: i64,
    /// The caller's `user_type` in the class, if they are one of its people.
    pub my_type: Option<i16>,
}

/// A course batch's learners who take part in its room: enrolled and not waiting for approval.
const ENROLLED: &str = "e.batch_id = c.course_batch_id AND e.status IN ('active', 'completed')";

/// `$1` is the caller, whose part in each class comes along: one of its people, or a learner of
/// the course batch whose room it is (a student).
fn class_select() -> String {
    format!(
        "SELECT c.id, c.name, c.name_bn, c.description, c.starts_at, c.platform, c.meeting_link, c.code,
            c.published, c.featured, c.course_batch_id, c.created_at, co.course_type, co.uuid AS course_uuid,
            (SELECT count(*) FROM classroom_people p WHERE p.classroom_id = c.id AND p.user_type = 1) AS teachers,
            (SELECT count(*) FROM classroom_people p WHERE p.classroom_id = c.id AND p.user_type = 2)
              + (SELECT count(*) FROM enrollments e WHERE {ENROLLED}
                    AND NOT EXISTS (SELECT 1 FROM classroom_people p WHERE p.classroom_id = c.id AND p.user_id = e.user_id)) AS students,
            coalesce((SELECT p.user_type FROM classroom_people p WHERE p.classroom_id = c.id AND p.user_id = $1),
                     (SELECT 2::int2 FROM enrollments e WHERE {ENROLLED} AND e.user_id = $1)) AS my_type
       FROM classrooms c
       LEFT JOIN batches b ON b.id = c.course_batch_id
       LEFT JOIN courses co ON co.id = b.course_id"
    )
}

pub struct Filter<'a> {
    pub user_id: i64,
    /// Only classes where the caller is of this `user_type`; `None` with `everyone` false: any part.
    pub user_type: Option<i16>,
    /// Every class of the site (its admins).
    pub everyone: bool,
    /// A LIKE pattern over both names.
    pub pattern: Option<&'a str>,
    /// Only classes of their own, not a course batch's live room.
    pub unassigned: bool,
    /// Only the live rooms of this type of course (`webinar`).
    pub course_type: Option<&'a str>,
}

fn filter() -> String {
    format!(
        "WHERE ($2 OR EXISTS (SELECT 1 FROM classroom_people p WHERE p.classroom_id = c.id AND p.user_id = $1
                                  AND ($3::int2 IS NULL OR p.user_type = $3))
                 OR (coalesce($3, 2) = 2 AND EXISTS (SELECT 1 FROM enrollments e WHERE {ENROLLED} AND e.user_id = $1)))
           AND ($4::text IS NULL OR c.name ILIKE $4 OR c.name_bn ILIKE $4)
           AND (NOT $5 OR c.course_batch_id IS NULL)
           AND ($6::text IS NULL OR EXISTS (SELECT 1 FROM batches b JOIN courses co ON co.id = b.course_id
                                             WHERE b.id = c.course_batch_id AND co.course_type = $6))"
    )
}

pub async fn count(db: &PgPool, f: &Filter<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM classrooms c {}", filter())))
        .bind(f.user_id)
        .bind(f.everyone)
        .bind(f.user_type)
        .bind(f.pattern)
        .bind(f.unassigned)
        .bind(f.course_type)
        .fetch_one(db)
        .await
}

pub async fn list(db: &PgPool, f: &Filter<'_>, limit: i64, offset: i64) -> sqlx::Result<Vec<ClassRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{} {} ORDER BY c.starts_at DESC, c.id DESC LIMIT $7 OFFSET $8", class_select(), filter())))
        .bind(f.user_id)
        .bind(f.everyone)
        .bind(f.user_type)
        .bind(f.pattern)
        .bind(f.unassigned)
        .bind(f.course_type)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await
}

pub async fn find(db: &PgPool, id: i64, user_id: i64) -> sqlx::Result<Option<ClassRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{} WHERE c.id = $2", class_select()))).bind(user_id).bind(id).fetch_optional(db).await
}

pub async fn find_by_code(db: &PgPool, code: &str, user_id: i64) -> sqlx::Result<Option<ClassRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{} WHERE c.code = $2", class_select()))).bind(user_id).bind(code).fetch_optional(db).await
}

/// A course batch's live room, if it has one.
pub async fn find_by_batch(db: &PgPool, batch_id: i64, user_id: i64) -> sqlx::Result<Option<ClassRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{} WHERE c.course_batch_id = $2", class_select()))).bind(user_id).bind(batch_id).fetch_optional(db).await
}

/// Creates a class (a course batch's room with `batch`) with its creator as its first teacher;
/// `None` when the batch got its room meanwhile.
pub async fn insert(tx: &mut PgConnection, f: &ClassFields, code: &str, creator: &NewPerson, batch: Option<i64>) -> sqlx::Result<Option<i64>> {
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO classrooms (name, name_bn, description, starts_at, platform, meeting_link, code, created_by, course_batch_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (course_batch_id) DO NOTHING RETURNING id",
    )
    .bind(&f.name)
    .bind(&f.name_bn)
    .bind(&f.description)
    .bind(f.starts_at)
    .bind(&f.platform)
    .bind(&f.meeting_link)
    .bind(code)
    .bind(creator.user_id)
    .bind(batch)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = id {
        insert_person(tx, id, creator).await?;
    }
    Ok(id)
}

pub async fn update(db: &PgPool, id: i64, f: &ClassFields) -> sqlx::Result<bool> {
    let q = sqlx::query(
        "UPDATE classrooms SET name = $2, name_bn = $3, description = $4, starts_at = $5, platform = $6, meeting_link = $7,
                updated_at = now() WHERE id = $1",
    );
    Ok(q.bind(id)
        .bind(&f.name)
        .bind(&f.name_bn)
        .bind(&f.description)
        .bind(f.starts_at)
        .bind(&f.platform)
        .bind(&f.meeting_link)
        .execute(db)
        .await?
        .rows_affected()
        > 0)
}

pub async fn set_flags(db: &PgPool, id: i64, published: Option<bool>, featured: Option<bool>) -> sqlx::Result<bool> {
    Ok(sqlx::query(
        "UPDATE classrooms SET published = coalesce($2, published), featured = coalesce($3, featured), updated_at = now() WHERE id = $1",
    )
    .bind(id)
    .bind(published)
    .bind(featured)
    .execute(db)
    .await?
    .rows_affected()
        > 0)
}

pub async fn delete(db: &PgPool, id: i64) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM classrooms WHERE id = $1").bind(id).execute(db).await?.rows_affected() > 0)
}

/// The next session of each class that has not ended yet.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NextSession {
    pub classroom_id: i64,
    pub id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

pub async fn next_sessions(db: &PgPool, classes: &[i64]) -> sqlx::Result<Vec<NextSession>> {
    sqlx::query_as(
        "SELECT c.id AS classroom_id, s.id, s.title, s.title_bn, s.starts_at, s.ends_at
           FROM unnest($1::int8[]) AS c(id),
                LATERAL (SELECT id, title, title_bn, starts_at, starts_at + make_interval(mins => duration_minutes) AS ends_at
                           FROM classroom_sessions
                          WHERE classroom_id = c.id AND starts_at + make_interval(mins => duration_minutes) > now()
                          ORDER BY starts_at LIMIT 1) s",
    )
    .bind(classes)
    .fetch_all(db)
    .await
}

/// The names of a class's teachers, as its join page shows them.
pub async fn teacher_names(db: &PgPool, id: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT name FROM classroom_people WHERE classroom_id = $1 AND user_type = 1 ORDER BY id").bind(id).fetch_all(db).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PersonRow {
    pub id: i64,
    pub classroom_id: i64,
    pub user_id: Option<i64>,
    pub user_type: i16,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub invited_at: Option<DateTime<Utc>>,
    pub joined_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

const PERSON: &str = "SELECT id, classroom_id, user_id, user_type, name, email, phone, invited_at, joined_at, created_at FROM classroom_people";

pub struct NewPerson {
    pub user_id: Option<i64>,
    pub user_type: i16,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

pub async fn insert_person(db: &mut PgConnection, classroom_id: i64, p: &NewPerson) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO classroom_people (classroom_id, user_id, user_type, name, email, phone, joined_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $2::int8 IS NULL THEN NULL ELSE now() END) RETURNING id",
    )
    .bind(classroom_id)
    .bind(p.user_id)
    .bind(p.user_type)
    .bind(&p.name)
    .bind(&p.email)
    .bind(&p.phone)
    .fetch_one(db)
    .await
}

pub async fn mark_invited(db: &PgPool, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE classroom_people SET invited_at = now() WHERE id = $1").bind(id).execute(db).await.map(|_| ())
}

pub async fn person(db: &PgPool, id: i64) -> sqlx::Result<Option<PersonRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{PERSON} WHERE id = $1"))).bind(id).fetch_optional(db).await
}

/// A page of a class's people, teachers first, then in the order they were added.
pub async fn people(db: &PgPool, classroom_id: i64, user_type: Option<i16>, pattern: Option<&str>, limit: i64, offset: i64) -> sqlx::Result<(Vec<PersonRow>, i64)> {
    const WHERE: &str = "WHERE classroom_id = $1 AND ($2::int2 IS NULL OR user_type = $2)
                           AND ($3::text IS NULL OR name ILIKE $3 OR email ILIKE $3 OR phone ILIKE $3)";
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM classroom_people {WHERE}")))
        .bind(classroom_id)
        .bind(user_type)
        .bind(pattern)
        .fetch_one(db)
        .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{PERSON} {WHERE} ORDER BY user_type, id LIMIT $4 OFFSET $5")))
        .bind(classroom_id)
        .bind(user_type)
        .bind(pattern)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((rows, total))
}

pub async fn rename_person(db: impl sqlx::PgExecutor<'_>, id: i64, name: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE classroom_people SET name = $2 WHERE id = $1").bind(id).bind(name).execute(db).await.map(|_| ())
}

/// Whether a teacher may stop being one: not the class's last. The class's teachers are locked
/// first, so two teachers leaving at once cannot leave it with none.
async fn others_teach(tx: &mut PgConnection, p: &PersonRow) -> sqlx::Result<bool> {
    if p.user_type != 1 {
        return Ok(true);
    }
    let teachers: Vec<i64> = sqlx::query_scalar("SELECT id FROM classroom_people WHERE classroom_id = $1 AND user_type = 1 FOR UPDATE")
        .bind(p.classroom_id)
        .fetch_all(&mut *tx)
        .await?;
    Ok(teachers.len() > 1)
}

/// Removes a person unless they are the class's last teacher (answers false then).
pub async fn remove_person(tx: &mut PgConnection, p: &PersonRow) -> sqlx::Result<bool> {
    if !others_teach(tx, p).await? {
        return Ok(false);
    }
    sqlx::query("DELETE FROM classroom_people WHERE id = $1").bind(p.id).execute(&mut *tx).await?;
    Ok(true)
}

/// Makes a person a teacher (1) or a student (2), unless that leaves the class without a teacher.
pub async fn set_part(tx: &mut PgConnection, p: &PersonRow, user_type: i16) -> sqlx::Result<bool> {
    if user_type != 1 && !others_teach(tx, p).await? {
        return Ok(false);
    }
    sqlx::query("UPDATE classroom_people SET user_type = $2 WHERE id = $1").bind(p.id).bind(user_type).execute(&mut *tx).await?;
    Ok(true)
}

/// Joins the caller to a class through its link: their invitation (by e-mail or phone) is taken up
/// when there is one, else they are added as a student. Joining again changes nothing.
pub async fn join(tx: &mut PgConnection, classroom_id: i64, user_id: i64, name: &str, email: Option<&str>, phone: Option<&str>) -> sqlx::Result<()> {
    let already: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM classroom_people WHERE classroom_id = $1 AND user_id = $2)")
        .bind(classroom_id)
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
    if already {
        return Ok(());
    }
    let claimed = sqlx::query(
        "UPDATE classroom_people SET user_id = $2, joined_at = now()
          WHERE id = (SELECT id FROM classroom_people WHERE classroom_id = $1 AND user_id IS NULL
                         AND (lower(email) = lower($3) OR phone = $4) ORDER BY user_type, id LIMIT 1 FOR UPDATE)",
    )
    .bind(classroom_id)
    .bind(user_id)
    .bind(email)
    .bind(phone)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if claimed == 0 {
        let student = NewPerson { user_id: Some(user_id), user_type: 2, name: name.to_owned(), email: email.map(str::to_owned), phone: phone.map(str::to_owned) };
        // Another person of the class may hold this e-mail or phone already (added before the
        // caller registered it): the caller still joins, known by their account alone.
        sqlx::query("SAVEPOINT join_class").execute(&mut *tx).await?;
        match insert_person(tx, classroom_id, &student).await {
            Err(e) if e.as_database_error().is_some_and(|d| d.is_unique_violation()) => {
                sqlx::query("ROLLBACK TO SAVEPOINT join_class").execute(&mut *tx).await?;
                let bare = NewPerson { email: None, phone: None, ..student };
                insert_person(tx, classroom_id, &bare).await?;
            }
            other => {
                other?;
            }
        }
    }
    Ok(())
}

/// A class's joined students, by name: who an attendance sheet lists.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Student {
    pub user_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

pub async fn students(db: &PgPool, classroom_id: i64) -> sqlx::Result<Vec<Student>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT user_id, name, email, phone FROM classroom_people WHERE classroom_id = $1 AND user_type = 2 AND user_id IS NOT NULL
         UNION ALL
         SELECT e.user_id, e.user_name, e.user_email, NULL FROM classrooms c JOIN enrollments e ON {ENROLLED}
          WHERE c.id = $1 AND NOT EXISTS (SELECT 1 FROM classroom_people p WHERE p.classroom_id = $1 AND p.user_id = e.user_id)
         ORDER BY name, user_id"
    )))
    .bind(classroom_id)
    .fetch_all(db)
    .await
}

/// A session of one of the caller's classes (the dashboard's upcoming classes).
#[derive(Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct ComingSession {
    pub classroom_id: i64,
    pub classroom_name: String,
    pub classroom_name_bn: Option<String>,
    pub session_id: i64,
    pub title: String,
    pub title_bn: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

/// The first `limit` sessions not yet ended of the classes the user takes part in (one of their
/// people, or a learner of the course batch whose room it is), soonest first.
pub async fn coming_sessions(db: &PgPool, user_id: i64, limit: i64) -> sqlx::Result<Vec<ComingSession>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT c.id AS classroom_id, c.name AS classroom_name, c.name_bn AS classroom_name_bn, s.id AS session_id, s.title, s.title_bn,
                s.starts_at, s.starts_at + make_interval(mins => s.duration_minutes) AS ends_at
           FROM classroom_sessions s JOIN classrooms c ON c.id = s.classroom_id
          WHERE s.starts_at + make_interval(mins => s.duration_minutes) > now()
            AND (EXISTS (SELECT 1 FROM classroom_people p WHERE p.classroom_id = c.id AND p.user_id = $1)
                 OR EXISTS (SELECT 1 FROM enrollments e WHERE {ENROLLED} AND e.user_id = $1))
          ORDER BY s.starts_at, s.id LIMIT $2"
    )))
    .bind(user_id)
    .bind(limit)
    .fetch_all(db)
    .await
}
