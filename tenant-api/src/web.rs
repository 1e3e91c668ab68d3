//! The built web app. Browser navigations (GET with `Accept: text/html`) get `index.html` with
//! the tenant's site info and theme injected, so the first paint is already the partner's brand;
//! everything else under the same paths is the JSON API.
//!
//! Each page is sent with its own Content-Security-Policy nonce: only our scripts and styles run
//! (the site info script, Vite's modules, emotion's style elements, which read the nonce from
//! `<meta property="csp-nonce">`). The home page, a course page and a published post carry their
//! main text in the first HTML (`<!--app-prerender-->` inside the root element), in the language of
//! the `lang` cookie the app sets, so the largest paint does not wait for the scripts; and their
//! title, description and picture as an Open Graph card, so a shared link shows a proper preview.

use crate::courses::view::site_url;
use crate::files::kinds;
use crate::learning::details;
use crate::publishing::{self, Kind, Post};
use crate::site::site_info;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Redirect, Response};
use base64::Engine;
use control_plane::auth::HostTenant;
use control_plane::catalogue::store as catalogue;
use control_plane::html::escape;
use control_plane::institutions::site_config::SiteConfig;
use control_plane::tenancy::Tenant;
use std::path::Path;

const SITE_SLOT: &str = "<!--app-site-->";
const PRERENDER_SLOT: &str = "<!--app-prerender-->";
/// Stands in the template wherever a page's nonce goes.
const NONCE_SLOT: &str = "\u{0}nonce\u{0}";
/// Where the policy names the origin of the site's bucket (its cell's S3 service).
const MEDIA_SLOT: &str = "\u{0}media\u{0}";
const UNBUILT: &str = "<!doctype html><html lang=\"bn\"><head><meta charset=\"utf-8\"><!--app-site--><title>LMS</title></head>\
<body><p>The web app is not built: run <code>npm run build</code> in <code>web/</code>.</p></body></html>";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageLang {
    En,
    Bn,
}

impl PageLang {
    /// The app's `lang` cookie; Bangla by default (SPEC §9: the main layout starts in Bangla).
    fn of(request: &Request) -> Self {
        let cookies = request.headers().get_all(header::COOKIE).iter().filter_map(|v| v.to_str().ok());
        let english = cookies.flat_map(|c| c.split(';')).any(|c| c.trim() == "lang=en");
        if english { Self::En } else { Self::Bn }
    }

    fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Bn => "bn",
        }
    }

    /// The text in this language, or the other one when this one is empty.
    fn pick<'a>(self, en: &'a str, bn: &'a str) -> &'a str {
        let (first, second) = if self == Self::Bn { (bn, en) } else { (en, bn) };
        if first.trim().is_empty() { second } else { first }
    }
}

pub struct WebApp {
    index: String,
    /// The policy with [`NONCE_SLOT`] where the nonce goes and [`MEDIA_SLOT`] where the
    /// site's storage origin does.
    csp: String,
    /// The platform's own storage origin, for pages of no site.
    platform_media: String,
}

