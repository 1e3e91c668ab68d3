//! Headers every answer carries. Browsers are told not to sniff types, not to leak full
//! addresses to other sites, not to grant powerful features, and not to frame us; answers that
//! may carry a token or personal data (every JSON answer that does not say otherwise) are not
//! stored by browsers or proxies. The app shell sets its own Content-Security-Policy with a
//! per-response nonce (`crate::web`); everything else (JSON, images, assets) may run nothing.

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// For answers that are not the app shell: nothing may run or load, nothing may frame them.
pub const LOCKED_DOWN_CSP: &str = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The microphone (SPEC §1: voice search) and the camera (events' QR check-in at the door) are
/// left to our own pages, never to a frame of another origin; the rest is off.
const PERMISSIONS_POLICY: &str = "camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), \
magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()";

pub async fn secure(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(HeaderName::from_static("permissions-policy"), HeaderValue::from_static(PERMISSIONS_POLICY));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(LOCKED_DOWN_CSP));
    }
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}
