//! An OpenID Connect relying party for one provider (myGov, Google): the authorization-code flow
//! with PKCE, state and nonce (OpenID Connect Core 1.0 §3.1), ID-token checks (§3.1.3.7),
//! RP-initiated logout (RP-Initiated Logout 1.0) and logout tokens (Back-Channel Logout 1.0 §2.6).
//! Signatures are checked by `jsonwebtoken` against the provider's published keys, fetched through
//! its discovery document and kept an hour (refetched once when a token names an unknown key:
//! the provider rotated them).

use super::{Failure, Proven};
use crate::config::OidcSettings;
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use moka::future::Cache;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use std::time::Duration;

const SCOPES: &str = "openid email profile phone";
/// The signature algorithms accepted; never `none` nor a shared-secret HMAC.
const ALGORITHMS: [Algorithm; 6] = [Algorithm::RS256, Algorithm::RS384, Algorithm::RS512, Algorithm::PS256, Algorithm::ES256, Algorithm::ES384];
const BACKCHANNEL_EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";

#[derive(Debug, Deserialize)]
struct Discovery {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    jwks_uri: String,
    end_session_endpoint: Option<String>,
}

struct Published {
    discovery: Discovery,
    keys: JwkSet,
}

pub struct Oidc {
    provider: &'static str,
    settings: OidcSettings,
    http: reqwest::Client,
    published: Cache<(), Arc<Published>>,
}

#[derive(Debug, Deserialize)]
struct TokenAnswer {
    id_token: String,
}

