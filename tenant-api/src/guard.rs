//! Requests refused before anything reads them: a Host that is not one well-formed name (the
//! host decides which tenant answers, so it must be unambiguous) and an address longer than any
//! page or call of ours. Both answer in our error shape. (URIs over 64 KiB never reach us: hyper
//! answers those 414 itself, with an empty body.)

use axum::extract::Request;
use axum::http::StatusCode;
use axum::http::header::HOST;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use control_plane::AppError;

/// Longer than any address the app or the API document produces.
pub const MAX_URI_BYTES: usize = 8 * 1024;

pub async fn refuse_malformed(request: Request, next: Next) -> Response {
    if request.uri().path_and_query().map_or(0, |p| p.as_str().len()) > MAX_URI_BYTES {
        return AppError::Http(StatusCode::URI_TOO_LONG, "uri_too_long").into_response();
    }
    if !has_one_valid_host(&request) {
        return AppError::Http(StatusCode::BAD_REQUEST, "bad_host").into_response();
    }
    next.run(request).await
}

/// Refused: two Host headers, a comma-joined list, user info (`a@evil.com`), a port that is
/// not 1-65535, characters no host name has, or a Host that disagrees with the request's own
/// authority (HTTP/2, absolute form).
fn has_one_valid_host(request: &Request) -> bool {
    let mut values = request.headers().get_all(HOST).iter();
    match (values.next(), values.next(), request.uri().authority()) {
        (_, Some(_), _) => false,
        (Some(value), None, authority) => value
            .to_str()
            .ok()
            .filter(|v| is_host(v))
            .is_some_and(|v| authority.is_none_or(|a| a.as_str().eq_ignore_ascii_case(v))),
        (None, None, Some(authority)) => is_host(authority.as_str()),
        (None, None, None) => false,
    }
}

/// `name[:port]`, `a.b.c[:port]`, `1.2.3.4[:port]` or `[v6][:port]`.
pub fn is_host(value: &str) -> bool {
    if let Some(rest) = value.strip_prefix('[') {
        let Some((v6, after)) = rest.split_once(']') else { return false };
        return v6.parse::<std::net::Ipv6Addr>().is_ok() && (after.is_empty() || after.strip_prefix(':').is_some_and(is_port));
    }
    let (name, port_ok) = match value.rsplit_once(':') {
        Some((name, port)) => (name, is_port(port)),
        None => (value, true),
    };
    let name = name.strip_suffix('.').unwrap_or(name);
    port_ok
        && !name.is_empty()
        && name.len() <= 253
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

fn is_port(port: &str) -> bool {
    (1..=5).contains(&port.len()) && port.bytes().all(|b| b.is_ascii_digit()) && (1..=65535).contains(&port.parse::<u32>().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::is_host;

    #[test]
    fn only_one_well_formed_host_passes() {
        for good in ["localhost", "localhost:8080", "dhaka.localhost:8080", "lms.test.", "127.0.0.1:8080", "[::1]:8080", "[::1]", "learn.example.edu.bd"] {
            assert!(is_host(good), "{good}");
        }
        for bad in ["", "localhost:8080@evil.com", "a.com,b.com", "localhost:abc", "localhost:99999", "localhost:0", "localhost:", "exa mple.com", "-a.com", "a..b", "[::1", "[zz]:80", "a.com:80:80", "évil.com"] {
            assert!(!is_host(bad), "{bad}");
        }
    }
}
