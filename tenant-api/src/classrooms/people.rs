//! A class's teachers and students: added by e-mail or mobile number (a registered person joins
//! at once, anyone else is invited with the class's link), renamed, removed.

use super::store::{self, NewPerson, PersonRow};
use super::{Access, STUDENT, TEACHER, access};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::error::on_unique;
use control_plane::i18n::Lang;
use control_plane::mail_templates::Bilingual;
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::messages::{outbox, templates};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::response::{Data, Done};
use control_plane::users::links::Site;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

const UNIQUE: [(&str, &str, &str); 3] = [
    ("classroom_people_user", "email", "person_exists"),
    ("classroom_people_email", "email", "person_exists"),
    ("classroom_people_phone", "phone", "person_exists"),
];

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ClassPerson)]
pub struct Person {
    pub id: i64,
    pub classroom_id: i64,
    pub user_id: Option<i64>,
    /// 1 teacher, 2 student.
    pub user_type: i16,
    pub name: String,
    /// Teachers and admins only.
    pub email: Option<String>,
    pub phone: Option<String>,
    /// `joined`, or `invited` until they sign in through the class link.
    pub status: &'static str,
    pub created_at: DateTime<Utc>,
}

fn person(row: PersonRow, contacts: bool) -> Person {
    Person {
        id: row.id,
        classroom_id: row.classroom_id,
        user_id: row.user_id,
        user_type: row.user_type,
        name: row.name,
        email: row.email.filter(|_| contacts),
        phone: row.phone.filter(|_| contacts),
        status: if row.user_id.is_some() { "joined" } else { "invited" },
        created_at: row.created_at,
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PeopleQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// 1 teachers, 2 students; none: everyone, teachers first.
    pub user_type: Option<i16>,
    /// Part of a name (or, for managers, an e-mail or phone).
    pub search: Option<String>,
}

/// A class's people.
#[utoipa::path(get, path = "/classroom/people/view/{id}", tag = "classroom", params(("id" = i64, Path, description = "the classroom"), PeopleQuery),
    responses((status = 200, body = Page<Person>), (status = 401), (status = 404), (status = 422)))]
pub async fn view_people(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<PeopleQuery>,
) -> AppResult<Json<Page<Person>>> {
    let a = access(&db, id, &caller, &tenant).await?;
    Ok(Json(list(&db, &a, &q).await?))
}

