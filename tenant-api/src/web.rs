//! The built web app. Browser navigations (GET with `Accept: text/html`) get `index.html` with
//! the tenant's site info and theme injected, so the first paint is already the partner's brand;
//! everything else under the same paths is the JSON API.

use crate::site::site_info;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use control_plane::auth::HostTenant;
use std::path::Path;

const PLACEHOLDER: &str = "<!--app-site-->";
const UNBUILT: &str = "<!doctype html><html lang=\"bn\"><head><meta charset=\"utf-8\"><!--app-site--><title>LMS</title></head>\
<body><p>The web app is not built: run <code>npm run build</code> in <code>web/</code>.</p></body></html>";

pub struct WebApp {
    index: String,
}

impl WebApp {
    pub fn load(dist: &Path) -> Self {
        let index = std::fs::read_to_string(dist.join("index.html")).unwrap_or_else(|_| {
            tracing::warn!(dist = %dist.display(), "web app not built; serving a placeholder page");
            UNBUILT.to_owned()
        });
        Self { index }
    }

    fn render(&self, site: &serde_json::Value, status: StatusCode) -> Response {
        // `<`, `>` and `&` escaped so no value can close the script element.
        let json = site.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
        let script = format!("<script>window.__SITE__={json};window.__HTTP_STATUS__={}</script>", status.as_u16());
        let mut html = self.index.replacen(PLACEHOLDER, &script, 1);
        if let Some(colour) = site.pointer("/site_config/theme/primary").and_then(|c| c.as_str()) {
            html = set_theme_colour(&html, colour);
        }
        if let Some(name) = site.get("institution_name").and_then(|n| n.as_str()) {
            if let (Some(start), Some(end)) = (html.find("<title>"), html.find("</title>")) {
                let title = name.replace('<', "&lt;").replace('&', "&amp;");
                html.replace_range(start + 7..end, &title);
            }
        }
        let mut response = (status, Html(html)).into_response();
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response
    }

    pub fn not_found_page(&self) -> Response {
        self.render(&serde_json::Value::Null, StatusCode::NOT_FOUND)
    }
}

/// Points `<meta name="theme-color">` at the site's colour (validated `#rrggbb` on write).
fn set_theme_colour(html: &str, colour: &str) -> String {
    const META: &str = "<meta name=\"theme-color\" content=\"";
    match html.find(META) {
        Some(start) => {
            let from = start + META.len();
            let end = html[from..].find('"').map_or(from, |e| from + e);
            format!("{}{}{}", &html[..from], colour.replace(['"', '<', '>'], ""), &html[end..])
        }
        None => html.to_owned(),
    }
}

/// A browser asking for a page rather than a script asking for data.
pub fn wants_html(request: &Request) -> bool {
    (request.method() == Method::GET || request.method() == Method::HEAD)
        && request
            .headers()
            .get(header::ACCEPT)
            .and_then(|a| a.to_str().ok())
            .is_some_and(|a| a.contains("text/html"))
}

/// Serves the app shell for browser navigations on a live site.
pub async fn browser_navigation(State(app): State<AppState>, request: Request, next: Next) -> Response {
    if !wants_html(&request) {
        return next.run(request).await;
    }
    shell(&app, &request)
}

/// What a GET that matched no API route gets: the app shell (so `/login` opened by a crawler or
/// a health check is a page), unless the caller asked for JSON.
pub async fn fallback(State(app): State<AppState>, request: Request) -> Response {
    let asks_json = request
        .headers()
        .get(header::ACCEPT)
        .and_then(|a| a.to_str().ok())
        .is_some_and(|a| a.contains("application/json"));
    if matches!(*request.method(), Method::GET | Method::HEAD) && !asks_json {
        shell(&app, &request)
    } else {
        control_plane::AppError::NotFound.into_response()
    }
}

fn shell(app: &AppState, request: &Request) -> Response {
    match request.extensions().get::<HostTenant>() {
        Some(HostTenant(tenant)) => {
            let site = serde_json::to_value(site_info(tenant, &app.ctl.config.public_base_url)).unwrap_or_default();
            app.web.render(&site, StatusCode::OK)
        }
        None => app.web.not_found_page(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_theme_colour_meta_takes_the_site_colour() {
        let html = r##"<head><meta name="theme-color" content="#0f766e"><title>x</title>"##;
        assert_eq!(super::set_theme_colour(html, "#0d47a1"), r##"<head><meta name="theme-color" content="#0d47a1"><title>x</title>"##);
    }
}
