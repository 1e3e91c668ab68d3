//! Who is calling, and as which role. The `authenticate` middleware resolves the bearer token
//! and checks the role headers of SPEC §6 against the caller's real memberships:
//! - `roleid`: the subdomain the web app believes it is on; must name the host's site.
//! - `Role-id`: a membership id of the caller (0 = learner); `Owner-id`: that membership's
//!   institution. A forged or foreign value answers 403, never a silent fallback.

use super::sessions::Session;
use crate::error::AppError;
use crate::access::{Action, BuiltIn, Module};
use crate::memberships::{Membership, PARTNER_ADMIN};
use crate::state::ControlState;
use crate::tenancy::Tenant;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The tenant the request's host resolved to (inserted by the edge before `authenticate`).
#[derive(Clone, Debug)]
pub struct HostTenant(pub Arc<Tenant>);

#[derive(Clone, Debug)]
pub struct Caller {
    pub session: Arc<Session>,
    /// The role the caller acts as; `None` is the learner view.
    pub role: Option<Membership>,
    pub token: String,
}

impl Caller {
    pub fn user_id(&self) -> Option<i64> {
        self.session.user_id
    }

    pub fn is_super(&self) -> bool {
        self.role.as_ref().is_some_and(Membership::is_super)
    }

    /// Administers that institution's site: its partner admin, one of the roles the institution
    /// made itself, or a super admin (who administers every site). What an institution's own
    /// role may do there is its permission map's to say, which the edge checks on every call
    /// before a handler asks this (`tenant-api/src/permissions`). The other built-in roles
    /// (teacher, approver) keep to what their handlers grant them.
    pub fn administers(&self, institution_id: i64) -> bool {
        self.is_super()
            || self.role.as_ref().is_some_and(|m| {
                m.institution_id == institution_id && (m.role == PARTNER_ADMIN || BuiltIn::find(&m.role).is_none())
            })
    }

    /// Whether the current role's map grants the action; the learner view holds no map.
    pub fn may(&self, module: Module, action: Action) -> bool {
        self.role.as_ref().is_some_and(|m| m.grants.allows(module, action))
    }

    /// [`Self::administers`], or 403.
    pub fn require_admin_of(&self, institution_id: i64) -> Result<(), crate::AppError> {
        if self.administers(institution_id) { Ok(()) } else { Err(crate::AppError::Forbidden) }
    }
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?.trim();
    (!token.is_empty()).then_some(token)
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "null" && *v != "undefined")
}

pub async fn authenticate(State(ctl): State<ControlState>, mut request: Request, next: Next) -> Response {
    let host = request.extensions().get::<HostTenant>().cloned();
    match resolve(&ctl, request.headers(), host.as_ref()).await {
        Ok(caller) => {
            if let Some(caller) = caller {
                request.extensions_mut().insert(caller);
            }
            next.run(request).await
        }
        Err(error) => error.into_response(),
    }
}

async fn resolve(ctl: &ControlState, headers: &HeaderMap, host: Option<&HostTenant>) -> Result<Option<Caller>, AppError> {
    if let (Some(claimed), Some(HostTenant(tenant))) = (header(headers, "roleid"), host) {
        if !claimed.eq_ignore_ascii_case(&tenant.slug) {
            return Err(AppError::Forbidden);
        }
    }
    let role_header = header(headers, "role-id");
    let owner_header = header(headers, "owner-id");
    let session = match bearer(headers) {
        Some(token) => ctl.sessions.lookup(&ctl.db, token).await?.map(|s| (s, token.to_owned())),
        None => None,
    };
    let Some((session, token)) = session else {
        return if role_header.is_some() || owner_header.is_some() { Err(AppError::Unauthenticated) } else { Ok(None) };
    };
    let role = match role_header {
        Some("0") => None,
        Some(id) => {
            let id: i64 = id.parse().map_err(|_| AppError::Forbidden)?;
            Some(session.membership(id).cloned().ok_or(AppError::Forbidden)?)
        }
        None => session.current_membership_id.and_then(|id| session.membership(id).cloned()),
    };
    if let Some(owner) = owner_header {
        let owner: i64 = owner.parse().map_err(|_| AppError::Forbidden)?;
        if role.as_ref().map(|m| m.institution_id) != Some(owner) {
            return Err(AppError::Forbidden);
        }
    }
    Ok(Some(Caller { session, role, token }))
}

/// A signed-in user (not an API client).
pub struct RequireUser(pub Caller);

impl<S: Send + Sync> FromRequestParts<S> for RequireUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        match parts.extensions.get::<Caller>() {
            Some(caller) if caller.user_id().is_some() => Ok(Self(caller.clone())),
            _ => Err(AppError::Unauthenticated),
        }
    }
}

/// The signed-in user when there is one: public pages that show more to their readers.
pub struct MaybeUser(pub Option<Caller>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeUser {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(parts.extensions.get::<Caller>().filter(|c| c.user_id().is_some()).cloned()))
    }
}

/// A user acting in a super-admin role.
pub struct RequireSuper(pub Caller);

impl<S: Send + Sync> FromRequestParts<S> for RequireSuper {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let RequireUser(caller) = RequireUser::from_request_parts(parts, state).await?;
        if caller.is_super() { Ok(Self(caller)) } else { Err(AppError::Forbidden) }
    }
}

impl<S: Send + Sync> axum::extract::OptionalFromRequestParts<S> for HostTenant {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Option<Self>, Self::Rejection> {
        Ok(parts.extensions.get::<HostTenant>().cloned())
    }
}

/// The host's tenant, for handlers that serve per-site data.
impl<S: Send + Sync> FromRequestParts<S> for HostTenant {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<HostTenant>().cloned().ok_or(AppError::SiteNotFound)
    }
}
