//! A course batch's live room (`/course/people/*`, `/course/timeline/*`, `/course/attendance/*`,
//! `/course/class/delete/{id}`): a class tied to the batch, opened by the course's authors when
//! they first add someone or write on its timeline. The batch's enrolled learners take part as its
//! students; co-teachers and extra students are its people. Its sessions, classwork and chat are
//! the Classroom tab's (the room is listed there for its teachers and learners).
//!
//! Calls that name a person, a post or a session by id are the classroom calls under the course's
//! paths; calls that name the batch find its room first.

use super::people::{self, PeopleAdded, PeopleQuery, Person, PersonFields};
use super::store::{self, ClassFields, NewPerson};
use super::timeline::{self, TimelinePage, TimelineQuery};
use super::{Access, TEACHER, access, attendance, manage::random_code, schedule};
use crate::courses::access::can_author;
use crate::courses::{batches_store, store as courses};
use crate::pools::TenantDb;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::Page;
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// The batch's room as the caller may use it. `open`: the course's authors open it when it does
/// not exist yet; anyone else finds no room (404).
async fn room(app: &AppState, db: &PgPool, batch_id: i64, caller: &Caller, tenant: &Tenant, open: bool) -> AppResult<Access> {
    let user_id = caller.user_id().ok_or(AppError::Unauthenticated)?;
    if let Some(class) = store::find_by_batch(db, batch_id, user_id).await? {
        return access(db, class.id, caller, tenant).await;
    }
    if !(open && can_author(caller, tenant)) {
        return Err(AppError::NotFound);
    }
    let batch = batches_store::find(db, batch_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    let course = courses::find(db, batch.course_id).await?.ok_or(AppError::Missing("batch_not_found"))?;
    let me = control_plane::users::store::find(&app.ctl.db, user_id).await?;
    let fields = ClassFields {
        name: format!("{}: {}", course.title, batch.name),
        name_bn: (!course.title_bn.is_empty() || !batch.name_bn.is_empty())
            .then(|| format!("{}: {}", if course.title_bn.is_empty() { &course.title } else { &course.title_bn }, if batch.name_bn.is_empty() { &batch.name } else { &batch.name_bn })),
        description: String::new(),
        starts_at: control_plane::dhaka::midnight(batch.start_date),
        platform: "jitsi".into(),
        meeting_link: None,
    };
    let creator = NewPerson { user_id: Some(user_id), user_type: TEACHER, name: me.name, email: None, phone: None };
    let mut tx = db.begin().await?;
    // Two authors opening it at once: one room, the other finds it.
    store::insert(&mut tx, &fields, &random_code(), &creator, Some(batch_id)).await?;
    tx.commit().await?;
    let class = store::find_by_batch(db, batch_id, user_id).await?.ok_or(AppError::NotFound)?;
    access(db, class.id, caller, tenant).await
}

/// The people of a course batch's room (`{id}` is the batch): teachers first.
#[utoipa::path(get, path = "/course/people/view/{id}", tag = "courses", params(("id" = i64, Path, description = "the batch"), PeopleQuery),
    responses((status = 200, body = Page<Person>), (status = 401), (status = 404), (status = 422)))]
pub async fn course_people(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppQuery(q): AppQuery<PeopleQuery>,
) -> AppResult<Json<Page<Person>>> {
    let a = room(&app, &db, id, &caller, &tenant, true).await?;
    Ok(Json(people::list(&db, &a, &q).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CoursePersonInput {
    pub batch_id: i64,
    /// 1 co-teacher, 2 student (`/course/people/create` only).
    pub user_type: Option<i16>,
    #[serde(flatten)]
    pub person: PersonFields,
}

async fn add(app: &AppState, tenant: HostTenant, caller: &Caller, db: &PgPool, input: &CoursePersonInput, user_type: Option<i16>) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    let a = room(app, db, input.batch_id, caller, &tenant.0, true).await?.manager()?;
    Ok((StatusCode::CREATED, Json(Data::new(people::add_one(app, &tenant, db, &a, &input.person, user_type.or(input.user_type)).await?))))
}

/// Add a co-teacher or a student to a course batch's room (`user_type`).
#[utoipa::path(post, path = "/course/people/create", tag = "courses", request_body = CoursePersonInput,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn course_create_person(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CoursePersonInput>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    add(&app, tenant, &caller, &db, &input, None).await
}

/// Add a co-teacher to a course batch's room.
#[utoipa::path(post, path = "/course/people/create-teacher", tag = "courses", request_body = CoursePersonInput,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn course_create_teacher(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CoursePersonInput>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    add(&app, tenant, &caller, &db, &input, Some(TEACHER)).await
}

