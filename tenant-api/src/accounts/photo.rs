//! Profile photos: `POST /my-account/user/profile_photo` (multipart field `photo`, as the spec's
//! cropper sends it) and their serving at `/user-photo/<user>/photo-<hash>.jpg` on every site.
//!
//! A person is one identity on every site, so the photo lives in the main site's bucket. It is
//! checked by its bytes, decoded with limits (a tiny file cannot claim gigapixels), turned upright
//! by its EXIF orientation, cut to the centre square and stored as a 240 x 240 JPEG: twice the
//! cropper's 120 px boundary, for sharp screens, and a few kilobytes whatever was sent.

use crate::media;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Multipart, State};
use axum::response::Response;
use control_plane::auth::RequireUser;
use control_plane::error::{AppError, AppResult};
use control_plane::institutions::store::main_tenant;
use control_plane::json::AppPath;
use control_plane::response::Data;
use control_plane::users::{UserInfo, store, user_info};

pub const MAX_PHOTO_BYTES: usize = 5 << 20;
/// The route's body limit: the photo and the multipart framing around it.
pub const BODY_LIMIT: usize = MAX_PHOTO_BYTES + (64 << 10);
const SIDE: u32 = 240;

/// Upload a new profile photo for the signed-in person; answers the user with its address.
#[utoipa::path(post, path = "/my-account/user/profile_photo", tag = "auth",
    request_body(content_type = "multipart/form-data", description = "field `photo`: a JPEG, PNG, GIF or WebP image, at most 5 MB"),
    responses((status = 200, body = Data<UserInfo>), (status = 401), (status = 413), (status = 422, description = "invalid_photo, image_too_large")))]
pub async fn profile_photo(
    State(app): State<AppState>,
    RequireUser(caller): RequireUser,
    mut multipart: Multipart,
) -> AppResult<Json<Data<UserInfo>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let bytes = media::image_field(&mut multipart, "photo", MAX_PHOTO_BYTES, "invalid_photo").await?;
    let jpeg = tokio::task::spawn_blocking(move || media::fill_jpeg(&bytes, SIDE, SIDE))
        .await
        .map_err(|e| anyhow::anyhow!("photo task: {e}"))?
        .map_err(|_| AppError::field("photo", "invalid_photo"))?;
    let main = main_tenant(&app.ctl.db).await?.ok_or(AppError::SiteNotFound)?;
    let key = media::content_key(&format!("user-photo/{user_id}/photo"), &jpeg, "jpg");
    media::put(&app, &main, &key, jpeg, "image/jpeg").await?;
    let old = store::set_photo(&app.ctl.db, user_id, &key).await?;
    if let Some(old) = old.filter(|old| *old != key) {
        media::remove(&app, &main, &old).await;
    }
    let current = caller.role.as_ref();
    Ok(Json(Data::new(user_info(&app.ctl.db, &app.ctl.config.public_base_url, user_id, current).await?)))
}

/// A person's current photo, from the main site's bucket, on any site.
pub async fn serve_photo(State(app): State<AppState>, AppPath((user, file)): AppPath<(i64, String)>) -> Result<Response, AppError> {
    let key = format!("user-photo/{user}/{file}");
    if !store::is_current_photo(&app.ctl.db, user, &key).await? {
        return Err(AppError::NotFound);
    }
    let main = main_tenant(&app.ctl.db).await?.ok_or(AppError::NotFound)?;
    media::serve_image(&app, &main, &key).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        let picture = image::RgbImage::from_fn(width, height, |x, _| if x < width / 2 { image::Rgb([200, 30, 30]) } else { image::Rgb([30, 30, 200]) });
        picture.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
        out
    }

    #[test]
    fn any_picture_becomes_a_small_square_jpeg() {
        let jpeg = media::fill_jpeg(&png(900, 300), SIDE, SIDE).unwrap();
        assert_eq!(media::image_kind(&jpeg).map(|k| k.0), Some("jpg"));
        let back = image::load_from_memory(&jpeg).unwrap();
        assert_eq!((back.width(), back.height()), (SIDE, SIDE));
        assert!(jpeg.len() < 20_000);
    }

    #[test]
    fn bytes_that_are_not_a_picture_are_refused() {
        assert_eq!(media::picture_kind(b"%PDF-1.7"), None);
        let mut fake = b"\x89PNG\r\n\x1a\n".to_vec();
        fake.extend_from_slice(&[0; 64]);
        assert!(media::fill_jpeg(&fake, SIDE, SIDE).is_err(), "a PNG signature over garbage does not decode");
    }
}
