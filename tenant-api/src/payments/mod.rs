//! Paid batches: checkout through a payment gateway (SSLCommerz today), the gateway's notices
//! checked with the gateway itself before anything is granted, a double-entry ledger per site,
//! and a reconciliation round for payments whose notice never came.
//!
//! An order is paid only when the gateway's validation or query API says so and the amount and
//! currency match the order: the payer's return and the notice (IPN) are only hints to ask.

pub mod accounts;
pub mod bkash;
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
    bkash: Option<Arc<bkash::Bkash>>,
    pub commission_bps: i64,
    /// Sites with orders that may still be pending: the reconciliation round's visits.
    live: Arc<Mutex<HashSet<TenantId>>>,
}

impl Payments {
    pub fn new(config: &PaymentsConfig) -> anyhow::Result<Self> {
        let sslcommerz = config.sslcommerz.clone().map(sslcommerz::SslCommerz::new).transpose()?.map(Arc::new);
        let bkash = config.bkash.clone().map(bkash::Bkash::new).transpose()?.map(Arc::new);
        Ok(Self { sslcommerz, bkash, commission_bps: config.commission_bps, live: Arc::default() })
    }

    /// The gateway, or 503 `payments_not_configured` on a platform without one.
    pub fn gateway(&self) -> AppResult<&sslcommerz::SslCommerz> {
        self.sslcommerz.as_deref().ok_or(AppError::Http(axum::http::StatusCode::SERVICE_UNAVAILABLE, "payments_not_configured"))
    }

    /// bKash, or 503 `payments_not_configured`.
    pub fn bkash(&self) -> AppResult<&bkash::Bkash> {
        self.bkash.as_deref().ok_or(AppError::Http(axum::http::StatusCode::SERVICE_UNAVAILABLE, "payments_not_configured"))
    }

    /// Whether any gateway is set up (the reconciliation round has work).
    pub fn any(&self) -> bool {
        self.sslcommerz.is_some() || self.bkash.is_some()
    }

    /// What the gateway an order went through says of it now (the reconciliation's question).
    /// An authorised bKash payment nobody executed (the payer's browser never came back) is
    /// executed here.
    pub async fn ask(&self, order: &store::Order) -> AppResult<Result<sslcommerz::Outcome, sslcommerz::GatewayError>> {
        Ok(match order.gateway.as_str() {
            "bkash" => {
                let bkash = self.bkash()?;
                let Some(payment) = order.gateway_ref.as_deref() else { return Ok(Ok(sslcommerz::Outcome::Pending)) };
                match bkash.status(payment).await {
                    Ok((sslcommerz::Outcome::Pending, true)) => bkash.execute(payment).await,
                    Ok((outcome, _)) => Ok(outcome),
                    Err(e) => Err(e),
                }
            }
            _ => self.gateway()?.query(&order.tran_id).await,
        })
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
