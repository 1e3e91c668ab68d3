//! The site's merchant accounts: whether its learners' SSLCommerz payments go into the platform's
//! store or the site's own, and its bKash payments into the platform's wallet or the site's own.
//! The site's admin sets them; new credentials are tried at the gateway before they are kept,
//! sealed, and a password or secret is never shown again.

use super::bkash::Wallet;
use super::sslcommerz::{GatewayError, Store};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::AppJson;
use control_plane::merchants::{self, Gateway};
use control_plane::response::Data;
use control_plane::secret::Secret;
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct MerchantSettings {
    /// `platform`: the platform's store takes the SSLCommerz payments (and pays the site out);
    /// `own`: the site's own SSLCommerz store does.
    pub mode: String,
    /// The site's own store, when it has one.
    pub store_id: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
    pub bkash: WalletSettings,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WalletSettings {
    /// `platform` or `own`: whose bKash merchant wallet takes the site's bKash payments.
    pub mode: String,
    /// The site's own wallet's username and app key, when it has one.
    pub username: Option<String>,
    pub app_key: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

async fn settings(app: &AppState, tenant: &Tenant) -> AppResult<MerchantSettings> {
    let (store, wallet) = tokio::try_join!(merchants::active(&app.ctl.db, tenant.id, Gateway::SslCommerz), merchants::active(&app.ctl.db, tenant.id, Gateway::Bkash))?;
    let mode = |own: bool| if own { "own" } else { "platform" }.to_owned();
    Ok(MerchantSettings {
        mode: mode(store.is_some()),
        store_id: store.as_ref().map(|s| s.store_id.clone()),
        updated_at: store.map(|s| s.updated_at),
        bkash: WalletSettings {
            mode: mode(wallet.is_some()),
            username: wallet.as_ref().map(|w| w.store_id.clone()),
            app_key: wallet.as_ref().and_then(|w| w.app_key.clone()),
            updated_at: wallet.map(|w| w.updated_at),
        },
    })
}

/// Where the site's learners' payments go, by gateway.
#[utoipa::path(get, path = "/course/accounts/merchant", tag = "accounts",
    responses((status = 200, body = Data<MerchantSettings>), (status = 401), (status = 403)))]
