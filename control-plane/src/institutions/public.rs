//! `GET /my-account/public/institutions/view`: the partner list of the public footer.

use super::logo_url;
use super::site_config::SiteConfig;
use crate::error::AppResult;
use crate::json::AppQuery;
use crate::pagination::PageRequest;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::IntoParams;

/// SPEC §9: the footer lists 5 partners a page.
pub const PER_PAGE: i64 = 5;

#[derive(Debug, Deserialize, IntoParams)]
pub struct PublicQuery {
    pub page: Option<i64>,
    /// `true` adds each partner's site config (theme, slogans).
    pub with_data: Option<bool>,
}

/// Active partner institutions, 5 a page.
#[utoipa::path(get, path = "/my-account/public/institutions/view", tag = "public", params(PublicQuery),
    responses((status = 200, description = "page of `{id, slug, institution_name, institution_name_en, logo, url}`")))]
pub async fn public_institutions(State(ctl): State<ControlState>, AppQuery(q): AppQuery<PublicQuery>) -> AppResult<Json<Value>> {
    let request = PageRequest::new(q.page, Some(PER_PAGE), PER_PAGE);
    let (rows, page, last_page, total) = super::store::public_page(&ctl.db, request).await?;
    let urls = &ctl.config.public_base_url;
    let data: Vec<Value> = rows
        .into_iter()
        .map(|t| {
            let mut item = json!({
                "id": t.id,
                "slug": t.slug,
                "institution_name": t.institution_name,
                "institution_name_en": t.institution_name_en,
                "logo": logo_url(urls, &t.slug, false, t.logo_key.as_deref()),
                "url": urls.site_url(Some(&t.slug)),
            });
            if q.with_data == Some(true) {
                item["site_config"] = json!(SiteConfig::from_json(&t.site_config));
            }
            item
        })
        .collect();
    Ok(Json(json!({ "data": data, "current_page": page, "last_page": last_page, "per_page": PER_PAGE, "total": total })))
}
