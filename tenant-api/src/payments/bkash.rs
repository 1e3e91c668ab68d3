//! bKash Tokenized Checkout (v1.2.0-beta, mode 0011; developer.bka.sh):
//! - `token/grant` gives an `id_token` (an hour) sent raw in `Authorization` with `X-App-Key`;
//!   it is kept and granted again when it expires or the gateway says so (HTTP 401);
//! - `create` gives a `paymentID` and the `bkashURL` where the payer authorises the payment;
//! - the payer's browser comes back to our callback with `status`; nothing is final until we
//!   `execute` the payment, which answers its `trxID`;
//! - an execute whose answer is lost is never repeated: `payment/status` says what happened;
//! - `payment/refund` refunds part or all of a completed payment at once.
//!
//! Every answer is HTTP 200 with a `statusCode` ("0000" is success). Local runs and tests reach
//! `infra/payments/bkash.py`; pointing `BKASH_URL` at `https://tokenized.sandbox.bka.sh/v1.2.0-beta`
//! is a configuration change.

use super::money::{parse_taka, taka_string};
use super::sslcommerz::{GatewayError, Outcome};
use crate::config::BkashConfig;
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

pub struct Bkash {
    client: reqwest::Client,
    config: BkashConfig,
    token: Mutex<Option<(String, Instant)>>,
}

#[derive(Deserialize)]
struct Grant {
    #[serde(default, rename = "statusCode")]
    status_code: String,
    #[serde(default, rename = "statusMessage")]
    status_message: String,
    #[serde(default)]
    id_token: String,
    #[serde(default)]
    expires_in: u64,
}

/// A payment as `execute` and `payment/status` describe it.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Payment {
    status_code: String,
    status_message: String,
    #[serde(rename = "trxID")]
    trx_id: String,
    amount: String,
    currency: String,
    transaction_status: String,
    user_verification_status: String,
}

/// What a payment became, in our terms, from bKash's description of it.
fn outcome(p: &Payment) -> Result<Outcome, GatewayError> {
    Ok(match p.transaction_status.as_str() {
        "Completed" => Outcome::Paid {
            val_id: p.trx_id.clone(),
            bank_tran_id: p.trx_id.clone(),
            amount_poisha: parse_taka(&p.amount, i64::MAX / 4).ok_or_else(|| GatewayError::Unavailable(format!("unreadable amount {:?}", p.amount)))?,
            // bKash settles its charge outside these APIs.
            fee_poisha: 0,
            currency: p.currency.clone(),
            risky: false,
        },
        "Failed" => Outcome::Failed("failed at bKash".into()),
        "Cancelled" => Outcome::Cancelled,
        _ => Outcome::Pending,
    })
}

impl Bkash {
    pub fn new(config: BkashConfig) -> anyhow::Result<Self> {
        // bKash asks for a 30 s ceiling; the payer is waiting on execute.
        let client = reqwest::Client::builder().timeout(Duration::from_secs(30)).redirect(reqwest::redirect::Policy::none()).build()?;
        Ok(Self { client, config, token: Mutex::new(None) })
    }

    fn url(&self, path: &str) -> String {
        format!("{}/tokenized/checkout/{path}", self.config.url.trim_end_matches('/'))
    }

    async fn grant(&self) -> Result<String, GatewayError> {
        let body = json!({ "app_key": self.config.app_key, "app_secret": self.config.app_secret.expose() });
        let response = self
            .client
            .post(self.url("token/grant"))
            .header("username", &self.config.username)
            .header("password", self.config.password.expose())
            .json(&body)
            .send()
            .await
            .map_err(|e| GatewayError::Unavailable(e.without_url().to_string()))?;
        if !response.status().is_success() {
            return Err(GatewayError::Unavailable(format!("token grant answered {}", response.status())));
        }
        let grant: Grant = response.json().await.map_err(|e| GatewayError::Unavailable(format!("unreadable grant: {e}")))?;
        if grant.status_code != "0000" || grant.id_token.is_empty() {
            return Err(GatewayError::Refused(format!("token grant {}: {}", grant.status_code, grant.status_message)));
        }
        let lifetime = Duration::from_secs(grant.expires_in.max(120) - 60);
        *self.token.lock().await = Some((grant.id_token.clone(), Instant::now() + lifetime));
        Ok(grant.id_token)
    }