pub async fn view_merchant(State(app): State<AppState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser) -> AppResult<Json<Data<MerchantSettings>>> {
    caller.require_admin_of(tenant.id)?;
    Ok(Json(Data::new(settings(&app, &tenant).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MerchantInput {
    /// `sslcommerz` (the default) or `bkash`: which gateway's account this sets.
    pub gateway: Option<String>,
    /// `platform` or `own`.
    pub mode: String,
    /// SSLCommerz, for `own`: the store id SSLCommerz gave the site.
    pub store_id: String,
    /// SSLCommerz, for `own`: the store password; may be left empty to keep the one kept for this store.
    pub store_password: String,
    /// bKash, for `own`: the merchant wallet's API username.
    pub username: String,
    /// bKash, for `own`: the wallet's API password; with `app_secret`, may be left empty to keep
    /// the secrets kept for this username.
    pub password: String,
    /// bKash, for `own`: the app key; left empty, the one kept for this username.
    pub app_key: String,
    pub app_secret: String,
}

/// Choose the store or wallet that takes the site's payments through a gateway. New credentials
/// are tried at the gateway first: 422 `store_credentials_refused` or `wallet_credentials_refused`
/// when it does not know them.
#[utoipa::path(post, path = "/course/accounts/merchant", tag = "accounts", request_body = MerchantInput,
    responses((status = 200, body = Data<MerchantSettings>), (status = 401), (status = 403), (status = 422), (status = 502), (status = 503)))]
pub async fn update_merchant(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<MerchantInput>,
) -> AppResult<Json<Data<MerchantSettings>>> {
    caller.require_admin_of(tenant.id)?;
    let by = caller.user_id().ok_or(AppError::Forbidden)?;
    let mut v = Validator::default();
    let gateway = match input.gateway.as_deref().unwrap_or("sslcommerz") {
        "sslcommerz" => Gateway::SslCommerz,
        "bkash" => Gateway::Bkash,
        _ => return Err(AppError::unprocessable("gateway", "invalid_choice")),
    };
    match input.mode.as_str() {
        "platform" => {
            merchants::deactivate(&app.ctl.db, tenant.id, gateway).await?;
            return Ok(Json(Data::new(settings(&app, &tenant).await?)));
        }
        "own" => {}
        _ => v.add("mode", "invalid_choice", None),
    }
    match gateway {
        Gateway::SslCommerz => own_store(&app, &tenant, v, &input, by).await?,
        Gateway::Bkash => own_wallet(&app, &tenant, v, &input, by).await?,
    }
    Ok(Json(Data::new(settings(&app, &tenant).await?)))
}

/// An identifier a gateway gave: letters, digits, `-` and `_` only (else `invalid`); `required`
/// unless it may be left empty.
fn identifier(v: &mut Validator, field: &'static str, value: &str, required: bool, invalid: &'static str) -> String {
    let value = v.optional_text(field, value, 100).unwrap_or_default();
    if value.is_empty() && required {
        v.add(field, "required", None);
    }
    if !value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        v.add(field, invalid, None);
    }
    value
}

/// A password or secret as typed (surrounding spaces dropped), at most 200 bytes.
fn secret_field<'a>(v: &mut Validator, field: &'static str, value: &'a str) -> &'a str {
    let value = value.trim();
    if value.len() > 200 {
        v.add(field, "too_long", Some(200));
    }
    value
}

/// What a gateway said of credentials, as our answer: refused on `field`, or 502 when not reached.
fn checked(answer: Result<bool, GatewayError>, field: &'static str, code: &'static str) -> AppResult<()> {
    match answer {
        Ok(true) => Ok(()),
        Ok(false) | Err(GatewayError::Refused(_)) => Err(AppError::field(field, code)),
        Err(GatewayError::Unavailable(error)) => {
            tracing::warn!(%error, "gateway not reached while checking merchant credentials");
            Err(AppError::Http(StatusCode::BAD_GATEWAY, "payment_gateway_unavailable"))
        }
    }
}

async fn own_store(app: &AppState, tenant: &Tenant, mut v: Validator, input: &MerchantInput, by: i64) -> AppResult<()> {
    let store_id = identifier(&mut v, "store_id", &input.store_id, true, "store_id_invalid");
    let password = secret_field(&mut v, "store_password", &input.store_password);
    v.finish()?;
    let gateway = app.payments.gateway()?;
    let store = if password.is_empty() {
        // Keeping the password kept for this store (switching back to it, say).
        let kept = merchants::known(&app.ctl.db, tenant.id, Gateway::SslCommerz, &store_id).await?.ok_or(AppError::field("store_password", "required"))?;
        app.payments.store(&app.ctl.db, tenant.id, Some(kept.id)).await?
    } else {
        Store { id: store_id, password: Secret::new(password) }
    };
    checked(gateway.accepts(&store).await, "store_password", "store_credentials_refused")?;
    let sealed = app.payments.seal(store.password.expose());
    merchants::activate(&app.ctl.db, tenant.id, Gateway::SslCommerz, &store.id, None, &sealed, by).await?;
    Ok(())
}

async fn own_wallet(app: &AppState, tenant: &Tenant, mut v: Validator, input: &MerchantInput, by: i64) -> AppResult<()> {
    let username = identifier(&mut v, "username", &input.username, true, "identifier_invalid");
    let password = secret_field(&mut v, "password", &input.password);
    let app_secret = secret_field(&mut v, "app_secret", &input.app_secret);
    // New secrets come with their app key; with none, the kept wallet's are used.
    let app_key = identifier(&mut v, "app_key", &input.app_key, !password.is_empty(), "identifier_invalid");
    // Both secrets, or neither.
    if password.is_empty() != app_secret.is_empty() {
        v.add(if password.is_empty() { "password" } else { "app_secret" }, "required", None);
    }
    v.finish()?;
    let bkash = app.payments.bkash()?;
    let wallet = if password.is_empty() {
        let kept = merchants::known(&app.ctl.db, tenant.id, Gateway::Bkash, &username).await?.ok_or(AppError::field("password", "required"))?;
        let kept = app.payments.wallet(&app.ctl.db, tenant.id, Some(kept.id)).await?;
        Wallet { app_key: if app_key.is_empty() { kept.app_key.clone() } else { app_key }, ..kept }
    } else {
        Wallet { owner: None, app_key, app_secret: Secret::new(app_secret), username, password: Secret::new(password) }
    };
    checked(bkash.accepts(&wallet).await, "password", "wallet_credentials_refused")?;
    let sealed = app.payments.seal_wallet(wallet.password.expose(), wallet.app_secret.expose());
    merchants::activate(&app.ctl.db, tenant.id, Gateway::Bkash, &wallet.username, Some(&wallet.app_key), &sealed, by).await?;
    Ok(())
}
