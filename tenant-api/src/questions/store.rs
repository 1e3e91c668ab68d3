//! SQL of `questions`, `question_versions` and `question_folders`. `owner` narrows every read
//! and write to one author's rows (a teacher); `None` is the whole site (its admins).

use super::content::Content;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgPool, Postgres, Transaction};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct QuestionSummary {
    pub id: i64,
    pub version: i32,
    pub question_type: String,
    pub folder_id: Option<i64>,
    pub category_id: Option<i64>,
    pub owner_id: i64,
    pub text: String,
    pub text_bn: String,
    pub marks: f64,
    /// How many colleagues it is shared with one by one (its folder's shares not counted).
    pub shared_count: i64,
    pub updated_at: DateTime<Utc>,
}

const SUMMARY: &str = "SELECT q.id, q.version, q.question_type, q.folder_id, q.category_id, q.owner_id, q.text, q.text_bn,
        q.marks::float8 AS marks, (SELECT count(*) FROM question_shares s WHERE s.question_id = q.id) AS shared_count, q.updated_at
   FROM questions q";

/// Whose questions a read reaches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reach {
    /// Every author's (a site's admins).
    Site,
    /// One author's own.
    Own(i64),
    /// Those colleagues shared with this person, one by one or through a folder.
    SharedWith(i64),
    /// This person's own and those shared with them: what they may read and put in an exam.
    Usable(i64),
}

impl Reach {
    /// (owner, sharee) for [`reach_sql`].
    fn binds(self) -> (Option<i64>, Option<i64>) {
        match self {
            Self::Site => (None, None),
            Self::Own(u) => (Some(u), None),
            Self::SharedWith(u) => (None, Some(u)),
            Self::Usable(u) => (Some(u), Some(u)),
        }
    }
}

/// The condition on `q` of a [`Reach`] bound as `$owner` and `$sharee` (both null: the site).
fn reach_sql(owner: usize, sharee: usize) -> String {
    format!(
        "((${owner}::bigint IS NULL AND ${sharee}::bigint IS NULL) OR q.owner_id = ${owner}
          OR q.id IN (SELECT question_id FROM question_shares WHERE user_id = ${sharee})
          OR q.folder_id IN ({}))",
        shared_folders_sql(sharee)
    )
}

/// The condition on folder `f` of a [`Reach`] bound as `$owner` and `$sharee`.
fn folder_reach_sql(owner: usize, sharee: usize) -> String {
    format!(
        "((${owner}::bigint IS NULL AND ${sharee}::bigint IS NULL) OR f.owner_id = ${owner} OR f.id IN ({}))",
        shared_folders_sql(sharee)
    )
}

/// The folders shared with `$sharee` and every folder inside them, at any depth.
fn shared_folders_sql(sharee: usize) -> String {
    format!(
        "WITH RECURSIVE down(id) AS (
            SELECT folder_id FROM question_folder_shares WHERE user_id = ${sharee}
            UNION SELECT c.id FROM question_folders c JOIN down ON c.parent_id = down.id)
         SELECT id FROM down"
    )
}

/// One question at its current version, with the content of that version.
pub async fn find(db: &PgPool, id: i64, reach: Reach) -> sqlx::Result<Option<(QuestionSummary, Content, DateTime<Utc>)>> {
    let (owner, sharee) = reach.binds();
    let row: Option<(sqlx::types::Json<Content>, DateTime<Utc>)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT v.content, q.created_at FROM questions q JOIN question_versions v ON v.question_id = q.id AND v.version = q.version
          WHERE q.id = $1 AND q.deleted_at IS NULL AND {}",
        reach_sql(2, 3)
    )))
    .bind(id)
    .bind(owner)
    .bind(sharee)
    .fetch_optional(db)
    .await?;
    let Some((content, created_at)) = row else { return Ok(None) };
    let summary = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SUMMARY} WHERE q.id = $1"))).bind(id).fetch_one(db).await?;
    Ok(Some((summary, content.0, created_at)))
}