    async fn token(&self) -> Result<String, GatewayError> {
        if let Some((token, until)) = self.token.lock().await.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        self.grant().await
    }

    /// One call; a token the gateway no longer takes is granted afresh and the call made again.
    async fn call(&self, path: &str, body: Value) -> Result<Value, GatewayError> {
        for attempt in 0..2 {
            let token = if attempt == 0 { self.token().await? } else { self.grant().await? };
            let response = self
                .client
                .post(self.url(path))
                .header("Authorization", token)
                .header("X-App-Key", &self.config.app_key)
                .json(&body)
                .send()
                .await
                .map_err(|e| GatewayError::Unavailable(e.without_url().to_string()))?;
            if response.status() == reqwest::StatusCode::UNAUTHORIZED && attempt == 0 {
                continue;
            }
            if !response.status().is_success() {
                return Err(GatewayError::Unavailable(format!("{path} answered {}", response.status())));
            }
            return response.json().await.map_err(|e| GatewayError::Unavailable(format!("unreadable answer: {e}")));
        }
        Err(GatewayError::Unavailable(format!("{path}: the token was refused twice")))
    }

    /// Creates a payment; answers its `paymentID` and the page the payer is sent to.
    pub async fn create(&self, invoice: &str, payer: &str, amount_poisha: i64, callback_url: &str) -> Result<(String, String), GatewayError> {
        let body = json!({
            "mode": "0011", "payerReference": payer, "callbackURL": callback_url, "amount": taka_string(amount_poisha),
            "currency": "BDT", "intent": "sale", "merchantInvoiceNumber": invoice,
        });
        let answer = self.call("create", body).await?;
        match (answer["statusCode"].as_str(), answer["paymentID"].as_str(), answer["bkashURL"].as_str()) {
            (Some("0000"), Some(id), Some(url)) => Ok((id.to_owned(), url.to_owned())),
            _ => Err(GatewayError::Refused(format!("create {}: {}", answer["statusCode"], answer["statusMessage"]))),
        }
    }

    /// What bKash knows of a payment.
    pub async fn status(&self, payment_id: &str) -> Result<(Outcome, bool), GatewayError> {
        let answer = self.call("payment/status", json!({ "paymentID": payment_id })).await?;
        let p: Payment = serde_json::from_value(answer).map_err(|e| GatewayError::Unavailable(format!("unreadable status: {e}")))?;
        if p.status_code != "0000" {
            return Err(GatewayError::Refused(format!("status {}: {}", p.status_code, p.status_message)));
        }
        Ok((outcome(&p)?, p.user_verification_status == "Complete"))
    }

    /// Completes a payment the payer authorised. An answer lost on the way, or bKash saying it
    /// was executed already, is settled by asking for the payment's status: never by executing
    /// again.
    pub async fn execute(&self, payment_id: &str) -> Result<Outcome, GatewayError> {
        match self.call("execute", json!({ "paymentID": payment_id })).await {
            Ok(answer) => {
                let p: Payment = serde_json::from_value(answer).unwrap_or_default();
                match p.status_code.as_str() {
                    "0000" => outcome(&p),
                    // 2117: executed already; anything else: see where it stands.
                    _ => Ok(self.status(payment_id).await?.0),
                }
            }
            Err(GatewayError::Unavailable(_)) => Ok(self.status(payment_id).await?.0),
            Err(refused) => Err(refused),
        }
    }

    /// Refunds part or all of a completed payment; answers bKash's refund transaction id.
    pub async fn refund(&self, payment_id: &str, trx_id: &str, amount_poisha: i64, reason: &str) -> Result<String, GatewayError> {
        let body = json!({ "paymentID": payment_id, "trxID": trx_id, "amount": taka_string(amount_poisha), "sku": "course-seat", "reason": reason });
        let answer = self.call("payment/refund", body).await?;
        match (answer["transactionStatus"].as_str(), answer["refundTrxID"].as_str()) {
            (Some("Completed"), Some(id)) => Ok(id.to_owned()),
            _ => Err(GatewayError::Refused(format!("refund {}: {}", answer["statusCode"], answer["statusMessage"]))),
        }
    }
}
