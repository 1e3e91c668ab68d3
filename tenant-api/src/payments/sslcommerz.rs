//! SSLCommerz v4 hosted checkout (developer.sslcommerz.com/doc/v4):
//! - session: `POST /gwprocess/v4/api.php` (form) -> `GatewayPageURL`, where the payer pays;
//! - the payer's browser comes back to our `success_url`/`fail_url`/`cancel_url` and the gateway
//!   posts an IPN to `ipn_url`; neither proves anything by itself (both can be forged);
//! - validation: `GET /validator/api/validationserverAPI.php?val_id` is the authority
//!   (`VALID` the first time, `VALIDATED` after);
//! - query: `GET /validator/api/merchantTransIDvalidationAPI.php?tran_id` lists what the gateway
//!   knows of a transaction, which settles an order whose notice never came.
//!
//! Local runs and tests reach `infra/payments/sslcommerz.py`, which speaks the same protocol;
//! pointing `SSLCOMMERZ_URL` at `https://sandbox.sslcommerz.com` is a configuration change.

use super::money::{parse_taka, taka_string};
use crate::config::SslCommerzConfig;
use control_plane::secret::Secret;
use serde::Deserialize;
use std::time::Duration;

/// What a gateway said about a payment, in our terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Paid: the amount and fee as the gateway reports them.
    Paid { val_id: String, bank_tran_id: String, amount_poisha: i64, fee_poisha: i64, currency: String, risky: bool },
    Failed(String),
    Cancelled,
    /// Not finished by the payer (yet).
    Pending,
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// Unreachable, slow, 5xx or an unreadable answer: try again later.
    #[error("gateway unavailable: {0}")]
    Unavailable(String),
    #[error("gateway refused: {0}")]
    Refused(String),
}

pub struct SslCommerz {
    client: reqwest::Client,
    url: String,
    platform: Store,
}

/// A store's credentials: the platform's (from configuration) or a partner's own. The gateway
/// shows a store only its own transactions, so asking with the order's store is what makes the
/// answer about that store's payment.
#[derive(Clone)]
pub struct Store {
    pub id: String,
    pub password: Secret,
}

/// What a session needs beyond the order.
pub struct Checkout<'a> {
    pub tran_id: &'a str,
    pub amount_poisha: i64,
    pub product_name: &'a str,
    pub customer_name: &'a str,
    pub customer_email: &'a str,
    pub customer_phone: &'a str,
    /// Where the payer's browser returns (we append `success`, `fail`, `cancel`).
    pub return_url: &'a str,
    pub ipn_url: &'a str,
}

#[derive(Deserialize)]
struct SessionAnswer {
    status: String,
    #[serde(default)]
    failedreason: String,
    #[serde(rename = "GatewayPageURL", default)]
    gateway_page_url: String,
}

/// A transaction as the validation and query APIs describe it (amounts are decimal strings).
#[derive(Debug, Deserialize)]
struct Transaction {
    #[serde(default)]
    status: String,
    #[serde(default)]
    tran_id: String,
    #[serde(default)]
    val_id: String,
    #[serde(default)]
    amount: String,
    #[serde(default)]
    store_amount: String,
    #[serde(default)]
    currency: String,
    #[serde(default)]
    bank_tran_id: String,
    #[serde(default)]
    risk_level: String,
    #[serde(default)]
    error: String,
}

#[derive(Deserialize)]
struct QueryAnswer {
    /// `DONE` when the credentials were accepted.
    #[serde(default, rename = "APIConnect")]
    api_connect: String,
    #[serde(default)]
    element: Vec<Transaction>,
}

impl SslCommerz {
    pub fn new(config: SslCommerzConfig) -> anyhow::Result<Self> {
        // The gateway's documentation asks for a 30 s ceiling; a payer waits on the first call.
        let client = reqwest::Client::builder().timeout(Duration::from_secs(20)).redirect(reqwest::redirect::Policy::none()).build()?;
        let platform = Store { id: config.store_id, password: config.store_password };
        Ok(Self { client, url: config.url, platform })
    }