/// A page of the people of a class the caller takes part in (contacts to its managers only).
pub async fn list(db: &sqlx::PgPool, a: &Access, q: &PeopleQuery) -> AppResult<Page<Person>> {
    if q.user_type.is_some_and(|t| t != TEACHER && t != STUDENT) {
        return Err(AppError::unprocessable("user_type", "invalid_choice"));
    }
    let id = a.class.id;
    let pattern = contains_pattern(q.search.as_deref());
    let request = PageRequest::new(q.page, q.limit, 20);
    let (_, total) = store::people(db, id, q.user_type, pattern.as_deref(), 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (rows, _) = store::people(db, id, q.user_type, pattern.as_deref(), request.per_page, offset).await?;
    let contacts = a.part.manages();
    Ok(Page { data: rows.into_iter().map(|r| person(r, contacts)).collect(), current_page, last_page, per_page: request.per_page, total })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PersonInput {
    pub classroom_id: i64,
    /// 1 teacher, 2 student (`/classroom/people/create` only).
    pub user_type: Option<i16>,
    #[serde(flatten)]
    pub person: PersonFields,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct PersonFields {
    pub name: String,
    pub email: Option<String>,
    /// A Bangladeshi mobile number (01XXXXXXXXX, +8801XXXXXXXXX, Bangla digits too).
    pub phone: Option<String>,
}

/// One person's fields, checked (`prefix` names a row of a list).
fn draft(v: &mut Validator, input: &PersonFields, user_type: Option<i16>, prefix: &str) -> NewPerson {
    if !matches!(user_type, Some(TEACHER | STUDENT)) {
        v.add(&format!("{prefix}user_type"), "invalid_choice", None);
    }
    let name = v.text(&format!("{prefix}name"), &input.name, 200);
    let email = input.email.as_deref().filter(|e| !e.trim().is_empty()).map(|e| v.email(&format!("{prefix}email"), e));
    let phone = v.optional_phone(&format!("{prefix}phone"), input.phone.as_deref().unwrap_or_default());
    if email.is_none() && phone.is_none() && !v.has(&format!("{prefix}email")) && !v.has(&format!("{prefix}phone")) {
        v.add(&format!("{prefix}email"), "contact_required", None);
    }
    NewPerson { user_id: None, user_type: user_type.unwrap_or(STUDENT), name, email, phone }
}

/// Adds a checked person: a registered account with that e-mail or phone joins at once; anyone
/// else gets the class's link by e-mail (or SMS when only a phone is known) and stays invited.
/// `None` when they are in the class already.
async fn insert(app: &AppState, tenant: &HostTenant, db: &sqlx::PgPool, class: &store::ClassRow, mut new: NewPerson) -> AppResult<Option<Person>> {
    let account = control_plane::users::store::find_by_login(&app.ctl.db, new.email.as_deref(), new.phone.as_deref()).await?;
    new.user_id = account.as_ref().map(|u| u.id);
    let mut tx = db.begin().await?;
    let id = match store::insert_person(&mut tx, class.id, &new).await.map_err(|e| on_unique(e, &UNIQUE)) {
        Ok(id) => id,
        Err(AppError::Validation(_)) => return Ok(None),
        Err(other) => return Err(other),
    };
    tx.commit().await?;
    if account.is_none() {
        invite(app, tenant, class, &new).await?;
        store::mark_invited(db, id).await?;
    }
    Ok(Some(person(store::person(db, id).await?.ok_or(AppError::NotFound)?, true)))
}

async fn add(app: &AppState, tenant: &HostTenant, caller: &control_plane::auth::Caller, db: &sqlx::PgPool, input: &PersonInput, user_type: Option<i16>) -> AppResult<Person> {
    let a = access(db, input.classroom_id, caller, &tenant.0).await?.manager()?;
    add_one(app, tenant, db, &a, &input.person, user_type.or(input.user_type)).await
}

/// Adds one person to a class the caller manages; 409 `person_exists` when already in it.
pub async fn add_one(app: &AppState, tenant: &HostTenant, db: &sqlx::PgPool, a: &Access, fields: &PersonFields, user_type: Option<i16>) -> AppResult<Person> {
    let mut v = Validator::default();
    let new = draft(&mut v, fields, user_type, "");
    v.finish()?;
    insert(app, tenant, db, &a.class, new).await?.ok_or(AppError::Conflict("person_exists"))
}

async fn invite(app: &AppState, tenant: &HostTenant, class: &store::ClassRow, p: &NewPerson) -> AppResult<()> {
    let site = Site::of(&app.ctl, Some(tenant), Lang::Bn);
    let link = format!("{}/join/{}", site.url, class.code);
    let kind = templates::Invited::Classroom;
    let name_en = class.fields.name.as_str();
    let name_bn = class.fields.name_bn.as_deref().filter(|n| !n.is_empty()).unwrap_or(name_en);
    let wording = Bilingual::of(&app.ctl, Some(tenant), kind.mail_key()).await?;
    let mut tx = app.ctl.db.begin().await?;
    match (&p.email, &p.phone) {
        (Some(email), _) => {
            let values = |name| [("name", p.name.as_str()), ("class", name), ("link", link.as_str())];
            let mail = wording.render(&values(name_bn), &values(name_en));
            outbox::enqueue(&mut tx, &site.mail(email, kind.outbox_kind(), mail)).await?;
        }
        (None, Some(phone)) => {
            let text = templates::invitation_sms(kind, &site.name, name_bn, &link);
            outbox::enqueue(&mut tx, &site.sms(phone, kind.outbox_kind(), text)).await?;
        }
        (None, None) => {}
    }
    tx.commit().await?;
    Ok(())
}

/// Add a teacher or a student (`user_type`).
#[utoipa::path(post, path = "/classroom/people/create", tag = "classroom", request_body = PersonInput,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409, description = "person_exists"), (status = 422)))]
pub async fn create_person(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PersonInput>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    Ok((StatusCode::CREATED, Json(Data::new(add(&app, &tenant, &caller, &db, &input, None).await?))))
}

/// Add a teacher.
#[utoipa::path(post, path = "/classroom/people/create-teacher", tag = "classroom", request_body = PersonInput,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409, description = "person_exists"), (status = 422)))]
pub async fn create_teacher(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PersonInput>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    Ok((StatusCode::CREATED, Json(Data::new(add(&app, &tenant, &caller, &db, &input, Some(TEACHER)).await?))))
}

/// Add a student.
#[utoipa::path(post, path = "/classroom/people/create-student", tag = "classroom", request_body = PersonInput,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409, description = "person_exists"), (status = 422)))]
pub async fn create_student(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PersonInput>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    Ok((StatusCode::CREATED, Json(Data::new(add(&app, &tenant, &caller, &db, &input, Some(STUDENT)).await?))))
}

/// A person of a class the caller manages.
async fn managed(db: &sqlx::PgPool, id: i64, caller: &control_plane::auth::Caller, tenant: &HostTenant) -> AppResult<PersonRow> {
    let row = store::person(db, id).await?.ok_or(AppError::NotFound)?;
    access(db, row.classroom_id, caller, &tenant.0).await?.manager()?;
    Ok(row)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NameInput {
    pub id: i64,
    pub name: String,
}

/// Correct a person's name as the class shows it.
#[utoipa::path(put, path = "/classroom/people/edit-name", tag = "classroom", request_body = NameInput,
    responses((status = 200, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn edit_name(tenant: HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppJson(input): AppJson<NameInput>) -> AppResult<Json<Data<Person>>> {
    managed(&db, input.id, &caller, &tenant).await?;
    let mut v = Validator::default();
    let name = v.text("name", &input.name, 200);
    v.finish()?;
    store::rename_person(&*db, input.id, &name).await?;
    Ok(Json(Data::new(person(store::person(&db, input.id).await?.ok_or(AppError::NotFound)?, true))))
}

/// Remove a person from a class (not its last teacher).
#[utoipa::path(delete, path = "/classroom/people/delete/{id}", tag = "classroom", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404), (status = 422, description = "last_teacher")))]
pub async fn delete_person(tenant: HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    let row = managed(&db, id, &caller, &tenant).await?;
    let mut tx = db.begin().await?;
    if !store::remove_person(&mut tx, &row).await? {
        return Err(AppError::unprocessable("id", "last_teacher"));
    }
    tx.commit().await?;
    Ok(Json(Data::done()))
}

/// People added from a list at once.
const MAX_LIST: usize = 500;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PeopleListInput {
    pub classroom_id: i64,
    /// 1 teacher, 2 student.
    pub user_type: i16,
    /// At most 500; errors name a row as `people.<n>.<field>` (from 0).
    pub people: Vec<PersonFields>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PeopleAdded {
    pub added: Vec<Person>,
    /// Rows already in the class, by number (from 0).
    pub skipped: Vec<usize>,
}

/// Add people from a list (pasted or from a sheet): every row is checked first, and nothing is
/// added while any row is wrong; people already in the class are skipped.
#[utoipa::path(post, path = "/classroom/people/add-people-info", tag = "classroom", request_body = PeopleListInput,
    responses((status = 201, body = Data<PeopleAdded>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn add_people(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PeopleListInput>,
) -> AppResult<(StatusCode, Json<Data<PeopleAdded>>)> {
    let a = access(&db, input.classroom_id, &caller, &tenant.0).await?.manager()?;
    Ok((StatusCode::CREATED, Json(Data::new(add_list(&app, &tenant, &db, &a, input.user_type, &input.people).await?))))
}

/// Adds a list of people to a class the caller manages: every row checked first, those already
/// in the class skipped.
pub async fn add_list(app: &AppState, tenant: &HostTenant, db: &sqlx::PgPool, a: &Access, user_type: i16, people: &[PersonFields]) -> AppResult<PeopleAdded> {
    let mut v = Validator::default();
    if people.is_empty() {
        v.add("people", "required", None);
    }
    if people.len() > MAX_LIST {
        v.add("people", "too_many", Some(MAX_LIST));
    }
    let drafts: Vec<NewPerson> = people.iter().enumerate().map(|(n, p)| draft(&mut v, p, Some(user_type), &format!("people.{n}."))).collect();
    v.finish()?;
    let mut added = PeopleAdded { added: Vec::new(), skipped: Vec::new() };
    for (n, new) in drafts.into_iter().enumerate() {
        match insert(app, tenant, db, &a.class, new).await? {
            Some(p) => added.added.push(p),
            None => added.skipped.push(n),
        }
    }
    Ok(added)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PersonUpdate {
    pub name: Option<String>,
    /// 1 teacher, 2 student.
    pub user_type: Option<i16>,
}

/// Change a person's name or part (a student made a teacher, or back; not the last teacher).
#[utoipa::path(put, path = "/classroom/people/update-people-info/{res_id}", tag = "classroom", params(("res_id" = i64, Path, description = "the person")), request_body = PersonUpdate,
    responses((status = 200, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 422, description = "validation_failed, last_teacher")))]
pub async fn update_person(tenant: HostTenant, RequireUser(caller): RequireUser, TenantDb(db): TenantDb, AppPath(id): AppPath<i64>, AppJson(input): AppJson<PersonUpdate>) -> AppResult<Json<Data<Person>>> {
    let row = managed(&db, id, &caller, &tenant).await?;
    let mut v = Validator::default();
    let name = input.name.as_deref().map(|n| v.text("name", n, 200));
    if input.user_type.is_some_and(|t| t != TEACHER && t != STUDENT) {
        v.add("user_type", "invalid_choice", None);
    }
    v.finish()?;
    let mut tx = db.begin().await?;
    if let Some(name) = &name {
        store::rename_person(&mut *tx, id, name).await?;
    }
    if let Some(user_type) = input.user_type
        && !store::set_part(&mut tx, &row, user_type).await?
    {
        return Err(AppError::unprocessable("user_type", "last_teacher"));
    }
    tx.commit().await?;
    Ok(Json(Data::new(person(store::person(&db, id).await?.ok_or(AppError::NotFound)?, true))))
}
