//! Teacher and officer verification (SPEC §2 dialog, §3 payload, §4 states, §5 rules): a signed-in
//! user claims a teacher ID with their date of birth; the registry that keeps the ID confirms it
//! and gives the teacher's details (step 1), and a code texted to the phone the registry holds
//! proves the ID is the caller's before the consented details are saved (step 2). One ID verifies
//! one account (a unique index). `docs/api-users.md` describes the calls.

pub mod registry;
pub mod store;

use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::institutions::site_config::SiteConfig;
use crate::json::AppJson;
use crate::messages::{outbox, templates};
use crate::response::Data;
use crate::state::ControlState;
use crate::users::links::Site;
use crate::users::otp;
use crate::validate::{Validator, normalize_phone};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use chrono::{Datelike, NaiveDate};
use registry::{Details, IdKind, Record};
use serde::{Deserialize, Serialize};
use store::Teacher;
use utoipa::ToSchema;

/// Which registries the dialog may offer: 1 connected, 0 not (SPEC §2: the teacher tab shows
/// when any of dpe, dshe, dme, dte is 1, the officer tab when dpe_officer is).
#[derive(Debug, Serialize, ToSchema)]
pub struct Flags {
    pub dshe: u8,
    pub dme: u8,
    pub dte: u8,
    pub dpe: u8,
    pub dpe_officer: u8,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Status {
    pub flags: Flags,
    /// The caller's verification, `null` until verified.
    pub verified: Option<Teacher>,
}

/// The caller's verification and the registries on offer.
#[utoipa::path(get, path = "/my-account/teacher-verification", tag = "auth",
    responses((status = 200, body = Data<Status>), (status = 401)))]
pub async fn status(State(ctl): State<ControlState>, RequireUser(caller): RequireUser, host: Option<HostTenant>) -> AppResult<Json<Data<Status>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let flags = Flags::offered(&ctl, host.as_ref());
    Ok(Json(Data::new(Status { flags, verified: store::of_user(&ctl.db, user_id).await? })))
}

impl Flags {
    /// What the site offers of what the platform's gateway reaches (one gateway answers for all
    /// five registries; each site may narrow them in its settings).
    fn offered(ctl: &ControlState, host: Option<&HostTenant>) -> Self {
        let site = host.map(|h| SiteConfig::from_json(&h.0.site_config).verification).unwrap_or_default();
        let on = |offered: bool| u8::from(offered && ctl.teacher_registry.is_some());
        Flags { dshe: on(site.dshe), dme: on(site.dme), dte: on(site.dte), dpe: on(site.dpe), dpe_officer: on(site.dpe_officer) }
    }

