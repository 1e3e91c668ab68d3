//! The file manager of the host's site: every signed-in person's folders, uploaded files and
//! links, kept in the site's own bucket, counted against the site's storage total, shared with
//! colleagues, and opened only through signed links (SPEC §7: 3600 s).

pub mod kinds;
pub mod manage;
pub mod resumable;
pub mod sharing;
pub mod store;
pub mod upload;

use crate::media;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use control_plane::auth::Caller;
use control_plane::tenancy::Tenant;
use control_plane::users::store::{Contact, contacts};
use control_plane::{AppError, AppResult};
use serde::Serialize;
use sqlx::PgPool;
use std::collections::HashMap;
use store::FileRow;
use utoipa::ToSchema;

/// The person asking: everyone signed in has their own files on each site.
pub fn file_user(caller: &Caller) -> AppResult<i64> {
    caller.user_id().ok_or(AppError::Unauthenticated)
}

/// A name (file title or folder name) checked: trimmed, not empty, at most 200 characters.
pub fn checked_name(field: &str, value: &str) -> AppResult<String> {
    let mut v = control_plane::validate::Validator::default();
    let name = v.text(field, value, 200);
    v.finish()?;
    Ok(name)
}

/// Someone a file is shared with; the e-mail and mobile number let the owner's share list be
/// sent back as it is (sharing names people by them).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Person {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

impl From<&Contact> for Person {
    fn from(c: &Contact) -> Self {
        Self { id: c.id, name: c.name.clone(), email: c.email.clone(), phone: c.phone.clone() }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct File {
    pub id: i64,
    pub title: String,
    pub file_name: String,
    #[serde(rename = "type")]
    #[schema(example = "image")]
    pub file_type: String,
    pub mime: Option<String>,
    pub size: i64,
    /// 1: a link kept as a file (SPEC §3).
    pub is_url: u8,
    pub provider: Option<String>,
    /// Where to open it: a signed link valid for an hour, or the link itself.
    pub file_main_path: String,
    /// A preview image: the signed thumbnail of an image, or a YouTube video's own.
    pub file_encode_path: Option<String>,
    pub folder_id: Option<i64>,
    pub owner_id: i64,
    /// On lists of files shared with the caller.
    pub owner_name: Option<String>,
    /// On the owner's lists: who it is shared with.
    pub shared_with: Vec<Person>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Files as the caller sees them: signed links, and either who they are shared with (the
/// caller's own) or whose they are (shared with the caller).
pub async fn views(app: &AppState, tenant: &Tenant, db: &PgPool, caller: i64, rows: Vec<FileRow>) -> AppResult<Vec<File>> {
    let own: Vec<i64> = rows.iter().filter(|r| r.owner_id == caller).map(|r| r.id).collect();
    let shares = if own.is_empty() { Vec::new() } else { crate::sharing::of(db, crate::sharing::ShareTable::Files, &own).await? };
    let mut people: Vec<i64> = shares.iter().map(|(_, user)| *user).chain(rows.iter().map(|r| r.owner_id)).collect();
    people.sort_unstable();
    people.dedup();
    let contacts: HashMap<i64, Contact> = contacts(&app.ctl.db, &people).await?.into_iter().map(|c| (c.id, c)).collect();
    let mut files = Vec::with_capacity(rows.len());
    for row in rows {
        let shared_with = shares
            .iter()
            .filter(|(file, _)| *file == row.id)
            .filter_map(|(_, user)| contacts.get(user))
            .map(Person::from)
            .collect();
        let owner_name = (row.owner_id != caller).then(|| contacts.get(&row.owner_id).map(|c| c.name.clone()).unwrap_or_default());
        files.push(view(app, tenant, row, owner_name, shared_with).await?);
    }
    Ok(files)
}

pub async fn view(app: &AppState, tenant: &Tenant, row: FileRow, owner_name: Option<String>, shared_with: Vec<Person>) -> AppResult<File> {
    let file_main_path = match (&row.object_key, &row.url) {
        (Some(key), _) => media::presigned(app, tenant, key).await?,
        (None, url) => url.clone().unwrap_or_default(),
    };
    let file_encode_path = match (&row.thumb_key, &row.url) {
        (Some(key), _) => Some(media::presigned(app, tenant, key).await?),
        (None, Some(url)) => kinds::link(url).and_then(|l| l.youtube_id).map(|id| kinds::youtube_thumbnail(&id)),
        _ => None,
    };
    Ok(File {
        id: row.id,
        title: row.title,
        file_name: row.file_name,
        file_type: row.file_type,
        mime: row.mime,
        size: row.size_bytes,
        is_url: u8::from(row.url.is_some()),
        provider: row.provider,
        file_main_path,
        file_encode_path,
        folder_id: row.folder_id,
        owner_id: row.owner_id,
        owner_name,
        shared_with,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

/// One file as its owner sees it, after a change.
pub async fn own_view(app: &AppState, tenant: &Tenant, db: &PgPool, owner: i64, id: i64) -> AppResult<File> {
    let row = store::own_file(db, id, owner).await?.ok_or(AppError::NotFound)?;
    Ok(views(app, tenant, db, owner, vec![row]).await?.remove(0))
}
