//! Course authoring: create, list, view, update, publish/feature, delete (authors only).

use super::access::require_author;
use super::store::{self, CourseFields, CourseRow};
use super::{batches_store, catalogue_sync, syllabus_store, view};
use crate::media;
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::reference::categories;
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use rand::Rng;
use serde::{Deserialize, Serialize};
use super::batches_store::Batch;
use super::store::ShortCourse;
use super::syllabus_store::Section;
use view::Course;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

pub const MAX_THUMBNAIL_BYTES: usize = 1024 * 1024;
/// The thumbnail as a base64 data URL (4/3 of its bytes) and the rest of the form.
pub const BODY_LIMIT: usize = MAX_THUMBNAIL_BYTES * 4 / 3 + 256 * 1024;
const LEVELS: [&str; 3] = ["beginner", "intermediate", "advanced"];
/// Course types an author may choose; the last, a training, is listed apart from the others. The
/// other type, `exam` (a certificate exam), is made in the Exam Centre.
pub const TYPES: [&str; 4] = ["course", "webinar", "masterclass", "training"];

/// The two families of course rows: courses proper (course, webinar, masterclass, training) and
/// certificate exams (`exam`, served by `/assessment/*`). Each family's calls see only its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Courses,
    Exams,
}

impl Family {
    fn of(row: &CourseRow) -> Self {
        if row.course_type == "exam" { Self::Exams } else { Self::Courses }
    }

    /// The types an author may choose within the family.
    fn types(self) -> &'static [&'static str] {
        match self {
            Self::Courses => &TYPES,
            Self::Exams => &["exam"],
        }
    }
}

/// The body of create and update; on update, absent fields keep their value.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CourseInput {
    pub title: Option<String>,
    pub title_bn: Option<String>,
    pub category_id: Option<i64>,
    pub level: Option<String>,
    pub language: Option<String>,
    pub summary: Option<String>,
    pub objectives: Option<Vec<String>>,
    pub course_type: Option<String>,
    pub enforce_order: Option<bool>,
    /// Only verified teachers may enrol (SPEC §4: the verification dialog comes first).
    pub teachers_only: Option<bool>,
    /// A PNG, JPEG or WebP data URL of at most 1 MB.
    pub thumbnail: Option<String>,
}

fn choice(v: &mut Validator, field: &str, value: Option<String>, allowed: &[&str], current: &str) -> String {
    match value {
        Some(value) if allowed.contains(&value.as_str()) => value,
        Some(_) => {
            v.add(field, "invalid_choice", None);
            current.to_owned()
        }
        None => current.to_owned(),
    }
}

/// Validates `input` over `current` (the defaults on create).
async fn fields(control: &PgPool, family: Family, input: CourseInput, current: &CourseFields) -> AppResult<(CourseFields, Option<(Vec<u8>, &'static str, &'static str)>)> {
    let mut v = Validator::default();
    let title = input.title.map_or(current.title.clone(), |t| v.optional_text("title", &t, 200).unwrap_or_default());
    let title_bn = input.title_bn.map_or(current.title_bn.clone(), |t| v.optional_text("title_bn", &t, 200).unwrap_or_default());
    if title.is_empty() && title_bn.is_empty() {
        v.add("title", "title_required", None);
    }
    let category_id = match input.category_id {
        Some(id) if categories::find(control, id).await?.is_none() => {
            v.add("category_id", "invalid_category", None);
            None
        }
        Some(id) => Some(id),
        None => current.category_id,
    };
    let level = choice(&mut v, "level", input.level, &LEVELS, &current.level);
    let language = choice(&mut v, "language", input.language, &["bn", "en"], &current.language);
    let course_type = match family {
        Family::Courses => choice(&mut v, "course_type", input.course_type, family.types(), &current.course_type),
        Family::Exams => "exam".to_owned(),
    };
    let summary = input.summary.map_or(current.summary.clone(), |s| v.optional_text("summary", &s, 5000).unwrap_or_default());
    let objectives = match input.objectives {
        Some(list) => list.iter().filter_map(|o| v.optional_text("objectives", o, 300)).take(20).collect(),
        None => current.objectives.clone(),
    };
    let thumbnail = match input.thumbnail.filter(|t| !t.is_empty()) {
        Some(data_url) => match media::decode_image("thumbnail", &data_url, MAX_THUMBNAIL_BYTES) {
            Ok(image) => Some(image),
            Err(_) => {
                v.add("thumbnail", "invalid_image", None);
                None
            }
        },
        None => None,
    };
    v.finish()?;
    let enforce_order = input.enforce_order.unwrap_or(current.enforce_order);
    let teachers_only = input.teachers_only.unwrap_or(current.teachers_only);
    Ok((CourseFields { title, title_bn, category_id, level, language, summary, objectives, course_type, enforce_order, teachers_only }, thumbnail))
}

