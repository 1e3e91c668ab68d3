//! `POST /oauth/token`: the client-credentials grant for API clients (table `api_clients`).

use crate::auth::{password, sessions};
use crate::error::{AppError, AppResult};
use crate::json::JsonBytes;
use crate::state::ControlState;
use axum::extract::{ConnectInfo, State};
use axum::{Extension, Json};
use std::net::SocketAddr;
use axum::http::HeaderMap;
use serde::Deserialize;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TokenRequest {
    pub grant_type: String,
    pub client_id: String,
    pub client_secret: String,
}

/// RFC 6749 §5.1: the token answer is not wrapped in `data`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccessToken {
    pub access_token: String,
    pub token_type: &'static str,
    pub expires_in: i64,
}

/// Issue an access token to an API client. Accepts a form or a JSON body (RFC 6749 §4.4).
#[utoipa::path(post, path = "/oauth/token", tag = "auth", request_body = TokenRequest,
    responses((status = 200, body = AccessToken), (status = 401), (status = 422),
              (status = 429, description = "too_many_attempts")))]
pub async fn issue_token(
    State(ctl): State<ControlState>,
    connect: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    JsonBytes(body): JsonBytes,
) -> AppResult<Json<AccessToken>> {
    let is_form = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    let request: TokenRequest = if is_form {
        serde_urlencoded::from_bytes(&body).map_err(|_| AppError::unprocessable("body", "invalid_form"))?
    } else {
        crate::json::parse(&body)?
    };
    if request.grant_type != "client_credentials" {
        return Err(AppError::field("grant_type", "invalid_choice"));
    }
    // The same limits as signing in: each guess costs an argon2 hash.
    let address = connect.map(|c| c.0.0.ip());
    let client = format!("client:{}", request.client_id.trim());
    if ctl.login_limiter.is_blocked(&client, address).await? {
        return Err(AppError::TooManyAttempts);
    }
    let id: Option<i64> = request.client_id.trim().parse().ok();
    let hash: Option<String> = match id {
        Some(id) => sqlx::query_scalar("SELECT secret_hash FROM api_clients WHERE id = $1").bind(id).fetch_optional(&ctl.db).await?,
        None => None,
    };
    let (Some(id), true) = (id, password::verify(request.client_secret, hash).await) else {
        ctl.login_limiter.record_failure(&client, address).await?;
        return Err(AppError::InvalidCredentials);
    };
    ctl.login_limiter.record_success(&client).await?;
    let (token, expires_at) = sessions::create(&ctl.db, sessions::Holder::Client(id)).await?;
    let expires_in = (expires_at - chrono::Utc::now()).num_seconds();
    Ok(Json(AccessToken { access_token: token, token_type: "Bearer", expires_in }))
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