/// Which of these questions exist and are within reach (an exam's fixed questions).
pub async fn usable(db: &PgPool, ids: &[i64], reach: Reach) -> sqlx::Result<Vec<i64>> {
    let (owner, sharee) = reach.binds();
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT q.id FROM questions q WHERE q.id = ANY($1) AND q.deleted_at IS NULL AND {}", reach_sql(2, 3))))
        .bind(ids)
        .bind(owner)
        .bind(sharee)
        .fetch_all(db)
        .await
}

/// How many questions each of these folders holds, for those of them within `reach` (an exam's
/// random picks: the author's own folders and those shared with them).
pub async fn folder_sizes(db: &PgPool, folders: &[i64], reach: Reach) -> sqlx::Result<Vec<(i64, i64)>> {
    let (owner, sharee) = reach.binds();
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT f.id, (SELECT count(*) FROM questions q WHERE q.folder_id = f.id AND q.deleted_at IS NULL)
           FROM question_folders f WHERE f.id = ANY($1) AND {}",
        folder_reach_sql(2, 3)
    )))
    .bind(folders)
    .bind(owner)
    .bind(sharee)
    .fetch_all(db)
    .await
}

pub struct Filter<'a> {
    pub reach: Reach,
    pub search: Option<&'a str>,
    pub question_type: Option<&'a str>,
    pub category_id: Option<i64>,
    pub folder_id: Option<i64>,
}

/// The list's filter; `sharee` is the number of the parameter after the others.
fn filter_sql(sharee: usize) -> String {
    format!(
        "q.deleted_at IS NULL AND {} AND ($2::text IS NULL OR q.text ILIKE $2 OR q.text_bn ILIKE $2)
         AND ($3::text IS NULL OR q.question_type = $3) AND ($4::bigint IS NULL OR q.category_id = $4)
         AND ($5::bigint IS NULL OR q.folder_id = $5)",
        reach_sql(1, sharee)
    )
}

/// A page of questions, most recently changed first, and how many match in all.
pub async fn page(db: &PgPool, f: &Filter<'_>, limit: i64, offset: i64) -> sqlx::Result<(Vec<QuestionSummary>, i64)> {
    let pattern = control_plane::pagination::contains_pattern(f.search);
    let (owner, sharee) = f.reach.binds();
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM questions q WHERE {}", filter_sql(6))))
        .bind(owner)
        .bind(&pattern)
        .bind(f.question_type)
        .bind(f.category_id)
        .bind(f.folder_id)
        .bind(sharee)
        .fetch_one(db)
        .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SUMMARY} WHERE {} ORDER BY q.updated_at DESC, q.id DESC LIMIT $6 OFFSET $7", filter_sql(8))))
        .bind(owner)
        .bind(&pattern)
        .bind(f.question_type)
        .bind(f.category_id)
        .bind(f.folder_id)
        .bind(limit)
        .bind(offset)
        .bind(sharee)
        .fetch_all(db)
        .await?;
    Ok((rows, total))
}

pub struct Placement {
    pub folder_id: Option<i64>,
    pub category_id: Option<i64>,
}

/// A new question at version 1.
pub async fn insert(db: &PgPool, owner: i64, kind: &str, place: &Placement, content: &Content) -> sqlx::Result<i64> {
    let mut tx = db.begin().await?;
    let id = insert_in(&mut tx, owner, kind, place, content).await?;
    tx.commit().await?;
    Ok(id)
}

/// Many new questions, all or none (an import).
pub async fn insert_all(db: &PgPool, owner: i64, questions: &[(String, Placement, Content)]) -> sqlx::Result<Vec<i64>> {
    let mut tx = db.begin().await?;
    let mut ids = Vec::with_capacity(questions.len());
    for (kind, place, content) in questions {
        ids.push(insert_in(&mut tx, owner, kind, place, content).await?);
    }
    tx.commit().await?;
    Ok(ids)
}