/// A readable, unique slug: the English title's words plus a random suffix.
fn slug_for(title: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(6)
        .map(str::to_ascii_lowercase)
        .collect();
    let suffix: u32 = rand::thread_rng().gen_range(0x10000..0xfffff);
    match words.is_empty() {
        true => format!("course-{suffix:x}"),
        false => format!("{}-{suffix:x}", words.join("-")),
    }
}

/// A course of this site by id, or 404.
pub async fn course_of(db: &PgPool, id: i64) -> AppResult<CourseRow> {
    store::find(db, id).await?.ok_or(AppError::NotFound)
}

/// A course of the family by id, or 404 (another family's id is not there for its calls).
pub async fn member_of(db: &PgPool, family: Family, id: i64) -> AppResult<CourseRow> {
    course_of(db, id).await.and_then(|row| if Family::of(&row) == family { Ok(row) } else { Err(AppError::NotFound) })
}

async fn respond(app: &AppState, tenant: &Tenant, row: CourseRow) -> AppResult<Course> {
    Ok(view::course(&app.ctl.db, tenant, &app.ctl.config.public_base_url, row).await?)
}

async fn store_thumbnail(app: &AppState, tenant: &Tenant, db: &PgPool, id: i64, image: (Vec<u8>, &'static str, &'static str)) -> AppResult<()> {
    let (bytes, ext, mime) = image;
    let key = media::content_key("courses/thumb", &bytes, ext);
    media::put(app, tenant, &key, bytes, mime).await?;
    store::set_thumbnail(db, id, &key).await?;
    Ok(())
}

/// Create a course (unpublished) with its first defaults.
#[utoipa::path(post, path = "/course/course/create", tag = "courses", request_body = CourseInput,
    responses((status = 201, body = Data<Course>), (status = 401), (status = 403), (status = 422)))]
pub async fn create_course(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CourseInput>,
) -> AppResult<(StatusCode, Json<Data<Course>>)> {
    Ok((StatusCode::CREATED, Json(Data::new(create(&app, &tenant, &caller, &db, Family::Courses, input).await?))))
}

/// Creates an unpublished member of the family.
pub async fn create(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, family: Family, input: CourseInput) -> AppResult<Course> {
    let author = require_author(caller, tenant)?;
    let defaults = CourseFields {
        title: String::new(),
        title_bn: String::new(),
        category_id: None,
        level: "beginner".into(),
        language: "bn".into(),
        summary: String::new(),
        objectives: Vec::new(),
        course_type: family.types()[0].into(),
        enforce_order: true,
        teachers_only: false,
    };
    let (fields, thumbnail) = fields(&app.ctl.db, family, input, &defaults).await?;
    let name = control_plane::users::store::find(&app.ctl.db, author).await?.name;
    let id = store::insert(db, &fields, &slug_for(&fields.title), author, &name).await?;
    if let Some(image) = thumbnail {
        store_thumbnail(app, tenant, db, id, image).await?;
    }
    let row = course_of(db, id).await?;
    respond(app, tenant, row).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CourseListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub search: Option<String>,
    /// One course with its syllabus and batches instead of a list.
    pub id: Option<i64>,
    /// `training`: the site's trainings; otherwise its courses, webinars and masterclasses.
    pub course_type: Option<String>,
}