    /// Whether an ID of this type (1 DSHE, 2 DME, 3 DTE, 4 DPE, 5 DPE officer) may be verified.
    fn allows(&self, pds_type: i16) -> bool {
        1 == match pds_type {
            1 => self.dshe,
            2 => self.dme,
            3 => self.dte,
            4 => self.dpe,
            _ => self.dpe_officer,
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct VerifyInput {
    /// 1 look the ID up (and text a code), 2 confirm with the code and consent.
    pub step: i64,
    /// 1 general, 2 madrasa, 3 technical, 4 primary, 5 employee/officer.
    pub pds_type: i16,
    /// Primary only: 1 PIN number, 2 index number.
    pub pds_sub_type: Option<i16>,
    pub pdsid: String,
    /// DD/MM/YYYY; Bangla digits are read as digits.
    pub date_of_birth: String,
    pub otp: String,
    /// 1: the teacher agrees that the profile shows the registry's details.
    pub agree: i64,
}

/// SPEC §4's server statuses: 0 no such teacher, 1 the ID verifies another account, 100 found.
#[derive(Debug, Serialize, ToSchema)]
pub struct Verdict {
    pub status: u8,
    /// The registry's details (status 100).
    pub data: Option<Details>,
    /// Status 1: whose account holds the ID, masked ("R**** U****").
    pub used_by: Option<String>,
    /// Step 1: where the code went, masked.
    pub otp_sent_to: Option<String>,
    /// Step 1: seconds before another code may be asked for.
    pub resend_after: Option<i64>,
    /// Step 2: the account is now verified.
    pub verified: bool,
}

impl Verdict {
    fn status(status: u8) -> Self {
        Self { status, data: None, used_by: None, otp_sent_to: None, resend_after: None, verified: false }
    }

    fn found(record: &Record) -> Self {
        Self { data: Some(record.details.clone()), ..Self::status(100) }
    }

    fn used_by(name: &str) -> Self {
        Self { used_by: Some(mask_name(name)), ..Self::status(1) }
    }
}

/// A claim that passed validation.
struct Claim {
    kind: IdKind,
    pds_sub_type: Option<i16>,
    pdsid: String,
    date_of_birth: String,
}

/// Look a teacher ID up (step 1) or confirm it (step 2).
#[utoipa::path(post, path = "/my-account/teacher-verification", tag = "auth", request_body = VerifyInput,
    responses((status = 200, body = Data<Verdict>), (status = 401),
              (status = 409, description = "teacher_already_verified"),
              (status = 422, description = "field errors; otp_wrong, otp_expired, otp_too_many_tries, teacher_phone_missing"),
              (status = 429, description = "too_many_attempts: a code was sent less than a minute ago"),
              (status = 503, description = "registry_unavailable")))]
pub async fn verify(
    State(ctl): State<ControlState>,
    RequireUser(caller): RequireUser,
    host: Option<HostTenant>,
    headers: HeaderMap,
    AppJson(input): AppJson<VerifyInput>,
) -> AppResult<Json<Data<Verdict>>> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    let claim = validate(&input, crate::dhaka::today())?;
    let unavailable = || AppError::Http(StatusCode::SERVICE_UNAVAILABLE, "registry_unavailable");
    let registry = ctl.teacher_registry.clone().ok_or_else(unavailable)?;
    if !Flags::offered(&ctl, host.as_ref()).allows(input.pds_type) {
        return Err(AppError::field("pds_type", "registry_not_offered"));
    }
    if store::of_user(&ctl.db, user_id).await?.is_some() {
        return Err(AppError::Conflict("teacher_already_verified"));
    }
    let pds_type = input.pds_type;
    if let Some((holder, name)) = store::holder(&ctl.db, pds_type, claim.pds_sub_type, &claim.pdsid).await? {
        if holder != user_id {
            return Ok(Json(Data::new(Verdict::used_by(&name))));
        }
    }
    let record = match registry.lookup(claim.kind, &claim.pdsid, &claim.date_of_birth).await {
        Ok(Some(record)) => record,
        Ok(None) => return Ok(Json(Data::new(Verdict::status(0)))),
        Err(registry::Unavailable(why)) => {
            tracing::warn!(%why, "teacher registry unavailable");
            return Err(unavailable());
        }
    };
    let phone = record.mobile.as_deref().and_then(normalize_phone).ok_or_else(|| AppError::unprocessable("pdsid", "teacher_phone_missing"))?;
    if input.step == 1 {
        let lang = Lang::from_headers(&headers);
        let site = Site::of(&ctl, host.as_ref(), lang);
        let mut tx = ctl.db.begin().await?;
        let code = otp::issue(&mut tx, &ctl.config, otp::Purpose::TeacherVerification, &phone, user_id).await?;
        outbox::enqueue(&mut tx, &site.sms(&phone, "teacher_code", templates::phone_code_sms(lang, &site.name, &code))).await?;
        tx.commit().await?;
        let otp_sent_to = Some(crate::users::masked::phone(&phone));
        return Ok(Json(Data::new(Verdict { otp_sent_to, resend_after: Some(otp::RESEND_AFTER_SECS), ..Verdict::found(&record) })));
    }
    otp::check(&ctl.db, &ctl.config, otp::Purpose::TeacherVerification, &phone, &input.otp).await?;
    if !store::insert(&ctl.db, user_id, pds_type, claim.pds_sub_type, &claim.pdsid, &record.details).await? {
        // Another account claimed the ID between the check above and now.
        return Ok(Json(Data::new(match store::holder(&ctl.db, pds_type, claim.pds_sub_type, &claim.pdsid).await? {
            Some((holder, name)) if holder != user_id => Verdict::used_by(&name),
            _ => return Err(AppError::Conflict("teacher_already_verified")),
        })));
    }
    Ok(Json(Data::new(Verdict { verified: true, ..Verdict::found(&record) })))
}

