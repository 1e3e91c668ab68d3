//! What control-plane handlers share.

use crate::auth::rate_limit::LoginLimiter;
use crate::auth::sessions::SessionCache;
use crate::catalogue::search_log::SearchLog;
use crate::config::Config;
use crate::teachers::registry::{HttpRegistry, TeacherRegistry};
use sqlx::PgPool;
use std::sync::Arc;

/// Cloned for every request: one reference count, not one per pool, cache and limiter inside.
#[derive(Clone)]
pub struct ControlState(Arc<ControlShared>);

pub struct ControlShared {
    pub db: PgPool,
    /// The catalogue's pools: `db`, and one of its own for searches by words.
    pub catalogue: crate::catalogue::store::Pools,
    pub config: Arc<Config>,
    pub sessions: SessionCache,
    pub login_limiter: LoginLimiter,
    /// Reset links asked for: 5 an hour per account, 20 per address.
    pub reset_limiter: LoginLimiter,
    /// `None` while no teacher registry is configured.
    pub teacher_registry: Option<Arc<dyn TeacherRegistry>>,
    /// Searches counted since the last flush (the dashboard's search analysis).
    pub search_log: SearchLog,
    /// How many learners each leaderboard holds, kept half a minute: counting a platform-wide
    /// board of 100,000 learners takes over 100 ms, its first page 3.
    pub board_sizes: moka::future::Cache<crate::leaderboard::store::Scope, i64>,
    /// The identity providers people may sign in with.
    pub sso: crate::sso::Providers,
}

impl std::ops::Deref for ControlState {
    type Target = ControlShared;

    fn deref(&self) -> &ControlShared {
        &self.0
    }
}

impl ControlState {
    pub fn new(db: PgPool, config: Arc<Config>) -> Self {
        let teacher_registry = config.teacher_registry.as_ref().map(|c| {
            Arc::new(HttpRegistry::new(c).expect("an HTTP client with rustls")) as Arc<dyn TeacherRegistry>
        });
        Self(Arc::new(ControlShared {
            teacher_registry,
            search_log: SearchLog::default(),
            sso: crate::sso::Providers::new(&config.sso),
            board_sizes: moka::future::Cache::builder().max_capacity(10_000).time_to_live(std::time::Duration::from_secs(30)).build(),
            sessions: SessionCache::new(db.clone()),
            login_limiter: LoginLimiter::logins(db.clone()),
            reset_limiter: LoginLimiter::with_limits(db.clone(), "reset", chrono::Duration::hours(1), 5, 20),
            catalogue: crate::catalogue::store::Pools::new(&config, db.clone()),
            db,
            config,
        }))
    }
}
