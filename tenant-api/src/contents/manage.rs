//! What authors call: the content bank's tabs, one item, creating, changing and deleting items.

use super::store::{self, ContentFields, ContentRow, Filter, PartFields, Tab};
use super::{Access, CONTENT_TYPES, ContentDetail, ContentItem, detail, parse_duration, views};
use crate::courses::access::require_author;
use crate::exams::store as exams;
use crate::sharing::colleagues;
use crate::pools::TenantDb;
use crate::questions::bank_user;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use control_plane::auth::{HostTenant, RequireUser};
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest, contains_pattern};
use control_plane::reference::categories;
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

/// Parts of one item; far above any real one.
const MAX_PARTS: usize = 100;
const MAX_TEXT_CHARS: usize = 200_000;
/// The file manager's types a part can play or show.
const PART_FILE_TYPES: [&str; 4] = ["video", "audio", "document", "image"];

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ContentQuery {
    /// `my`, `other`, `purchase`, `shared` (list); the catalogue ignores it.
    #[serde(rename = "type")]
    pub tab: Option<String>,
    pub content_type: Option<String>,
    pub cat_id: Option<i64>,
    /// Part of a title, either language.
    pub title: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// `view`: that one item, with its parts.
    pub id: Option<i64>,
}

async fn page(app: &AppState, tenant: &Tenant, db: &PgPool, user: i64, tab: Tab, q: &ContentQuery) -> AppResult<Page<ContentItem>> {
    let content_type = q.content_type.as_deref().map(str::trim).filter(|t| !t.is_empty());
    if content_type.is_some_and(|t| !CONTENT_TYPES.contains(&t)) {
        return Err(AppError::unprocessable("content_type", "invalid_choice"));
    }
    let filter = Filter { content_type: content_type.map(str::to_owned), category_id: q.cat_id, pattern: contains_pattern(q.title.as_deref()) };
    let request = PageRequest::new(q.page, q.limit.map(|l| l.min(50)), 12);
    let total = store::list(db, tab, user, &filter, 1, 0).await?.first().map_or(0, |r| r.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let rows = store::list(db, tab, user, &filter, request.per_page, offset).await?;
    Ok(Page { data: views(app, tenant, db, user, rows).await?, current_page, last_page, per_page: request.per_page, total })
}

fn user_of(caller: &control_plane::auth::Caller) -> AppResult<i64> {
    caller.user_id().ok_or(AppError::Unauthenticated)
}

/// The caller's tabs of the content bank: their own items, others' published ones, those they
/// enrolled in and those shared with them.
#[utoipa::path(get, path = "/content-bank/content/list", tag = "content-bank", params(ContentQuery),
    responses((status = 200, body = Page<ContentItem>), (status = 401), (status = 422, description = "invalid_choice")))]
pub async fn list(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ContentQuery>,
) -> AppResult<Json<Page<ContentItem>>> {
    let user = user_of(&caller)?;
    let tab = match q.tab.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Tab::Mine,
        Some(t) => Tab::parse(t).ok_or_else(|| AppError::unprocessable("type", "invalid_choice"))?,
    };
    Ok(Json(page(&app, &tenant, &db, user, tab, &q).await?))
}

/// What the caller may see of an item: everything of their own, a shared or an enrolled one;
/// the outline of a published one; nothing of another's draft.
pub async fn access(db: &PgPool, row: &ContentRow, user: i64) -> AppResult<Option<Access>> {
    if row.owner_id == user || store::is_shared_with(db, row.id, user).await? {
        return Ok(Some(Access::Full));
    }
    let enrolled = !store::enrollments_of(db, user, &[row.id]).await?.is_empty();
    Ok(match (enrolled, row.published) {
        (true, _) => Some(Access::Full),
        (false, true) => Some(Access::Outline),
        (false, false) => None,
    })
}

/// What `view` answers: one item with its parts (`id` given), or a page of the catalogue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ContentView {
    One(Data<ContentDetail>),
    Catalogue(Page<ContentItem>),
}

/// One item with its parts (`id`), or the site's published items.
#[utoipa::path(get, path = "/content-bank/content/view", tag = "content-bank", params(ContentQuery),
    responses((status = 200, body = ContentView, description = "with `id` a `Data<ContentDetail>`; without it a `Page<ContentItem>`"),
        (status = 401), (status = 404)))]
