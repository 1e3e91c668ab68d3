//! The one error type of the HTTP API and its JSON shape (DESIGN §5):
//! `{"message", "code", "errors": {"field": ["..."]}}`.

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
    #[error("malformed request: {0}")]
    BadRequest(&'static str),
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
    #[error("conflict: {0}")]
    Conflict(&'static str),
    #[error("too many attempts")]
    TooManyAttempts,
    #[error("service unavailable")]
    Unavailable,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn field(field: &str, code: &'static str) -> Self {
        Self::field_with(field, code, None)
    }

    pub fn field_with(field: &str, code: &'static str, param: Option<usize>) -> Self {
        let mut errors = FieldErrors::new();
        errors.insert(field.to_owned(), vec![FieldError { code, param }]);
        Self::Validation(errors)
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            Self::Validation(_) => (StatusCode::UNPROCESSABLE_ENTITY, "validation_failed"),
            Self::BadRequest(code) => (StatusCode::UNPROCESSABLE_ENTITY, code),
            Self::Unauthenticated => (StatusCode::UNAUTHORIZED, "unauthenticated"),
            Self::InvalidCredentials => (StatusCode::UNAUTHORIZED, "invalid_credentials"),
            Self::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            Self::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            Self::SiteNotFound => (StatusCode::NOT_FOUND, "site_not_found"),
            Self::Missing(code) => (StatusCode::NOT_FOUND, code),
            Self::Denied(code) => (StatusCode::FORBIDDEN, code),
            Self::Conflict(code) => (StatusCode::CONFLICT, code),
            Self::TooManyAttempts => (StatusCode::TOO_MANY_REQUESTS, "too_many_attempts"),
            Self::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "service_unavailable"),
            Self::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal_error"),
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut => Self::Unavailable,
            sqlx::Error::RowNotFound => Self::NotFound,
            // A tenant whose schema (3F000) or role (28000, 28P01) is gone answers 404, not 500.
            sqlx::Error::Database(ref db) if matches!(db.code().as_deref(), Some("3F000" | "28000" | "28P01")) => {
                Self::SiteNotFound
            }
            other => Self::Internal(other.into()),
        }
    }
}

impl From<axum::extract::rejection::QueryRejection> for AppError {
    fn from(_: axum::extract::rejection::QueryRejection) -> Self {
        Self::BadRequest("invalid_query")
    }
}

impl From<axum::extract::rejection::PathRejection> for AppError {
    fn from(_: axum::extract::rejection::PathRejection) -> Self {
        Self::NotFound
    }
}

/// What an error response carries until [`localize_errors`] writes it in the caller's language.
#[derive(Clone, Debug)]
pub struct ErrorBody {
    pub code: &'static str,
    pub fields: FieldErrors,
}

impl ErrorBody {
    pub fn render(&self, lang: Lang) -> serde_json::Value {
        let mut body = json!({ "message": i18n::message(self.code, lang, None), "code": self.code });
        if !self.fields.is_empty() {
            let errors: BTreeMap<&String, Vec<String>> = self
                .fields
                .iter()
                .map(|(field, errs)| (field, errs.iter().map(|e| i18n::message(e.code, lang, e.param)).collect()))
                .collect();
            body["errors"] = json!(errors);
        }
        body
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        if let Self::Internal(error) = &self {
            tracing::error!(error = format!("{error:#}"), "request failed");
        }
        let fields = match self {
            Self::Validation(fields) => fields,
            _ => FieldErrors::new(),
        };
        let body = ErrorBody { code, fields };
        let mut response = (status, Json(body.render(Lang::En))).into_response();
        response.extensions_mut().insert(body);
        response
    }
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