#[derive(Debug, Deserialize)]
struct IdClaims {
    sub: String,
    nonce: Option<String>,
    azp: Option<String>,
    aud: Audience,
    sid: Option<String>,
    name: Option<String>,
    email: Option<String>,
    #[serde(default)]
    email_verified: bool,
    phone_number: Option<String>,
    #[serde(default)]
    phone_number_verified: bool,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Audience {
    One(serde::de::IgnoredAny),
    Many(Vec<serde::de::IgnoredAny>),
}

impl Audience {
    fn len(&self) -> usize {
        match self {
            Self::One(_) => 1,
            Self::Many(all) => all.len(),
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct LogoutClaims {
    pub sub: Option<String>,
    pub sid: Option<String>,
    nonce: Option<String>,
    events: Option<serde_json::Map<String, serde_json::Value>>,
}

impl Oidc {
    pub fn new(provider: &'static str, settings: OidcSettings, http: reqwest::Client) -> Self {
        let published = Cache::builder().max_capacity(1).time_to_live(Duration::from_secs(3600)).build();
        Self { provider, settings, http, published }
    }

    pub fn issuer(&self) -> &str {
        &self.settings.issuer
    }

    async fn published(&self) -> Result<Arc<Published>, Failure> {
        self.published
            .try_get_with((), async {
                let url = format!("{}/.well-known/openid-configuration", self.settings.issuer.trim_end_matches('/'));
                let discovery: Discovery = self.fetch(self.http.get(url)).await?;
                // Core §3.1.3.7 and Discovery §4.3: the document must name the issuer configured.
                if discovery.issuer != self.settings.issuer {
                    tracing::warn!(provider = self.provider, found = %discovery.issuer, "the discovery document names another issuer");
                    return Err(Failure::Rejected);
                }
                let keys: JwkSet = self.fetch(self.http.get(&discovery.jwks_uri)).await?;
                Ok(Arc::new(Published { discovery, keys }))
            })
            .await
            .map_err(|e| (*e).clone())
    }

    async fn fetch<T: DeserializeOwned>(&self, request: reqwest::RequestBuilder) -> Result<T, Failure> {
        let response = request.send().await.map_err(|e| {
            tracing::warn!(provider = self.provider, error = %e.without_url(), "identity provider unreachable");
            Failure::Unavailable
        })?;
        let status = response.status();
        if status.is_server_error() {
            tracing::warn!(provider = self.provider, %status, "identity provider failed");
            return Err(Failure::Unavailable);
        }
        if !status.is_success() {
            tracing::warn!(provider = self.provider, %status, "identity provider refused");
            return Err(Failure::Rejected);
        }
        response.json().await.map_err(|_| Failure::Rejected)
    }

    /// Where to send the browser: the provider's sign-in page for this attempt.
    pub async fn authorize_url(&self, state: &str, nonce: &str, challenge: &str, redirect_uri: &str, extra: &[(&str, &str)]) -> Result<String, Failure> {
        let published = self.published().await?;
        let mut params = vec![
            ("response_type", "code"),
            ("client_id", self.settings.client_id.as_str()),
            ("redirect_uri", redirect_uri),
            ("scope", SCOPES),
            ("state", state),
            ("nonce", nonce),
            ("code_challenge", challenge),
            ("code_challenge_method", "S256"),
        ];
        params.extend_from_slice(extra);
        let url = reqwest::Url::parse_with_params(&published.discovery.authorization_endpoint, &params).map_err(|_| Failure::Rejected)?;
        Ok(url.into())
    }

    /// Trades the code the browser brought back for an ID token, and checks it.
    pub async fn exchange(&self, code: &str, verifier: &str, redirect_uri: &str, nonce: &str) -> Result<Proven, Failure> {
        let published = self.published().await?;
        let form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect_uri), ("code_verifier", verifier)];
        let request = self
            .http
            .post(&published.discovery.token_endpoint)
            .basic_auth(&self.settings.client_id, Some(self.settings.client_secret.expose()))
            .form(&form);
        let answer: TokenAnswer = self.fetch(request).await?;
        self.id_token(&answer.id_token, nonce).await
    }

    /// Checks an ID token issued for this attempt (its nonce) and answers whom it names.
    pub async fn id_token(&self, token: &str, nonce: &str) -> Result<Proven, Failure> {
        let claims: IdClaims = self.verify(token, &["iss", "aud", "exp", "iat", "sub"]).await?;
        // The nonce binds the token to this browser's attempt (Core §3.1.3.7 step 11).
        if claims.nonce.as_deref() != Some(nonce) {
            return Err(Failure::Rejected);
        }
        // Step 4 and 5: a token for several audiences must name us as the party it was issued to.
        if (claims.aud.len() > 1 || claims.azp.is_some()) && claims.azp.as_deref() != Some(self.settings.client_id.as_str()) {
            return Err(Failure::Rejected);
        }
        Ok(Proven {
            issuer: self.settings.issuer.clone(),
            subject: claims.sub,
            sid: claims.sid,
            name: claims.name,
            email: claims.email.filter(|_| claims.email_verified),
            phone: claims.phone_number.filter(|_| claims.phone_number_verified),
        })
    }

    /// Checks a back-channel logout token (Back-Channel Logout 1.0 §2.6).
    pub async fn logout_claims(&self, token: &str) -> Result<LogoutClaims, Failure> {
        let claims: LogoutClaims = self.verify(token, &["iss", "aud", "iat"]).await?;
        let is_logout = claims.events.as_ref().is_some_and(|e| e.get(BACKCHANNEL_EVENT).is_some_and(|v| v.is_object()));
        if !is_logout || claims.nonce.is_some() || (claims.sub.is_none() && claims.sid.is_none()) {
            return Err(Failure::Rejected);
        }
        Ok(claims)
    }

    /// A JWT signed by this provider for this client: signature, issuer, audience, expiry (when
    /// it has one), and the claims `required`.
    async fn verify<T: DeserializeOwned>(&self, token: &str, required: &[&str]) -> Result<T, Failure> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| Failure::Rejected)?;
        if !ALGORITHMS.contains(&header.alg) {
            return Err(Failure::Rejected);
        }
        let mut published = self.published().await?;
        let jwk = match published.keys.find(header.kid.as_deref().unwrap_or_default()) {
            Some(jwk) => jwk.clone(),
            None => {
                self.published.invalidate(&()).await;
                published = self.published().await?;
                published.keys.find(header.kid.as_deref().unwrap_or_default()).cloned().ok_or(Failure::Rejected)?
            }
        };
        let key = DecodingKey::from_jwk(&jwk).map_err(|_| Failure::Rejected)?;
        let mut validation = Validation::new(header.alg);
        validation.set_issuer(&[&self.settings.issuer]);
        validation.set_audience(&[&self.settings.client_id]);
        validation.set_required_spec_claims(required);
        validation.leeway = 60;
        jsonwebtoken::decode::<T>(token, &key, &validation).map(|data| data.claims).map_err(|e| {
            tracing::warn!(provider = self.provider, error = %e, "a token from the identity provider failed its checks");
            Failure::Rejected
        })
    }

    /// The provider's logout page, returning the browser to `back` (RP-Initiated Logout 1.0 §2).
    pub async fn end_session_url(&self, back: &str) -> Option<String> {
        let published = self.published().await.ok()?;
        let endpoint = published.discovery.end_session_endpoint.as_deref()?;
        let params = [("client_id", self.settings.client_id.as_str()), ("post_logout_redirect_uri", back)];
        reqwest::Url::parse_with_params(endpoint, &params).ok().map(Into::into)
    }
}
