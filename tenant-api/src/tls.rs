//! HTTPS at the edge: a rustls listener whose certificate is chosen by SNI from the certificates
//! in the control database (the wildcard for the base domain and its apex, one per verified
//! custom domain), reloaded when one changes, so a renewed certificate is used without a restart.
//! An unknown SNI name gets no certificate (the handshake fails); a request whose `Host` is not
//! its SNI name is refused (421), so a connection made for partner A can never read partner B.
//! The HTTP listener answers ACME HTTP-01 challenges and redirects everything else to HTTPS.

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use control_plane::tenancy::{HostSite, site_for_host};
use control_plane::tls::sealing::MasterKey;
use control_plane::tls::store;
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls::ServerConfig;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// The SNI name of the TLS connection a request came on.
#[derive(Clone, Debug)]
pub struct Sni(pub String);

#[derive(Default)]
struct CertSet {
    exact: HashMap<String, Arc<CertifiedKey>>,
    wildcard: Option<Arc<CertifiedKey>>,
}

pub struct SniResolver {
    base_domain: String,
    certs: RwLock<Arc<CertSet>>,
}

impl std::fmt::Debug for SniResolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SniResolver").field("base_domain", &self.base_domain).finish_non_exhaustive()
    }
}

fn certified_key(cert_pem: &str, key_pem: &str) -> anyhow::Result<Arc<CertifiedKey>> {
    let chain: Vec<CertificateDer<'static>> =
        CertificateDer::pem_slice_iter(cert_pem.as_bytes()).collect::<Result<_, _>>()?;
    anyhow::ensure!(!chain.is_empty(), "no certificate in PEM");
    let key = PrivateKeyDer::from_pem_slice(key_pem.as_bytes())?;
    let signing = rustls::crypto::aws_lc_rs::sign::any_supported_type(&key)?;
    Ok(Arc::new(CertifiedKey::new(chain, signing)))
}

impl SniResolver {
    pub fn new(base_domain: &str) -> Self {
        Self { base_domain: base_domain.to_ascii_lowercase(), certs: RwLock::default() }
    }

    /// Loads every servable certificate; answers how many.
    pub async fn reload(&self, db: &PgPool, key: &MasterKey) -> anyhow::Result<usize> {
        let mut set = CertSet::default();
        for cert in store::servable(db, key).await? {
            let certified = match certified_key(&cert.cert_pem, &cert.key_pem) {
                Ok(c) => c,
                Err(error) => {
                    tracing::error!(name = cert.primary_name, %error, "unusable certificate skipped");
                    continue;
                }
            };
            if cert.kind == "wildcard" {
                set.wildcard = Some(certified);
            } else {
                for name in &cert.names {
                    set.exact.insert(name.to_ascii_lowercase(), certified.clone());
                }
            }
        }
        let count = set.exact.len() + usize::from(set.wildcard.is_some());
        *self.certs.write().expect("lock") = Arc::new(set);
        Ok(count)
    }

    fn lookup(&self, name: &str) -> Option<Arc<CertifiedKey>> {
        let set = self.certs.read().expect("lock").clone();
        if let Some(cert) = set.exact.get(name) {
            return Some(cert.clone());
        }
        match site_for_host(name, &self.base_domain) {
            HostSite::Main | HostSite::Partner(_) => set.wildcard.clone(),
            HostSite::Unknown => None,
        }
    }
}

impl ResolvesServerCert for SniResolver {
    fn resolve(&self, hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.lookup(&hello.server_name()?.to_ascii_lowercase())
    }
}

