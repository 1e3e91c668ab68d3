//! What control-plane handlers share.

use crate::auth::rate_limit::LoginLimiter;
use crate::auth::sessions::SessionCache;
use crate::config::Config;
use sqlx::PgPool;
use std::sync::Arc;

#[derive(Clone)]
pub struct ControlState {
    pub db: PgPool,
    pub config: Arc<Config>,
    pub sessions: SessionCache,
    pub login_limiter: LoginLimiter,
}

impl ControlState {
    pub fn new(db: PgPool, config: Arc<Config>) -> Self {
        Self { db, config, sessions: SessionCache::default(), login_limiter: LoginLimiter::default() }
    }
}