/// A course with its syllabus and batches, for the authoring screens.
#[derive(Debug, Serialize, ToSchema)]
pub struct CourseWithSyllabus {
    #[serde(flatten)]
    pub course: Course,
    pub sections: Vec<Section>,
    pub batches: Vec<Batch>,
}

/// A page of courses, or with `id` one course and its syllabus.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum CourseListing {
    Page(Page<Course>),
    One(Data<CourseWithSyllabus>),
}

/// This site's courses, newest first; with `id`, that course with its sections and batches.
#[utoipa::path(get, path = "/course/course/view", tag = "courses", params(CourseListQuery),
    responses((status = 200, body = CourseListing), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn view_courses(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<CourseListQuery>,
) -> AppResult<Json<CourseListing>> {
    Ok(Json(listing(&app, &tenant, &caller, &db, Family::Courses, q).await?))
}

/// A page of the family's members, or with `id` one of them with its syllabus.
pub async fn listing(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, family: Family, q: CourseListQuery) -> AppResult<CourseListing> {
    require_author(caller, tenant)?;
    if let Some(id) = q.id {
        let row = member_of(db, family, id).await?;
        return Ok(CourseListing::One(Data::new(with_syllabus(app, tenant, db, row).await?)));
    }
    // Trainings have their own list (/training), as certificate exams do.
    let types: &[&str] = match (family, q.course_type.as_deref()) {
        (Family::Exams, _) => &["exam"],
        (Family::Courses, Some("training")) => &["training"],
        (Family::Courses, None | Some("")) => &TYPES[..3],
        (Family::Courses, Some(_)) => return Err(AppError::field("course_type", "invalid_choice")),
    };
    let request = PageRequest::new(q.page, q.limit, 10);
    let (_, total) = store::page(db, types, q.search.as_deref(), 0, 0).await?;
    let (current_page, last_page, offset) = request.clamp(total);
    let (rows, _) = store::page(db, types, q.search.as_deref(), request.per_page, offset).await?;
    let mut data = Vec::with_capacity(rows.len());
    for row in rows {
        data.push(respond(app, tenant, row).await?);
    }
    Ok(CourseListing::Page(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// A course with its sections and batches, for the authoring screens.
pub async fn with_syllabus(app: &AppState, tenant: &Tenant, db: &PgPool, row: CourseRow) -> AppResult<CourseWithSyllabus> {
    let id = row.id;
    let course = respond(app, tenant, row).await?;
    let sections = syllabus_store::sections_with_lessons(db, id).await?;
    let batches = batches_store::of_course(db, id).await?;
    Ok(CourseWithSyllabus { course, sections, batches })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CourseTypeQuery {
    /// `course`, `webinar`, `masterclass` or `exam`; every type but `exam` when absent.
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// This site's courses of one type, newest first, in short (for pickers; at most 500).
#[utoipa::path(get, path = "/course/course/viewcourse", tag = "courses", params(CourseTypeQuery),
    responses((status = 200, body = Data<Vec<ShortCourse>>), (status = 401), (status = 403), (status = 422)))]
pub async fn view_courses_of_type(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<CourseTypeQuery>,
) -> AppResult<Json<Data<Vec<ShortCourse>>>> {
    require_author(&caller, &tenant)?;
    let kind = q.kind.filter(|k| !k.is_empty());
    if kind.as_deref().is_some_and(|k| !TYPES.contains(&k) && k != "exam") {
        return Err(AppError::field("type", "invalid_choice"));
    }
    Ok(Json(Data::new(store::short_list(&db, kind.as_deref(), 500).await?)))
}

/// Change a course; absent fields keep their value.
#[utoipa::path(put, path = "/course/course/update/{id}", tag = "courses", request_body = CourseInput,
    params(("id" = i64, Path)), responses((status = 200, body = Data<Course>), (status = 404), (status = 422)))]
pub async fn update_course(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<CourseInput>,
) -> AppResult<Json<Data<Course>>> {
    Ok(Json(Data::new(update(&app, &tenant, &caller, &db, Family::Courses, id, input).await?)))
}

/// Changes a member of the family; absent fields keep their value.
pub async fn update(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, family: Family, id: i64, input: CourseInput) -> AppResult<Course> {
    require_author(caller, tenant)?;
    let row = member_of(db, family, id).await?;
    let current = CourseFields {
        title: row.title,
        title_bn: row.title_bn,
        category_id: row.category_id,
        level: row.level,
        language: row.language,
        summary: row.summary,
        objectives: row.objectives,
        course_type: row.course_type,
        enforce_order: row.enforce_order,
        teachers_only: row.teachers_only,
    };
    let (fields, thumbnail) = fields(&app.ctl.db, family, input, &current).await?;
    store::update(db, id, &fields).await?;
    if let Some(image) = thumbnail {
        store_thumbnail(app, tenant, db, id, image).await?;
    }
    let row = course_of(db, id).await?;
    catalogue_sync::project(app, tenant, &row).await?;
    if row.course_type == "training" && (row.title != current.title || row.title_bn != current.title_bn) {
        crate::trainings::follow_up::course_renamed(app, tenant, db, &row).await;
    }
    respond(app, tenant, row).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
#[schema(as = CoursePublishInput)]
pub struct PublishInput {
    pub id: i64,
    pub published: Option<bool>,
    pub featured: Option<bool>,
}

/// Publish or unpublish, feature or unfeature a course. A published course is in the catalogue.
#[utoipa::path(put, path = "/course/update-publish-feature", tag = "courses", request_body = PublishInput,
    responses((status = 200, body = Data<Course>), (status = 404), (status = 422)))]
pub async fn publish_course(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PublishInput>,
) -> AppResult<Json<Data<Course>>> {
    Ok(Json(Data::new(publish(&app, &tenant, &caller, &db, Family::Courses, input).await?)))
}

/// Publishes or features a member of the family (a published one is in the catalogue).
pub async fn publish(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, family: Family, input: PublishInput) -> AppResult<Course> {
    require_author(caller, tenant)?;
    let row = member_of(db, family, input.id).await?;
    if input.published == Some(true) && row.lessons_count == 0 {
        return Err(AppError::unprocessable("published", "course_has_no_lessons"));
    }
    store::set_flags(db, row.id, input.published, input.featured).await?;
    let row = course_of(db, row.id).await?;
    catalogue_sync::project(app, tenant, &row).await?;
    catalogue_sync::refresh_stats(app, tenant, db, row.id).await?;
    respond(app, tenant, row).await
}

/// Delete a course nobody is enrolled in (with its syllabus and batches).
#[utoipa::path(delete, path = "/course/course/delete/{id}", tag = "courses",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 404), (status = 409)))]
pub async fn delete_course(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    delete(&app, &tenant, &caller, &db, Family::Courses, id).await?;
    Ok(Json(Data::done()))
}

/// Deletes a member of the family nobody is enrolled in (with its syllabus and batches).
pub async fn delete(app: &AppState, tenant: &Tenant, caller: &Caller, db: &PgPool, family: Family, id: i64) -> AppResult<()> {
    require_author(caller, tenant)?;
    let row = member_of(db, family, id).await?;
    if store::has_enrolments(db, id).await? {
        return Err(AppError::Conflict("course_has_enrolments"));
    }
    store::delete(db, id).await?;
    control_plane::catalogue::store::remove(&app.ctl.db, tenant.id, row.id).await?;
    Ok(())
}

/// A course thumbnail, public (catalogue cards on every site show it).
pub async fn thumbnail(State(app): State<AppState>, HostTenant(tenant): HostTenant, AppPath(file): AppPath<String>) -> AppResult<Response> {
    if !file.starts_with("thumb-") || file.contains('/') {
        return Err(AppError::NotFound);
    }
    media::serve_image(&app, &tenant, &format!("courses/{file}")).await
}