/// Keeps the resolver in step with the database: on every certificate or institution change and every ten
/// minutes (a missed notification costs at most that).
pub fn spawn_reload(resolver: Arc<SniResolver>, db: PgPool, key: MasterKey) {
    tokio::spawn(async move {
        loop {
            let result: anyhow::Result<()> = async {
                let mut listener = PgListener::connect_with(&db).await?;
                // Institution changes matter too: a suspended partner's domain stops at once.
                listener.listen_all(["certificate_changed", "institution_changed"]).await?;
                resolver.reload(&db, &key).await?;
                loop {
                    match tokio::time::timeout(Duration::from_secs(600), listener.recv()).await {
                        Ok(notification) => drop(notification?),
                        Err(_elapsed) => {}
                    }
                    resolver.reload(&db, &key).await?;
                }
            }
            .await;
            if let Err(error) = result {
                tracing::warn!(%error, "certificate reload failed; retrying");
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

pub fn server_config(resolver: Arc<SniResolver>) -> anyhow::Result<Arc<ServerConfig>> {
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_cert_resolver(resolver);
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Serves `app` over TLS on `listener` until the task is dropped; with `proxy_protocol`, each
/// connection first carries the client's address from the load balancer.
pub async fn serve_https(listener: TcpListener, config: Arc<ServerConfig>, app: Router, proxy_protocol: bool) {
    let acceptor = tokio_rustls::TlsAcceptor::from(config);
    loop {
        let Ok((mut tcp, mut peer)) = listener.accept().await else { continue };
        let (acceptor, app) = (acceptor.clone(), app.clone());
        tokio::spawn(async move {
            if proxy_protocol {
                match tokio::time::timeout(Duration::from_secs(10), crate::proxy_protocol::read_header(&mut tcp)).await {
                    Ok(Ok(client)) => peer = client.unwrap_or(peer),
                    Ok(Err(error)) => {
                        tracing::debug!(%peer, %error, "PROXY header refused");
                        return;
                    }
                    Err(_) => return,
                }
            }
            let tls = match tokio::time::timeout(Duration::from_secs(10), acceptor.accept(tcp)).await {
                Ok(Ok(tls)) => tls,
                Ok(Err(error)) => {
                    tracing::debug!(%peer, %error, "TLS handshake refused");
                    return;
                }
                Err(_) => return,
            };
            let sni = Sni(tls.get_ref().1.server_name().unwrap_or_default().to_ascii_lowercase());
            let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(sni.clone());
                request.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(request.map(Body::new))
            });
            let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                .serve_connection(TokioIo::new(tls), service)
                .await;
        });
    }
}

/// On HTTPS requests: the `Host` must be the SNI name (421 otherwise), and responses carry HSTS.
pub async fn guard_https(request: Request, next: Next) -> Response {
    let Some(Sni(sni)) = request.extensions().get::<Sni>().cloned() else {
        return next.run(request).await;
    };
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri().host())
        .unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default().to_ascii_lowercase();
    if host != sni {
        return control_plane::AppError::Http(StatusCode::MISDIRECTED_REQUEST, "misdirected_request").into_response();
    }
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000"));
    response
}

/// The plain-HTTP side when TLS is on: ACME HTTP-01 answers, and a redirect for the rest.
pub fn http_router(db: PgPool, https_port: u16) -> Router {
    Router::new()
        .route("/.well-known/acme-challenge/{token}", get(challenge))
        .with_state(db)
        .fallback(move |request: Request| async move { redirect(&request, https_port) })
}

async fn challenge(State(db): State<PgPool>, Path(token): Path<String>) -> Response {
    match store::challenge(&db, &token).await {
        Ok(Some(answer)) => ([(header::CONTENT_TYPE, "text/plain")], answer).into_response(),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => {
            tracing::error!(%error, "challenge lookup failed");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

fn redirect(request: &Request, https_port: u16) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    if host.is_empty() || !host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-') {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let port = if https_port == 443 { String::new() } else { format!(":{https_port}") };
    let path = request.uri().path_and_query().map_or("/", |p| p.as_str());
    Redirect::permanent(&format!("https://{host}{port}{path}")).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wildcard_covers_the_apex_and_one_label_only() {
        let resolver = SniResolver::new("lms.test");
        assert!(resolver.lookup("dhaka.lms.test").is_none(), "nothing loaded yet");
        let key = rcgen::KeyPair::generate().unwrap();
        let cert = rcgen::CertificateParams::new(vec!["*.lms.test".into(), "lms.test".into()]).unwrap().self_signed(&key).unwrap();
        let certified = certified_key(&cert.pem(), &key.serialize_pem()).unwrap();
        *resolver.certs.write().unwrap() = Arc::new(CertSet { exact: HashMap::new(), wildcard: Some(certified) });
        assert!(resolver.lookup("dhaka.lms.test").is_some());
        assert!(resolver.lookup("lms.test").is_some());
        assert!(resolver.lookup("a.b.lms.test").is_none());
        assert!(resolver.lookup("evil.example").is_none());
    }
}
