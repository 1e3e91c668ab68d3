//! `/my-account/sotore/*`: the browser a reader is signed in on asks to be notified (its Web Push
//! subscription, SPEC's "push token"), or not any more; and the key browsers subscribe with.

use super::{check_endpoint, store, webpush};
use crate::auth::{HostTenant, MaybeUser, RequireUser};
use crate::error::{AppError, AppResult};
use crate::json::AppJson;
use crate::response::{Data, Done};
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest endpoint kept; push services' run to a few hundred characters.
const ENDPOINT_MAX: usize = 1000;

#[derive(Debug, Serialize, ToSchema)]
pub struct PushKey {
    /// This platform's VAPID public key (an uncompressed P-256 point, base64url), for
    /// `pushManager.subscribe({applicationServerKey})`.
    pub public_key: String,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct PushKeys {
    /// The browser's ECDH public key, base64url.
    pub p256dh: String,
    /// The browser's auth secret, base64url.
    pub auth: String,
}

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct PushSubscriptionInput {
    pub endpoint: String,
    pub keys: PushKeys,
    /// The subscription this one takes the place of, sent by the service worker without sign-in
    /// when the push service changed it (`pushsubscriptionchange`); its auth secret proves it.
    pub replaces: Option<ReplacedSubscription>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct ReplacedSubscription {
    pub endpoint: String,
    /// Its auth secret, base64url.
    pub auth: String,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct PushEndpointInput {
    pub endpoint: String,
}

fn push_config(ctl: &ControlState) -> AppResult<&crate::config::PushConfig> {
    ctl.config.push.as_ref().ok_or(AppError::Missing("push_unavailable"))
}

/// A base64url key of `len` bytes (browsers leave out the padding; some add it).
fn key(field: &str, value: &str, len: usize) -> AppResult<Vec<u8>> {
    URL_SAFE_NO_PAD
        .decode(value.trim_end_matches('='))
        .ok()
        .filter(|k| k.len() == len)
        .ok_or_else(|| AppError::unprocessable(field, "push_key_invalid"))
}

/// The key a browser subscribes with; 404 `push_unavailable` when the platform sends no pushes.
#[utoipa::path(get, path = "/my-account/sotore/key", tag = "auth",
    responses((status = 200, body = Data<PushKey>), (status = 404, description = "push_unavailable")))]
pub async fn key_of_platform(State(ctl): State<ControlState>) -> AppResult<Json<Data<PushKey>>> {
    Ok(Json(Data::new(PushKey { public_key: push_config(&ctl)?.vapid.public_key() })))
}

/// Notify this browser of the caller's notices on this site, until this session ends; or, with
/// `replaces`, move a subscription the push service renewed to its new address.
#[utoipa::path(post, path = "/my-account/sotore/token", tag = "auth", request_body = PushSubscriptionInput,
    responses((status = 200, body = Data<Done>), (status = 401), (status = 404, description = "push_unavailable, push_subscription_unknown"), (status = 422)))]
pub async fn subscribe(
    State(ctl): State<ControlState>,
    HostTenant(site): HostTenant,
    MaybeUser(caller): MaybeUser,
    AppJson(input): AppJson<PushSubscriptionInput>,
) -> AppResult<Json<Data<Done>>> {
    let config = push_config(&ctl)?;
    if input.endpoint.is_empty() {
        return Err(AppError::field("endpoint", "required"));
    }
    if input.endpoint.len() > ENDPOINT_MAX {
        return Err(AppError::field("endpoint", "too_long"));
    }
    check_endpoint(&config.services, &input.endpoint).map_err(|code| AppError::unprocessable("endpoint", code))?;
    let p256dh = key("keys.p256dh", &input.keys.p256dh, webpush::PUBLIC_KEY_LEN)?;
    let auth = key("keys.auth", &input.keys.auth, webpush::AUTH_LEN)?;
    // A key off the curve would fail every push later; refuse it now.
    webpush::encrypt(&p256dh, &auth, b"").map_err(|_| AppError::unprocessable("keys.p256dh", "push_key_invalid"))?;
    let new = store::Keys { endpoint: &input.endpoint, p256dh: &p256dh, auth: &auth };
    match (&input.replaces, caller.and_then(|c| Some((c.user_id()?, c.session.id)))) {
        // The service worker has no sign-in of its own: the old subscription's secret, which only
        // that browser and this platform hold, says the new one is the same browser's.
        (Some(old), _) => {
            let old_auth = key("replaces.auth", &old.auth, webpush::AUTH_LEN)?;
            if !store::renew(&ctl.db, site.id, &old.endpoint, &old_auth, &new).await? {
                return Err(AppError::Missing("push_subscription_unknown"));
            }
        }
        (None, Some((user_id, session_id))) => store::save(&ctl.db, user_id, session_id, site.id, &new).await?,
        (None, None) => return Err(AppError::Unauthenticated),
    }
    Ok(Json(Data::done()))
}

/// Stop notifying this browser (the caller's own subscription only; an unknown one is no error).
#[utoipa::path(delete, path = "/my-account/sotore/token", tag = "auth", request_body = PushEndpointInput,
    responses((status = 200, body = Data<Done>), (status = 401), (status = 422)))]
pub async fn unsubscribe(
    State(ctl): State<ControlState>,
    RequireUser(caller): RequireUser,
    AppJson(input): AppJson<PushEndpointInput>,
) -> AppResult<Json<Data<Done>>> {
    if input.endpoint.is_empty() {
        return Err(AppError::field("endpoint", "required"));
    }
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    store::remove(&ctl.db, user_id, &input.endpoint).await?;
    Ok(Json(Data::done()))
}
