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
pub mod merchant;
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
use control_plane::merchants::{self, Gateway};
use control_plane::secret::Secret;
use control_plane::tenancy::TenantId;
use control_plane::tls::sealing::MasterKey;
use control_plane::{AppError, AppResult};
use sqlx::PgPool;
use sslcommerz::Store;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Payments {
    sslcommerz: Option<Arc<sslcommerz::SslCommerz>>,
    bkash: Option<Arc<bkash::Bkash>>,
    pub commission_bps: i64,
    /// Seals the secrets of partners' own stores and wallets.
    merchant_key: MasterKey,
    /// Sites with orders that may still be pending: the reconciliation round's visits.
    live: Arc<Mutex<HashSet<TenantId>>>,
}

impl Payments {
    /// `secret`: the platform's `TENANT_DB_SECRET`, from which the key sealing partners' store
    /// passwords is derived.
    pub fn new(config: &PaymentsConfig, secret: &Secret) -> anyhow::Result<Self> {
        let sslcommerz = config.sslcommerz.clone().map(sslcommerz::SslCommerz::new).transpose()?.map(Arc::new);
        let bkash = config.bkash.clone().map(bkash::Bkash::new).transpose()?.map(Arc::new);
        let merchant_key = MasterKey::derived(secret.expose(), "merchant-credentials");
        Ok(Self { sslcommerz, bkash, commission_bps: config.commission_bps, merchant_key, live: Arc::default() })
    }

    pub fn seal(&self, password: &str) -> Vec<u8> {
        self.merchant_key.seal(password.as_bytes())
    }

    /// The SSLCommerz store an order of this site was paid into: the platform's (`None`) or one
    /// of the site's own, current or former.
    pub async fn store(&self, control: &PgPool, institution: i64, merchant: Option<i64>) -> AppResult<Store> {
        let Some(id) = merchant else { return Ok(self.gateway()?.platform_store().clone()) };
        self.open_store(Self::account(control, institution, id).await?)
    }

    /// The store a new order of this site is paid into: its own active one, else the platform's.
    pub async fn checkout_store(&self, control: &PgPool, institution: i64) -> AppResult<(Option<i64>, Store)> {
        match merchants::active(control, institution, Gateway::SslCommerz).await? {
            Some(account) => Ok((Some(account.id), self.open_store(account)?)),
            None => Ok((None, self.gateway()?.platform_store().clone())),
        }
    }

    /// The bKash wallet an order of this site was paid into: the platform's or one of the site's own.
    pub async fn wallet(&self, control: &PgPool, institution: i64, merchant: Option<i64>) -> AppResult<bkash::Wallet> {
        let Some(id) = merchant else { return Ok(self.bkash()?.platform_wallet().clone()) };
        self.open_wallet(institution, Self::account(control, institution, id).await?)
    }

    /// The wallet a new bKash order of this site is paid into: its own active one, else the platform's.
    pub async fn checkout_wallet(&self, control: &PgPool, institution: i64) -> AppResult<(Option<i64>, bkash::Wallet)> {
        match merchants::active(control, institution, Gateway::Bkash).await? {
            Some(account) => Ok((Some(account.id), self.open_wallet(institution, account)?)),
            None => Ok((None, self.bkash()?.platform_wallet().clone())),
        }
    }

    async fn account(control: &PgPool, institution: i64, id: i64) -> AppResult<merchants::MerchantAccount> {
        merchants::find(control, institution, id).await?.ok_or(AppError::Conflict("merchant_account_missing"))
    }

    fn unseal(&self, account: &merchants::MerchantAccount) -> AppResult<String> {
        let plain = self.merchant_key.open(&account.store_password_sealed)?;
        Ok(String::from_utf8(plain).map_err(|e| anyhow::anyhow!("sealed merchant secrets are not text: {e}"))?)
    }

    fn open_store(&self, account: merchants::MerchantAccount) -> AppResult<Store> {
        let password = self.unseal(&account)?;
        Ok(Store { id: account.store_id, password: Secret::new(password) })
    }

    /// Seals a partner wallet's two secrets together, as `open_wallet` reads them.
    pub fn seal_wallet(&self, password: &str, app_secret: &str) -> Vec<u8> {
        self.seal(&serde_json::json!({ "password": password, "app_secret": app_secret }).to_string())
    }

    fn open_wallet(&self, institution: i64, account: merchants::MerchantAccount) -> AppResult<bkash::Wallet> {
        #[derive(serde::Deserialize)]
        struct Secrets {
            password: String,
            app_secret: String,
        }
        let secrets: Secrets = serde_json::from_str(&self.unseal(&account)?).map_err(|e| anyhow::anyhow!("sealed wallet secrets unreadable: {e}"))?;
        Ok(bkash::Wallet {
            owner: Some((institution, account.id)),
            app_key: account.app_key.unwrap_or_default(),
            app_secret: Secret::new(secrets.app_secret),
            username: account.store_id,
            password: Secret::new(secrets.password),
        })
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
    pub async fn ask(&self, control: &PgPool, institution: i64, order: &store::Order) -> AppResult<Result<sslcommerz::Outcome, sslcommerz::GatewayError>> {
        Ok(match order.gateway.as_str() {
            "bkash" => {
                let bkash = self.bkash()?;
                let Some(payment) = order.gateway_ref.as_deref() else { return Ok(Ok(sslcommerz::Outcome::Pending)) };
                let wallet = self.wallet(control, institution, order.merchant_account_id).await?;
                match bkash.status(&wallet, payment).await {
                    Ok((sslcommerz::Outcome::Pending, true)) => bkash.execute(&wallet, payment).await,
                    Ok((outcome, _)) => Ok(outcome),
                    Err(e) => Err(e),
                }
            }
            _ => {
                let store = self.store(control, institution, order.merchant_account_id).await?;
                self.gateway()?.query(&store, &order.tran_id).await
            }
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
