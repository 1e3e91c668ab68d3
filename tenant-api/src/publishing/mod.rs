//! Blogs, tutorials and articles of the host's site (docs/api-publishing.md): writers keep drafts
//! and submit them, approvers publish them, and the public pages show what is published. Articles
//! are the site's own pages (about, FAQ, news, team, contact, cookies), kept by its admin, as are
//! the home page's slides and the feedback visitors send.

pub mod feedback;
pub mod manage;
pub mod media;
pub mod public;
pub mod showcase;
pub mod sliders;
pub mod store;

use chrono::{DateTime, Utc};
use control_plane::auth::Caller;
use control_plane::memberships::APPROVER;
use control_plane::tenancy::Tenant;
use control_plane::users::store::contacts;
use control_plane::AppResult;
use serde::Serialize;
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::LazyLock;
use store::PostRow;
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Blog,
    Tutorial,
    Article,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Blog => "blog",
            Self::Tutorial => "tutorial",
            Self::Article => "article",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::Blog, Self::Tutorial, Self::Article].into_iter().find(|k| k.as_str() == value)
    }
}

/// How far the caller reaches among a type's posts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Every post of the site, and publishing them: approvers (blogs, tutorials), the site's
    /// admin (articles).
    All(i64),
    /// Their own posts: the site's teachers and admins writing blogs and tutorials.
    Own(i64),
}

impl Reach {
    pub fn user(self) -> i64 {
        match self {
            Self::All(user) | Self::Own(user) => user,
        }
    }

    pub fn approves(self) -> bool {
        matches!(self, Self::All(_))
    }
}

/// Super admins and the blog-and-tutorial approver, on any site.
fn is_approver(caller: &Caller) -> bool {
    caller.is_super() || caller.role.as_ref().is_some_and(|m| m.role == APPROVER)
}

/// Who the caller is for this type of post on this site; `None`: neither writer nor approver.
pub fn reach(caller: &Caller, tenant: &Tenant, kind: Kind) -> Option<Reach> {
    let user = caller.user_id()?;
    match kind {
        Kind::Article => caller.administers(tenant.id).then_some(Reach::All(user)),
        Kind::Blog | Kind::Tutorial if is_approver(caller) => Some(Reach::All(user)),
        Kind::Blog | Kind::Tutorial => crate::courses::access::can_author(caller, tenant).then_some(Reach::Own(user)),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PostCategory)]
pub struct Category {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub slug: String,
    pub title: String,
    pub bn_title: String,
}

