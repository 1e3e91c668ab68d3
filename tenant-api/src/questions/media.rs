//! Pictures in questions (a figure, a map, a circuit). A picture of the author's file manager (or
//! one a colleague shared with them) is copied inside the site's bucket under `questions/`, so
//! the question keeps it whatever becomes of the original, and gets a stable address on the site
//! (`/question-media/<name>`) that the question's versions hold and that answers with a fresh
//! signed link. A learner's paper shows it beside the text: a picture carries no key.

use super::bank_user;
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath};
use control_plane::response::Data;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const PREFIX: &str = "questions";
const ADDRESS: &str = "/question-media/";

/// Whether `value` is the address of a question's picture.
pub fn is_address(value: &str) -> bool {
    value.strip_prefix(ADDRESS).is_some_and(media::is_kept_name)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[schema(as = QuestionMediaInput)]
pub struct MediaInput {
    /// A picture of the caller's file manager (their own, or one shared with them).
    pub file_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionMedia {
    /// `/question-media/<name>`: what a question's `image` holds.
    pub url: String,
}

/// Make a picture of the file manager usable in questions.
#[utoipa::path(post, path = "/question-bank/media", tag = "question-bank", request_body = MediaInput,
    responses((status = 201, body = Data<QuestionMedia>), (status = 401), (status = 403),
        (status = 422, description = "file_id: invalid_choice (not the caller's file), invalid_file (not a stored picture)")))]
pub async fn attach_media(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<MediaInput>,
) -> AppResult<(StatusCode, Json<Data<QuestionMedia>>)> {
    let user = bank_user(&caller, &tenant)?;
    let file = crate::files::store::file_for(&db, input.file_id, user.id).await?.ok_or_else(|| AppError::unprocessable("file_id", "invalid_choice"))?;
    // A link's picture could change or vanish under an exam; only stored pictures are kept.
    let (Some(source), "image") = (&file.object_key, file.file_type.as_str()) else {
        return Err(AppError::unprocessable("file_id", "invalid_file"));
    };
    let name = media::keep_copy(&app, &tenant, source, PREFIX).await?;
    Ok((StatusCode::CREATED, Json(Data::new(QuestionMedia { url: format!("{ADDRESS}{name}") }))))
}

/// A question's picture: a signed link to it in the site's bucket.
pub async fn serve_media(State(app): State<AppState>, HostTenant(tenant): HostTenant, AppPath(name): AppPath<String>) -> AppResult<Response> {
    media::serve_kept(&app, &tenant, PREFIX, &name).await
}