/// Add a student to a course batch's room (besides its enrolled learners).
#[utoipa::path(post, path = "/course/people/create-student", tag = "courses", request_body = CoursePersonInput,
    responses((status = 201, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn course_create_student(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CoursePersonInput>,
) -> AppResult<(StatusCode, Json<Data<Person>>)> {
    add(&app, tenant, &caller, &db, &input, Some(super::STUDENT)).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CoursePeopleListInput {
    pub batch_id: i64,
    pub user_type: i16,
    /// At most 500; errors name a row as `people.<n>.<field>`.
    pub people: Vec<PersonFields>,
}

/// Add people from a list to a course batch's room.
#[utoipa::path(post, path = "/course/people/add-people-info", tag = "courses", request_body = CoursePeopleListInput,
    responses((status = 201, body = Data<PeopleAdded>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_add_people(
    State(app): State<AppState>,
    tenant: HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CoursePeopleListInput>,
) -> AppResult<(StatusCode, Json<Data<PeopleAdded>>)> {
    let a = room(&app, &db, input.batch_id, &caller, &tenant.0, true).await?.manager()?;
    Ok((StatusCode::CREATED, Json(Data::new(people::add_list(&app, &tenant, &db, &a, input.user_type, &input.people).await?))))
}

/// Change a person of a course batch's room (the classroom call).
#[utoipa::path(put, path = "/course/people/update-people-info/{res_id}", tag = "courses", params(("res_id" = i64, Path, description = "the person")),
    request_body = people::PersonUpdate, responses((status = 200, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_update_person(
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    id: AppPath<i64>,
    input: AppJson<people::PersonUpdate>,
) -> AppResult<Json<Data<Person>>> {
    people::update_person(tenant, caller, db, id, input).await
}

/// Correct a person's name (the classroom call).
#[utoipa::path(put, path = "/course/people/edit-name", tag = "courses", request_body = people::NameInput,
    responses((status = 200, body = Data<Person>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_edit_name(tenant: HostTenant, caller: RequireUser, db: TenantDb, input: AppJson<people::NameInput>) -> AppResult<Json<Data<Person>>> {
    people::edit_name(tenant, caller, db, input).await
}

/// Remove a person (the classroom call; not the room's last teacher).
#[utoipa::path(delete, path = "/course/people/delete/{id}", tag = "courses", params(("id" = i64, Path, description = "the person")),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_delete_person(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    people::delete_person(tenant, caller, db, id).await
}

/// Delete a live session of a course batch's room (the classroom call).
#[utoipa::path(delete, path = "/course/class/delete/{id}", tag = "courses", params(("id" = i64, Path, description = "the session")),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn course_delete_session(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    schedule::delete_session(tenant, caller, db, id).await
}

/// A session's attendance sheet (the classroom call).
#[utoipa::path(get, path = "/course/attendance/view/{id}", tag = "courses", params(("id" = i64, Path, description = "the session")),
    responses((status = 200, body = Data<Vec<attendance::Attendance>>), (status = 401), (status = 403), (status = 404)))]
pub async fn course_attendance(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>) -> AppResult<Json<Data<Vec<attendance::Attendance>>>> {
    attendance::view_attendance(tenant, caller, db, id).await
}

/// Take a session's attendance (the classroom call).
#[utoipa::path(post, path = "/course/attendance/store/{id}", tag = "courses", params(("id" = i64, Path, description = "the session")),
    request_body = attendance::AttendanceInput,
    responses((status = 200, body = Data<Vec<attendance::Attendance>>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_store_attendance(
    app: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    id: AppPath<i64>,
    input: AppJson<attendance::AttendanceInput>,
) -> AppResult<Json<Data<Vec<attendance::Attendance>>>> {
    attendance::store_attendance(app, tenant, caller, db, id, input).await
}

/// Download a session's attendance sheet (the classroom call).
#[utoipa::path(get, path = "/course/attendance/download/{id}", tag = "courses", params(("id" = i64, Path, description = "the session"), attendance::DownloadQuery),
    responses((status = 200, description = "The sheet", content((String = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (String = "text/csv"))),
        (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_download_attendance(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>, q: AppQuery<attendance::DownloadQuery>) -> AppResult<Response> {
    attendance::download_attendance(tenant, caller, db, id, q).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct CourseTimelineQuery {
    /// The batch.
    pub course_batch_id: i64,
    pub skip: Option<i64>,
    /// At most 50; default 10.
    pub take: Option<i64>,
}

/// A course batch's timeline, newest first (empty until its room is opened).
#[utoipa::path(get, path = "/course/timeline/view", tag = "timeline", params(CourseTimelineQuery),
    responses((status = 200, body = TimelinePage), (status = 401), (status = 404), (status = 422)))]
pub async fn course_timeline(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<CourseTimelineQuery>,
) -> AppResult<Json<TimelinePage>> {
    let a = room(&app, &db, q.course_batch_id, &caller, &tenant, true).await?;
    Ok(Json(timeline::page(&db, &a, &TimelineQuery { course_batch_id: a.class.id, skip: q.skip, take: q.take }).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CoursePostInput {
    /// The batch.
    pub course_batch_id: i64,
    /// Plain text, at most 2000 characters.
    pub body: String,
}

/// Write on a course batch's timeline (its teachers and enrolled learners).
#[utoipa::path(post, path = "/course/timeline/create", tag = "timeline", request_body = CoursePostInput,
    responses((status = 201, body = Data<timeline::Post>), (status = 401), (status = 404), (status = 422)))]
pub async fn course_create_post(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<CoursePostInput>,
) -> AppResult<(StatusCode, Json<Data<timeline::Post>>)> {
    let a = room(&app, &db, input.course_batch_id, &caller, &tenant, true).await?;
    Ok((StatusCode::CREATED, Json(Data::new(timeline::write(&app, &tenant, &db, &a, &input.body).await?))))
}

/// Its writer corrects a post (the classroom call).
#[utoipa::path(put, path = "/course/timeline/update/{id}", tag = "timeline", params(("id" = i64, Path)), request_body = timeline::BodyInput,
    responses((status = 200, body = Data<timeline::Post>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_update_post(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>, input: AppJson<timeline::BodyInput>) -> AppResult<Json<Data<timeline::Post>>> {
    timeline::update_post(tenant, caller, db, id, input).await
}

/// Remove a post (the classroom call).
#[utoipa::path(delete, path = "/course/timeline/delete/{id}", tag = "timeline", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn course_delete_post(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    timeline::delete_post(tenant, caller, db, id).await
}

/// Comment on a post (the classroom call).
#[utoipa::path(post, path = "/course/timeline/post-comment", tag = "timeline", request_body = timeline::CommentInput,
    responses((status = 201, body = Data<crate::threads::DiscussionPost>), (status = 401), (status = 404), (status = 422)))]
pub async fn course_post_comment(
    app: State<AppState>,
    tenant: HostTenant,
    caller: RequireUser,
    db: TenantDb,
    input: AppJson<timeline::CommentInput>,
) -> AppResult<(StatusCode, Json<Data<crate::threads::DiscussionPost>>)> {
    timeline::post_comment(app, tenant, caller, db, input).await
}

/// Its writer corrects a comment (the classroom call).
#[utoipa::path(put, path = "/course/timeline/update-comment", tag = "timeline", request_body = timeline::CommentEditInput,
    responses((status = 200, body = Data<crate::threads::DiscussionPost>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn course_update_comment(tenant: HostTenant, caller: RequireUser, db: TenantDb, input: AppJson<timeline::CommentEditInput>) -> AppResult<Json<Data<crate::threads::DiscussionPost>>> {
    timeline::update_comment(tenant, caller, db, input).await
}

/// Remove a comment (the classroom call).
#[utoipa::path(delete, path = "/course/timeline/delete-comment/{id}", tag = "timeline", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn course_delete_comment(tenant: HostTenant, caller: RequireUser, db: TenantDb, id: AppPath<i64>) -> AppResult<Json<Data<Done>>> {
    timeline::delete_comment(tenant, caller, db, id).await
}
