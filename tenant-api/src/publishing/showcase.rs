//! Keeps the control plane's showcase in step with this partner site's blogs and tutorials: a
//! published post is (re)projected after every change, any other removed; the super admin picks
//! from there what the main site shows (`check-selected`). The main site's own posts are on it
//! already, and articles are a site's own pages: neither is projected.

use super::Kind;
use super::store;
use crate::courses::view::site_url;
use crate::state::AppState;
use control_plane::showcase::{self, Entry};
use control_plane::tenancy::Tenant;
use control_plane::AppResult;
use sqlx::PgPool;

pub async fn project(app: &AppState, tenant: &Tenant, db: &PgPool, kind: Kind, id: i64) -> AppResult<()> {
    if tenant.is_main || kind == Kind::Article {
        return Ok(());
    }
    let post = store::find(db, kind.as_str(), id).await?.filter(|p| p.status == "published");
    let Some(post) = post else {
        showcase::remove(&app.ctl.db, tenant.id, kind.as_str(), id).await?;
        return Ok(());
    };
    let site = site_url(tenant, &app.ctl.config.public_base_url);
    let cover = post.cover.as_deref().map(|c| if c.starts_with('/') { format!("{site}{c}") } else { c.to_owned() });
    let url = format!("{site}/{}s/details/{}", kind.as_str(), post.id);
    showcase::upsert(&app.ctl.db, Entry {
        institution_id: tenant.id,
        kind: kind.as_str(),
        post_id: post.id,
        title: &post.title,
        title_bn: post.title_bn.as_deref(),
        summary: &post.summary,
        cover: cover.as_deref(),
        url: &url,
        published_at: post.published_at.unwrap_or(post.updated_at),
    })
    .await?;
    Ok(())
}