impl WebApp {
    /// `storage_origin` is where presigned media links point (images, lesson files) for a site
    /// of no cell of its own;
    /// `partner_sites` the wildcard origin of partner sites, whose course thumbnails the main
    /// site's catalogue shows (`http://*.localhost:8080`).
    pub fn load(dist: &Path, storage_origin: &str, partner_sites: &str) -> Self {
        let index = std::fs::read_to_string(dist.join("index.html")).unwrap_or_else(|_| {
            tracing::warn!(dist = %dist.display(), "web app not built; serving a placeholder page");
            UNBUILT.to_owned()
        });
        let nonce_attr = format!(" nonce=\"{NONCE_SLOT}\"");
        let index = index.replace("<script", &format!("<script{nonce_attr}")).replace("<style", &format!("<style{nonce_attr}"));
        let media = MEDIA_SLOT;
        let csp = format!(
            "default-src 'self'; script-src 'self' 'nonce-{NONCE_SLOT}'; style-src 'self' 'nonce-{NONCE_SLOT}'; \
             img-src 'self' data: blob: {media} {partner_sites} https://i.ytimg.com; font-src 'self' data:; connect-src 'self'; \
             frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com {media}; \
             media-src 'self' blob: {media}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        Self { index, csp, platform_media: storage_origin.trim_end_matches('/').to_owned() }
    }

    /// A page of the app; `media` is the origin of the site's bucket.
    fn render(&self, site: &serde_json::Value, media: &str, status: StatusCode, lang: PageLang, page: Option<PageText>) -> Response {
        let nonce = base64::engine::general_purpose::STANDARD.encode(rand::random::<[u8; 16]>());
        let mut head = format!(
            "<meta property=\"csp-nonce\" nonce=\"{nonce}\"><script nonce=\"{nonce}\">window.__SITE__={};window.__HTTP_STATUS__={}</script>",
            script_json(site),
            status.as_u16()
        );
        let theme = |name: &str| site.pointer(&format!("/site_config/theme/{name}")).and_then(|c| c.as_str()).filter(|c| is_colour(c));
        if let (Some(primary), Some(secondary)) = (theme("primary"), theme("secondary")) {
            head.push_str(&format!("<style nonce=\"{nonce}\">:root{{--pre-primary:{primary};--pre-secondary:{secondary}}}</style>"));
        }
        if let Some(card) = page.as_ref().map(|p| &p.card) {
            head.push_str(&card.meta());
        }
        let mut html = self
            .index
            .replacen(SITE_SLOT, &head, 1)
            .replacen(PRERENDER_SLOT, page.as_ref().map_or("", |p| p.html.as_str()), 1)
            .replace(NONCE_SLOT, &nonce)
            .replacen("<html lang=\"bn\"", &format!("<html lang=\"{}\"", lang.code()), 1);
        if let Some(colour) = theme("primary") {
            html = set_theme_colour(&html, colour);
        }
        let name = site
            .get("institution_name_en")
            .zip(site.get("institution_name"))
            .and_then(|(en, bn)| Some(lang.pick(en.as_str()?, bn.as_str()?).to_owned()));
        if let Some(name) = page.map(|p| p.card.title).or(name) {
            if let (Some(start), Some(end)) = (html.find("<title>"), html.find("</title>")) {
                html.replace_range(start + 7..end, &escape(&name));
            }
        }
        let mut response = (status, Html(html)).into_response();
        let headers = response.headers_mut();
        // A nonce must never be reused, so the page is never stored.
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        if let Ok(csp) = HeaderValue::from_str(&self.csp.replace(NONCE_SLOT, &nonce).replace(MEDIA_SLOT, media)) {
            headers.insert(header::CONTENT_SECURITY_POLICY, csp);
        }
        response
    }

    pub fn not_found_page(&self) -> Response {
        self.render(&serde_json::Value::Null, &self.platform_media, StatusCode::NOT_FOUND, PageLang::Bn, None)
    }
}

/// JSON inside a script element: `<`, `>` and `&` escaped so no value can close the element.
fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

fn is_colour(value: &str) -> bool {
    control_plane::validate::is_colour(value)
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

/// Server routes a browser is sent to by a gateway (bKash's callback is a GET).
const BROWSER_RETURNS: &str = "/payment/bkash/callback/";

/// Serves the app shell for browser navigations on a live site.
pub async fn browser_navigation(State(app): State<AppState>, request: Request, next: Next) -> Response {
    // A payment gateway sends the payer's browser back to a server route, not to a page.
    if !wants_html(&request) || request.uri().path().starts_with(BROWSER_RETURNS) {
        return next.run(request).await;
    }
    shell(&app, request).await
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
        shell(&app, request).await
    } else {
        control_plane::AppError::NotFound.into_response()
    }
}

/// The app shell for this request's site and path. Nothing of the request is held across an
/// await (its body is not `Sync`).
async fn shell(app: &AppState, request: Request) -> Response {
    let Some(HostTenant(tenant)) = request.extensions().get::<HostTenant>().cloned() else {
        return app.web.not_found_page();
    };
    let lang = PageLang::of(&request);
    let path = request.uri().path().to_owned();
    drop(request);
    page(app, &tenant, &path, lang).await
}

async fn page(app: &AppState, tenant: &Tenant, path: &str, lang: PageLang) -> Response {
    let prerender = match Route::of(path) {
        Some(Route::Home) => Some(home_text(app, tenant, lang)),
        Some(Route::Course(key)) => match course_text(app, tenant, key, lang).await {
            Ok(text) => Some(text),
            Err(Some(elsewhere)) => return Redirect::to(&elsewhere).into_response(),
            Err(None) => None,
        },
        Some(Route::Post(kind, id)) => post_text(app, tenant, kind, id, lang).await,
        Some(Route::About) => about_text(app, tenant, lang).await,
        None => None,
    };
    let site = serde_json::to_value(site_info(tenant, &app.ctl.config.public_base_url)).unwrap_or_default();
    let media = crate::media::origin(app, tenant).await;
    app.web.render(&site, &media, StatusCode::OK, lang, prerender)
}

/// The pages whose main text is in the first HTML.
enum Route<'a> {
    Home,
    Course(&'a str),
    /// `/blogs/details/<id>[/<slug>]`, and the same for tutorials and articles; `/page/details/<id>/<slug>`.
    Post(Kind, i64),
    /// `/page/details/1/about`: the site's about page, whichever article it is.
    About,
}

impl<'a> Route<'a> {
    fn of(path: &'a str) -> Option<Self> {
        if path == "/" {
            return Some(Self::Home);
        }
        let post = [("/blogs/details/", Kind::Blog), ("/tutorials/details/", Kind::Tutorial), ("/articles/details/", Kind::Article), ("/page/details/", Kind::Article)]
            .into_iter()
            .find_map(|(prefix, kind)| Some((kind, path.strip_prefix(prefix)?)));
        if let Some((kind, rest)) = post {
            let mut parts = rest.trim_end_matches('/').split('/');
            let id = parts.next()?.parse().ok()?;
            return Some(if path.starts_with("/page/") && parts.next() == Some("about") { Self::About } else { Self::Post(kind, id) });
        }
        let key = ["/course/details/", "/webinar/details/", "/course-details/"].into_iter().find_map(|prefix| path.strip_prefix(prefix))?;
        let key = key.trim_end_matches('/');
        (!key.is_empty() && !key.contains('/') && !key.contains('%')).then_some(Self::Course(key))
    }
}

fn home_text(app: &AppState, tenant: &Tenant, lang: PageLang) -> PageText {
    let config = SiteConfig::from_json(&tenant.site_config);
    // A site with a logo shows it above the heading: the block leaves room for it.
    let class = if tenant.logo_key.is_some() { "pre-home pre-logo" } else { "pre-home" };
    let title = lang.pick(&tenant.institution_name_en, &tenant.institution_name);
    let slogan = lang.pick(&config.slogan_en, &config.slogan_bn);
    let logo = site_info(tenant, &app.ctl.config.public_base_url).logo;
    PageText { html: block(class, title, slogan, None), card: Card::new("website", title, slogan, logo) }
}

/// A published course's title and summary; `Err(Some(url))` when the main site is asked for a
/// partner's course (a shared link), so the visitor is sent to the partner's own site.
async fn course_text(app: &AppState, tenant: &Tenant, key: &str, lang: PageLang) -> Result<PageText, Option<String>> {
    let db = app.pools.get(tenant.id).await.map_err(|_| None)?;
    match details::public_page(app, tenant, &db, key).await {
        Ok(page) => {
            let course = &page.data.course;
            let title = lang.pick(&course.title, &course.title_bn);
            Ok(PageText {
                html: block("pre-course", title, &course.summary, course.thumbnail.as_deref()),
                card: Card::new("website", title, &course.summary, course.thumbnail.clone()),
            })
        }
        Err(_) if tenant.is_main => {
            let Ok(uuid) = key.parse::<uuid::Uuid>() else { return Err(None) };
            let url = catalogue::course_url(&app.ctl.db, &app.ctl.config.public_base_url, uuid).await.ok().flatten();
            Err(url)
        }
        Err(_) => Err(None),
    }
}

/// A published post's title, summary and cover; nothing for one that is not (the app shows its 404).
async fn post_text(app: &AppState, tenant: &Tenant, kind: Kind, id: i64, lang: PageLang) -> Option<PageText> {
    let db = app.pools.get(tenant.id).await.ok()?;
    let post = publishing::public::published(app, &db, kind, id).await.ok()?;
    Some(post_page(app, tenant, &post, lang))
}

async fn about_text(app: &AppState, tenant: &Tenant, lang: PageLang) -> Option<PageText> {
    let db = app.pools.get(tenant.id).await.ok()?;
    let post = publishing::public::about(app, &db).await.ok()??;
    Some(post_page(app, tenant, &post, lang))
}

fn post_page(app: &AppState, tenant: &Tenant, post: &Post, lang: PageLang) -> PageText {
    let title = lang.pick(&post.title, post.title_bn.as_deref().unwrap_or_default());
    // The cover's address is the site's own; a card needs it whole.
    let cover = post.cover.as_ref().map(|c| if c.starts_with('/') { format!("{}{c}", site_url(tenant, &app.ctl.config.public_base_url)) } else { c.clone() });
    // A tutorial without a cover shows its YouTube video's own picture.
    let youtube = || post.video_url.as_deref().and_then(kinds::link).and_then(|l| l.youtube_id).map(|id| kinds::youtube_thumbnail(&id));
    let cover = cover.or_else(youtube);
    PageText { html: block("pre-course", title, &post.summary, cover.as_deref()), card: Card::new("article", title, &post.summary, cover) }
}

/// What the first HTML carries of a page: its visible main text, and the card a shared link shows.
struct PageText {
    html: String,
    card: Card,
}

/// The Open Graph card of a page (Facebook, WhatsApp and LinkedIn read these; X falls back to them).
struct Card {
    kind: &'static str,
    title: String,
    description: String,
    image: Option<String>,
}

impl Card {
    fn new(kind: &'static str, title: &str, description: &str, image: Option<String>) -> Self {
        Self { kind, title: title.to_owned(), description: description.to_owned(), image }
    }

