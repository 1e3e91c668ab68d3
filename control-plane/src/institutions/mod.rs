//! Institutions (partners and the main site): applications, approval, lifecycle, site config.

pub mod admin;
pub mod domains;
pub mod fields;
pub mod partner_register;
pub mod public;
pub mod site_config;
pub mod slug;
pub mod store;
pub mod types;

use crate::config::PublicUrl;

/// Where a site's uploaded logo is served: on that site's own host, so it comes from its bucket.
pub fn logo_url(urls: &PublicUrl, slug: &str, is_main: bool, logo_key: Option<&str>) -> Option<String> {
    let key = logo_key?;
    let file = key.rsplit('/').next().unwrap_or(key);
    Some(format!("{}/site/logo/{file}", urls.site_url((!is_main).then_some(slug))))
}
