//! A payment's receipt as a PDF (A4 portrait), in Bangla or English, drawn with the certificate
//! renderer's shaping and fonts.

use super::store::{self as orders, OrderRow};
use crate::certificates::pdf::{date_text, draw};
use crate::certificates::sheet;
use crate::pools::TenantDb;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::i18n::{Lang, taka};
use control_plane::json::{AppPath, AppQuery};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ReceiptQuery {
    /// `bn` (the default) or `en`.
    pub lang: Option<String>,
}

/// The receipt of one of the signed-in learner's payments (paid or refunded ones).
#[utoipa::path(get, path = "/learner-course/my-payments/{uuid}/receipt", tag = "learner",
    params(("uuid" = Uuid, Path), ReceiptQuery),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 401), (status = 404), (status = 409)))]
pub async fn payment_receipt(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(uuid): AppPath<Uuid>,
    AppQuery(q): AppQuery<ReceiptQuery>,
) -> AppResult<Response> {
    let user_id = caller.user_id().ok_or(AppError::Forbidden)?;
    let order = orders::by_uuid(&db, uuid).await?.filter(|o| o.user_id == user_id).ok_or(AppError::NotFound)?;
    if !["paid", "refund_pending", "refunded"].contains(&order.state.as_str()) {
        return Err(AppError::Conflict("order_not_paid"));
    }
    let row = orders::row(&db, order.id).await?.ok_or(AppError::NotFound)?;
    let lang = if q.lang.as_deref() == Some("en") { Lang::En } else { Lang::Bn };
    let pdf = tokio::task::spawn_blocking(move || render(&tenant, &row, lang)).await.map_err(anyhow::Error::from)??;
    let name = format!("attachment; filename=\"receipt-{}.pdf\"", &uuid.simple().to_string()[..12]);
    Ok(([(header::CONTENT_TYPE, "application/pdf".to_owned()), (header::CONTENT_DISPOSITION, name)], pdf).into_response())
}

fn render(tenant: &Tenant, row: &OrderRow, lang: Lang) -> anyhow::Result<Vec<u8>> {
    let o = &row.order;
    let bn = lang == Lang::Bn;
    let pick = |bangla: &str, english: &str| if bn && !bangla.is_empty() { bangla.to_owned() } else if english.is_empty() { bangla.to_owned() } else { english.to_owned() };
    let (ink, muted) = (sheet::ink(), sheet::muted());
    let site = pick(&tenant.institution_name, &tenant.institution_name_en);
    let day = |t: chrono::DateTime<chrono::Utc>| date_text(control_plane::dhaka::day(t), bn);
    let state = match (o.state.as_str(), bn) {
        ("refunded", true) => "ফেরত দেওয়া হয়েছে",
        ("refunded", false) => "Refunded",
        ("refund_pending", true) => "ফেরত প্রক্রিয়াধীন",
        ("refund_pending", false) => "Refund in progress",
        (_, true) => "পরিশোধিত",
        (_, false) => "Paid",
    };
    let mut lines: Vec<(&str, String)> = vec![
        (if bn { "শিক্ষার্থী" } else { "Learner" }, o.user_name.clone()),
        (if bn { "কোর্স" } else { "Course" }, pick(&row.course_title_bn, &row.course_title)),
        (if bn { "ব্যাচ" } else { "Batch" }, pick(&row.batch_name_bn, &row.batch_name)),
        (if bn { "পরিশোধের তারিখ" } else { "Paid on" }, o.paid_at.map(day).unwrap_or_default()),
        (if bn { "মূল্য" } else { "Price" }, taka(o.list_price_poisha, lang)),
    ];
    if o.discount_poisha > 0 {
        lines.push((if bn { "কুপন ছাড়" } else { "Coupon discount" }, format!("− {}", taka(o.discount_poisha, lang))));
    }
    lines.push((if bn { "পরিশোধিত" } else { "Paid" }, taka(o.amount_poisha, lang)));
    if o.refunded_poisha > 0 {
        lines.push((if bn { "ফেরত" } else { "Refunded" }, taka(o.refunded_poisha, lang)));
    }
    let via = match (o.gateway.as_str(), bn) {
        ("none", true) => "কুপন (কোনো টাকা লাগেনি)".to_owned(),
        ("none", false) => "Coupon (nothing to pay)".to_owned(),
        (gateway, _) => if gateway == "sslcommerz" { "SSLCommerz".to_owned() } else { gateway.to_owned() },
    };
    lines.push((if bn { "মাধ্যম" } else { "Paid through" }, via));
    if let Some(bank) = &o.bank_tran_id
        && o.gateway != "none"
    {
        lines.push((if bn { "ব্যাংক লেনদেন আইডি" } else { "Bank transaction id" }, bank.clone()));
    }
    lines.push((if bn { "অবস্থা" } else { "Status" }, state.to_owned()));
    let title = if bn { "টাকা পরিশোধের রসিদ" } else { "Payment receipt" };
    let note = if bn { "এই রসিদটি কম্পিউটারে তৈরি; এতে স্বাক্ষরের প্রয়োজন নেই।" } else { "This receipt was made by computer and needs no signature." };
    let number = o.uuid.simple().to_string()[..12].to_uppercase();
    sheet::render(&site, title, note, |surface| {
        draw(surface, &format!("{} {number}", if bn { "রসিদ নং" } else { "Receipt no." }), sheet::WIDTH - sheet::MARGIN, 80.0, 11.0, false, muted, 1.0)?;
        let mut y = sheet::BODY_TOP + 10.0;
        for (label, value) in &lines {
            draw(surface, label, sheet::MARGIN, y, 12.0, false, muted, 0.0)?;
            draw(surface, value, 220.0, y, 12.0, true, ink, 0.0)?;
            y += 28.0;
        }
        Ok(y)
    })
}
