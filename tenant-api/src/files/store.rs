//! The SQL of the file manager's tables (`file_folders`, `files`, `file_shares`, `file_storage`).

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::{PgPool, Postgres, Transaction};
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Folder {
    pub id: i64,
    pub name: String,
    pub parent_id: Option<i64>,
    /// `normal`, or `profile` / `cover` (the cropper's folders).
    pub kind: String,
    pub files_count: i64,
    pub updated_at: DateTime<Utc>,
}

const FOLDER_COLUMNS: &str = "f.id, f.name, f.parent_id, f.kind, f.updated_at,
    (SELECT count(*) FROM files x WHERE x.folder_id = f.id) AS files_count";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FileRow {
    pub id: i64,
    pub owner_id: i64,
    pub folder_id: Option<i64>,
    pub title: String,
    pub file_name: String,
    pub file_type: String,
    pub mime: Option<String>,
    pub size_bytes: i64,
    pub object_key: Option<String>,
    pub thumb_key: Option<String>,
    pub url: Option<String>,
    pub provider: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const FILE_COLUMNS: &str = "f.id, f.owner_id, f.folder_id, f.title, f.file_name, f.file_type, f.mime, f.size_bytes,
    f.object_key, f.thumb_key, f.url, f.provider, f.created_at, f.updated_at";

/// One of `owner`'s folders.
pub async fn folder(db: &PgPool, id: i64, owner: i64) -> sqlx::Result<Option<Folder>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {FOLDER_COLUMNS} FROM file_folders f WHERE f.id = $1 AND f.owner_id = $2")))
        .bind(id)
        .bind(owner)
        .fetch_optional(db)
        .await
}

/// The folders from the top down to `id`, `id` last.
pub async fn path(db: &PgPool, id: i64) -> sqlx::Result<Vec<Folder>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH RECURSIVE up(id, depth) AS (
             SELECT $1::bigint, 0
             UNION ALL
             SELECT p.parent_id, up.depth + 1 FROM up JOIN file_folders p ON p.id = up.id
              WHERE p.parent_id IS NOT NULL AND up.depth < 100)
         SELECT {FOLDER_COLUMNS} FROM up JOIN file_folders f ON f.id = up.id ORDER BY up.depth DESC"
    )))
    .bind(id)
    .fetch_all(db)
    .await
}

/// `owner`'s folders directly inside `parent` (the top level for `None`), by name.
pub async fn children(db: &PgPool, owner: i64, parent: Option<i64>, search: Option<&str>) -> sqlx::Result<Vec<Folder>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {FOLDER_COLUMNS} FROM file_folders f
          WHERE f.owner_id = $1 AND f.parent_id IS NOT DISTINCT FROM $2
            AND ($3::text IS NULL OR f.name ILIKE '%' || $3 || '%')
          ORDER BY f.kind <> 'normal' DESC, lower(f.name), f.id"
    )))
    .bind(owner)
    .bind(parent)
    .bind(search)
    .fetch_all(db)
    .await
}

/// A new folder; `None` when the name is taken in that place.
pub async fn insert_folder(db: &PgPool, owner: i64, parent: Option<i64>, name: &str, kind: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("INSERT INTO file_folders (owner_id, parent_id, name, kind) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id")
        .bind(owner)
        .bind(parent)
        .bind(name)
        .bind(kind)
        .fetch_optional(db)
        .await
}

/// `owner`'s folder of a fixed kind (profile, cover), made the first time.
pub async fn special_folder(db: &PgPool, owner: i64, kind: &str, name: &str) -> sqlx::Result<Folder> {
    sqlx::query("INSERT INTO file_folders (owner_id, name, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(owner)
        .bind(name)
        .bind(kind)
        .execute(db)
        .await?;
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {FOLDER_COLUMNS} FROM file_folders f WHERE f.owner_id = $1 AND f.kind = $2")))
        .bind(owner)
        .bind(kind)
        .fetch_one(db)
        .await
}

/// Renames a folder; `false` when the name is taken in its place.
pub async fn rename_folder(db: &PgPool, id: i64, name: &str) -> sqlx::Result<bool> {
    let renamed = sqlx::query("UPDATE file_folders SET name = $2, updated_at = now() WHERE id = $1").bind(id).bind(name).execute(db).await;
    match renamed {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.constraint() == Some("file_folders_name_key") => Ok(false),
        Err(e) => Err(e),
    }
}

pub async fn rename_file(db: &PgPool, id: i64, title: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE files SET title = $2, updated_at = now() WHERE id = $1").bind(id).bind(title).execute(db).await?;
    Ok(())
}

/// Which files a list shows.
pub enum Scope {
    /// `owner`'s files directly in a folder (the top level for `None`).
    Folder { owner: i64, folder: Option<i64> },
    /// Every file of `owner`, whatever its folder.
    Owner(i64),
    /// Files other people shared with this person.
    SharedWith(i64),
    /// These files (those that come with the content a learner enrolled in).
    Among(Vec<i64>),
}

pub struct FileFilter<'a> {
    pub scope: Scope,
    pub file_type: Option<&'a str>,
    pub search: Option<&'a str>,
}

