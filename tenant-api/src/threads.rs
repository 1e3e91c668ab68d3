//! Discussion boards: posts with replies one level below them, in plain text (shown as text,
//! never as HTML). A certificate exam's candidates and an event's participants each have one;
//! who may take part is the owner's business, the posts and their rules are here. A removed post
//! keeps its row, so its replies stay readable, with its text gone.

use chrono::{DateTime, Utc};
use control_plane::pagination::{Page, PageRequest};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

const MAX_BODY: usize = 2000;
/// Replies shown under a post; a thread longer than this is a conversation for elsewhere.
const MAX_REPLIES: i64 = 200;

/// The table of one kind of board and the column naming what each post is about.
pub struct Board {
    table: &'static str,
    owner: &'static str,
}

pub const EXAM: Board = Board { table: "exam_discussions", owner: "course_id" };
pub const EVENT: Board = Board { table: "event_discussions", owner: "event_id" };
pub const CLASSROOM: Board = Board { table: "classroom_posts", owner: "classroom_id" };
pub const CLASS_CHAT: Board = Board { table: "classroom_chat", owner: "session_id" };

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct DiscussionPost {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub user_id: i64,
    pub user_name: String,
    /// Empty once removed.
    pub body: String,
    pub removed: bool,
    /// Written by one of the site's teachers or admins.
    pub by_teacher: bool,
    /// Changed by its writer after it was posted.
    pub edited: bool,
    pub created_at: DateTime<Utc>,
    /// Whether the caller may remove it.
    #[sqlx(skip)]
    pub can_remove: bool,
    /// Whether the caller may change it (its writer).
    #[sqlx(skip)]
    pub can_edit: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DiscussionThread {
    #[serde(flatten)]
    pub post: DiscussionPost,
    /// Oldest first.
    pub replies: Vec<DiscussionPost>,
}

/// Who is reading or writing: moderators (the site's teachers and admins) remove any post.
pub struct Member {
    pub user_id: i64,
    pub moderator: bool,
}

impl Board {
    fn select(&self) -> String {
        format!(
            "SELECT id, parent_id, user_id, user_name, CASE WHEN removed_at IS NULL THEN body ELSE '' END AS body,
                    removed_at IS NOT NULL AS removed, by_teacher, edited_at IS NOT NULL AS edited, created_at FROM {}",
            self.table
        )
    }

    fn allowed(me: &Member, mut p: DiscussionPost) -> DiscussionPost {
        p.can_remove = !p.removed && (me.moderator || p.user_id == me.user_id);
        p.can_edit = !p.removed && p.user_id == me.user_id;
        p
    }

    /// A page of posts about `owner_id`, newest first, each with its replies.
    pub async fn page(&self, db: &PgPool, owner_id: i64, me: &Member, page: Option<i64>, limit: Option<i64>) -> AppResult<Page<DiscussionThread>> {
        let request = PageRequest::new(page, limit, 10);
        let total = self.count(db, owner_id, "true").await?;
        let (current_page, last_page, offset) = request.clamp(total);
        let data = self.threads(db, owner_id, me, "true", "id DESC", request.per_page, offset).await?;
        Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
    }

    /// How many posts about `owner_id` meet `condition` (SQL over the board's columns).
    pub async fn count(&self, db: &PgPool, owner_id: i64, condition: &'static str) -> AppResult<i64> {
        let (table, owner) = (self.table, self.owner);
        Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM {table} WHERE {owner} = $1 AND parent_id IS NULL AND {condition}")))
            .bind(owner_id)
            .fetch_one(db)
            .await?)
    }

    /// Posts about `owner_id` that meet `condition`, in `order` (SQL over the board's columns),
    /// each with its replies.
    #[allow(clippy::too_many_arguments)]
    pub async fn threads(
        &self,
        db: &PgPool,
        owner_id: i64,
        me: &Member,
        condition: &'static str,
        order: &'static str,
        limit: i64,
        offset: i64,
    ) -> AppResult<Vec<DiscussionThread>> {
        let (owner, select) = (self.owner, self.select());
        let posts: Vec<DiscussionPost> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{select} WHERE {owner} = $1 AND parent_id IS NULL AND {condition} ORDER BY {order} LIMIT $2 OFFSET $3"
        )))
        .bind(owner_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
        let ids: Vec<i64> = posts.iter().map(|p| p.id).collect();
        let replies: Vec<DiscussionPost> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT r.* FROM unnest($1::int8[]) AS p(id), LATERAL ({select} WHERE parent_id = p.id ORDER BY id LIMIT $2) r"
        )))
        .bind(&ids)
        .bind(MAX_REPLIES)
        .fetch_all(db)
        .await?;
        Ok(posts
            .into_iter()
            .map(|post| {
                let replies = replies.iter().filter(|r| r.parent_id == Some(post.id)).cloned().map(|r| Self::allowed(me, r)).collect();
                DiscussionThread { post: Self::allowed(me, post), replies }
            })
            .collect())
    }

    /// One post with its replies.
    pub async fn thread(&self, db: &PgPool, id: i64, me: &Member) -> AppResult<DiscussionThread> {
        let select = self.select();
        let post: DiscussionPost = sqlx::query_as(sqlx::AssertSqlSafe(format!("{select} WHERE id = $1 AND parent_id IS NULL")))
            .bind(id)
            .fetch_optional(db)
            .await?
            .ok_or(AppError::NotFound)?;
        let replies: Vec<DiscussionPost> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{select} WHERE parent_id = $1 ORDER BY id LIMIT $2")))
            .bind(id)
            .bind(MAX_REPLIES)
            .fetch_all(db)
            .await?;
        Ok(DiscussionThread { post: Self::allowed(me, post), replies: replies.into_iter().map(|r| Self::allowed(me, r)).collect() })
    }

    /// Writes a post about `owner_id`, or a reply under one of its posts.
    pub async fn post(&self, db: &PgPool, owner_id: i64, parent_id: Option<i64>, me: &Member, name: &str, body: &str) -> AppResult<DiscussionPost> {
        let (table, owner) = (self.table, self.owner);
        let mut v = Validator::default();
        let body = v.text("body", body, MAX_BODY);
        if let Some(parent) = parent_id {
            // Replies go under a post of the same owner, one level deep.
            let top: Option<bool> =
                sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT parent_id IS NULL AND removed_at IS NULL FROM {table} WHERE id = $1 AND {owner} = $2")))
                    .bind(parent)
                    .bind(owner_id)
                    .fetch_optional(db)
                    .await?;
            if top != Some(true) {
                v.add("parent_id", "invalid_choice", None);
            }
        }
        v.finish()?;
        let post: DiscussionPost = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "INSERT INTO {table} ({owner}, parent_id, user_id, user_name, body, by_teacher) VALUES ($1, $2, $3, $4, $5, $6)
             RETURNING id, parent_id, user_id, user_name, body, false AS removed, by_teacher, false AS edited, created_at"
        )))
        .bind(owner_id)
        .bind(parent_id)
        .bind(me.user_id)
        .bind(name)
        .bind(&body)
        .bind(me.moderator)
        .fetch_one(db)
        .await?;
        Ok(Self::allowed(me, post))
    }

    /// What a post is about and who wrote it, while it is not removed.
    pub async fn find(&self, db: &PgPool, id: i64) -> AppResult<(i64, i64)> {
        let (table, owner) = (self.table, self.owner);
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {owner}, user_id FROM {table} WHERE id = $1 AND removed_at IS NULL")))
            .bind(id)
            .fetch_optional(db)
            .await?
            .ok_or(AppError::NotFound)
    }

    /// Its writer changes a post's text.
    pub async fn edit(&self, db: &PgPool, id: i64, me: &Member, body: &str) -> AppResult<DiscussionPost> {
        let (_, writer) = self.find(db, id).await?;
        if writer != me.user_id {
            return Err(AppError::Forbidden);
        }
        let mut v = Validator::default();
        let body = v.text("body", body, MAX_BODY);
        v.finish()?;
        let select = self.select();
        sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE {} SET body = $2, edited_at = now() WHERE id = $1", self.table)))
            .bind(id)
            .bind(&body)
            .execute(db)
            .await?;
        let post: DiscussionPost = sqlx::query_as(sqlx::AssertSqlSafe(format!("{select} WHERE id = $1"))).bind(id).fetch_one(db).await?;
        Ok(Self::allowed(me, post))
    }

    /// Removes a post: its writer, or a moderator. Its replies stay.
    pub async fn remove(&self, db: &PgPool, id: i64, me: &Member) -> AppResult<()> {
        let (_, writer) = self.find(db, id).await?;
        if !me.moderator && writer != me.user_id {
            return Err(AppError::Forbidden);
        }
        sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE {} SET removed_at = now() WHERE id = $1", self.table))).bind(id).execute(db).await?;
        Ok(())
    }
}
