//! `GET /my-account/public/institutions/view`: the partner list of the public footer.

use super::logo_url;
use super::site_config::SiteConfig;
use crate::error::AppResult;
use crate::json::AppQuery;
use crate::pagination::{Page, PageRequest};
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// SPEC §9: the footer lists 5 partners a page.
pub const PER_PAGE: i64 = 5;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PublicQuery {
    pub page: Option<i64>,
    /// `true` adds each partner's site config (theme, slogans).
    pub with_data: Option<bool>,
}

/// A partner as the public footer and home page show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicInstitution {
    pub id: i64,
    pub slug: String,
    pub institution_name: String,
    pub institution_name_en: String,
    pub logo: Option<String>,
    pub url: String,
    /// With `with_data=true` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site_config: Option<SiteConfig>,
}

/// Active partner institutions, 5 a page.
#[utoipa::path(get, path = "/my-account/public/institutions/view", tag = "public", params(PublicQuery),
    responses((status = 200, body = Page<PublicInstitution>)))]
pub async fn public_institutions(State(ctl): State<ControlState>, AppQuery(q): AppQuery<PublicQuery>) -> AppResult<Json<Page<PublicInstitution>>> {
    let request = PageRequest::new(q.page, Some(PER_PAGE), PER_PAGE);
    let (rows, page, last_page, total) = super::store::public_page(&ctl.db, request).await?;
    let urls = &ctl.config.public_base_url;
    let data = rows
        .into_iter()
        .map(|t| PublicInstitution {
            id: t.id,
            logo: logo_url(urls, &t.slug, false, t.logo_key.as_deref()),
            url: urls.site_url(Some(&t.slug)),
            site_config: (q.with_data == Some(true)).then(|| SiteConfig::from_json(&t.site_config)),
            slug: t.slug,
            institution_name: t.institution_name,
            institution_name_en: t.institution_name_en,
        })
        .collect();
    Ok(Json(Page { data, current_page: page, last_page, per_page: PER_PAGE, total }))
}