async fn insert_in(tx: &mut Transaction<'_, Postgres>, owner: i64, kind: &str, place: &Placement, content: &Content) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO questions (folder_id, owner_id, category_id, question_type, text, text_bn, marks)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(place.folder_id)
    .bind(owner)
    .bind(place.category_id)
    .bind(kind)
    .bind(&content.text)
    .bind(&content.text_bn)
    .bind(content.marks)
    .fetch_one(&mut **tx)
    .await?;
    add_version(tx, id, 1, kind, content, owner).await?;
    Ok(id)
}

/// Every question the owner reaches (in one folder, or all), oldest first, at its current
/// version: what an export writes.
pub async fn contents(db: &PgPool, owner: Option<i64>, folder: Option<i64>) -> sqlx::Result<Vec<(i64, String, Content)>> {
    let rows: Vec<(i64, String, sqlx::types::Json<Content>)> = sqlx::query_as(
        "SELECT q.id, q.question_type, v.content FROM questions q JOIN question_versions v ON v.question_id = q.id AND v.version = q.version
          WHERE q.deleted_at IS NULL AND ($1::bigint IS NULL OR q.owner_id = $1) AND ($2::bigint IS NULL OR q.folder_id = $2)
          ORDER BY q.id LIMIT 5000",
    )
    .bind(owner)
    .bind(folder)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(id, kind, c)| (id, kind, c.0)).collect())
}

/// The question's next version; `false` when it is gone (or not the owner's).
pub async fn update(db: &PgPool, id: i64, owner: Option<i64>, editor: i64, kind: &str, place: &Placement, content: &Content) -> sqlx::Result<bool> {
    let mut tx = db.begin().await?;
    let version: Option<i32> = sqlx::query_scalar(
        "UPDATE questions SET version = version + 1, question_type = $3, folder_id = $4, category_id = $5, text = $6, text_bn = $7,
                marks = $8, updated_at = now()
          WHERE id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR owner_id = $2) RETURNING version",
    )
    .bind(id)
    .bind(owner)
    .bind(kind)
    .bind(place.folder_id)
    .bind(place.category_id)
    .bind(&content.text)
    .bind(&content.text_bn)
    .bind(content.marks)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(version) = version else { return Ok(false) };
    add_version(&mut tx, id, version, kind, content, editor).await?;
    tx.commit().await?;
    Ok(true)
}

async fn add_version(tx: &mut Transaction<'_, Postgres>, id: i64, version: i32, kind: &str, content: &Content, by: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO question_versions (question_id, version, question_type, content, created_by) VALUES ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(version)
        .bind(kind)
        .bind(sqlx::types::Json(content))
        .bind(by)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Marks a question deleted (its versions stay for the attempts that used them).
pub async fn delete(db: &PgPool, id: i64, owner: Option<i64>) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE questions SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR owner_id = $2)")
        .bind(id)
        .bind(owner)
        .execute(db)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// The content of one version of a question, as an attempt was given it.
pub async fn version(db: &PgPool, id: i64, version: i32) -> sqlx::Result<Option<Content>> {
    let row: Option<sqlx::types::Json<Content>> =
        sqlx::query_scalar("SELECT content FROM question_versions WHERE question_id = $1 AND version = $2").bind(id).bind(version).fetch_optional(db).await?;
    Ok(row.map(|c| c.0))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[schema(as = QuestionFolder)]
pub struct Folder {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub name: String,
    pub question_count: i64,
    pub folder_count: i64,
    /// Whom its owner shared it with (filled in where the owner looks).
    #[sqlx(skip)]
    pub shared_with: Vec<crate::files::Person>,
}

const FOLDER: &str = "SELECT f.id, f.parent_id, f.name,
        (SELECT count(*) FROM questions q WHERE q.folder_id = f.id AND q.deleted_at IS NULL) AS question_count,
        (SELECT count(*) FROM question_folders c WHERE c.parent_id = f.id) AS folder_count
   FROM question_folders f";

pub async fn folder(db: &PgPool, id: i64, owner: Option<i64>) -> sqlx::Result<Option<Folder>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{FOLDER} WHERE f.id = $1 AND ($2::bigint IS NULL OR f.owner_id = $2)")))
        .bind(id)
        .bind(owner)
        .fetch_optional(db)
        .await
}

