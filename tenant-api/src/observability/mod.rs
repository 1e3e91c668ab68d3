//! What an operator watches an edge by (issue 17): Prometheus metrics on a listener of their own
//! (`METRICS_LISTEN`, never the public one), and a request id and the site on every log line a
//! request writes (`control_plane::telemetry`, JSON in production).
//!
//! - [`observe`] wraps every request: it takes the caller's `x-request-id` (or makes one), answers
//!   with it, and runs the request in a `request` span whose `tenant` the host's resolution fills
//!   in. It counts the answer by route template and status, and times it.
//! - [`scrape`] reads what only the database knows (queues, certificates) when Prometheus asks.
//!
//! Labels are route templates, never paths, sites or users: a label per site would make a series
//! per partner for every route, thousands of them. Which site a slow request was for is in its log.

mod scrape;

pub use scrape::router;

use axum::extract::{MatchedPath, Request, State};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::sync::Arc;
use std::time::Instant;
use tracing::Instrument;

pub const REQUEST_ID: &str = "x-request-id";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    pub method: String,
    /// The route's template (`/course/details/{uuid}`); `fallback` for the web app's pages and
    /// anything no route matched.
    pub route: String,
    pub status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub method: String,
    pub route: String,
}

/// The edge's metrics: the requests', counted as they are answered, and the rest, read at each
/// scrape.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    scrape_time: scrape::ScrapeTime,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::default();
        let requests = Family::<RequestLabels, Counter>::default();
        // 1 ms to 10 s: a course page is a few ms, a report export's start or a PDF up to seconds.
        let latency = Family::<RouteLabels, Histogram>::new_with_constructor(|| {
            Histogram::new([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0])
        });
        registry.register("http_requests", "Requests answered, by route template and status", requests.clone());
        registry.register("http_request_duration_seconds", "Time to the answer's head, by route template", latency.clone());
        let scrape_time = scrape::ScrapeTime::register(&mut registry);
        Self { registry, requests, latency, scrape_time }
    }
}

impl Metrics {
    fn record(&self, method: &str, route: &str, status: u16, seconds: f64) {
        self.requests.get_or_create(&RequestLabels { method: method.to_owned(), route: route.to_owned(), status }).inc();
        self.latency.get_or_create(&RouteLabels { method: method.to_owned(), route: route.to_owned() }).observe(seconds);
    }
}

/// A request id the caller sent that may go into logs as it is: short, and only characters that
/// cannot forge a log line or a header.
fn given_id(request: &Request) -> Option<String> {
    let id = request.headers().get(REQUEST_ID)?.to_str().ok()?;
    let fine = !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    fine.then(|| id.to_owned())
}

/// The outermost layer of the public router: see the module's doc.
pub async fn observe(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = given_id(&request).unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
    let method = request.method().as_str().to_owned();
    // Middleware of a Router runs after routing: the route that will answer is known. The
    // router's fallback (the web app's pages, unknown paths) has none.
    let route = request.extensions().get::<MatchedPath>().map_or("fallback", |p| p.as_str()).to_owned();
    let span = tracing::info_span!("request", request_id = %id, method = %method, path = %request.uri().path(), tenant = tracing::field::Empty);
    let mut response = next.run(request).instrument(span.clone()).await;
    let elapsed = started.elapsed();
    metrics.record(&method, &route, response.status().as_u16(), elapsed.as_secs_f64());
    span.in_scope(|| tracing::debug!(status = response.status().as_u16(), millis = elapsed.as_millis() as u64, "answered"));
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}
