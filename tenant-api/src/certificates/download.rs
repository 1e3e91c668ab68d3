//! `certificate-pdf/{tracking_code}`: an issued certificate as a PDF. Public like the
//! verification page: whoever holds the code may see what it certifies.

use super::pdf::{self, CertificateContent};
use super::store;
use super::templates::{self, Placement};
use crate::courses::store as courses;
use crate::learning::enrolment_store;
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use control_plane::auth::HostTenant;
use control_plane::institutions::site_config::SiteConfig;
use control_plane::json::AppPath;
use control_plane::{AppError, AppResult};

fn accent(config: &SiteConfig) -> (u8, u8, u8) {
    let hex = config.theme.primary.trim_start_matches('#');
    let part = |i: usize| hex.get(i..i + 2).and_then(|p| u8::from_str_radix(p, 16).ok());
    match (part(0), part(2), part(4)) {
        (Some(r), Some(g), Some(b)) => (r, g, b),
        _ => (0x1b, 0x5e, 0x20),
    }
}

/// An issued certificate of this site as a PDF.
#[utoipa::path(get, path = "/learner-course/certificate-pdf/{tracking_code}", tag = "learner",
    params(("tracking_code" = String, Path)), responses((status = 200, content_type = "application/pdf"), (status = 404)))]
pub async fn certificate_pdf(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    TenantDb(db): TenantDb,
    AppPath(code): AppPath<String>,
) -> AppResult<Response> {
    let code = code.trim().to_ascii_uppercase();
    let certificate = store::by_code(&db, &code).await?.filter(|c| c.status == "issued").ok_or(AppError::Missing("certificate_not_found"))?;
    let enrollment = enrolment_store::find(&db, certificate.enrollment_id).await?.ok_or(AppError::NotFound)?;
    let course = courses::find(&db, enrollment.course_id).await?.ok_or(AppError::NotFound)?;
    let template = match certificate.template_id {
        Some(id) => templates::find(&db, id).await?,
        None => None,
    };
    let bangla = template.as_ref().map_or(course.language == "bn", |t| t.language == "bn");
    let fetch = |key: Option<String>| {
        let (app, tenant) = (&app, &tenant);
        async move {
            match key {
                Some(key) => media::get(app, tenant, &key).await.ok().map(|(bytes, _)| bytes),
                None => None,
            }
        }
    };
    let background = fetch(template.as_ref().and_then(|t| t.background_key.clone())).await;
    let logo = fetch(template.as_ref().and_then(|t| t.logo_key.clone()).or(tenant.logo_key.clone())).await;
    let placement = template.as_ref().map(|t| t.placement.0.clone()).unwrap_or_else(Placement::default);
    let signatures = template.as_ref().map(|t| t.signatures.0.clone()).unwrap_or_default();
    let pick = |bn: &str, en: &str| if (bangla && !bn.is_empty()) || en.is_empty() { bn.to_owned() } else { en.to_owned() };
    let course_title = pick(&certificate.course_title_bn, &certificate.course_title);
    let institution = pick(&tenant.institution_name, &tenant.institution_name_en);
    let verify_url = format!("{}/certificate/check/{code}", app.ctl.config.public_base_url.site_url(None));
    let date = pdf::date_text(certificate.issued_at.date_naive(), bangla);
    let accent = accent(&SiteConfig::from_json(&tenant.site_config));
    let holder = certificate.holder_name.clone();
    let tracking_code = code.clone();
    // Drawing is CPU work (shaping, compression): keep it off the async workers.
    let bytes = tokio::task::spawn_blocking(move || {
        pdf::render(&CertificateContent {
            bangla,
            holder: &holder,
            course: &course_title,
            institution: &institution,
            date: &date,
            tracking_code: &tracking_code,
            verify_url: &verify_url,
            accent,
            placement: &placement,
            signatures: &signatures,
            background: background.as_deref(),
            logo: logo.as_deref(),
        })
    })
    .await
    .map_err(|e| anyhow::anyhow!("certificate drawing stopped: {e}"))??;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    let disposition = format!("attachment; filename=\"certificate-{code}.pdf\"");
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(|e| anyhow::anyhow!("{e}"))?);
    Ok(response)
}