/// Who owns a folder the caller reaches.
pub async fn folder_owner(db: &PgPool, id: i64, owner: Option<i64>) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT owner_id FROM question_folders WHERE id = $1 AND ($2::bigint IS NULL OR owner_id = $2)")
        .bind(id)
        .bind(owner)
        .fetch_optional(db)
        .await
}

pub struct FolderFilter<'a> {
    /// Own folders, or those colleagues shared with the caller (and the folders inside them).
    pub reach: Reach,
    pub search: Option<&'a str>,
    /// `None`: every level (pickers); `Some(None)`: the top level; `Some(Some(id))`: inside `id`.
    pub parent: Option<Option<i64>>,
}

pub async fn folders(db: &PgPool, f: &FolderFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<(Vec<Folder>, i64)> {
    let filter = format!(
        "{} AND ($3::text IS NULL OR f.name ILIKE $3) AND (NOT $4 OR f.parent_id IS NOT DISTINCT FROM $5)",
        folder_reach_sql(1, 2)
    );
    let (owner, sharee) = f.reach.binds();
    let pattern = control_plane::pagination::contains_pattern(f.search);
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM question_folders f WHERE {filter}")))
        .bind(owner)
        .bind(sharee)
        .bind(&pattern)
        .bind(f.parent.is_some())
        .bind(f.parent.flatten())
        .fetch_one(db)
        .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{FOLDER} WHERE {filter} ORDER BY lower(f.name), f.id LIMIT $6 OFFSET $7")))
        .bind(owner)
        .bind(sharee)
        .bind(&pattern)
        .bind(f.parent.is_some())
        .bind(f.parent.flatten())
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((rows, total))
}

pub async fn insert_folder(db: &PgPool, owner: i64, name: &str, parent_id: Option<i64>) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO question_folders (owner_id, name, parent_id) VALUES ($1, $2, $3) RETURNING id")
        .bind(owner)
        .bind(name)
        .bind(parent_id)
        .fetch_one(db)
        .await
}

pub async fn update_folder(db: &PgPool, id: i64, name: &str, parent_id: Option<i64>) -> sqlx::Result<()> {
    sqlx::query("UPDATE question_folders SET name = $2, parent_id = $3 WHERE id = $1").bind(id).bind(name).bind(parent_id).execute(db).await?;
    Ok(())
}

/// Whether `candidate` is `folder` itself or lies inside it (moving `folder` there would make a loop).
pub async fn is_within(db: &PgPool, candidate: i64, folder: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "WITH RECURSIVE up(id, parent_id) AS (
             SELECT id, parent_id FROM question_folders WHERE id = $1
             UNION SELECT f.id, f.parent_id FROM question_folders f JOIN up ON f.id = up.parent_id)
         SELECT EXISTS (SELECT 1 FROM up WHERE id = $2)",
    )
    .bind(candidate)
    .bind(folder)
    .fetch_one(db)
    .await
}

/// Deletes a folder. With `with_contents`, its subfolders go too and every question in them is
/// marked deleted; otherwise its questions and subfolders move up to its parent.
pub async fn delete_folder(db: &PgPool, id: i64, parent_id: Option<i64>, with_contents: bool) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    if with_contents {
        sqlx::query(
            "WITH RECURSIVE down(id) AS (SELECT $1::bigint UNION SELECT f.id FROM question_folders f JOIN down ON f.parent_id = down.id)
             UPDATE questions SET deleted_at = now(), folder_id = NULL WHERE folder_id IN (SELECT id FROM down) AND deleted_at IS NULL",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
    } else {
        sqlx::query("UPDATE questions SET folder_id = $2 WHERE folder_id = $1").bind(id).bind(parent_id).execute(&mut *tx).await?;
        sqlx::query("UPDATE question_folders SET parent_id = $2 WHERE parent_id = $1").bind(id).bind(parent_id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM question_folders WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await
}
