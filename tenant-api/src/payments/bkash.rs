//! bKash Tokenized Checkout (v1.2.0-beta, mode 0011; developer.bka.sh):
//! - `token/grant` gives an `id_token` (an hour) sent raw in `Authorization` with `X-App-Key`;
//!   it is kept, per wallet, and granted again when it expires or the gateway says so (HTTP 401);
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
use control_plane::secret::Secret;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The merchant wallet a payment is made into: the platform's, or a partner's own.
#[derive(Clone)]
pub struct Wallet {
    /// Whose wallet: none for the platform's, else (partner, merchant account). Its id token is
    /// kept under this and the app key, so one partner's token never serves another's calls, nor
    /// a token granted before the partner changed its app key.
    pub owner: Option<(i64, i64)>,
    pub app_key: String,
    pub app_secret: Secret,
    pub username: String,
    pub password: Secret,
}

pub struct Bkash {
    client: reqwest::Client,
    /// Up to and including the version.
    url: String,
    platform: Wallet,
    tokens: Mutex<HashMap<(Option<(i64, i64)>, String), (String, Instant)>>,
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
        let platform = Wallet { owner: None, app_key: config.app_key, app_secret: config.app_secret, username: config.username, password: config.password };
        Ok(Self { client, url: config.url, platform, tokens: Mutex::default() })
    }

    pub fn platform_wallet(&self) -> &Wallet {
        &self.platform
    }

    fn url(&self, path: &str) -> String {
        format!("{}/tokenized/checkout/{path}", self.url.trim_end_matches('/'))
    }

    /// Whether bKash grants this wallet a token (a partner's credentials, before they are kept).
    pub async fn accepts(&self, wallet: &Wallet) -> Result<bool, GatewayError> {
        match self.grant(wallet).await {
            Ok(_) => Ok(true),
            Err(GatewayError::Refused(_)) => Ok(false),
            Err(unavailable) => Err(unavailable),
        }
    }

    /// A new id token for the wallet, and how long to keep it.
    async fn grant(&self, wallet: &Wallet) -> Result<(String, Duration), GatewayError> {
        let body = json!({ "app_key": wallet.app_key, "app_secret": wallet.app_secret.expose() });
        let response = self
            .client
            .post(self.url("token/grant"))
            .header("username", &wallet.username)
            .header("password", wallet.password.expose())
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
        Ok((grant.id_token, Duration::from_secs(grant.expires_in.max(120) - 60)))
    }

    /// The wallet's id token: the kept one while it lasts, else (or when `fresh`) a new grant.
    async fn token(&self, wallet: &Wallet, fresh: bool) -> Result<String, GatewayError> {
        if !fresh
            && let Some((token, until)) = self.tokens.lock().expect("bKash tokens").get(&(wallet.owner, wallet.app_key.clone()))
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let (token, lifetime) = self.grant(wallet).await?;
        self.tokens.lock().expect("bKash tokens").insert((wallet.owner, wallet.app_key.clone()), (token.clone(), Instant::now() + lifetime));
        Ok(token)
    }

    /// One call; a token the gateway no longer takes is granted afresh and the call made again.
    async fn call(&self, wallet: &Wallet, path: &str, body: Value) -> Result<Value, GatewayError> {
        for attempt in 0..2 {
            let token = self.token(wallet, attempt > 0).await?;
            let response = self
                .client
                .post(self.url(path))
                .header("Authorization", token)
                .header("X-App-Key", &wallet.app_key)
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
    pub async fn create(&self, wallet: &Wallet, invoice: &str, payer: &str, amount_poisha: i64, callback_url: &str) -> Result<(String, String), GatewayError> {
        let body = json!({
            "mode": "0011", "payerReference": payer, "callbackURL": callback_url, "amount": taka_string(amount_poisha),
            "currency": "BDT", "intent": "sale", "merchantInvoiceNumber": invoice,
        });
        let answer = self.call(wallet, "create", body).await?;
        match (answer["statusCode"].as_str(), answer["paymentID"].as_str(), answer["bkashURL"].as_str()) {
            (Some("0000"), Some(id), Some(url)) => Ok((id.to_owned(), url.to_owned())),
            _ => Err(GatewayError::Refused(format!("create {}: {}", answer["statusCode"], answer["statusMessage"]))),
        }
    }

    /// What bKash knows of a payment.
    pub async fn status(&self, wallet: &Wallet, payment_id: &str) -> Result<(Outcome, bool), GatewayError> {
        let answer = self.call(wallet, "payment/status", json!({ "paymentID": payment_id })).await?;
        let p: Payment = serde_json::from_value(answer).map_err(|e| GatewayError::Unavailable(format!("unreadable status: {e}")))?;
        if p.status_code != "0000" {
            return Err(GatewayError::Refused(format!("status {}: {}", p.status_code, p.status_message)));
        }
        Ok((outcome(&p)?, p.user_verification_status == "Complete"))
    }

    /// Completes a payment the payer authorised. An answer lost on the way, or bKash saying it
    /// was executed already, is settled by asking for the payment's status: never by executing
    /// again.
    pub async fn execute(&self, wallet: &Wallet, payment_id: &str) -> Result<Outcome, GatewayError> {
        match self.call(wallet, "execute", json!({ "paymentID": payment_id })).await {
            Ok(answer) => {
                let p: Payment = serde_json::from_value(answer).unwrap_or_default();
                match p.status_code.as_str() {
                    "0000" => outcome(&p),
                    // 2117: executed already; anything else: see where it stands.
                    _ => Ok(self.status(wallet, payment_id).await?.0),
                }
            }
            Err(GatewayError::Unavailable(_)) => Ok(self.status(wallet, payment_id).await?.0),
            Err(refused) => Err(refused),
        }
    }

    /// Refunds part or all of a completed payment; answers bKash's refund transaction id.
    pub async fn refund(&self, wallet: &Wallet, payment_id: &str, trx_id: &str, amount_poisha: i64, reason: &str) -> Result<String, GatewayError> {
        let body = json!({ "paymentID": payment_id, "trxID": trx_id, "amount": taka_string(amount_poisha), "sku": "course-seat", "reason": reason });
        let answer = self.call(wallet, "payment/refund", body).await?;
        match (answer["transactionStatus"].as_str(), answer["refundTrxID"].as_str()) {
            (Some("Completed"), Some(id)) => Ok(id.to_owned()),
            _ => Err(GatewayError::Refused(format!("refund {}: {}", answer["statusCode"], answer["statusMessage"]))),
        }
    }
}
