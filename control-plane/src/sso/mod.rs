//! Signing in through an identity provider: myGov and Google by OpenID Connect, Facebook by its
//! OAuth 2.0 login (docs/api-accounts.md "Sign-in with myGov, Google and Facebook").
//!
//! - A person is known at a provider by (issuer, subject) (`user_identities`), never by e-mail.
//! - A first sign-in makes an account, unless the provider's verified e-mail or phone is already an
//!   account's: then it is linked only after the person also signs in to that account (`sso_links`).
//! - Sessions remember the provider's session (`sid`), so its back-channel logout ends them.

pub mod facebook;
pub mod handlers;
pub mod oidc;
pub mod store;

use crate::config::SsoConfig;
use crate::error::AppError;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProviderId {
    Mygov,
    Google,
    Facebook,
}

impl ProviderId {
    pub const ALL: [Self; 3] = [Self::Mygov, Self::Google, Self::Facebook];

    pub fn key(self) -> &'static str {
        match self {
            Self::Mygov => "mygov",
            Self::Google => "google",
            Self::Facebook => "facebook",
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.key() == key)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Mygov => "myGov",
            Self::Google => "Google",
            Self::Facebook => "Facebook",
        }
    }

    /// The site's page the provider returns the browser to (SPEC §2 routes).
    pub fn callback(self) -> &'static str {
        match self {
            Self::Mygov => "/sso",
            Self::Google => "/GLogin",
            Self::Facebook => "/facebooklogin",
        }
    }
}

/// Who the provider vouched for.
#[derive(Debug)]
pub struct Proven {
    pub issuer: String,
    pub subject: String,
    /// The provider's session, named in its logout tokens.
    pub sid: Option<String>,
    pub name: Option<String>,
    /// Only addresses and numbers the provider says it verified.
    pub email: Option<String>,
    pub phone: Option<String>,
}

impl Proven {
    /// What the person would sign in with here: the e-mail, else the phone.
    pub fn login(&self) -> Option<&str> {
        self.email.as_deref().or(self.phone.as_deref())
    }
}

#[derive(Clone, Debug)]
pub enum Failure {
    /// Unreachable, or failing with a 5xx.
    Unavailable,
    /// It answered, but not with something that passes our checks.
    Rejected,
}

impl From<Failure> for AppError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Unavailable => AppError::Http(StatusCode::BAD_GATEWAY, "sso_unavailable"),
            Failure::Rejected => AppError::Http(StatusCode::UNAUTHORIZED, "sso_rejected"),
        }
    }
}

/// The providers configured, each with its client.
pub struct Providers {
    mygov: Option<oidc::Oidc>,
    google: Option<oidc::Oidc>,
    facebook: Option<facebook::Facebook>,
    pub mygov_recovery_url: Option<String>,
}

pub enum Provider<'a> {
    Oidc(&'a oidc::Oidc),
    Facebook(&'a facebook::Facebook),
}

impl Providers {
    pub fn new(config: &SsoConfig) -> Self {
        // No redirects: a provider's answers are read as they are, never followed elsewhere.
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .expect("an HTTP client with rustls");
        Self {
            mygov: config.mygov.clone().map(|s| oidc::Oidc::new("mygov", s, http.clone())),
            google: config.google.clone().map(|s| oidc::Oidc::new("google", s, http.clone())),
            facebook: config.facebook.clone().map(|s| facebook::Facebook::new(s, http)),
            mygov_recovery_url: config.mygov_recovery_url.clone(),
        }
    }

    pub fn get(&self, id: ProviderId) -> Option<Provider<'_>> {
        match id {
            ProviderId::Mygov => self.mygov.as_ref().map(Provider::Oidc),
            ProviderId::Google => self.google.as_ref().map(Provider::Oidc),
            ProviderId::Facebook => self.facebook.as_ref().map(Provider::Facebook),
        }
    }

    pub fn configured(&self) -> impl Iterator<Item = ProviderId> + '_ {
        ProviderId::ALL.into_iter().filter(|id| self.get(*id).is_some())
    }
}
