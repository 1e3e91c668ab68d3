//! The syllabus builder: sections and lessons of a course, their order, and lesson files.

use super::access::require_author;
use super::authoring::course_of;
use super::syllabus_store::{self as store, Lesson, LessonFields, Section};
use crate::contents;
use crate::exams::store as exams;
use crate::media;
use crate::pools::TenantDb;
use crate::questions::{BankUser, bank_user};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::Deserialize;
use control_plane::response::{Data, Done};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// Lesson types an author may add now; the other assessment ones arrive with their features.
pub const LESSON_TYPES: [&str; 9] = ["video", "audio", "document", "image", "manual", "presentation", "discussion", "quiz", "exam"];
/// Types taken through an exam of the Exam Centre (`exam_id`).
pub const EXAM_TYPES: [&str; 2] = ["quiz", "exam"];
const ASSESSMENT_TYPES: [&str; 5] = ["assignment", "survey", "interview", "project", "exercise"];
pub const MAX_LESSON_FILE_BYTES: usize = 50 * 1024 * 1024;
/// The file and its multipart framing.
pub const UPLOAD_BODY_LIMIT: usize = MAX_LESSON_FILE_BYTES + 64 * 1024;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct SyllabusQuery {
    pub course_id: Option<i64>,
    pub section_id: Option<i64>,
}

/// A course's sections with their lessons, in order.
#[utoipa::path(get, path = "/course/schedule/view-syllabus-all", tag = "courses", params(SyllabusQuery),
    responses((status = 200, body = Data<Vec<Section>>), (status = 404)))]
pub async fn view_syllabus_all(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<SyllabusQuery>,
) -> AppResult<Json<Data<Vec<Section>>>> {
    require_author(&caller, &tenant)?;
    let course = course_of(&db, q.course_id.ok_or(AppError::field("course_id", "required"))?).await?;
    Ok(Json(Data::new(store::sections_with_lessons(&db, course.id).await?)))
}

/// One section's lessons, in order.
#[utoipa::path(get, path = "/course/schedule/view-syllabus-child", tag = "courses", params(SyllabusQuery),
    responses((status = 200, body = Data<Vec<Lesson>>), (status = 404)))]
pub async fn view_syllabus_child(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<SyllabusQuery>,
) -> AppResult<Json<Data<Vec<Lesson>>>> {
    require_author(&caller, &tenant)?;
    let section = section_of(&db, q.section_id.ok_or(AppError::field("section_id", "required"))?).await?;
    Ok(Json(Data::new(store::lessons_of_section(&db, section.id).await?)))
}

async fn section_of(db: &PgPool, id: i64) -> AppResult<Section> {
    store::section(db, id).await?.ok_or(AppError::NotFound)
}

async fn lesson_of(db: &PgPool, id: i64) -> AppResult<Lesson> {
    store::lesson(db, id).await?.ok_or(AppError::NotFound)
}

fn titles(v: &mut Validator, title: Option<&str>, title_bn: Option<&str>) -> (String, String) {
    let title = v.optional_text("title", title.unwrap_or_default(), 200).unwrap_or_default();
    let title_bn = v.optional_text("title_bn", title_bn.unwrap_or_default(), 200).unwrap_or_default();
    if title.is_empty() && title_bn.is_empty() {
        v.add("title", "title_required", None);
    }
    (title, title_bn)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SectionInput {
    pub course_id: i64,
    pub title: Option<String>,
    pub title_bn: Option<String>,
}

/// Add a section at the end of a course's syllabus.
#[utoipa::path(post, path = "/course/schedule/section", tag = "courses", request_body = SectionInput,
    responses((status = 201, body = Data<Section>), (status = 404), (status = 422)))]
pub async fn create_section(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<SectionInput>,
) -> AppResult<(StatusCode, Json<Data<Section>>)> {
    require_author(&caller, &tenant)?;
    let course = course_of(&db, input.course_id).await?;
    let mut v = Validator::default();
    let (title, title_bn) = titles(&mut v, input.title.as_deref(), input.title_bn.as_deref());
    v.finish()?;
    let section = store::insert_section(&db, course.id, &title, &title_bn).await?;
    Ok((StatusCode::CREATED, Json(Data::new(section))))
}