fn validate(input: &VerifyInput, today: NaiveDate) -> AppResult<Claim> {
    let mut v = Validator::default();
    if !matches!(input.step, 1 | 2) {
        v.add("step", "invalid_choice", None);
    }
    let pds_sub_type = input.pds_sub_type.filter(|&s| s != 0);
    let kind = IdKind::from_types(input.pds_type, pds_sub_type);
    if kind.is_none() {
        let field = if (1..=5).contains(&input.pds_type) { "pds_sub_type" } else { "pds_type" };
        v.add(field, "invalid_choice", None);
    }
    let pdsid = ascii_digits(&input.pdsid);
    if pdsid.is_empty() {
        v.add("pdsid", "required", None);
    } else if !(4..=20).contains(&pdsid.len()) || !pdsid.bytes().all(|b| b.is_ascii_digit()) {
        v.add("pdsid", "invalid_teacher_id", None);
    }
    let date_of_birth = match birth_date(&input.date_of_birth) {
        _ if input.date_of_birth.trim().is_empty() => {
            v.add("date_of_birth", "required", None);
            None
        }
        Some(date) if years_between(date, today) < 18 => {
            v.add("date_of_birth", "too_young", None);
            None
        }
        Some(date) => Some(date.format("%d/%m/%Y").to_string()),
        None => {
            v.add("date_of_birth", "invalid_birth_date", None);
            None
        }
    };
    if input.step == 2 {
        if input.otp.trim().is_empty() {
            v.add("otp", "required", None);
        }
        if input.agree != 1 {
            v.add("agree", "required", None);
        }
    }
    v.finish()?;
    Ok(Claim { kind: kind.expect("checked"), pds_sub_type, pdsid, date_of_birth: date_of_birth.expect("checked") })
}

/// Bangla digits as ASCII ones, spaces dropped; anything else is kept for the check to refuse.
fn ascii_digits(value: &str) -> String {
    value
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '০'..='৯' => char::from(b'0' + (c as u32 - '০' as u32) as u8),
            c => c,
        })
        .collect()
}

/// DD/MM/YYYY (also with `-` or `.`, one-digit day and month), a real date.
fn birth_date(value: &str) -> Option<NaiveDate> {
    let value = ascii_digits(value);
    let parts: Vec<&str> = value.split(['/', '-', '.']).collect();
    let [d, m, y] = parts[..] else { return None };
    if y.len() != 4 {
        return None;
    }
    NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
}

fn years_between(born: NaiveDate, today: NaiveDate) -> i32 {
    let years = today.year() - born.year();
    if (today.month(), today.day()) < (born.month(), born.day()) { years - 1 } else { years }
}

/// "Rahim Uddin" → "R**** U****": who holds an ID, without giving their name away.
fn mask_name(name: &str) -> String {
    name.split_whitespace()
        .map(|word| {
            let mut chars = word.chars();
            let first = chars.next().map(String::from).unwrap_or_default();
            first + &"*".repeat(chars.count())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(pdsid: &str, dob: &str) -> VerifyInput {
        VerifyInput { step: 1, pds_type: 1, pdsid: pdsid.into(), date_of_birth: dob.into(), ..Default::default() }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, 4).unwrap()
    }

    fn fields(result: AppResult<Claim>) -> Vec<(String, &'static str)> {
        match result {
            Err(AppError::Validation(fields)) => fields.into_iter().map(|(f, e)| (f, e[0].code)).collect(),
            Err(other) => panic!("{other:?}"),
            Ok(_) => vec![],
        }
    }

    #[test]
    fn bangla_digits_and_loose_dates_are_read() {
        let claim = validate(&input("১০২৯ ৩৮৪৭", "৪/৩/১৯৮৬"), today()).unwrap();
        assert_eq!((claim.pdsid.as_str(), claim.date_of_birth.as_str()), ("10293847", "04/03/1986"));
    }

    #[test]
    fn bad_claims_name_their_field() {
        assert_eq!(fields(validate(&input("12ab", "31/02/1990"), today())), [
            ("date_of_birth".to_owned(), "invalid_birth_date"),
            ("pdsid".to_owned(), "invalid_teacher_id")
        ]);
        assert_eq!(fields(validate(&input("12345", "05/12/2008"), today())), [("date_of_birth".to_owned(), "too_young")]);
        assert!(fields(validate(&input("12345", "04/12/2008"), today())).is_empty(), "18 today");
        let primary_without_sub_type = VerifyInput { pds_type: 4, ..input("12345", "01/01/1980") };
        assert_eq!(fields(validate(&primary_without_sub_type, today())), [("pds_sub_type".to_owned(), "invalid_choice")]);
        let confirm = VerifyInput { step: 2, ..input("12345", "01/01/1980") };
        assert_eq!(fields(validate(&confirm, today())), [("agree".to_owned(), "required"), ("otp".to_owned(), "required")]);
    }

    #[test]
    fn masks_keep_a_hint_only() {
        assert_eq!(mask_name("Rahim Uddin"), "R**** U****");
        assert_eq!(mask_name("রহিম"), "র***");
    }
}
