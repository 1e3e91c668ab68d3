//! Paid batches: checkout through a payment gateway (SSLCommerz today), the gateway's notices
//! checked with the gateway itself before anything is granted, a double-entry ledger per site,
//! and a reconciliation round for payments whose notice never came.
//!
//! An order is paid only when the gateway's validation or query API says so and the amount and
//! currency match the order: the payer's return and the notice (IPN) are only hints to ask.

pub mod accounts;
pub mod checkout;
pub mod coupons;
pub mod coupons_store;
pub mod money;
pub mod notices;
pub mod payouts;
pub mod receipt;
pub mod reconcile;
pub mod refunds;
pub mod settle;
pub mod sslcommerz;
pub mod store;

use crate::config::PaymentsConfig;
use control_plane::tenancy::TenantId;
use control_plane::{AppError, AppResult};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Payments {
    sslcommerz: Option<Arc<sslcommerz::SslCommerz>>,
    pub commission_bps: i64,
    /// Sites with orders that may still be pending: the reconciliation round's visits.
    live: Arc<Mutex<HashSet<TenantId>>>,
}

impl Payments {
    pub fn new(config: &PaymentsConfig) -> anyhow::Result<Self> {
        let sslcommerz = config.sslcommerz.clone().map(sslcommerz::SslCommerz::new).transpose()?.map(Arc::new);
        Ok(Self { sslcommerz, commission_bps: config.commission_bps, live: Arc::default() })
    }

    /// The gateway, or 503 `payments_not_configured` on a platform without one.
    pub fn gateway(&self) -> AppResult<&sslcommerz::SslCommerz> {
        self.sslcommerz.as_deref().ok_or(AppError::Http(axum::http::StatusCode::SERVICE_UNAVAILABLE, "payments_not_configured"))
    }

    pub fn mark_live(&self, tenant: TenantId) {
        self.live.lock().expect("live sites").insert(tenant);
    }

    fn live_sites(&self) -> Vec<TenantId> {
        self.live.lock().expect("live sites").iter().copied().collect()
    }

    fn forget(&self, tenant: TenantId) {
        self.live.lock().expect("live sites").remove(&tenant);
    }
}