pub async fn view(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ContentQuery>,
) -> AppResult<Json<ContentView>> {
    let user = user_of(&caller)?;
    let Some(id) = q.id else {
        return Ok(Json(ContentView::Catalogue(page(&app, &tenant, &db, user, Tab::Published, &q).await?)));
    };
    let row = store::find(&db, id).await?.ok_or(AppError::NotFound)?;
    let access = access(&db, &row, user).await?.ok_or(AppError::NotFound)?;
    Ok(Json(ContentView::One(Data::new(detail(&app, &tenant, &db, user, row, access, &[]).await?))))
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct ContentPartInput {
    /// A part kept from before (its learners' progress stays).
    pub id: Option<i64>,
    pub title: String,
    pub title_bn: String,
    /// `file`, `text` or `quiz`.
    pub kind: String,
    pub file_id: Option<i64>,
    /// HTML; cleaned like posts.
    pub body: Option<String>,
    pub exam_id: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ContentInput {
    /// `update` names the item here.
    pub id: Option<i64>,
    pub title: String,
    pub title_bn: String,
    pub description: String,
    pub description_bn: String,
    pub content_type: String,
    pub category_id: Option<i64>,
    /// `H:MM`.
    pub duration: String,
    /// `YYYY-MM-DD`.
    pub start_date: Option<String>,
    pub published: bool,
    pub cover_file_id: Option<i64>,
    pub parts: Vec<ContentPartInput>,
    /// E-mail addresses or mobile numbers of colleagues: the whole list.
    pub shared_with: Vec<String>,
}

/// Both titles checked; one of them is needed.
fn titles(v: &mut Validator, prefix: &str, title: &str, title_bn: &str) -> (String, String) {
    let title = v.optional_text(&format!("{prefix}title"), title, 200).unwrap_or_default();
    let title_bn = v.optional_text(&format!("{prefix}title_bn"), title_bn, 200).unwrap_or_default();
    if title.is_empty() && title_bn.is_empty() {
        v.add(&format!("{prefix}title"), "title_required", None);
    }
    (title, title_bn)
}

/// The input checked, every problem at once. `kept` are the ids of the item's parts now.
async fn fields(app: &AppState, db: &PgPool, tenant: &Tenant, caller: &control_plane::auth::Caller, input: &ContentInput, kept: &[i64])
    -> AppResult<(ContentFields, Vec<PartFields>)> {
    let author = bank_user(caller, tenant)?;
    let mut v = Validator::default();
    let (title, title_bn) = titles(&mut v, "", &input.title, &input.title_bn);
    let description = v.optional_text("description", &input.description, 5000).unwrap_or_default();
    let description_bn = v.optional_text("description_bn", &input.description_bn, 5000).unwrap_or_default();
    if !CONTENT_TYPES.contains(&input.content_type.as_str()) {
        v.add("content_type", "invalid_choice", None);
    }
    if let Some(id) = input.category_id
        && categories::find(&app.ctl.db, id).await?.is_none()
    {
        v.add("category_id", "invalid_category", None);
    }
    let duration_minutes = parse_duration(&input.duration).unwrap_or_else(|| {
        v.add("duration", "duration_not_hm", None);
        0
    });
    let start_date = match input.start_date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        None => None,
        Some(d) => NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| v.add("start_date", "invalid_date", None)).ok(),
    };
    if let Some(id) = input.cover_file_id
        && !crate::files::store::file_for(db, id, author.id).await?.is_some_and(|f| f.file_type == "image")
    {
        v.add("cover_file_id", "invalid_choice", None);
    }
    if input.parts.len() > MAX_PARTS {
        v.add("parts", "too_many", Some(MAX_PARTS));
    }
    let mut parts = Vec::with_capacity(input.parts.len());
    for (i, p) in input.parts.iter().take(MAX_PARTS).enumerate() {
        let at = format!("parts.{i}.");
        if p.id.is_some_and(|id| !kept.contains(&id)) {
            v.add(&format!("{at}id"), "invalid_choice", None);
        }
        let (title, title_bn) = titles(&mut v, &at, &p.title, &p.title_bn);
        let (mut file_id, mut body, mut exam_id) = (None, None, None);
        match p.kind.as_str() {
            "file" => match p.file_id {
                Some(id) if crate::files::store::file_for(db, id, author.id).await?.is_some_and(|f| PART_FILE_TYPES.contains(&f.file_type.as_str())) => {
                    file_id = Some(id);
                }
                _ => v.add(&format!("{at}file_id"), "invalid_choice", None),
            },
            "text" => {
                let clean = crate::publishing::sanitize(p.body.as_deref().unwrap_or_default());
                if crate::publishing::plain_text(&clean, 1).is_empty() && !clean.contains("<img") && !clean.contains("<iframe") {
                    v.add(&format!("{at}body"), "required", None);
                } else if clean.chars().count() > MAX_TEXT_CHARS {
                    v.add(&format!("{at}body"), "too_long", Some(MAX_TEXT_CHARS));
                }
                body = Some(clean);
            }
            "quiz" => match p.exam_id {
                Some(id) if exams::find(db, id, author.owner).await?.is_some() => exam_id = Some(id),
                _ => v.add(&format!("{at}exam_id"), "invalid_choice", None),
            },
            _ => v.add(&format!("{at}kind"), "invalid_choice", None),
        }
        parts.push(PartFields { id: p.id, title, title_bn, kind: p.kind.clone(), file_id, body, exam_id });
    }
    v.finish()?;
    let fields = ContentFields {
        title,
        title_bn,
        description,
        description_bn,
        content_type: input.content_type.clone(),
        category_id: input.category_id,
        duration_minutes,
        start_date,
        published: input.published,
        cover_file_id: input.cover_file_id,
    };
    Ok((fields, parts))
}

