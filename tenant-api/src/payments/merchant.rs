//! The site's merchant account: whether its learners' SSLCommerz payments go into the platform's
//! store or the site's own. The site's admin sets it; a store's credentials are tried at the
//! gateway before they are kept, sealed, and the password is never shown again. bKash payments
//! always go to the platform's merchant wallet.

use super::accounts::require_admin;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::AppJson;
use control_plane::merchants;
use control_plane::response::Data;
use control_plane::secret::Secret;
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::sslcommerz::{GatewayError, Store};

#[derive(Debug, Serialize, ToSchema)]
pub struct MerchantSettings {
    /// `platform`: the platform's store takes the payments (and pays the site out);
    /// `own`: the site's own SSLCommerz store does.
    pub mode: String,
    /// The site's own store, when it has one.
    pub store_id: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

async fn settings(app: &AppState, tenant: &Tenant) -> AppResult<MerchantSettings> {
    Ok(match merchants::active(&app.ctl.db, tenant.id).await? {
        Some(account) => MerchantSettings { mode: "own".into(), store_id: Some(account.store_id), updated_at: Some(account.updated_at) },
        None => MerchantSettings { mode: "platform".into(), store_id: None, updated_at: None },
    })
}

/// Where the site's learners' SSLCommerz payments go.
#[utoipa::path(get, path = "/course/accounts/merchant", tag = "accounts",
    responses((status = 200, body = Data<MerchantSettings>), (status = 401), (status = 403)))]
pub async fn view_merchant(State(app): State<AppState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser) -> AppResult<Json<Data<MerchantSettings>>> {
    require_admin(&caller, &tenant)?;
    Ok(Json(Data::new(settings(&app, &tenant).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MerchantInput {
    /// `platform` or `own`.
    pub mode: String,
    /// For `own`: the store id SSLCommerz gave the site.
    pub store_id: String,
    /// For `own`: the store password; may be left empty to keep the one kept for this store.
    pub store_password: String,
}

/// Choose the store that takes the site's payments. A new store's credentials are tried at the
/// gateway first: 422 `store_credentials_refused` when it does not know them.
#[utoipa::path(post, path = "/course/accounts/merchant", tag = "accounts", request_body = MerchantInput,
    responses((status = 200, body = Data<MerchantSettings>), (status = 401), (status = 403), (status = 422), (status = 502), (status = 503)))]
pub async fn update_merchant(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<MerchantInput>,
) -> AppResult<Json<Data<MerchantSettings>>> {
    require_admin(&caller, &tenant)?;
    let by = caller.user_id().ok_or(AppError::Forbidden)?;
    let mut v = Validator::default();
    match input.mode.as_str() {
        "platform" => {
            v.finish()?;
            merchants::deactivate(&app.ctl.db, tenant.id).await?;
            return Ok(Json(Data::new(settings(&app, &tenant).await?)));
        }
        "own" => {}
        _ => v.add("mode", "invalid_choice", None),
    }
    let store_id = v.text("store_id", &input.store_id, 100);
    if !store_id.is_empty() && !store_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        v.add("store_id", "store_id_invalid", None);
    }
    let password = input.store_password.trim();
    if password.len() > 200 {
        v.add("store_password", "too_long", Some(200));
    }
    v.finish()?;
    let gateway = app.payments.gateway()?;
    let store = if password.is_empty() {
        // Keeping the password kept for this store (switching back to it, say).
        let kept = merchants::known(&app.ctl.db, tenant.id, &store_id).await?.ok_or(AppError::field("store_password", "required"))?;
        app.payments.store(&app.ctl.db, tenant.id, Some(kept)).await?
    } else {
        Store { id: store_id.clone(), password: Secret::new(password) }
    };
    match gateway.accepts(&store).await {
        Ok(true) => {}
        Ok(false) | Err(GatewayError::Refused(_)) => return Err(AppError::field("store_password", "store_credentials_refused")),
        Err(GatewayError::Unavailable(error)) => {
            tracing::warn!(%error, "gateway not reached while checking a store");
            return Err(AppError::Http(StatusCode::BAD_GATEWAY, "payment_gateway_unavailable"));
        }
    }
    merchants::activate(&app.ctl.db, tenant.id, &store.id, &app.payments.seal(store.password.expose()), by).await?;
    Ok(Json(Data::new(settings(&app, &tenant).await?)))
}
