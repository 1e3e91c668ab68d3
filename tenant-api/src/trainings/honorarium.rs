//! Trainers' honoraria: sessions taken (held, with attendance) × the trainer's rate, less tax
//! deducted at source at the batch's rate, all in poisha; and each trainer's statement as a PDF
//! in Bangla (or English). A trainer sees their own figures only.

use super::setup::TrainingCourse;
use super::store::{self, Trainer};
use super::{Access, access, training_batch};
use crate::certificates::pdf::{date_text, draw};
use crate::certificates::sheet;
use crate::courses::batches_store::Batch;
use crate::payments::receipt::ReceiptQuery;
use crate::pools::TenantDb;
use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::i18n::{Lang, bangla_digits, taka};
use control_plane::json::{AppPath, AppQuery};
use control_plane::response::Data;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct HonorariumRow {
    pub trainer_id: i64,
    pub user_id: i64,
    pub name: String,
    pub sessions_taken: i64,
    pub rate_poisha: i64,
    pub gross_poisha: i64,
    pub tax_poisha: i64,
    pub net_poisha: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Honorarium {
    pub batch_id: i64,
    pub tax_basis_points: i32,
    pub trainers: Vec<HonorariumRow>,
    pub total_gross_poisha: i64,
    pub total_tax_poisha: i64,
    pub total_net_poisha: i64,
}

/// A trainer's honorarium: tax is `gross × basis points / 10000`, rounded half up to the poisha.
pub fn row(t: &Trainer, tax_basis_points: i32) -> HonorariumRow {
    let gross = t.sessions_taken * t.rate_poisha;
    let tax = (gross * i64::from(tax_basis_points) + 5_000) / 10_000;
    HonorariumRow {
        trainer_id: t.id,
        user_id: t.user_id,
        name: t.name.clone(),
        sessions_taken: t.sessions_taken,
        rate_poisha: t.rate_poisha,
        gross_poisha: gross,
        tax_poisha: tax,
        net_poisha: gross - tax,
    }
}

/// The batch's honoraria as the caller may see them: every trainer to a manager, their own row to
/// a trainer.
async fn honorarium_of(db: &sqlx::PgPool, batch_id: i64, who: Access) -> AppResult<Honorarium> {
    let settings = store::settings(db, batch_id).await?;
    let trainers: Vec<HonorariumRow> = store::trainers(db, batch_id)
        .await?
        .iter()
        .filter(|t| who == Access::Trainer(t.id) || matches!(who, Access::Manager(_)))
        .map(|t| row(t, settings.tax_basis_points))
        .collect();
    Ok(Honorarium {
        batch_id,
        tax_basis_points: settings.tax_basis_points,
        total_gross_poisha: trainers.iter().map(|t| t.gross_poisha).sum(),
        total_tax_poisha: trainers.iter().map(|t| t.tax_poisha).sum(),
        total_net_poisha: trainers.iter().map(|t| t.net_poisha).sum(),
        trainers,
    })
}

/// The honoraria of a batch's trainers (a trainer gets only their own).
#[utoipa::path(post, path = "/course/training-resource/get-honorium-data-for-enrollment-user/{id}", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Honorarium>), (status = 401), (status = 403), (status = 404)))]
pub async fn honorarium_data(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Honorarium>>> {
    training_batch(&db, id).await?;
    let who = access(&db, &caller, &tenant, id).await?;
    Ok(Json(Data::new(honorarium_of(&db, id, who).await?)))
}

/// A trainer's statement for one batch, as a PDF (Bangla unless `lang=en`).
#[utoipa::path(get, path = "/course/training/trainers/{id}/statement.pdf", tag = "trainings", params(("id" = i64, Path), ReceiptQuery),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 401), (status = 403), (status = 404)))]
pub async fn honorarium_statement(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<ReceiptQuery>,
) -> AppResult<Response> {
    let trainer = store::trainer(&db, id).await?.ok_or(AppError::Missing("trainer_not_found"))?;
    let (batch, course) = training_batch(&db, trainer.batch_id).await?;
    match access(&db, &caller, &tenant, batch.id).await? {
        Access::Trainer(own) if own != trainer.id => return Err(AppError::Forbidden),
        _ => {}
    }
    let settings = store::settings(&db, batch.id).await?;
    let sessions: Vec<store::Session> = store::sessions(&db, batch.id).await?.into_iter().filter(|s| s.trainer_id == Some(trainer.id)).collect();
    let statement = Statement {
        row: row(&trainer, settings.tax_basis_points),
        tax_basis_points: settings.tax_basis_points,
        course: TrainingCourse { id: course.id, uuid: course.uuid, title: course.title, title_bn: course.title_bn },
        batch,
        sessions,
    };
    let lang = if q.lang.as_deref() == Some("en") { Lang::En } else { Lang::Bn };
    let pdf = tokio::task::spawn_blocking(move || render(&tenant, &statement, lang)).await.map_err(anyhow::Error::from)??;
    let name = format!("attachment; filename=\"honorarium-{}.pdf\"", trainer.id);
    Ok(([(header::CONTENT_TYPE, "application/pdf".to_owned()), (header::CONTENT_DISPOSITION, name)], pdf).into_response())
}

struct Statement {
    row: HonorariumRow,
    tax_basis_points: i32,
    course: TrainingCourse,
    batch: Batch,
    sessions: Vec<store::Session>,
}

/// Digits in the language of the sheet.
fn digits(text: &str, bn: bool) -> String {
    if bn { bangla_digits(text) } else { text.to_owned() }
}

fn render(tenant: &Tenant, s: &Statement, lang: Lang) -> anyhow::Result<Vec<u8>> {
    let bn = lang == Lang::Bn;
    let pick = |bangla: &str, english: &str| if (bn && !bangla.is_empty()) || english.is_empty() { bangla.to_owned() } else { english.to_owned() };
    let (ink, muted, accent) = (sheet::ink(), sheet::muted(), sheet::accent());
    let site = pick(&tenant.institution_name, &tenant.institution_name_en);
    let title = if bn { "সম্মানী বিবরণী" } else { "Honorarium statement" };
    let note = if bn { "এই বিবরণীটি কম্পিউটারে তৈরি; এতে স্বাক্ষরের প্রয়োজন নেই।" } else { "This statement was made by computer and needs no signature." };
    let (left, right) = (sheet::MARGIN, sheet::WIDTH - sheet::MARGIN);
    sheet::render(&site, title, note, |surface| {
        let end = s.batch.end_date.unwrap_or(s.batch.start_date);
        let heading = [
            (if bn { "প্রশিক্ষক" } else { "Trainer" }, s.row.name.clone()),
            (if bn { "প্রশিক্ষণ" } else { "Training" }, pick(&s.course.title_bn, &s.course.title)),
            (if bn { "ব্যাচ" } else { "Batch" }, pick(&s.batch.name_bn, &s.batch.name)),
            (if bn { "সময়কাল" } else { "Dates" }, format!("{} – {}", date_text(s.batch.start_date, bn), date_text(end, bn))),
        ];
        let mut y = sheet::BODY_TOP;
        for (label, value) in &heading {
            draw(surface, label, left, y, 12.0, false, muted, 0.0)?;
            draw(surface, value, 190.0, y, 12.0, true, ink, 0.0)?;
            y += 24.0;
        }
        y += 12.0;
        draw(surface, if bn { "সেশন" } else { "Sessions" }, left, y, 11.0, true, muted, 0.0)?;
        draw(surface, if bn { "অবস্থা" } else { "Status" }, 440.0, y, 11.0, true, muted, 0.0)?;
        sheet::rule(surface, y + 8.0, 0.75, muted);
        y += 28.0;
        let dhaka = control_plane::dhaka::offset();
        for session in &s.sessions {
            let when = session.starts_at.with_timezone(&dhaka);
            let line = format!("{} {} · {}", date_text(when.date_naive(), bn), digits(&when.format("%H:%M").to_string(), bn), pick(&session.title_bn, &session.title));
            draw(surface, &line, left, y, 11.0, false, ink, 0.0)?;
            let held = match (session.attendance_taken_at.is_some(), bn) {
                (true, true) => "নেওয়া হয়েছে",
                (true, false) => "Taken",
                (false, true) => "বাকি",
                (false, false) => "Not yet held",
            };
            draw(surface, held, 440.0, y, 11.0, false, ink, 0.0)?;
            y += 20.0;
            if y > sheet::HEIGHT - 260.0 {
                break;
            }
        }
        sheet::rule(surface, y, 0.75, muted);
        y += 28.0;
        let percent = format!("{}.{:02}%", s.tax_basis_points / 100, s.tax_basis_points % 100);
        let figures = [
            (if bn { "নেওয়া সেশন" } else { "Sessions taken" }.to_owned(), digits(&s.row.sessions_taken.to_string(), bn)),
            (if bn { "প্রতি সেশনের হার" } else { "Rate per session" }.to_owned(), taka(s.row.rate_poisha, lang)),
            (if bn { "মোট সম্মানী" } else { "Gross honorarium" }.to_owned(), taka(s.row.gross_poisha, lang)),
            (format!("{} ({})", if bn { "উৎসে কর কর্তন" } else { "Tax deducted at source" }, digits(&percent, bn)), format!("− {}", taka(s.row.tax_poisha, lang))),
        ];
        for (label, value) in &figures {
            draw(surface, label, left, y, 12.0, false, muted, 0.0)?;
            draw(surface, value, right, y, 12.0, false, ink, 1.0)?;
            y += 24.0;
        }
        sheet::rule(surface, y - 10.0, 0.75, muted);
        y += 8.0;
        draw(surface, if bn { "প্রদেয় সম্মানী" } else { "Net payable" }, left, y, 14.0, true, ink, 0.0)?;
        draw(surface, &taka(s.row.net_poisha, lang), right, y, 14.0, true, accent, 1.0)?;
        Ok(y + 16.0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trainer(sessions: i64, rate: i64) -> Trainer {
        Trainer { id: 1, batch_id: 1, user_id: 9, name: "T".into(), email: None, rate_poisha: rate, sessions_taken: sessions }
    }

    #[test]
    fn tax_is_deducted_in_poisha_rounded_half_up() {
        let r = row(&trainer(3, 250_000), 1000);
        assert_eq!((r.gross_poisha, r.tax_poisha, r.net_poisha), (750_000, 75_000, 675_000));
        // 3 × 333.33 taka = 99,999 poisha; 7.5 % of it is 7,499.925 poisha → 7,500.
        let r = row(&trainer(3, 33_333), 750);
        assert_eq!((r.gross_poisha, r.tax_poisha, r.net_poisha), (99_999, 7_500, 92_499));
        let r = row(&trainer(1, 1), 5000);
        assert_eq!(r.tax_poisha, 1, "half a poisha rounds up");
        assert_eq!(row(&trainer(0, 500_000), 1000).net_poisha, 0);
    }
}
