//! The one error type of the HTTP API and its JSON shape (DESIGN §5):
//! `{"message", "code", "errors": {"field": ["..."]}}`.

use crate::access::{Action, Module};
use crate::i18n::{self, Lang};
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use std::collections::BTreeMap;

pub type AppResult<T> = Result<T, AppError>;

#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    pub code: &'static str,
    pub param: Option<usize>,
}

pub type FieldErrors = BTreeMap<String, Vec<FieldError>>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("validation failed")]
    Validation(FieldErrors),
    /// 422 with its own code, naming the one field (or `body`, a query parameter) it concerns.
    #[error("unprocessable: {code} ({field})")]
    Unprocessable { code: &'static str, field: String },
    /// A status the router or the HTTP layer produced (405, 413, 414, a malformed Host), in our
    /// shape; see [`contract_errors`].
    #[error("{1}")]
    Http(StatusCode, &'static str),
    #[error("not signed in")]
    Unauthenticated,
    #[error("invalid credentials")]
    InvalidCredentials,
    #[error("forbidden")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("site not found")]
    SiteNotFound,
    /// Absent, with a specific code (`batch_not_found`, `certificate_not_found`).
    #[error("not found: {0}")]
    Missing(&'static str),
    /// Signed in but not allowed, with a specific code (`not_enrolled`).
    #[error("denied: {0}")]
    Denied(&'static str),
    /// The current role's permission map does not grant the action on the module (SPEC §6).
    #[error("not permitted: {0:?} {1:?}")]
    NotPermitted(Module, Action),
    #[error("conflict: {0}")]
    Conflict(&'static str),
    #[error("too many attempts")]
    TooManyAttempts,
    #[error("service unavailable")]
    Unavailable,
    /// The site is being moved to another database server and takes no writes for a moment
    /// (`control_plane::placement`); answered 503 with `Retry-After`.
    #[error("site read-only while it moves")]
    ReadOnly,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn field(field: &str, code: &'static str) -> Self {
        Self::field_with(field, code, None)
    }

    pub fn unprocessable(field: &str, code: &'static str) -> Self {
        Self::Unprocessable { code, field: field.to_owned() }
    }

    /// A statement a foreign key refused (23503: something still points at the row) as 409
    /// `code`; any other database error as usual.
    pub fn still_used(error: sqlx::Error, code: &'static str) -> Self {
        match &error {
            sqlx::Error::Database(db) if db.code().as_deref() == Some("23503") => Self::Conflict(code),
            _ => error.into(),
        }
    }

    pub fn payload_too_large() -> Self {
        Self::Http(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large")
    }

    /// What a bare status from outside our handlers means in our shape.
    pub fn for_status(status: StatusCode) -> Self {
        let code = match status {
            StatusCode::BAD_REQUEST => "bad_request",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
            StatusCode::NOT_ACCEPTABLE => "not_acceptable",
            StatusCode::REQUEST_TIMEOUT => "request_timeout",
            StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
            StatusCode::URI_TOO_LONG => "uri_too_long",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "headers_too_large",
            StatusCode::TOO_MANY_REQUESTS => "too_many_attempts",
            StatusCode::SERVICE_UNAVAILABLE => "service_unavailable",
            s if s.is_server_error() => "internal_error",
            _ => "bad_request",
        };
        Self::Http(status, code)
    }

    pub fn field_with(field: &str, code: &'static str, param: Option<usize>) -> Self {
        let mut errors = FieldErrors::new();
        errors.insert(field.to_owned(), vec![FieldError { code, param }]);
        Self::Validation(errors)
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            Self::Validation(_) => (StatusCode::UNPROCESSABLE_ENTITY, "validation_failed"),
            Self::Unprocessable { code, .. } => (StatusCode::UNPROCESSABLE_ENTITY, code),
            Self::Http(status, code) => (*status, code),
            Self::Unauthenticated => (StatusCode::UNAUTHORIZED, "unauthenticated"),
            Self::InvalidCredentials => (StatusCode::UNAUTHORIZED, "invalid_credentials"),
            Self::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            Self::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            Self::SiteNotFound => (StatusCode::NOT_FOUND, "site_not_found"),
            Self::Missing(code) => (StatusCode::NOT_FOUND, code),
            Self::Denied(code) => (StatusCode::FORBIDDEN, code),
            Self::NotPermitted(..) => (StatusCode::FORBIDDEN, "permission_denied"),
            Self::Conflict(code) => (StatusCode::CONFLICT, code),
            Self::TooManyAttempts => (StatusCode::TOO_MANY_REQUESTS, "too_many_attempts"),
            Self::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "service_unavailable"),
            Self::ReadOnly => (StatusCode::SERVICE_UNAVAILABLE, "site_read_only"),
            Self::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal_error"),
        }
    }
}

/// An owned copy of a database error a cache shared among its waiters (moka answers
/// `Arc<sqlx::Error>`), keeping what decides the caller's answer: a database out of reach stays
/// out of reach (503 during a failover, not 500); anything else keeps its text under `what`.
pub fn unshare(error: &sqlx::Error, what: &str) -> sqlx::Error {
    match error {
        sqlx::Error::PoolTimedOut => sqlx::Error::PoolTimedOut,
        sqlx::Error::PoolClosed => sqlx::Error::PoolClosed,
        sqlx::Error::RowNotFound => sqlx::Error::RowNotFound,
        sqlx::Error::Io(io) => sqlx::Error::Io(std::io::Error::new(io.kind(), format!("{what}: {io}"))),
        other => sqlx::Error::Protocol(format!("{what}: {other}")),
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut => Self::Unavailable,
            // The database server is out of reach (a primary lost before its standby is
            // promoted): nothing was written, the caller may try again.
            sqlx::Error::Io(_) | sqlx::Error::PoolClosed => Self::Unavailable,
            sqlx::Error::RowNotFound => Self::NotFound,
            // A tenant whose schema (3F000) or role (28000, 28P01) is gone answers 404, not 500.
            sqlx::Error::Database(ref db) if matches!(db.code().as_deref(), Some("3F000" | "28000" | "28P01")) => {
                Self::SiteNotFound
            }
            // The tenant's source server during a move's cut-over (its role is made read-only).
            sqlx::Error::Database(ref db) if db.code().as_deref() == Some("25006") => Self::ReadOnly,
            // The session was ended under the request (a cut-over, a server shutting down): its
            // transaction did not commit, so the caller may simply try again.
            sqlx::Error::Database(ref db) if matches!(db.code().as_deref(), Some("57P01" | "57P02" | "57P03")) => Self::Unavailable,
            other => Self::Internal(other.into()),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for AppError {
    fn from(_: axum::extract::rejection::QueryRejection) -> Self {
        Self::unprocessable("query", "invalid_query")
    }
}

impl From<axum::extract::rejection::PathRejection> for AppError {
    fn from(_: axum::extract::rejection::PathRejection) -> Self {
        Self::NotFound
    }
}

/// Every error answer, as the API document describes it (rendered by [`ErrorBody::render`]).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ErrorResponse {
    /// In the caller's language.
    message: String,
    /// Stable, snake_case; the web app translates it.
    code: String,
    /// The fields at fault and what is wrong with each; empty when no field is.
    errors: BTreeMap<String, Vec<String>>,
}

/// What an error response carries until [`localize_errors`] writes it in the caller's language.
#[derive(Clone, Debug)]
pub struct ErrorBody {
    pub code: &'static str,
    pub fields: FieldErrors,
    /// What a permission map refused, named in the message and under `errors.permission`.
    pub refused: Option<(Module, Action)>,
}

impl ErrorBody {
    /// Always all three members; `errors` is empty when no field is at fault.
    pub fn render(&self, lang: Lang) -> serde_json::Value {
        let errors: BTreeMap<&String, Vec<String>> = self
            .fields
            .iter()
            .map(|(field, errs)| (field, errs.iter().map(|e| i18n::message(e.code, lang, e.param)).collect()))
            .collect();
        if let Some((module, action)) = self.refused {
            let permission = BTreeMap::from([("permission", [format!("{}.{}", module.key(), action.key())])]);
            return json!({ "message": i18n::refusal(module, action, lang), "code": self.code, "errors": permission });
        }
        json!({ "message": i18n::message(self.code, lang, None), "code": self.code, "errors": errors })
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let retry = matches!(self, Self::ReadOnly | Self::Unavailable);
        if let Self::Internal(error) = &self {
            tracing::error!(error = format!("{error:#}"), "request failed");
        }
        let refused = match self {
            Self::NotPermitted(module, action) => Some((module, action)),
            _ => None,
        };
        let fields = match self {
            Self::Validation(fields) => fields,
            Self::Unprocessable { code, field } => FieldErrors::from([(field, vec![FieldError { code, param: None }])]),
            _ => FieldErrors::new(),
        };
        let body = ErrorBody { code, fields, refused };
        let mut response = (status, Json(body.render(Lang::En))).into_response();
        if retry {
            // Both pass within seconds (a cut-over, a busy pool).
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("2"));
        }
        response.extensions_mut().insert(body);
        response
    }
}

/// Gives every error answer our shape: a 4xx or 5xx that no handler wrote (axum's 405, a body
/// limit's 413, an extractor's plain-text rejection) is rewritten, keeping its status and headers.
/// The app shell's HTML 404 page stays a page.
pub async fn contract_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || response.extensions().get::<ErrorBody>().is_some() {
        return response;
    }
    let is_html = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if is_html {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    let ours = AppError::for_status(status).into_response();
    for name in [axum::http::header::CONTENT_TYPE, axum::http::header::CONTENT_LENGTH] {
        parts.headers.remove(&name);
    }
    let (ours_parts, body) = ours.into_parts();
    parts.headers.extend(ours_parts.headers);
    parts.extensions.extend(ours_parts.extensions);
    Response::from_parts(parts, body)
}

/// Re-renders error bodies in the caller's language (errors are built without the request).
pub async fn localize_errors(request: Request, next: Next) -> Response {
    let lang = Lang::from_headers(request.headers());
    let response = next.run(request).await;
    match (lang, response.extensions().get::<ErrorBody>()) {
        (Lang::Bn, Some(body)) => {
            let rendered = body.render(lang);
            let (mut parts, _) = response.into_parts();
            parts.headers.remove(axum::http::header::CONTENT_LENGTH);
            Response::from_parts(parts, axum::body::Body::from(rendered.to_string()))
        }
        _ => response,
    }
}

/// Maps a named unique constraint to a field error, so a race between two sign-ups with the
/// same e-mail still answers 422 and not 500.
pub fn on_unique(error: sqlx::Error, map: &[(&str, &str, &'static str)]) -> AppError {
    if let sqlx::Error::Database(db) = &error {
        if let Some(constraint) = db.constraint() {
            if let Some((_, field, code)) = map.iter().find(|(c, _, _)| *c == constraint) {
                return AppError::field(field, code);
            }
        }
    }
    error.into()
}
