//! Restricted candidates: the people a restricted batch admits. Authors list them one by one or
//! from a CSV sheet; each gets an invitation (e-mail, or SMS when only a mobile number is known)
//! carrying their own link, which enrols whoever signs in through it first, and nobody after.

use super::candidates_store::{self as store, CandidateFields, CandidateRow};
use crate::courses::access::require_author;
use crate::courses::batches_store::{self, Batch};
use crate::courses::store::{self as courses, CourseRow};
use crate::courses::view::site_url;
use crate::learning::enrolment::{self, EnrolmentStarted, Via};
use crate::learning::enrolment_store;
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::error::{FieldErrors, on_unique};
use control_plane::i18n::Lang;
use control_plane::mail_templates::Bilingual;
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::messages::{outbox, templates};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::users::links::Site;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::HashSet;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

pub const MAX_FILE_BYTES: usize = 1024 * 1024;
pub const BODY_LIMIT: usize = MAX_FILE_BYTES + 64 * 1024;
const MAX_ROWS: usize = 2000;
const UNIQUE: [(&str, &str, &str); 2] = [("exam_candidates_email", "email", "candidate_exists"), ("exam_candidates_phone", "phone", "candidate_exists")];

/// A candidate as authors see them, with the link that is theirs alone.
#[derive(Debug, Serialize, ToSchema)]
pub struct Candidate {
    pub id: i64,
    pub batch_id: i64,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Who enrolled through the link.
    pub user_id: Option<i64>,
    pub enrolled_at: Option<DateTime<Utc>>,
    /// When the invitation went out (null: it could not be queued).
    pub invited_at: Option<DateTime<Utc>>,
    pub link: String,
}

/// The learner-facing page the link opens: the journey, which enrols through `token` first.
fn link(app: &AppState, tenant: &Tenant, course: &CourseRow, token: Uuid) -> String {
    let kind = match course.course_type.as_str() {
        "exam" => "exam",
        "training" => "training",
        _ => "course",
    };
    format!("{}/{kind}/journey/{}?token={token}", site_url(tenant, &app.ctl.config.public_base_url), course.uuid)
}

fn view(app: &AppState, tenant: &Tenant, course: &CourseRow, row: CandidateRow) -> Candidate {
    Candidate {
        link: link(app, tenant, course, row.token),
        id: row.id,
        batch_id: row.batch_id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        user_id: row.user_id,
        enrolled_at: row.enrolled_at,
        invited_at: row.invited_at,
    }
}