    /// The platform's own store.
    pub fn platform_store(&self) -> &Store {
        &self.platform
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.url.trim_end_matches('/'))
    }

    fn credentials(store: &Store) -> [(&'static str, &str); 2] {
        [("store_id", store.id.as_str()), ("store_passwd", store.password.expose())]
    }

    async fn get_json<T: for<'de> Deserialize<'de>>(&self, store: &Store, path: &str, query: &[(&str, &str)]) -> Result<T, GatewayError> {
        let response = self
            .client
            .get(self.url(path))
            .query(&Self::credentials(store))
            .query(&[("format", "json"), ("v", "1")])
            .query(query)
            .send()
            .await
            .map_err(|e| GatewayError::Unavailable(e.without_url().to_string()))?;
        if !response.status().is_success() {
            return Err(GatewayError::Unavailable(format!("answered {}", response.status())));
        }
        response.json().await.map_err(|e| GatewayError::Unavailable(format!("unreadable answer: {e}")))
    }

    /// Opens a session; the answer is the page the payer is sent to.
    pub async fn start(&self, store: &Store, c: &Checkout<'_>) -> Result<String, GatewayError> {
        let amount = taka_string(c.amount_poisha);
        let success = format!("{}?outcome=success", c.return_url);
        let fail = format!("{}?outcome=fail", c.return_url);
        let cancel = format!("{}?outcome=cancel", c.return_url);
        let [store_id, store_passwd] = Self::credentials(store);
        let form = [
            store_id,
            store_passwd,
            ("total_amount", amount.as_str()),
            ("currency", "BDT"),
            ("tran_id", c.tran_id),
            ("success_url", &success),
            ("fail_url", &fail),
            ("cancel_url", &cancel),
            ("ipn_url", c.ipn_url),
            ("cus_name", c.customer_name),
            ("cus_email", c.customer_email),
            ("cus_phone", c.customer_phone),
            ("cus_add1", "Bangladesh"),
            ("cus_city", "Dhaka"),
            ("cus_country", "Bangladesh"),
            ("shipping_method", "NO"),
            ("product_name", c.product_name),
            ("product_category", "Education"),
            ("product_profile", "non-physical-goods"),
        ];
        let response = self
            .client
            .post(self.url("/gwprocess/v4/api.php"))
            .form(&form)
            .send()
            .await
            .map_err(|e| GatewayError::Unavailable(e.without_url().to_string()))?;
        if !response.status().is_success() {
            return Err(GatewayError::Unavailable(format!("answered {}", response.status())));
        }
        let answer: SessionAnswer = response.json().await.map_err(|e| GatewayError::Unavailable(format!("unreadable answer: {e}")))?;
        if answer.status != "SUCCESS" || answer.gateway_page_url.is_empty() {
            return Err(GatewayError::Refused(answer.failedreason));
        }
        Ok(answer.gateway_page_url)
    }

    /// Asks the gateway about a `val_id` (from an IPN or the payer's return).
    pub async fn validate(&self, store: &Store, val_id: &str) -> Result<(String, Outcome), GatewayError> {
        let t: Transaction = self.get_json(store, "/validator/api/validationserverAPI.php", &[("val_id", val_id)]).await?;
        if t.status == "INVALID_TRANSACTION" {
            return Err(GatewayError::Refused(format!("no payment has val_id {val_id:?}")));
        }
        let outcome = outcome(&t)?;
        Ok((t.tran_id, outcome))
    }

    /// What the gateway knows of a transaction: paid if any attempt was, else the latest word.
    pub async fn query(&self, store: &Store, tran_id: &str) -> Result<Outcome, GatewayError> {
        let answer: QueryAnswer = self.get_json(store, "/validator/api/merchantTransIDvalidationAPI.php", &[("tran_id", tran_id)]).await?;
        let mut found = Outcome::Pending;
        for t in answer.element.iter().filter(|t| t.tran_id == tran_id) {
            match outcome(t)? {
                paid @ Outcome::Paid { .. } => return Ok(paid),
                Outcome::Pending => {}
                other => found = other,
            }
        }
        Ok(found)
    }

    /// Whether the gateway accepts a store's credentials: asked about a transaction that cannot
    /// exist, it answers `APIConnect: DONE` only to a store it knows.
    pub async fn accepts(&self, store: &Store) -> Result<bool, GatewayError> {
        let probe = format!("credentials-check-{}", uuid::Uuid::new_v4().simple());
        let answer: QueryAnswer = self.get_json(store, "/validator/api/merchantTransIDvalidationAPI.php", &[("tran_id", &probe)]).await?;
        Ok(answer.api_connect == "DONE")
    }
}