    fn meta(&self) -> String {
        let mut meta = format!(
            "<meta name=\"description\" content=\"{d}\"><meta property=\"og:type\" content=\"{}\"><meta property=\"og:title\" content=\"{}\"><meta property=\"og:description\" content=\"{d}\">",
            self.kind,
            escape(&self.title),
            d = escape(&self.description),
        );
        match &self.image {
            Some(image) => meta.push_str(&format!(
                "<meta property=\"og:image\" content=\"{}\"><meta name=\"twitter:card\" content=\"summary_large_image\">",
                escape(image)
            )),
            None => meta.push_str("<meta name=\"twitter:card\" content=\"summary\">"),
        }
        meta
    }
}

/// The page's heading, text and (course pages) picture: on a phone the picture is the largest
/// element, so it starts loading with the HTML instead of after the scripts.
fn block(class: &str, title: &str, text: &str, picture: Option<&str>) -> String {
    let picture = picture.map(|src| format!("<img class=\"pre-image\" src=\"{}\" alt=\"\" fetchpriority=\"high\">", escape(src))).unwrap_or_default();
    format!("<div class=\"pre {class}\"><h1 class=\"pre-title\">{}</h1><p class=\"pre-text\">{}</p>{picture}</div>", escape(title), escape(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_colour_meta_takes_the_site_colour() {
        let html = r##"<head><meta name="theme-color" content="#0f766e"><title>x</title>"##;
        assert_eq!(set_theme_colour(html, "#0d47a1"), r##"<head><meta name="theme-color" content="#0d47a1"><title>x</title>"##);
    }

    #[test]
    fn every_script_and_style_gets_the_pages_nonce() {
        let dir = std::env::temp_dir().join(format!("web-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("index.html"),
            "<html lang=\"bn\"><head><style>.pre{}</style><!--app-site--><title>t</title></head><body><div id=\"root\"><!--app-prerender--></div><script type=\"module\" src=\"/a.js\"></script></body></html>",
        )
        .unwrap();
        let web = WebApp::load(&dir, "http://127.0.0.1:8014", "http://*.localhost:8080");
        let site = serde_json::json!({"institution_name": "ঢাকা কলেজ", "institution_name_en": "Dhaka <College>"});
        let page = PageText { html: block("pre-course", "<b>", "x", Some("/t.png?a=1&b=\"")), card: Card::new("article", "<b>", "x \"y\"", Some("https://dhaka.example/p.jpg".into())) };
        let response = web.render(&site, "http://127.0.0.1:8014", StatusCode::OK, PageLang::En, Some(page));
        let csp = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap().to_owned();
        let nonce = csp.split("'nonce-").nth(1).unwrap().split('\'').next().unwrap().to_owned();
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("img-src 'self' data: blob: http://127.0.0.1:8014 http://*.localhost:8080"));
        let body = futures_body(response);
        assert_eq!(body.matches(&format!("nonce=\"{nonce}\"")).count(), 4, "style, meta, site script, module script: {body}");
        assert!(body.contains("<html lang=\"en\""));
        assert!(body.contains("<title>&lt;b&gt;</title>"), "the page's own title: {body}");
        assert!(body.contains("<meta property=\"og:title\" content=\"&lt;b&gt;\"><meta property=\"og:description\" content=\"x &quot;y&quot;\">"));
        assert!(body.contains("<meta property=\"og:image\" content=\"https://dhaka.example/p.jpg\">"));
        assert!(body.contains("<h1 class=\"pre-title\">&lt;b&gt;</h1><p class=\"pre-text\">x</p><img class=\"pre-image\" src=\"/t.png?a=1&amp;b=&quot;\""));
        // A second page has a fresh nonce; without a page of its own it takes the site's name.
        let again = web.render(&site, "http://127.0.0.1:8014", StatusCode::OK, PageLang::Bn, None);
        assert!(futures_body(web.render(&site, "http://127.0.0.1:8014", StatusCode::OK, PageLang::Bn, None)).contains("<title>ঢাকা কলেজ</title>"));
        assert!(!again.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains(&nonce));
    }

    fn futures_body(response: Response) -> String {
        let bytes = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(axum::body::to_bytes(response.into_body(), usize::MAX))
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[test]
    fn pages_with_main_text_are_recognised() {
        assert!(matches!(Route::of("/"), Some(Route::Home)));
        assert!(matches!(Route::of("/course/details/abc-123"), Some(Route::Course("abc-123"))));
        assert!(matches!(Route::of("/webinar/details/abc-123"), Some(Route::Course("abc-123"))));
        assert!(matches!(Route::of("/course-details/42/"), Some(Route::Course("42"))));
        assert!(Route::of("/course/details/a%00b").is_none());
        assert!(Route::of("/course/details/").is_none());
        assert!(Route::of("/login").is_none());
        assert!(matches!(Route::of("/blogs/details/12/some-title"), Some(Route::Post(Kind::Blog, 12))));
        assert!(matches!(Route::of("/tutorials/details/7"), Some(Route::Post(Kind::Tutorial, 7))));
        assert!(matches!(Route::of("/page/details/1/about"), Some(Route::About)));
        assert!(matches!(Route::of("/page/details/4/faq"), Some(Route::Post(Kind::Article, 4))));
        assert!(Route::of("/blogs/details/x").is_none());
        assert!(Route::of("/blogs/lists").is_none());
    }
}