/// A restricted batch of this site and its course (422 when the batch is not restricted).
async fn restricted_batch(db: &PgPool, batch_id: i64) -> AppResult<(Batch, CourseRow)> {
    let batch = batches_store::find(db, batch_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    if !batch.restricted {
        return Err(AppError::unprocessable("batch_id", "batch_not_restricted"));
    }
    let course = courses::find(db, batch.course_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    Ok((batch, course))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CandidateInput {
    /// On update: the candidate.
    pub id: Option<i64>,
    /// On create: the restricted batch.
    pub batch_id: Option<i64>,
    pub name: Option<String>,
    pub email: Option<String>,
    /// A Bangladeshi mobile number (01XXXXXXXXX, +8801XXXXXXXXX, Bangla digits too).
    pub phone: Option<String>,
}

/// Checks one candidate's fields (over `current` on update); `prefix` names a sheet's row.
fn fields(v: &mut Validator, input: &CandidateInput, current: Option<&CandidateRow>, prefix: &str) -> CandidateFields {
    let name = input.name.as_deref().or(current.map(|c| c.name.as_str())).unwrap_or_default();
    let name = v.text(&format!("{prefix}name"), name, 200);
    let email = match (&input.email, current) {
        (Some(e), _) if e.trim().is_empty() => None,
        (Some(e), _) => Some(v.email(&format!("{prefix}email"), e)),
        (None, c) => c.and_then(|c| c.email.clone()),
    };
    let phone = match (&input.phone, current) {
        (Some(p), _) => v.optional_phone(&format!("{prefix}phone"), p),
        (None, c) => c.and_then(|c| c.phone.clone()),
    };
    if email.is_none() && phone.is_none() && !v.has(&format!("{prefix}email")) && !v.has(&format!("{prefix}phone")) {
        v.add(&format!("{prefix}email"), "contact_required", None);
    }
    CandidateFields { name, email, phone }
}

/// Queues each new candidate's invitation and notes which went out. A message that cannot be
/// queued leaves `invited_at` empty, which the list shows; the candidate stays listed.
async fn invite(app: &AppState, tenant: &Tenant, course: &CourseRow, rows: &[CandidateRow]) -> AppResult<()> {
    let host = HostTenant(std::sync::Arc::new(tenant.clone()));
    let site = Site::of(&app.ctl, Some(&host), Lang::Bn);
    let invited = if course.course_type == "training" { templates::Invited::Training } else { templates::Invited::Exam };
    let wording = Bilingual::of(&app.ctl, Some(&host), invited.mail_key()).await?;
    let title_bn = if course.title_bn.is_empty() { &course.title } else { &course.title_bn };
    let title_en = if course.title.is_empty() { title_bn } else { &course.title };
    let mut tx = app.ctl.db.begin().await?;
    for c in rows {
        let link = link(app, tenant, course, c.token);
        match (&c.email, &c.phone) {
            (Some(email), _) => {
                let values = |title| [("name", c.name.as_str()), ("course", title), ("link", link.as_str())];
                let mail = wording.render(&values(title_bn), &values(title_en));
                outbox::enqueue(&mut tx, &site.mail(email, invited.outbox_kind(), mail)).await?;
            }
            (None, Some(phone)) => {
                let text = templates::invitation_sms(invited, &site.name, title_bn, &link);
                outbox::enqueue(&mut tx, &site.sms(phone, invited.outbox_kind(), text)).await?;
            }
            (None, None) => {}
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Lists `fresh` candidates (already checked) in one transaction and invites them.
async fn add(app: &AppState, tenant: &Tenant, db: &PgPool, batch: &Batch, course: &CourseRow, fresh: &[CandidateFields]) -> AppResult<Vec<CandidateRow>> {
    let mut tx = db.begin().await?;
    let mut ids = Vec::with_capacity(fresh.len());
    for f in fresh {
        ids.push(store::insert(&mut tx, batch.id, f).await.map_err(|e| match on_unique(e, &UNIQUE) {
            AppError::Validation(_) => AppError::Conflict("candidate_exists"),
            other => other,
        })?);
    }
    tx.commit().await?;
    let mut rows = Vec::with_capacity(ids.len());
    for id in &ids {
        rows.push(store::find(db, *id).await?.ok_or(AppError::NotFound)?);
    }
    invite(app, tenant, course, &rows).await?;
    store::mark_invited(db, &ids).await?;
    for row in &mut rows {
        row.invited_at = Some(Utc::now());
    }
    Ok(rows)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CandidateListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub search: Option<String>,
    /// Accepted for compatibility; candidates are one kind of person.
    pub user_type: Option<String>,
}

/// A restricted batch's candidates, in the order they were listed.
#[utoipa::path(get, path = "/assessment/view-restricted-user/{id}", tag = "assessment", params(("id" = i64, Path, description = "batch id"), CandidateListQuery),
    responses((status = 200, body = Page<Candidate>), (status = 403), (status = 404), (status = 422)))]
pub async fn view_candidates(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(batch_id): AppPath<i64>,
    AppQuery(q): AppQuery<CandidateListQuery>,
) -> AppResult<Json<Page<Candidate>>> {
    require_author(&caller, &tenant)?;
    let (batch, course) = restricted_batch(&db, batch_id).await?;
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = store::page(&db, batch.id, q.search.as_deref(), 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (rows, _) = store::page(&db, batch.id, q.search.as_deref(), request.per_page, offset).await?;
    let data = rows.into_iter().map(|r| view(&app, &tenant, &course, r)).collect();
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// List one candidate in a restricted batch and send them their invitation.
#[utoipa::path(post, path = "/assessment/create-restricted-user", tag = "assessment", request_body = CandidateInput,
    responses((status = 201, body = Data<Candidate>), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn create_candidate(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CandidateInput>,
) -> AppResult<(StatusCode, Json<Data<Candidate>>)> {
    require_author(&caller, &tenant)?;
    let (batch, course) = restricted_batch(&db, input.batch_id.ok_or(AppError::field("batch_id", "required"))?).await?;
    let mut v = Validator::default();
    let fresh = fields(&mut v, &input, None, "");
    v.finish()?;
    let row = add(&app, &tenant, &db, &batch, &course, &[fresh]).await?.remove(0);
    Ok((StatusCode::CREATED, Json(Data::new(view(&app, &tenant, &course, row)))))
}

/// What a sheet added.
#[derive(Debug, Serialize, ToSchema)]
pub struct CandidateImport {
    pub added: usize,
}

/// A sheet's rows as inputs, numbered as a spreadsheet shows them (the header is row 1).
fn read_sheet(bytes: &[u8]) -> Result<Vec<(usize, CandidateInput)>, &'static str> {
    let table = crate::sheets::read(bytes)?;
    let name = table.column(&["name", "নাম"]).ok_or("candidates_header_missing")?;
    let (email, phone) = (table.column(&["email", "e-mail", "ই-মেইল"]), table.column(&["phone", "mobile", "মোবাইল"]));
    let rows = table.rows.iter().map(|(n, record)| {
        let cell = |i: Option<usize>| i.and_then(|i| record.get(i)).cloned();
        (*n, CandidateInput { id: None, batch_id: None, name: cell(Some(name)), email: cell(email), phone: cell(phone) })
    });
    Ok(rows.collect())
}

/// List a CSV or Excel sheet of candidates (columns `name`, `email`, `phone`) in a restricted batch and
/// invite them. All or nothing: one bad row refuses the sheet, each problem keyed
/// `rows.<row>.<column>`. Multipart: `batch_id`, `file`.
#[utoipa::path(post, path = "/assessment/create-csv-restricted-user", tag = "assessment",
    responses((status = 201, body = Data<CandidateImport>), (status = 403), (status = 404), (status = 409), (status = 413), (status = 422)))]
pub async fn import_candidates(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    mut multipart: Multipart,
) -> AppResult<(StatusCode, Json<Data<CandidateImport>>)> {
    require_author(&caller, &tenant)?;
    let (mut file, mut batch_id) = (None, None);
    while let Some(field) = multipart.next_field().await.map_err(|e| media::multipart_error(e, "file"))? {
        match field.name() {
            Some("file") => file = Some(field.bytes().await.map_err(|e| media::multipart_error(e, "file"))?),
            Some("batch_id") => {
                let text = field.text().await.map_err(|e| media::multipart_error(e, "batch_id"))?;
                batch_id = Some(text.trim().parse::<i64>().map_err(|_| AppError::field("batch_id", "invalid_type"))?);
            }
            _ => {}
        }
    }
    let (batch, course) = restricted_batch(&db, batch_id.ok_or(AppError::field("batch_id", "required"))?).await?;
    let file = file.ok_or_else(|| AppError::field("file", "required"))?;
    if file.len() > MAX_FILE_BYTES {
        return Err(AppError::payload_too_large());
    }
    let rows = read_sheet(&file).map_err(|code| AppError::field("file", code))?;
    if rows.is_empty() {
        return Err(AppError::field("file", "no_rows_in_file"));
    }
    if rows.len() > MAX_ROWS {
        return Err(AppError::field_with("file", "too_many", Some(MAX_ROWS)));
    }
    let fresh = check_sheet(&db, batch.id, &rows).await?;
    let added = add(&app, &tenant, &db, &batch, &course, &fresh).await?.len();
    Ok((StatusCode::CREATED, Json(Data::new(CandidateImport { added }))))
}

/// Every row checked as if typed in, and against the batch's list and the rows above it.
async fn check_sheet(db: &PgPool, batch_id: i64, rows: &[(usize, CandidateInput)]) -> AppResult<Vec<CandidateFields>> {
    let (listed, _) = store::page(db, batch_id, None, i64::MAX, 0).await?;
    let mut seen: HashSet<String> = listed.into_iter().flat_map(|c| [c.email, c.phone]).flatten().collect();
    let mut errors = FieldErrors::new();
    let mut out = Vec::with_capacity(rows.len());
    for (row, input) in rows {
        let mut v = Validator::default();
        let prefix = format!("rows.{row}.");
        let f = fields(&mut v, input, None, &prefix);
        for (column, value) in [("email", &f.email), ("phone", &f.phone)] {
            if let Some(value) = value
                && !seen.insert(value.clone())
            {
                v.add(&format!("{prefix}{column}"), "candidate_exists", None);
            }
        }
        match v.finish() {
            Ok(()) => out.push(f),
            Err(AppError::Validation(found)) => errors.extend(found),
            Err(other) => return Err(other),
        }
    }
    if errors.is_empty() { Ok(out) } else { Err(AppError::Validation(errors)) }
}

/// Change a candidate's name, e-mail or mobile number (the link stays the same).
#[utoipa::path(put, path = "/assessment/update-restricted-user", tag = "assessment", request_body = CandidateInput,
    responses((status = 200, body = Data<Candidate>), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn update_candidate(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CandidateInput>,
) -> AppResult<Json<Data<Candidate>>> {
    require_author(&caller, &tenant)?;
    let current = store::find(&db, input.id.ok_or(AppError::field("id", "required"))?).await?.ok_or(AppError::NotFound)?;
    let (_, course) = restricted_batch(&db, current.batch_id).await?;
    let mut v = Validator::default();
    let changed = fields(&mut v, &input, Some(&current), "");
    v.finish()?;
    store::update(&db, current.id, &changed).await.map_err(|e| match on_unique(e, &UNIQUE) {
        AppError::Validation(_) => AppError::Conflict("candidate_exists"),
        other => other,
    })?;
    let row = store::find(&db, current.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(view(&app, &tenant, &course, row))))
}

/// Take a candidate off the list (their link stops working); one who has enrolled stays.
#[utoipa::path(delete, path = "/assessment/delete-restricted-user/{id}", tag = "assessment",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 403), (status = 404), (status = 409)))]
pub async fn delete_candidate(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    require_author(&caller, &tenant)?;
    store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    if !store::delete_unused(&db, id).await? {
        return Err(AppError::Conflict("candidate_enrolled"));
    }
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct TokenQuery {
    /// The secret of the candidate's link.
    pub token: String,
}

/// Enrol the signed-in learner through a candidate's link: the first account to use it holds it
/// (using it again answers 200 with the same enrolment).
#[utoipa::path(get, path = "/assessment-front/batch/restricted-user-enroll", tag = "assessment", params(TokenQuery),
    responses((status = 201, body = Data<EnrolmentStarted>), (status = 200, body = Data<EnrolmentStarted>, description = "enrolled already, through this link"),
        (status = 401), (status = 404), (status = 409), (status = 422)))]
pub async fn restricted_enroll(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<TokenQuery>,
) -> AppResult<(StatusCode, Json<Data<EnrolmentStarted>>)> {
    let user_id = caller.user_id().ok_or(AppError::Forbidden)?;
    let token = Uuid::parse_str(q.token.trim()).map_err(|_| AppError::Missing("invitation_not_found"))?;
    let candidate = store::by_token(&db, token).await?.ok_or(AppError::Missing("invitation_not_found"))?;
    let batch = batches_store::find(&db, candidate.batch_id).await?.ok_or(AppError::Missing("invitation_not_found"))?;
    let course = courses::find(&db, batch.course_id).await?.ok_or(AppError::Missing("invitation_not_found"))?;
    if candidate.user_id == Some(user_id)
        && let Some(existing) = enrolment_store::of_user(&db, course.id, user_id).await?
    {
        return Ok((StatusCode::OK, Json(Data::new(started(&course, &existing)))));
    }
    if !store::claim(&db, candidate.id, user_id).await? {
        return Err(AppError::Conflict("invitation_used"));
    }
    match enrolment::enrol(&app, &tenant, &db, batch.id, user_id, Via::Invitation).await {
        Ok(enrollment) => Ok((StatusCode::CREATED, Json(Data::new(started(&course, &enrollment))))),
        Err(error) => {
            // The same learner's second request may have enrolled them meanwhile; otherwise the
            // link goes back unused, for when the batch opens again.
            if let Some(existing) = enrolment_store::of_user(&db, course.id, user_id).await?
                && existing.batch_id == batch.id
            {
                return Ok((StatusCode::OK, Json(Data::new(started(&course, &existing)))));
            }
            if candidate.user_id.is_none() {
                store::unclaim(&db, candidate.id).await?;
            }
            Err(error)
        }
    }
}

fn started(course: &CourseRow, e: &enrolment_store::Enrollment) -> EnrolmentStarted {
    EnrolmentStarted { enrollment_id: e.id, status: e.status.clone(), batch_id: e.batch_id, course_uuid: course.uuid }
}

/// The same as `/assessment-front/batch/restricted-user-enroll`, under the learner's path.
#[utoipa::path(get, path = "/learner-course/batch/restricted-user-enroll", tag = "assessment", params(TokenQuery),
    responses((status = 201, body = Data<EnrolmentStarted>), (status = 200, body = Data<EnrolmentStarted>, description = "enrolled already, through this link"),
        (status = 401), (status = 404), (status = 409), (status = 422)))]
pub async fn learner_restricted_enroll(
    state: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    q: AppQuery<TokenQuery>,
) -> AppResult<(StatusCode, Json<Data<EnrolmentStarted>>)> {
    restricted_enroll(state, tenant, caller, db, q).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_sheet_is_read_by_its_header_names_in_any_order() {
        let sheet = "\u{feff}Phone,Name,E-mail\n01711111111,রহিম,\n,,\n,Karim,karim@example.com\n".as_bytes();
        let rows = super::read_sheet(sheet).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].0, 2);
        assert_eq!(rows[0].1.name.as_deref(), Some("রহিম"));
        assert_eq!(rows[0].1.phone.as_deref(), Some("01711111111"));
        assert_eq!(rows[1].0, 4, "a blank line keeps the numbering of the rows after it");
        assert_eq!(rows[1].1.email.as_deref(), Some("karim@example.com"));
        assert_eq!(super::read_sheet(b"email,phone\nx@y.z,\n").err(), Some("candidates_header_missing"));
    }
}
