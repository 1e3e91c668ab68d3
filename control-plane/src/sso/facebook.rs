//! Facebook Login's code flow ("Manually Build a Login Flow",
//! developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow): Facebook offers web
//! sites no OpenID Connect code flow, so the person is identified by the Graph API's `/me`, asked
//! with the access token and its `appsecret_proof` (developers.facebook.com/docs/graph-api/securing-requests).
//! The identity is (`https://www.facebook.com`, the app-scoped user id).

use super::{Failure, Proven};
use crate::config::FacebookSettings;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use sha2::Sha256;

pub const ISSUER: &str = "https://www.facebook.com";

pub struct Facebook {
    settings: FacebookSettings,
    http: reqwest::Client,
}

#[derive(Deserialize)]
struct AccessToken {
    access_token: String,
}

#[derive(Deserialize)]
struct Me {
    id: String,
    name: Option<String>,
    email: Option<String>,
}

impl Facebook {
    pub fn new(settings: FacebookSettings, http: reqwest::Client) -> Self {
        Self { settings, http }
    }

    /// The login dialog for this attempt. Facebook keeps no nonce: the state alone ties the
    /// return to the browser that started it.
    pub fn dialog_url(&self, state: &str, redirect_uri: &str) -> Result<String, Failure> {
        let params = [
            ("client_id", self.settings.app_id.as_str()),
            ("redirect_uri", redirect_uri),
            ("state", state),
            ("response_type", "code"),
            ("scope", "email,public_profile"),
        ];
        reqwest::Url::parse_with_params(&self.settings.dialog_url, &params).map(Into::into).map_err(|_| Failure::Rejected)
    }

    pub async fn exchange(&self, code: &str, redirect_uri: &str) -> Result<Proven, Failure> {
        let graph = self.settings.graph_url.trim_end_matches('/');
        let params = [
            ("client_id", self.settings.app_id.as_str()),
            ("redirect_uri", redirect_uri),
            ("client_secret", self.settings.app_secret.expose()),
            ("code", code),
        ];
        let token: AccessToken = self.fetch(self.http.get(format!("{graph}/oauth/access_token")).query(&params)).await?;
        let mut mac = Hmac::<Sha256>::new_from_slice(self.settings.app_secret.expose().as_bytes()).expect("HMAC takes any key");
        mac.update(token.access_token.as_bytes());
        let proof = hex::encode(mac.finalize().into_bytes());
        let query = [("fields", "id,name,email"), ("access_token", token.access_token.as_str()), ("appsecret_proof", proof.as_str())];
        let me: Me = self.fetch(self.http.get(format!("{graph}/me")).query(&query)).await?;
        // Facebook gives only confirmed addresses to apps.
        Ok(Proven { issuer: ISSUER.into(), subject: me.id, sid: None, name: me.name, email: me.email, phone: None })
    }

    async fn fetch<T: DeserializeOwned>(&self, request: reqwest::RequestBuilder) -> Result<T, Failure> {
        let response = request.send().await.map_err(|e| {
            tracing::warn!(error = %e.without_url(), "Facebook unreachable");
            Failure::Unavailable
        })?;
        let status = response.status();
        if status.is_server_error() {
            tracing::warn!(%status, "Facebook failed");
            return Err(Failure::Unavailable);
        }
        if !status.is_success() {
            // The Graph API's error object says why (an expired or used code, a wrong secret).
            let body = response.text().await.unwrap_or_default();
            tracing::warn!(%status, body = %body.chars().take(300).collect::<String>(), "Facebook refused");
            return Err(Failure::Rejected);
        }
        response.json().await.map_err(|_| Failure::Rejected)
    }
}
