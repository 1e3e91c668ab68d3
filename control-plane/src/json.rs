//! Where input enters: extractors whose rejections use our error shape. A malformed body answers
//! 422 naming the field (through serde_path_to_error), never axum's plain-text 400; a body over
//! the route's limit answers 413. A NUL character anywhere in a JSON body, a query or a path
//! answers 422 naming the field: PostgreSQL refuses it in text, so it must never get that far.

use crate::error::AppError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, RawPathParams, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The most a JSON body may weigh; routes that take images as data URLs raise it with
/// `DefaultBodyLimit` where they are mounted.
pub const JSON_LIMIT: usize = 1024 * 1024;

pub struct AppJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for AppJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let JsonBytes(bytes) = JsonBytes::from_request(req, state).await?;
        parse(&bytes).map(AppJson)
    }
}

/// A JSON body read whole (within the route's limit) for handlers that parse it more than once
/// (flattened inputs); parse it with [`parse`].
pub struct JsonBytes(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for JsonBytes {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Bytes::from_request(req, state).await {
            Ok(bytes) => Ok(Self(bytes)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(AppError::payload_too_large()),
            Err(_) => Err(AppError::unprocessable("body", "invalid_json")),
        }
    }
}

pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let bytes = if bytes.is_empty() { b"{}".as_slice() } else { bytes };
    refuse_nul_in_json(bytes)?;
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|error| {
        let path = error.path().to_string();
        if error.inner().is_data() && path != "." {
            AppError::field(&path, "invalid_type")
        } else {
            AppError::unprocessable("body", "invalid_json")
        }
    })
}

/// JSON can only carry a NUL as the escape `\u0000`, so only bodies holding that are walked.
fn refuse_nul_in_json(bytes: &[u8]) -> Result<(), AppError> {
    if !bytes.windows(6).any(|w| w == b"\\u0000") {
        return Ok(());
    }
    // Unparseable bodies are reported by the caller's own parse.
    let Ok(value) = serde_json::from_slice::<Value>(bytes) else { return Ok(()) };
    match nul_path(&value, "") {
        Some(path) => Err(AppError::field(if path.is_empty() { "body" } else { &path }, "invalid_characters")),
        None => Ok(()),
    }
}

/// The path (`a.b[2].c`, as serde_path_to_error writes it) of the first string or key holding NUL.
fn nul_path(value: &Value, at: &str) -> Option<String> {
    match value {
        Value::String(s) => s.contains('\0').then(|| at.to_owned()),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| nul_path(item, &format!("{at}[{i}]"))),
        Value::Object(map) => map.iter().find_map(|(key, item)| {
            let clean = key.replace('\0', "");
            let path = if at.is_empty() { clean } else { format!("{at}.{clean}") };
            if key.contains('\0') { Some(path) } else { nul_path(item, &path) }
        }),
        _ => None,
    }
}

/// Query parameters; a wrong type or a NUL names the parameter.
pub struct AppQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for AppQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parse_query(parts.uri.query().unwrap_or_default()).map(AppQuery)
    }
}

pub fn parse_query<T: DeserializeOwned>(query: &str) -> Result<T, AppError> {
    let pairs = form_urlencoded::parse(query.as_bytes());
    if let Some((key, _)) = pairs.clone().find(|(k, v)| k.contains('\0') || v.contains('\0')) {
        return Err(AppError::field(&key.replace('\0', ""), "invalid_characters"));
    }
    let de = serde_urlencoded::Deserializer::new(pairs);
    serde_path_to_error::deserialize(de).map_err(|error| {
        let path = error.path().to_string();
        if path == "." { AppError::unprocessable("query", "invalid_query") } else { AppError::field(&path, "invalid_type") }
    })
}

/// Path parameters. A NUL names the parameter (422); a value of the wrong type finds nothing
/// (404), as a path that names no resource.
pub struct AppPath<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for AppPath<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if let Ok(raw) = RawPathParams::from_request_parts(parts, state).await {
            if let Some((name, _)) = raw.iter().find(|(_, value)| value.contains('\0')) {
                return Err(AppError::field(name, "invalid_characters"));
            }
        }
        let Path(value) = Path::<T>::from_request_parts(parts, state).await?;
        Ok(Self(value))
    }
}

/// For `#[serde(default, deserialize_with = "nullable")]` on an `Option<Option<T>>` field: an
/// absent field stays `None` (keep the value), `null` becomes `Some(None)` (clear it). Plain serde
/// reads both as `None`.
pub fn nullable<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Body {
        #[serde(default)]
        #[allow(dead_code)]
        name: String,
        #[serde(default)]
        #[allow(dead_code)]
        items: Vec<Item>,
    }

    #[derive(Debug, Deserialize)]
    struct Item {
        #[allow(dead_code)]
        title: String,
    }

    fn field_of(result: Result<Body, AppError>) -> (String, &'static str) {
        match result {
            Err(AppError::Validation(fields)) => {
                let (field, errors) = fields.into_iter().next().unwrap();
                (field, errors[0].code)
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn a_wrong_type_names_its_field() {
        assert_eq!(field_of(parse(br#"{"name": 5}"#)), ("name".into(), "invalid_type"));
        assert!(matches!(parse::<Body>(b"{oops"), Err(AppError::Unprocessable { code: "invalid_json", .. })));
        assert!(parse::<Body>(b"").is_ok());
    }

    #[test]
    fn a_nul_anywhere_in_a_body_names_where() {
        assert_eq!(field_of(parse(br#"{"name": "a\u0000b"}"#)), ("name".into(), "invalid_characters"));
        assert_eq!(field_of(parse(br#"{"items": [{"title": "x"}, {"title": "\u0000"}]}"#)), ("items[1].title".into(), "invalid_characters"));
        assert_eq!(field_of(parse(br#"{"na\u0000me": "x"}"#)), ("name".into(), "invalid_characters"));
        // An escaped backslash followed by "u0000" is text, not NUL.
        assert!(parse::<Body>(br#"{"name": "\\u0000"}"#).is_ok());
    }

    #[derive(Debug, Deserialize)]
    struct Query {
        #[allow(dead_code)]
        page: Option<i64>,
        #[allow(dead_code)]
        search: Option<String>,
    }

    #[test]
    fn queries_name_the_parameter_at_fault() {
        let field = |r: Result<Query, AppError>| match r {
            Err(AppError::Validation(f)) => f.into_iter().map(|(k, v)| (k, v[0].code)).next().unwrap(),
            other => panic!("unexpected {other:?}"),
        };
        assert_eq!(field(parse_query("search=a%00b")), ("search".into(), "invalid_characters"));
        assert_eq!(field(parse_query("page=abc")), ("page".into(), "invalid_type"));
        assert!(parse_query::<Query>("page=2&search=%E0%A6%AC").is_ok());
    }
}