#[derive(Deserialize)]
struct RefundAnswer {
    #[serde(default)]
    status: String,
    #[serde(default)]
    refund_ref_id: String,
    #[serde(default, rename = "errorReason")]
    error_reason: String,
}

/// Where a refund stands at the gateway.
#[derive(Debug, PartialEq, Eq)]
pub enum RefundState {
    Refunded,
    Processing,
    Failed(String),
}

impl SslCommerz {
    /// Asks the gateway to refund part or all of a payment; answers its refund reference.
    /// `refe_id` is ours (the refund's id), sent so the gateway's record names it.
    pub async fn refund(&self, store: &Store, bank_tran_id: &str, amount_poisha: i64, remarks: &str, refe_id: &str) -> Result<String, GatewayError> {
        let amount = taka_string(amount_poisha);
        let query = [("bank_tran_id", bank_tran_id), ("refund_amount", &amount), ("refund_remarks", remarks), ("refe_id", refe_id)];
        let answer: RefundAnswer = self.get_json(store, "/validator/api/merchantTransIDvalidationAPI.php", &query).await?;
        match answer.status.as_str() {
            "success" if !answer.refund_ref_id.is_empty() => Ok(answer.refund_ref_id),
            _ => Err(GatewayError::Refused(if answer.error_reason.is_empty() { answer.status } else { answer.error_reason })),
        }
    }

    pub async fn refund_state(&self, store: &Store, refund_ref_id: &str) -> Result<RefundState, GatewayError> {
        let answer: RefundAnswer = self.get_json(store, "/validator/api/merchantTransIDvalidationAPI.php", &[("refund_ref_id", refund_ref_id)]).await?;
        Ok(match answer.status.as_str() {
            "refunded" => RefundState::Refunded,
            "processing" | "initiated" => RefundState::Processing,
            other => RefundState::Failed(if answer.error_reason.is_empty() { other.to_owned() } else { answer.error_reason }),
        })
    }
}

fn outcome(t: &Transaction) -> Result<Outcome, GatewayError> {
    const MAX: i64 = i64::MAX / 2;
    Ok(match t.status.as_str() {
        "VALID" | "VALIDATED" => {
            let unreadable = || GatewayError::Unavailable(format!("unreadable amount {:?}", t.amount));
            let amount_poisha = parse_taka(&t.amount, MAX).ok_or_else(unreadable)?;
            let store_poisha = parse_taka(&t.store_amount, MAX).unwrap_or(amount_poisha);
            Outcome::Paid {
                val_id: t.val_id.clone(),
                bank_tran_id: t.bank_tran_id.clone(),
                amount_poisha,
                fee_poisha: (amount_poisha - store_poisha).max(0),
                currency: t.currency.clone(),
                risky: t.risk_level == "1",
            }
        }
        "FAILED" => Outcome::Failed(if t.error.is_empty() { "failed at the gateway".into() } else { t.error.clone() }),
        "CANCELLED" => Outcome::Cancelled,
        _ => Outcome::Pending,
    })
}
