//! Course pages as every visitor sees them, kept in memory per site. A popular course page is
//! read by thousands and changed by a few authors, and building it takes about eight queries.
//!
//! Entries are keyed by (site, generation, slug or uuid). A write to a site's courses, syllabus,
//! batches, enrolments or reviews moves that site's generation on ([`forget_site_after_writes`]),
//! so later reads miss and rebuild; entries of an old generation are never read again and age
//! out. A reader takes the generation *before* it reads the database, so a page built from rows
//! that a concurrent write has since changed is filed under the superseded generation. A change to
//! the institution itself (its name is on every page) drops its pages when the control plane
//! announces it (`crate::hosts`). Every other edge hears of a site's writes on [`CHANGED`] and
//! moves that site's generation too, at once; [`TTL`] only covers an announcement that was missed.

use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use control_plane::auth::HostTenant;
use control_plane::cache_stats::CacheStats;
use control_plane::tenancy::TenantId;
use moka::future::Cache;
use super::details::CoursePage;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

pub const TTL: Duration = Duration::from_secs(60);

/// The NOTIFY channel of sites whose course pages changed: the site's id.
pub const CHANGED: &str = "course_pages_changed";

/// A published course's page without the per-visitor part (`wishlisted`).
pub struct Page {
    pub course_id: i64,
    pub published: bool,
    pub data: CoursePage,
    /// The whole response body for a signed-out visitor, serialised once.
    pub anonymous_body: Bytes,
}

/// The cache of course pages the edge shares.
pub type CoursePages = SitePages<Page>;

/// Entries of type `P` per site, generation and key.
pub struct SitePages<P> {
    pages: Cache<(TenantId, u64, String), Arc<P>>,
    // Never evicted: a site's generation must only grow, or old entries would come back.
    generations: Arc<RwLock<HashMap<TenantId, u64>>>,
    pub stats: CacheStats,
}

impl<P> Clone for SitePages<P> {
    fn clone(&self) -> Self {
        Self { pages: self.pages.clone(), generations: self.generations.clone(), stats: self.stats.clone() }
    }
}

impl<P: Send + Sync + 'static> SitePages<P> {
    pub fn new(capacity: u64) -> Self {
        Self { pages: Cache::builder().max_capacity(capacity).time_to_live(TTL).build(), generations: Arc::default(), stats: CacheStats::default() }
    }

    /// The site's current generation; take it before reading what a page is built from.
    pub fn generation(&self, site: TenantId) -> u64 {
        self.generations.read().expect("generations lock").get(&site).copied().unwrap_or(0)
    }

    pub async fn get(&self, site: TenantId, generation: u64, key: &str) -> Option<Arc<P>> {
        self.stats.lookup();
        let page = self.pages.get(&(site, generation, key.to_owned())).await;
        if page.is_none() {
            self.stats.miss();
        }
        page
    }

    pub async fn entries(&self) -> u64 {
        self.pages.run_pending_tasks().await;
        self.pages.entry_count()
    }

    pub async fn put(&self, site: TenantId, generation: u64, key: &str, page: Arc<P>) {
        self.pages.insert((site, generation, key.to_owned()), page).await;
    }

    /// Every cached page of the site is out of date.
    pub fn forget_site(&self, site: TenantId) {
        *self.generations.write().expect("generations lock").entry(site).or_default() += 1;
    }
}

/// Layer over the routes whose writes change what a course page shows: once such a request has
/// been answered (its transaction is over), the host site's cached pages are dropped.
pub async fn forget_site_after_writes(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let site = match request.method().is_safe() {
        true => None,
        false => request.extensions().get::<HostTenant>().map(|t| t.0.id),
    };
    let response = next.run(request).await;
    if let Some(site) = site {
        forget_everywhere(&app, site).await;
    }
    response
}

/// The site's pages are out of date on this edge and, once they hear of it, on all the others.
/// A failed announcement is only logged: the others' entries age out within [`TTL`].
pub async fn forget_everywhere(app: &AppState, site: TenantId) {
    app.pages.forget_site(site);
    if let Err(error) = sqlx::query("SELECT pg_notify($1, $2::text)").bind(CHANGED).bind(site).execute(&app.ctl.db).await {
        tracing::warn!(%error, site, "course page change not announced to the other edges");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(id: i64) -> Arc<i64> {
        Arc::new(id)
    }

    #[tokio::test]
    async fn a_write_hides_only_that_sites_pages() {
        let pages = SitePages::<i64>::new(100);
        let (dhaka, sylhet) = (7, 8);
        pages.put(dhaka, pages.generation(dhaka), "bangla", page(1)).await;
        pages.put(sylhet, pages.generation(sylhet), "bangla", page(2)).await;
        assert_eq!(pages.get(dhaka, pages.generation(dhaka), "bangla").await.as_deref(), Some(&1));
        assert_eq!(pages.get(sylhet, pages.generation(sylhet), "bangla").await.as_deref(), Some(&2));

        // A reader that took the generation before the write files its page under the old one.
        let before = pages.generation(dhaka);
        pages.forget_site(dhaka);
        pages.put(dhaka, before, "late", page(3)).await;
        assert!(pages.get(dhaka, pages.generation(dhaka), "bangla").await.is_none());
        assert!(pages.get(dhaka, pages.generation(dhaka), "late").await.is_none());
        assert_eq!(pages.get(sylhet, pages.generation(sylhet), "bangla").await.as_deref(), Some(&2));
    }
}