/// A page of files, latest updated first, and how many there are in all.
pub async fn files(db: &PgPool, filter: &FileFilter<'_>, limit: i64, offset: i64) -> sqlx::Result<(Vec<FileRow>, i64)> {
    let (owner, folder, top, shared_with, among) = match &filter.scope {
        Scope::Folder { owner, folder } => (Some(*owner), *folder, folder.is_none(), None, None),
        Scope::Owner(owner) => (Some(*owner), None, false, None, None),
        Scope::SharedWith(user) => (None, None, false, Some(*user), None),
        Scope::Among(ids) => (None, None, false, None, Some(ids)),
    };
    let conditions = "($1::bigint IS NULL OR f.owner_id = $1)
        AND ($2::bigint IS NULL OR f.folder_id = $2) AND (NOT $3 OR f.folder_id IS NULL)
        AND ($4::bigint IS NULL OR EXISTS (SELECT 1 FROM file_shares s WHERE s.file_id = f.id AND s.user_id = $4))
        AND ($5::text IS NULL OR f.file_type = $5)
        AND ($6::text IS NULL OR f.title ILIKE '%' || $6 || '%' OR f.file_name ILIKE '%' || $6 || '%')
        AND ($7::bigint[] IS NULL OR f.id = ANY($7))";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM files f WHERE {conditions}")))
        .bind(owner)
        .bind(folder)
        .bind(top)
        .bind(shared_with)
        .bind(filter.file_type)
        .bind(filter.search)
        .bind(among)
        .fetch_one(db)
        .await?;
    if limit == 0 {
        return Ok((Vec::new(), total));
    }
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {FILE_COLUMNS} FROM files f WHERE {conditions} ORDER BY f.updated_at DESC, f.id DESC LIMIT $8 OFFSET $9"
    )))
    .bind(owner)
    .bind(folder)
    .bind(top)
    .bind(shared_with)
    .bind(filter.file_type)
    .bind(filter.search)
    .bind(among)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((rows, total))
}

/// A file by its id, whoever's it is (the content bank shows the files its parts use).
pub async fn file(db: &PgPool, id: i64) -> sqlx::Result<Option<FileRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {FILE_COLUMNS} FROM files f WHERE f.id = $1"))).bind(id).fetch_optional(db).await
}

/// A file its owner or someone it is shared with may open.
pub async fn file_for(db: &PgPool, id: i64, user: i64) -> sqlx::Result<Option<FileRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {FILE_COLUMNS} FROM files f WHERE f.id = $1
            AND (f.owner_id = $2 OR EXISTS (SELECT 1 FROM file_shares s WHERE s.file_id = f.id AND s.user_id = $2))"
    )))
    .bind(id)
    .bind(user)
    .fetch_optional(db)
    .await
}

/// One of `owner`'s own files.
pub async fn own_file(db: &PgPool, id: i64, owner: i64) -> sqlx::Result<Option<FileRow>> {
    Ok(file_for(db, id, owner).await?.filter(|f| f.owner_id == owner))
}

pub struct NewFile<'a> {
    pub owner: i64,
    pub folder: Option<i64>,
    pub title: &'a str,
    pub file_name: &'a str,
    pub file_type: &'a str,
    pub mime: Option<&'a str>,
    pub size: i64,
    pub object_key: Option<&'a str>,
    pub thumb_key: Option<&'a str>,
    pub url: Option<&'a str>,
    pub provider: Option<&'a str>,
}

/// Records a file and takes its bytes from the site's storage in one statement; `None` when the
/// bytes do not fit in what is left (two uploads racing for the last bytes: one wins).
pub async fn insert_file(db: &PgPool, f: &NewFile<'_>) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "WITH taken AS (
             UPDATE file_storage SET used_bytes = used_bytes + $7 WHERE used_bytes + $7 <= total_bytes RETURNING 1)
         INSERT INTO files (owner_id, folder_id, title, file_name, file_type, mime, size_bytes, object_key, thumb_key, url, provider)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 FROM taken RETURNING id",
    )
    .bind(f.owner)
    .bind(f.folder)
    .bind(f.title)
    .bind(f.file_name)
    .bind(f.file_type)
    .bind(f.mime)
    .bind(f.size)
    .bind(f.object_key)
    .bind(f.thumb_key)
    .bind(f.url)
    .bind(f.provider)
    .fetch_optional(db)
    .await
}