/// Rename a section.
#[utoipa::path(put, path = "/course/schedule/section/{id}", tag = "courses", request_body = SectionInput,
    params(("id" = i64, Path)), responses((status = 200, body = Data<Section>), (status = 404), (status = 422)))]
pub async fn update_section(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<SectionInput>,
) -> AppResult<Json<Data<Section>>> {
    require_author(&caller, &tenant)?;
    let section = section_of(&db, id).await?;
    let mut v = Validator::default();
    let (title, title_bn) = titles(
        &mut v,
        Some(input.title.as_deref().unwrap_or(&section.title)),
        Some(input.title_bn.as_deref().unwrap_or(&section.title_bn)),
    );
    v.finish()?;
    store::rename_section(&db, id, &title, &title_bn).await?;
    Ok(Json(Data::new(section_of(&db, id).await?)))
}

/// Delete a section and its lessons.
#[utoipa::path(delete, path = "/course/schedule/section/{id}", tag = "courses",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 404)))]
pub async fn delete_section(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    require_author(&caller, &tenant)?;
    section_of(&db, id).await?;
    store::delete_section(&db, id).await?;
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LessonInput {
    pub section_id: i64,
    pub title: Option<String>,
    pub title_bn: Option<String>,
    pub lesson_type: Option<String>,
    pub duration_minutes: Option<i32>,
    /// Rich text (HTML) of a manual or discussion lesson; sanitised.
    pub body: Option<String>,
    /// An external http(s) link (a YouTube video, a document).
    pub media_url: Option<String>,
    /// For a quiz or exam lesson: the Exam Centre exam learners take (the author's own, or any
    /// of the site's for its admins).
    pub exam_id: Option<i64>,
}

async fn lesson_fields(db: &PgPool, author: &BankUser, input: &LessonInput, current: Option<&Lesson>) -> AppResult<LessonFields> {
    let mut v = Validator::default();
    let (title, title_bn) = titles(
        &mut v,
        input.title.as_deref().or(current.map(|l| l.title.as_str())),
        input.title_bn.as_deref().or(current.map(|l| l.title_bn.as_str())),
    );
    let lesson_type = input.lesson_type.clone().or(current.map(|l| l.lesson_type.clone())).unwrap_or_default();
    if ASSESSMENT_TYPES.contains(&lesson_type.as_str()) {
        v.add("lesson_type", "lesson_type_not_available", None);
    } else if !LESSON_TYPES.contains(&lesson_type.as_str()) {
        v.add("lesson_type", "invalid_lesson_type", None);
    }
    let media_url = match &input.media_url {
        Some(url) => v.optional_text("media_url", url, 2000),
        None => current.and_then(|l| l.media_url.clone()),
    };
    if media_url.as_deref().is_some_and(|u| !is_http_url(u)) {
        v.add("media_url", "invalid_url", None);
    }
    let body = match &input.body {
        Some(body) => Some(ammonia::clean(body)).filter(|b| !b.trim().is_empty()),
        None => current.and_then(|l| l.body.clone()),
    };
    let duration_minutes = input.duration_minutes.or(current.and_then(|l| l.duration_minutes));
    if duration_minutes.is_some_and(|d| !(0..=10_000).contains(&d)) {
        v.add("duration_minutes", "invalid_limit", None);
    }
    let exam_id = if EXAM_TYPES.contains(&lesson_type.as_str()) {
        match input.exam_id.or(current.and_then(|l| l.exam_id)) {
            None => {
                v.add("exam_id", "exam_required", None);
                None
            }
            Some(id) if exams::find(db, id, author.owner).await?.is_none() => {
                v.add("exam_id", "exam_not_found", None);
                None
            }
            id => id,
        }
    } else {
        None
    };
    v.finish()?;
    Ok(LessonFields { title, title_bn, lesson_type, duration_minutes, body, media_url, exam_id, content_part_id: None })
}

/// An absolute http(s) link with a host.
pub fn is_http_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.and_then(|r| r.split(['/', '?', '#']).next()).is_some_and(|host| {
        host.contains('.') && !host.contains(char::is_whitespace) && host.chars().all(|c| c.is_ascii_alphanumeric() || ".-:".contains(c))
    })
}

