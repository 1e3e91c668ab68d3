//! Extractors whose rejections use our error shape: a malformed body answers 422 naming the
//! field (through serde_path_to_error), never axum's plain-text 400.

use crate::error::AppError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use serde::de::DeserializeOwned;

pub struct AppJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for AppJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|_| AppError::BadRequest("invalid_json"))?;
        parse(&bytes).map(AppJson)
    }
}

pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let bytes = if bytes.is_empty() { b"{}".as_slice() } else { bytes };
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|error| {
        let path = error.path().to_string();
        if error.inner().is_data() && path != "." {
            AppError::field(&path, "invalid_type")
        } else {
            AppError::BadRequest("invalid_json")
        }
    })
}

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct AppQuery<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct AppPath<T>(pub T);

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Body {
        #[serde(default)]
        #[allow(dead_code)]
        name: String,
    }

    #[test]
    fn a_wrong_type_names_its_field() {
        match parse::<Body>(br#"{"name": 5}"#) {
            Err(AppError::Validation(fields)) => assert_eq!(fields["name"][0].code, "invalid_type"),
            other => panic!("unexpected {other:?}"),
        }
        assert!(matches!(parse::<Body>(b"{oops"), Err(AppError::BadRequest("invalid_json"))));
        assert!(parse::<Body>(b"").is_ok());
    }
}
