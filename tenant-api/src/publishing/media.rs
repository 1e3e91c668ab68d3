//! Pictures and videos of posts. A file chosen from the file manager is copied inside the site's
//! bucket under `posts/`, so a published post keeps it when its writer renames or deletes the
//! original, and it gets a stable address on the site (`/post-media/<name>`) that a shared link's
//! preview card and the post's HTML can hold; that address answers with a fresh signed link.

use super::{Kind, reach};
use crate::media as bucket;
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

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MediaInput {
    /// A file of the caller's file manager (their own, or one shared with them).
    pub file_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PostMedia {
    /// `/post-media/<name>`, or a link's own URL.
    pub url: String,
    #[serde(rename = "type")]
    pub file_type: String,
    pub title: String,
}

/// The file manager's types a post can show.
const POST_FILE_TYPES: [&str; 3] = ["image", "video", "audio"];

/// Make a file of the file manager usable in a post (cover, picture in the text, tutorial video).
#[utoipa::path(post, path = "/my-account/publishing/media", tag = "publishing", request_body = MediaInput,
    responses((status = 201, body = Data<PostMedia>), (status = 401), (status = 403),
        (status = 422, description = "invalid_choice (not the caller's file), invalid_file (not a picture, video or sound)")))]
pub async fn attach_media(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<MediaInput>,
) -> AppResult<(StatusCode, Json<Data<PostMedia>>)> {
    let Some(user) = [Kind::Blog, Kind::Tutorial, Kind::Article].into_iter().find_map(|k| reach(&caller, &tenant, k)).map(|r| r.user()) else {
        return Err(AppError::Forbidden);
    };
    let file = crate::files::store::file_for(&db, input.file_id, user).await?.ok_or_else(|| AppError::unprocessable("file_id", "invalid_choice"))?;
    if !POST_FILE_TYPES.contains(&file.file_type.as_str()) {
        return Err(AppError::unprocessable("file_id", "invalid_file"));
    }
    let url = match (&file.object_key, &file.url) {
        (Some(source), _) => format!("/post-media/{}", bucket::keep_copy(&app, &tenant, source, "posts").await?),
        (None, url) => url.clone().unwrap_or_default(),
    };
    Ok((StatusCode::CREATED, Json(Data::new(PostMedia { url, file_type: file.file_type, title: file.title }))))
}

/// A post's picture or video: a signed link to it in the site's bucket.
pub async fn serve_media(State(app): State<AppState>, HostTenant(tenant): HostTenant, AppPath(name): AppPath<String>) -> AppResult<Response> {
    bucket::serve_kept(&app, &tenant, "posts", &name).await
}