/// One of the caller's own items; another's is as absent as one that does not exist.
async fn own(db: &PgPool, id: i64, user: i64) -> AppResult<ContentRow> {
    store::find(db, id).await?.filter(|r| r.owner_id == user).ok_or(AppError::NotFound)
}

async fn saved(app: &AppState, tenant: &Tenant, db: &PgPool, user: i64, id: i64) -> AppResult<ContentDetail> {
    let row = store::find(db, id).await?.ok_or(AppError::NotFound)?;
    detail(app, tenant, db, user, row, Access::Full, &[]).await
}

/// Add an item to the caller's content bank.
#[utoipa::path(post, path = "/content-bank/content/create", tag = "content-bank", request_body = ContentInput,
    responses((status = 201, body = Data<ContentDetail>), (status = 401), (status = 403), (status = 422)))]
pub async fn create(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ContentInput>,
) -> AppResult<(StatusCode, Json<Data<ContentDetail>>)> {
    let user = require_author(&caller, &tenant)?;
    let (fields, parts) = fields(&app, &db, &tenant, &caller, &input, &[]).await?;
    let shares = colleagues(&app, &tenant, "shared_with", &input.shared_with, user).await?;
    let id = store::insert(&db, user, &fields, &parts, &shares).await?;
    Ok((StatusCode::CREATED, Json(Data::new(saved(&app, &tenant, &db, user, id).await?))))
}

/// Change one of the caller's items: its fields, parts (kept by id, added, removed) and shares.
#[utoipa::path(put, path = "/content-bank/content/update", tag = "content-bank", request_body = ContentInput,
    responses((status = 200, body = Data<ContentDetail>), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "content_in_use"), (status = 422)))]
pub async fn update(
    State(app): State<AppState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ContentInput>,
) -> AppResult<Json<Data<ContentDetail>>> {
    let user = require_author(&caller, &tenant)?;
    let row = own(&db, input.id.ok_or_else(|| AppError::unprocessable("id", "required"))?, user).await?;
    let kept: Vec<i64> = store::parts(&db, row.id).await?.into_iter().map(|p| p.id).collect();
    let (fields, parts) = fields(&app, &db, &tenant, &caller, &input, &kept).await?;
    let shares = colleagues(&app, &tenant, "shared_with", &input.shared_with, user).await?;
    // A part a lesson uses cannot be removed: the foreign key refuses the whole change.
    store::update(&db, row.id, &fields, &parts, &shares).await.map_err(|e| AppError::still_used(e, "content_in_use"))?;
    Ok(Json(Data::new(saved(&app, &tenant, &db, user, row.id).await?)))
}

/// Delete one of the caller's items, unless a course uses it or learners enrolled in it.
#[utoipa::path(delete, path = "/content-bank/content/delete/{id}", tag = "content-bank", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "content_in_use, content_has_learners")))]
pub async fn delete(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    let user = require_author(&caller, &tenant)?;
    let row = own(&db, id, user).await?;
    if store::in_lessons(&db, id).await? {
        return Err(AppError::Conflict("content_in_use"));
    }
    if row.learners_count > 0 {
        return Err(AppError::Conflict("content_has_learners"));
    }
    // A learner enrolling meanwhile makes the key refuse: the same answer.
    store::delete(&db, id).await.map_err(|e| AppError::still_used(e, "content_has_learners"))?;
    Ok(Json(Data::done()))
}