/// Add a lesson at the end of a section.
#[utoipa::path(post, path = "/course/schedule/lesson", tag = "courses", request_body = LessonInput,
    responses((status = 201, body = Data<Lesson>), (status = 404), (status = 422)))]
pub async fn create_lesson(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<LessonInput>,
) -> AppResult<(StatusCode, Json<Data<Lesson>>)> {
    let author = bank_user(&caller, &tenant)?;
    let section = section_of(&db, input.section_id).await?;
    let fields = lesson_fields(&db, &author, &input, None).await?;
    let id = store::insert_lesson(&db, section.course_id, section.id, &fields).await?;
    Ok((StatusCode::CREATED, Json(Data::new(lesson_of(&db, id).await?))))
}

/// Change a lesson; absent fields keep their value.
#[utoipa::path(put, path = "/course/schedule/lesson/{id}", tag = "courses", request_body = LessonInput,
    params(("id" = i64, Path)), responses((status = 200, body = Data<Lesson>), (status = 404), (status = 422)))]
pub async fn update_lesson(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<LessonInput>,
) -> AppResult<Json<Data<Lesson>>> {
    let author = bank_user(&caller, &tenant)?;
    let lesson = lesson_of(&db, id).await?;
    let fields = lesson_fields(&db, &author, &input, Some(&lesson)).await?;
    store::update_lesson(&db, id, &fields).await?;
    Ok(Json(Data::new(lesson_of(&db, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct FromContentInput {
    pub section_id: i64,
    pub content_id: i64,
}

/// Add a content bank item to a section: one lesson per part, in the item's order. File parts
/// play the item's file (nothing is copied), text parts become manual lessons, quiz parts quiz
/// lessons of their exam.
#[utoipa::path(post, path = "/course/schedule/lesson/from-content", tag = "courses", request_body = FromContentInput,
    responses((status = 201, body = Data<Vec<Lesson>>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "invalid_choice, content_empty")))]
pub async fn lessons_from_content(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<FromContentInput>,
) -> AppResult<(StatusCode, Json<Data<Vec<Lesson>>>)> {
    let user = require_author(&caller, &tenant)?;
    let section = section_of(&db, input.section_id).await?;
    let unusable = || AppError::unprocessable("content_id", "invalid_choice");
    let item = contents::store::find(&db, input.content_id).await?.ok_or_else(unusable)?;
    contents::manage::access(&db, &item, user).await?.ok_or_else(unusable)?;
    let parts = contents::store::parts(&db, item.id).await?;
    if parts.is_empty() {
        return Err(AppError::unprocessable("content_id", "content_empty"));
    }
    let mut made = Vec::with_capacity(parts.len());
    for part in parts {
        let lesson_type = match (part.kind.as_str(), part.file_id) {
            ("file", Some(file)) => crate::files::store::file(&db, file).await?.map_or("document".into(), |f| f.file_type),
            ("quiz", _) => "quiz".into(),
            _ => "manual".into(),
        };
        let fields = LessonFields {
            title: part.title,
            title_bn: part.title_bn,
            lesson_type,
            duration_minutes: None,
            body: part.body,
            media_url: None,
            exam_id: part.exam_id,
            content_part_id: Some(part.id),
        };
        made.push(store::insert_lesson(&db, section.course_id, section.id, &fields).await?);
    }
    let mut lessons = Vec::with_capacity(made.len());
    for id in made {
        lessons.push(lesson_of(&db, id).await?);
    }
    Ok((StatusCode::CREATED, Json(Data::new(lessons))))
}

/// Delete a lesson.
#[utoipa::path(delete, path = "/course/schedule/lesson/{id}", tag = "courses",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Done>), (status = 404)))]
pub async fn delete_lesson(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    require_author(&caller, &tenant)?;
    lesson_of(&db, id).await?;
    store::delete_lesson(&db, id).await?;
    Ok(Json(Data::done()))
}

/// What an uploaded lesson file is, by its first bytes: (extension, mime). Labels are not trusted.
pub fn lesson_file_kind(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if let Some(image) = media::image_kind(bytes) {
        return Some(image);
    }
    let at = |offset: usize, magic: &[u8]| bytes.len() >= offset + magic.len() && &bytes[offset..offset + magic.len()] == magic;
    if at(0, b"%PDF-") {
        Some(("pdf", "application/pdf"))
    } else if at(4, b"ftyp") {
        Some(("mp4", "video/mp4"))
    } else if at(0, &[0x1A, 0x45, 0xDF, 0xA3]) {
        Some(("webm", "video/webm"))
    } else if at(0, b"ID3") || at(0, &[0xFF, 0xFB]) || at(0, &[0xFF, 0xF3]) {
        Some(("mp3", "audio/mpeg"))
    } else if at(0, b"OggS") {
        Some(("ogg", "audio/ogg"))
    } else if at(0, b"RIFF") && at(8, b"WAVE") {
        Some(("wav", "audio/wav"))
    } else if at(0, b"PK\x03\x04") {
        // docx, pptx, xlsx: Office Open XML packages.
        Some(("zip", "application/octet-stream"))
    } else {
        None
    }
}

/// Upload a lesson's file (video, audio, document, image) into the site's bucket. Multipart
/// field `file`, at most 50 MB, checked by its content.
#[utoipa::path(post, path = "/course/schedule/lesson/{id}/file", tag = "courses",
    params(("id" = i64, Path)), responses((status = 200, body = Data<Lesson>), (status = 404), (status = 422)))]
pub async fn upload_lesson_file(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    mut multipart: Multipart,
) -> AppResult<Json<Data<Lesson>>> {
    require_author(&caller, &tenant)?;
    let lesson = lesson_of(&db, id).await?;
    let mut stored = None;
    while let Some(field) = multipart.next_field().await.map_err(|e| media::multipart_error(e, "file"))? {
        if field.name() != Some("file") || stored.is_some() {
            continue;
        }
        let raw_name = field.file_name().unwrap_or("file");
        if raw_name.contains('\0') {
            return Err(AppError::field("file", "invalid_characters"));
        }
        let name: String = raw_name.chars().filter(|c| !c.is_control() && *c != '/').take(200).collect();
        let file = media::store_upload(&app, &tenant, &format!("lessons/{id}"), field, media::Limit::of(MAX_LESSON_FILE_BYTES), lesson_file_kind, "file").await?;
        stored = Some((name, file));
    }
    let (name, file) = stored.ok_or_else(|| AppError::field("file", "required"))?;
    store::set_lesson_file(&db, lesson.id, &file.key, &name, file.mime).await?;
    if let Some(old) = lesson.file_key.as_deref().filter(|_| lesson.own_file) {
        media::remove(&app, &tenant, old).await;
    }
    Ok(Json(Data::new(lesson_of(&db, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ManagerFileInput {
    /// A stored file of the caller's file manager (their own, or one shared with them).
    pub file_id: i64,
}

/// The file manager's types a lesson can show (its pictures, players and documents).
const LESSON_FILE_TYPES: [&str; 4] = ["image", "audio", "video", "document"];

/// Give a lesson a file from the file manager. The bytes are copied inside the site's bucket, so
/// the lesson keeps its file when the original is renamed, unshared or deleted.
#[utoipa::path(post, path = "/course/schedule/lesson/{id}/file-manager", tag = "courses",
    params(("id" = i64, Path)), request_body = ManagerFileInput,
    responses((status = 200, body = Data<Lesson>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "invalid_choice, not_a_stored_file, invalid_file")))]
pub async fn lesson_file_from_manager(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
    AppJson(input): AppJson<ManagerFileInput>,
) -> AppResult<Json<Data<Lesson>>> {
    let user = require_author(&caller, &tenant)?;
    let lesson = lesson_of(&db, id).await?;
    let file = crate::files::store::file_for(&db, input.file_id, user).await?.ok_or_else(|| AppError::unprocessable("file_id", "invalid_choice"))?;
    let source = file.object_key.ok_or_else(|| AppError::unprocessable("file_id", "not_a_stored_file"))?;
    if !LESSON_FILE_TYPES.contains(&file.file_type.as_str()) || file.size_bytes > MAX_LESSON_FILE_BYTES as i64 {
        return Err(AppError::unprocessable("file_id", "invalid_file"));
    }
    let ext = source.rsplit_once('.').map_or("bin", |(_, ext)| ext);
    let key = format!("lessons/{id}-{}.{ext}", uuid::Uuid::new_v4().simple());
    media::copy(&app, &tenant, &source, &key).await?;
    let mime = file.mime.as_deref().unwrap_or("application/octet-stream");
    store::set_lesson_file(&db, lesson.id, &key, &file.file_name, mime).await?;
    if let Some(old) = lesson.file_key.as_deref().filter(|_| lesson.own_file) {
        media::remove(&app, &tenant, old).await;
    }
    Ok(Json(Data::new(lesson_of(&db, id).await?)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReorderInput {
    pub course_id: i64,
    pub sections: Vec<SectionOrder>,
}

#[derive(Debug, Default, Deserialize, serde::Serialize, ToSchema)]
#[serde(default)]
pub struct SectionOrder {
    pub id: i64,
    pub lessons: Vec<i64>,
}

/// Write a whole new order of sections and lessons (lessons may change section). The ids must be
/// exactly the course's.
#[utoipa::path(put, path = "/course/schedule/reorder", tag = "courses", request_body = ReorderInput,
    responses((status = 200, body = Data<Vec<Section>>), (status = 404), (status = 422)))]
pub async fn reorder(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ReorderInput>,
) -> AppResult<Json<Data<Vec<Section>>>> {
    require_author(&caller, &tenant)?;
    let course = course_of(&db, input.course_id).await?;
    let current = store::sections_with_lessons(&db, course.id).await?;
    let same_sections = super::same_ids(current.iter().map(|s| s.id), input.sections.iter().map(|s| s.id));
    let same_lessons = super::same_ids(
        current.iter().flat_map(|s| s.lessons.iter().map(|l| l.id)),
        input.sections.iter().flat_map(|s| s.lessons.iter().copied()),
    );
    if !same_sections || !same_lessons {
        return Err(AppError::unprocessable("sections", "invalid_order"));
    }
    let order: Vec<(i64, Vec<i64>)> = input.sections.into_iter().map(|s| (s.id, s.lessons)).collect();
    store::reorder(&db, course.id, &order).await?;
    Ok(Json(Data::new(store::sections_with_lessons(&db, course.id).await?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_links_must_be_http_urls_with_a_host() {
        assert!(is_http_url("https://www.youtube.com/watch?v=dQw4w9WgXcQ"));
        assert!(is_http_url("http://example.com:8080/a.pdf"));
        assert!(!is_http_url("javascript:alert(1)"));
        assert!(!is_http_url("https://"));
        assert!(!is_http_url("ftp://example.com/x"));
        assert!(!is_http_url("https://exa mple.com"));
    }

    #[test]
    fn lesson_files_are_recognised_by_content() {
        assert_eq!(lesson_file_kind(b"%PDF-1.7 ...").unwrap().0, "pdf");
        assert_eq!(lesson_file_kind(b"\0\0\0\x18ftypmp42").unwrap().0, "mp4");
        assert!(lesson_file_kind(b"<html><script>").is_none());
    }
}
