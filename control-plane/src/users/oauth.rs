//! `POST /oauth/token`: the client-credentials grant for API clients (table `api_clients`).

use crate::auth::{password, sessions};
use crate::error::{AppError, AppResult};
use crate::state::ControlState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TokenRequest {
    pub grant_type: String,
    pub client_id: String,
    pub client_secret: String,
}

/// Issue an access token to an API client. Accepts a form or a JSON body (RFC 6749 §4.4).
#[utoipa::path(post, path = "/oauth/token", tag = "auth", request_body = TokenRequest,
    responses((status = 200, description = "`{access_token, token_type, expires_in}`"), (status = 401), (status = 422)))]
pub async fn issue_token(State(ctl): State<ControlState>, headers: HeaderMap, body: Bytes) -> AppResult<Json<Value>> {
    let is_form = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    let request: TokenRequest = if is_form {
        serde_urlencoded::from_bytes(&body).map_err(|_| AppError::BadRequest("invalid_json"))?
    } else {
        crate::json::parse(&body)?
    };
    if request.grant_type != "client_credentials" {
        return Err(AppError::field("grant_type", "invalid_choice"));
    }
    let id: i64 = request.client_id.parse().map_err(|_| AppError::InvalidCredentials)?;
    let hash: Option<String> =
        sqlx::query_scalar("SELECT secret_hash FROM api_clients WHERE id = $1").bind(id).fetch_optional(&ctl.db).await?;
    if !password::verify(request.client_secret, hash).await {
        return Err(AppError::InvalidCredentials);
    }
    let (token, expires_at) = sessions::create(&ctl.db, sessions::Holder::Client(id)).await?;
    let expires_in = (expires_at - chrono::Utc::now()).num_seconds();
    Ok(Json(json!({ "access_token": token, "token_type": "Bearer", "expires_in": expires_in })))
}

/// Registers an API client; answers its id and the secret, which is shown only this once.
pub async fn create_client(db: &PgPool, name: &str) -> anyhow::Result<(i64, String)> {
    let (secret, _) = crate::auth::token::generate();
    let hash = password::hash(secret.clone()).await?;
    let id = sqlx::query_scalar("INSERT INTO api_clients (name, secret_hash) VALUES ($1, $2) RETURNING id")
        .bind(name)
        .bind(hash)
        .fetch_one(db)
        .await?;
    Ok((id, secret))
}
