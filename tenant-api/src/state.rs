//! What the edge's handlers share.

use crate::config::EdgeConfig;
use crate::exams::Exams;
use crate::hosts::HostResolver;
use crate::learning::page_cache::CoursePages;
use crate::payments::Payments;
use crate::pools::TenantPools;
use crate::web::WebApp;
use axum::extract::FromRef;
use control_plane::ControlState;
use control_plane::storage::{self, Stores};
use std::sync::Arc;

/// Cloned for every request (axum's `State`, each middleware layer): one reference count, not one
/// per cache and pool inside.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub ctl: ControlState,
    pub edge: Arc<EdgeConfig>,
    pub hosts: HostResolver,
    pub pools: TenantPools,
    pub web: Arc<WebApp>,
    /// The S3 services of the fleet; a site's bucket is on its cell's (`media`).
    pub storage: Stores,
    pub pages: CoursePages,
    pub exams: Exams,
    pub payments: Payments,
    /// Wakes this edge's live timeline streams (`classrooms::live`).
    pub wakes: crate::classrooms::live::Wakes,
    /// Wakes this edge's live bell counts (`notifications::live`).
    pub bells: crate::notifications::live::Bells,
    /// The meeting providers' HTTP client, Zoom tokens and the BigBlueButton rooms watched.
    pub meetings: crate::classrooms::meetings::Meetings,
    /// The dashboard's figures kept a minute per site.
    pub dashboard: crate::dashboard::Figures,
    /// What `/metrics` reports (`crate::observability`).
    pub metrics: Arc<crate::observability::Metrics>,
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl FromRef<AppState> for ControlState {
    fn from_ref(app: &AppState) -> Self {
        app.ctl.clone()
    }
}

impl AppState {
    pub fn build(db: sqlx::PgPool, config: Arc<control_plane::config::Config>, edge: EdgeConfig) -> anyhow::Result<Self> {
        let hosts = HostResolver::new(&config.public_base_url.host, edge.host_ttl);
        let pools = TenantPools::new(config.clone(), &edge, db.clone())?;
        let urls = &config.public_base_url;
        let partner_sites = format!("{}://*.{}{}", urls.scheme, urls.host, urls.port.map(|p| format!(":{p}")).unwrap_or_default());
        let web = Arc::new(WebApp::load(&edge.web_dist, storage::origin(&config.storage.endpoint), &partner_sites));
        let storage = Stores::new(&config.storage);
        let payments = Payments::new(&edge.payments, &config.tenant_db_secret)?;
        Ok(Self(Arc::new(Shared {
            ctl: ControlState::new(db, config),
            edge: Arc::new(edge),
            hosts,
            pools,
            web,
            storage,
            pages: CoursePages::new(10_000),
            exams: Exams::default(),
            payments,
            wakes: Default::default(),
            bells: Default::default(),
            meetings: Default::default(),
            dashboard: Default::default(),
            metrics: Default::default(),
        })))
    }
}