/// The bucket keys a removal frees, to delete once the rows are gone.
async fn release(tx: &mut Transaction<'_, Postgres>, ids_sql: &str, id: i64) -> sqlx::Result<Vec<String>> {
    let freed: Vec<(Option<String>, Option<String>, i64)> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT object_key, thumb_key, size_bytes FROM files WHERE id IN ({ids_sql}) FOR UPDATE")))
            .bind(id)
            .fetch_all(&mut **tx)
            .await?;
    let bytes: i64 = freed.iter().map(|(_, _, size)| size).sum();
    sqlx::query("UPDATE file_storage SET used_bytes = greatest(used_bytes - $1, 0)").bind(bytes).execute(&mut **tx).await?;
    Ok(freed.into_iter().flat_map(|(key, thumb, _)| key.into_iter().chain(thumb)).collect())
}

/// Deletes a file; answers the bucket keys to remove.
pub async fn delete_file(db: &PgPool, id: i64) -> sqlx::Result<Vec<String>> {
    let mut tx = db.begin().await?;
    let keys = release(&mut tx, "$1", id).await?;
    sqlx::query("DELETE FROM files WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(keys)
}

/// Deletes a folder with every folder and file inside it; answers the bucket keys to remove.
pub async fn delete_folder(db: &PgPool, id: i64) -> sqlx::Result<Vec<String>> {
    let mut tx = db.begin().await?;
    let inside = "WITH RECURSIVE down(id) AS (SELECT $1::bigint UNION ALL SELECT c.id FROM file_folders c JOIN down ON c.parent_id = down.id)
                  SELECT f.id FROM files f JOIN down ON f.folder_id = down.id";
    let keys = release(&mut tx, inside, id).await?;
    sqlx::query("DELETE FROM file_folders WHERE id = $1").bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(keys)
}

/// (used, total) bytes of the site's storage.
pub async fn storage(db: &PgPool) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as("SELECT used_bytes, total_bytes FROM file_storage").fetch_one(db).await
}

/// A resumable upload under way.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UploadRow {
    pub id: uuid::Uuid,
    pub owner_id: i64,
    pub folder_id: Option<i64>,
    pub file_name: String,
    pub file_type: String,
    pub mime: String,
    pub size_bytes: i64,
    pub part_bytes: i64,
    pub object_key: String,
    pub s3_upload_id: String,
}

pub async fn insert_upload(db: &PgPool, u: &UploadRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO file_uploads (id, owner_id, folder_id, file_name, file_type, mime, size_bytes, part_bytes, object_key, s3_upload_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(u.id)
    .bind(u.owner_id)
    .bind(u.folder_id)
    .bind(&u.file_name)
    .bind(&u.file_type)
    .bind(&u.mime)
    .bind(u.size_bytes)
    .bind(u.part_bytes)
    .bind(&u.object_key)
    .bind(&u.s3_upload_id)
    .execute(db)
    .await?;
    Ok(())
}

/// One of `owner`'s uploads under way.
pub async fn upload(db: &PgPool, id: uuid::Uuid, owner: i64) -> sqlx::Result<Option<UploadRow>> {
    sqlx::query_as(
        "SELECT id, owner_id, folder_id, file_name, file_type, mime, size_bytes, part_bytes, object_key, s3_upload_id
           FROM file_uploads WHERE id = $1 AND owner_id = $2",
    )
    .bind(id)
    .bind(owner)
    .fetch_optional(db)
    .await
}

/// (part number, etag) of the parts received, in order.
pub async fn upload_parts(db: &PgPool, id: uuid::Uuid) -> sqlx::Result<Vec<(i32, String)>> {
    sqlx::query_as("SELECT part_number, etag FROM file_upload_parts WHERE upload_id = $1 ORDER BY part_number").bind(id).fetch_all(db).await
}

pub async fn save_part(db: &PgPool, id: uuid::Uuid, number: i32, etag: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO file_upload_parts (upload_id, part_number, etag) VALUES ($1, $2, $3)
         ON CONFLICT (upload_id, part_number) DO UPDATE SET etag = excluded.etag",
    )
    .bind(id)
    .bind(number)
    .bind(etag)
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets an upload (completed or given up); `false` when another request already did.
pub async fn delete_upload(db: &PgPool, id: uuid::Uuid) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM file_uploads WHERE id = $1").bind(id).execute(db).await?.rows_affected() == 1)
}

/// Takes the uploads left unfinished for a day off the books: (object key, S3 upload id) of each,
/// to give up in the bucket.
pub async fn take_stale_uploads(db: &PgPool) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("DELETE FROM file_uploads WHERE created_at < now() - interval '1 day' RETURNING object_key, s3_upload_id").fetch_all(db).await
}