impl From<store::CategoryRow> for Category {
    fn from(c: store::CategoryRow) -> Self {
        Self { id: c.id, kind: c.kind, slug: c.slug, title: c.title, bn_title: c.bn_title }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Author {
    pub id: i64,
    pub name: String,
    pub name_bn: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Post {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub title_bn: Option<String>,
    pub summary: String,
    /// Sanitised HTML; empty on lists.
    pub body: String,
    pub category_id: i64,
    pub category: Category,
    /// `/post-media/<name>` on this host.
    pub cover: Option<String>,
    pub video_url: Option<String>,
    /// `HH:mm:ss`.
    pub duration: Option<String>,
    pub link: Option<String>,
    pub news: bool,
    pub popup: bool,
    pub tags: Vec<String>,
    pub status: String,
    /// 1 when published (SPEC's publish flag).
    pub publish: u8,
    pub reason: Option<String>,
    pub author: Author,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub published_at: Option<DateTime<Utc>>,
}

/// Posts as they are sent, with their authors' names; `with_body` for one post, not a list.
pub async fn views(ctl: &PgPool, rows: Vec<PostRow>, with_body: bool) -> AppResult<Vec<Post>> {
    let mut ids: Vec<i64> = rows.iter().map(|r| r.author_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let names: HashMap<i64, (String, Option<String>)> =
        contacts(ctl, &ids).await?.into_iter().map(|c| (c.id, (c.name, c.name_bn))).collect();
    Ok(rows
        .into_iter()
        .map(|r| {
            let (name, name_bn) = names.get(&r.author_id).cloned().unwrap_or_default();
            Post {
                id: r.id,
                kind: r.kind.clone(),
                title: r.title,
                title_bn: r.title_bn,
                summary: r.summary,
                body: if with_body { r.body } else { String::new() },
                category_id: r.category_id,
                category: Category { id: r.category_id, kind: r.kind, slug: r.category_slug, title: r.category_title, bn_title: r.category_bn_title },
                cover: r.cover,
                video_url: r.video_url,
                duration: r.duration_s.map(format_duration),
                link: r.link,
                news: r.news,
                popup: r.popup,
                tags: r.tags,
                publish: u8::from(r.status == "published"),
                status: r.status,
                reason: r.reason,
                author: Author { id: r.author_id, name, name_bn },
                created_at: r.created_at,
                updated_at: r.updated_at,
                published_at: r.published_at,
            }
        })
        .collect())
}

/// `HH:mm:ss` (hours up to 999) as seconds; `None` when it is not that.
pub fn parse_duration(value: &str) -> Option<i32> {
    let mut parts = value.trim().split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    let number = |p: &str, max: i32, width: std::ops::RangeInclusive<usize>| {
        (width.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit())).then(|| p.parse::<i32>().ok()).flatten().filter(|n| *n <= max)
    };
    if parts.next().is_some() {
        return None;
    }
    Some(number(h, 999, 1..=3)? * 3600 + number(m, 59, 2..=2)? * 60 + number(s, 59, 2..=2)?)
}

pub fn format_duration(seconds: i32) -> String {
    format!("{:02}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

/// Where embedded players may come from (the page's CSP `frame-src` names the same).
const PLAYERS: [&str; 3] = ["https://www.youtube.com/embed/", "https://www.youtube-nocookie.com/embed/", "https://player.vimeo.com/video/"];

/// A post's HTML as it is kept and shown: text, structure, links, pictures and embedded players
/// from the known video sites. Scripts, handlers, styles, forms and other frames are dropped.
pub fn sanitize(html: &str) -> String {
    static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
        let mut b = ammonia::Builder::default();
        b.add_tags(["iframe"])
            .add_tag_attributes("iframe", ["src", "width", "height", "allowfullscreen", "title"])
            .url_schemes(["http", "https", "mailto"].into())
            .attribute_filter(|element, attribute, value| match (element, attribute) {
                ("iframe", "src") => PLAYERS.iter().any(|p| value.starts_with(p)).then(|| value.into()),
                ("img", "src") => is_media_url(value).then(|| value.into()),
                _ => Some(value.into()),
            });
        b
    });
    CLEANER.clean(html).to_string()
}

/// The text of some HTML, its white space collapsed, cut to `max` characters.
pub fn plain_text(html: &str, max: usize) -> String {
    let spaced = html.replace('<', " <");
    let text = ammonia::Builder::empty().clean(&spaced).to_string();
    let text = text.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(max).collect()
}

/// A picture or video address a post may hold: an http(s) URL or one of the site's post media.
pub fn is_media_url(value: &str) -> bool {
    crate::courses::syllabus::is_http_url(value) || value.strip_prefix("/post-media/").is_some_and(crate::media::is_kept_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_hours_minutes_seconds() {
        assert_eq!(parse_duration("01:30:05"), Some(5405));
        assert_eq!(parse_duration("0:00:59"), Some(59));
        assert_eq!(parse_duration("120:00:00"), Some(432_000));
        for bad in ["", "1:30", "01:60:00", "01:00:60", "aa:bb:cc", "01:5:05", "01:05:05:01", "-1:00:00", "1000:00:00"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
        assert_eq!(format_duration(5405), "01:30:05");
    }

    #[test]
    fn script_never_survives_and_known_players_do() {
        let dirty = r#"<p onclick="x()">হ্যালো <script>alert(1)</script><a href="javascript:alert(1)">a</a>
            <img src="x" onerror="alert(1)"><img src="/post-media/0123456789abcdef0123456789abcdef.png">
            <iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe><iframe src="https://evil.example/x"></iframe>
            <svg><script>alert(2)</script></svg><style>p{}</style><a href="https://ok.example">ok</a></p>"#;
        let clean = sanitize(dirty);
        for gone in ["script", "onclick", "onerror", "javascript:", "evil.example", "<style", "<svg", "src=\"x\""] {
            assert!(!clean.contains(gone), "{gone} in {clean}");
        }
        for kept in ["হ্যালো", "/post-media/0123456789abcdef0123456789abcdef.png", "youtube-nocookie.com/embed/abc", "rel=\"noopener noreferrer\""] {
            assert!(clean.contains(kept), "{kept} not in {clean}");
        }
    }

    #[test]
    fn summaries_are_the_texts_first_words() {
        assert_eq!(plain_text("<h2>শিরোনাম</h2><p>A &amp; B<br>C</p>", 300), "শিরোনাম A & B C");
        assert_eq!(plain_text("<p>abcdef</p>", 3), "abc");
    }
}
