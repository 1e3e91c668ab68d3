//! A learner's marksheet as a PDF (A4 portrait), in Bangla or English, drawn with the certificate
//! renderer's shaping and fonts, like the payment receipt.

use super::results::{Marksheet, ResultCell, marksheet_of};
use crate::certificates::pdf::draw;
use crate::certificates::sheet;
use crate::pools::TenantDb;
use crate::payments::receipt::ReceiptQuery;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppPath, AppQuery};
use control_plane::tenancy::Tenant;
use control_plane::AppResult;
use krilla::color::rgb;

/// The marksheet of `/course/reports/learner-marksheet/{batch_id}/{enrollment_id}` as a PDF.
#[utoipa::path(get, path = "/course/reports/learner-marksheet/{batch_id}/{enrollment_id}/pdf", tag = "reports",
    params(("batch_id" = i64, Path), ("enrollment_id" = i64, Path), ReceiptQuery),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 401), (status = 404)))]
pub async fn marksheet_pdf(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath((batch_id, enrollment_id)): AppPath<(i64, i64)>,
    AppQuery(q): AppQuery<ReceiptQuery>,
) -> AppResult<Response> {
    let sheet = marksheet_of(&db, &tenant, &caller, batch_id, enrollment_id).await?;
    let bn = q.lang.as_deref() != Some("en");
    let pdf = tokio::task::spawn_blocking(move || render(&tenant, &sheet, bn)).await.map_err(anyhow::Error::from)??;
    let name = format!("attachment; filename=\"marksheet-{batch_id}-{enrollment_id}.pdf\"");
    Ok(([(header::CONTENT_TYPE, "application/pdf".to_owned()), (header::CONTENT_DISPOSITION, name)], pdf).into_response())
}

/// A number as the sheet's language writes it: "8", "3.5"; "৮", "৩.৫".
fn number(n: f64, bn: bool) -> String {
    let text = format!("{}", (n * 100.0).round() / 100.0);
    if bn { control_plane::i18n::bangla_digits(&text) } else { text }
}

fn outcome(cell: &ResultCell, bn: bool) -> &'static str {
    match (cell.state.is_some(), cell.passed, bn) {
        (false, _, true) => "অংশ নেননি",
        (false, _, false) => "Not attempted",
        (true, Some(true), true) => "উত্তীর্ণ",
        (true, Some(true), false) => "Passed",
        (true, Some(false), true) => "অনুত্তীর্ণ",
        (true, Some(false), false) => "Failed",
        (true, None, true) => "মূল্যায়নের অপেক্ষায়",
        (true, None, false) => "Awaiting marking",
    }
}

fn render(tenant: &Tenant, m: &Marksheet, bn: bool) -> anyhow::Result<Vec<u8>> {
    let pick = |bangla: &str, english: &str| if (bn && !bangla.is_empty()) || english.is_empty() { bangla.to_owned() } else { english.to_owned() };
    let (ink, muted) = (sheet::ink(), sheet::muted());
    let site = pick(&tenant.institution_name, &tenant.institution_name_en);
    let title = if bn { "নম্বরপত্র" } else { "Marksheet" };
    let note = if bn { "এই নম্বরপত্রটি কম্পিউটারে তৈরি; এতে স্বাক্ষরের প্রয়োজন নেই।" } else { "This marksheet was made by computer and needs no signature." };
    sheet::render(&site, title, note, |surface| {
        let mut y = sheet::BODY_TOP;
        let mut heading = vec![
            (if bn { "শিক্ষার্থী" } else { "Learner" }, m.learner.name.clone()),
            (if bn { "কোর্স / পরীক্ষা" } else { "Course / exam" }, pick(&m.course_title_bn, &m.course_title)),
            (if bn { "ব্যাচ" } else { "Batch" }, pick(&m.batch_name_bn, &m.batch_name)),
        ];
        if let Some(code) = &m.learner.certificate_code {
            heading.push((if bn { "সনদের কোড" } else { "Certificate code" }, code.clone()));
        }
        for (label, value) in &heading {
            draw(surface, label, sheet::MARGIN, y, 12.0, false, muted, 0.0)?;
            draw(surface, value, 190.0, y, 12.0, true, ink, 0.0)?;
            y += 26.0;
        }
        y += 14.0;
        let columns = [(sheet::MARGIN, if bn { "অংশ" } else { "Part" }), (340.0, if bn { "প্রাপ্ত নম্বর" } else { "Marks" }), (440.0, if bn { "ফলাফল" } else { "Result" })];
        for (x, title) in columns {
            draw(surface, title, x, y, 11.0, true, muted, 0.0)?;
        }
        sheet::rule(surface, y + 8.0, 0.75, muted);
        y += 30.0;
        for (part, cell) in m.parts.iter().zip(&m.learner.parts) {
            draw(surface, &pick(&part.title_bn, &part.title), sheet::MARGIN, y, 12.0, false, ink, 0.0)?;
            let marks = match (cell.score, cell.max_score, cell.passed) {
                (Some(score), Some(max), Some(_)) => format!("{} / {}", number(score, bn), number(max, bn)),
                _ => "—".to_owned(),
            };
            draw(surface, &marks, 340.0, y, 12.0, true, ink, 0.0)?;
            draw(surface, outcome(cell, bn), 440.0, y, 12.0, cell.passed == Some(true), if cell.passed == Some(false) { rgb::Color::new(0xb0, 0x20, 0x20) } else { ink }, 0.0)?;
            y += 26.0;
            if y > sheet::HEIGHT - 80.0 {
                break;
            }
        }
        sheet::rule(surface, y - 10.0, 0.75, muted);
        Ok(y - 4.0)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn marks_are_written_in_the_sheets_language() {
        assert_eq!(super::number(8.0, true), "৮");
        assert_eq!(super::number(3.5, true), "৩.৫");
        assert_eq!(super::number(24.333, false), "24.33");
    }
}
