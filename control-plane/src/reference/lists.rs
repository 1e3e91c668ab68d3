//! The platform's reference lists as one kind of thing (docs/api-reference.md): categories,
//! professions and the rows of `reference_items` (education levels, sub-levels, degrees,
//! professions' fields, disabilities, participant types, tags) all have a title in English and
//! Bangla, an order, and for some a parent. Everyone reads them; the main site's super admins
//! change them, one at a time or a whole file at once (`tenant-api/src/reference.rs`).

use crate::auth::{Caller, HostTenant, RequireUser};
use crate::error::{AppError, AppResult, on_unique};
use crate::json::{AppJson, AppPath, AppQuery};
use crate::pagination::{Page, PageRequest, contains_pattern};
use crate::response::Data;
use crate::state::ControlState;
use crate::tenancy::Tenant;
use crate::validate::Validator;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use utoipa::{IntoParams, ToSchema};

const MAX_TITLE: usize = 120;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum List {
    Categories,
    EducationLevels,
    EducationSublevels,
    Degrees,
    Professions,
    ProfessionFields,
    Disabilities,
    ParticipantTypes,
    Tags,
    Divisions,
    Districts,
    Upazilas,
}

/// What an item hangs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parent {
    None,
    Level,
    Profession,
    Division,
    District,
}

impl List {
    pub const ALL: [List; 12] = [
        List::Categories,
        List::EducationLevels,
        List::EducationSublevels,
        List::Degrees,
        List::Professions,
        List::ProfessionFields,
        List::Disabilities,
        List::ParticipantTypes,
        List::Tags,
        List::Divisions,
        List::Districts,
        List::Upazilas,
    ];

    pub fn key(self) -> &'static str {
        match self {
            List::Categories => "categories",
            List::EducationLevels => "education_levels",
            List::EducationSublevels => "education_sublevels",
            List::Degrees => "degrees",
            List::Professions => "professions",
            List::ProfessionFields => "profession_fields",
            List::Disabilities => "disabilities",
            List::ParticipantTypes => "participant_types",
            List::Tags => "tags",
            List::Divisions => "divisions",
            List::Districts => "districts",
            List::Upazilas => "upazilas",
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.key() == key)
    }

    fn parent(self) -> Parent {
        match self {
            List::EducationSublevels | List::Degrees => Parent::Level,
            List::ProfessionFields => Parent::Profession,
            List::Districts => Parent::Division,
            List::Upazilas => Parent::District,
            _ => Parent::None,
        }
    }

    /// Its rows as `(id, title, bn_title, sort, parent_id, image)`; only static text goes in.
    fn rows(self) -> String {
        match self {
            List::Categories => "SELECT id::bigint AS id, title, bn_title, sort, NULL::bigint AS parent_id, image FROM categories".into(),
            List::Professions => "SELECT id::bigint AS id, title, bn_title, sort, NULL::bigint AS parent_id, NULL::text AS image FROM professions".into(),
            List::Divisions => "SELECT id::bigint AS id, title, bn_title, sort, NULL::bigint AS parent_id, NULL::text AS image FROM divisions".into(),
            List::Districts => "SELECT id::bigint AS id, title, bn_title, sort, division_id::bigint AS parent_id, NULL::text AS image FROM districts".into(),
            List::Upazilas => "SELECT id::bigint AS id, title, bn_title, sort, district_id::bigint AS parent_id, NULL::text AS image FROM upazilas".into(),
            other => format!(
                "SELECT id, title, bn_title, sort, coalesce(parent_id, profession_id::bigint) AS parent_id, NULL::text AS image
                   FROM reference_items WHERE kind = '{}'",
                other.key()
            ),
        }
    }

    fn table(self) -> &'static str {
        match self {
            List::Categories => "categories",
            List::Professions => "professions",
            List::Divisions => "divisions",
            List::Districts => "districts",
            List::Upazilas => "upazilas",
            _ => "reference_items",
        }
    }

    /// The rows of this list in its table (every row of a table of its own).
    fn mine(self) -> String {
        match self.table() {
            "reference_items" => format!("kind = '{}'", self.key()),
            _ => "TRUE".into(),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[schema(as = ReferenceItem)]
pub struct Item {
    pub id: i64,
    pub title: String,
    pub bn_title: String,
    pub sort: i32,
    /// The level of a sub-level or degree, the profession of a field.
    pub parent_id: Option<i64>,
    /// A category's picture.
    pub image: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ListQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Matches the English or the Bangla title.
    pub search: Option<String>,
    /// `none`: every item in one page.
    pub pagination: Option<String>,
    /// Only the items under this parent.
    pub parent_id: Option<i64>,
}

/// A page of the list, in its order; `parent`: only what hangs under it.
pub async fn page(db: &PgPool, list: List, q: &ListQuery, parent: Option<i64>) -> sqlx::Result<Page<Item>> {
    let search = contains_pattern(q.search.as_deref());
    let filter = "($1::bigint IS NULL OR parent_id = $1) AND ($2::text IS NULL OR title ILIKE $2 OR bn_title ILIKE $2)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("WITH list AS ({}) SELECT count(*) FROM list WHERE {filter}", list.rows())))
        .bind(parent)
        .bind(&search)
        .fetch_one(db)
        .await?;
    let all = q.pagination.as_deref() == Some("none");
    let request = if all { PageRequest { page: 1, per_page: total.max(1) } } else { PageRequest::new(q.page, q.limit, 20) };
    let (current_page, last_page, offset) = request.clamp(total);
    let data = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH list AS ({}) SELECT * FROM list WHERE {filter} ORDER BY sort, lower(title), id LIMIT $3 OFFSET $4",
        list.rows()
    )))
    .bind(parent)
    .bind(&search)
    .bind(request.per_page)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok(Page { data, current_page, last_page, per_page: request.per_page, total })
}

/// Every item of the list, for export.
pub async fn all(db: &PgPool, list: List) -> sqlx::Result<Vec<Item>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("WITH list AS ({}) SELECT * FROM list ORDER BY sort, lower(title), id", list.rows())))
        .fetch_all(db)
        .await
}

/// One item of the list; 404 when the id names none of it.
pub async fn item(db: &PgPool, list: List, id: i64) -> AppResult<Item> {
    find(&mut *db.acquire().await?, list, id).await
}

async fn find(db: &mut PgConnection, list: List, id: i64) -> AppResult<Item> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("WITH list AS ({}) SELECT * FROM list WHERE id = $1", list.rows())))
        .bind(id)
        .fetch_optional(db)
        .await?
        .ok_or(AppError::NotFound)
}

#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(default)]
pub struct ItemForm {
    /// The item to change; a new item when absent.
    pub id: Option<i64>,
    pub title: String,
    pub bn_title: String,
    pub sort: Option<i32>,
    pub parent_id: Option<i64>,
}

/// Checks a form: its titles, and a parent the list needs and has. `field` prefixes the fields
/// named in errors (`row_3` for a file's row).
async fn check(db: &mut PgConnection, list: List, form: &ItemForm, v: &mut Validator, field: &str) -> AppResult<(String, String)> {
    let name = |f: &str| if field.is_empty() { f.to_owned() } else { field.to_owned() };
    let title = v.text(&name("title"), &form.title, MAX_TITLE);
    let bn_title = v.text(&name("bn_title"), &form.bn_title, MAX_TITLE);
    let parent_table = match list.parent() {
        Parent::None => None,
        Parent::Level => Some("reference_items WHERE kind = 'education_levels' AND id = $1"),
        Parent::Profession => Some("professions WHERE id::bigint = $1"),
        Parent::Division => Some("divisions WHERE id::bigint = $1"),
        Parent::District => Some("districts WHERE id::bigint = $1"),
    };
    match (parent_table, form.parent_id) {
        (None, _) => {}
        (Some(_), None) => v.add(&name("parent_id"), "required", None),
        (Some(table), Some(parent)) => {
            let known: bool = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT EXISTS (SELECT 1 FROM {table})")))
                .bind(parent)
                .fetch_one(&mut *db)
                .await?;
            if !known {
                v.add(&name("parent_id"), "unknown_parent", None);
            }
        }
    }
    Ok((title, bn_title))
}

/// Saves one checked item: a new one, or the one `form.id` names. `field` as for [`check`].
async fn write(db: &mut PgConnection, list: List, form: &ItemForm, title: &str, bn_title: &str, field: &str) -> AppResult<i64> {
    let parent_column = match list.parent() {
        Parent::Level => ", parent_id",
        Parent::Profession => ", profession_id",
        Parent::Division => ", division_id",
        Parent::District => ", district_id",
        Parent::None => "",
    };
    let sort = form.sort.unwrap_or_default();
    let set_parent = match list.parent() {
        Parent::Level => ", parent_id = $5",
        Parent::Profession => ", profession_id = $5",
        Parent::Division => ", division_id = $5",
        Parent::District => ", district_id = $5",
        Parent::None => "",
    };
    let statement = match form.id {
        Some(_) => format!(
            "UPDATE {table} SET title = $2, bn_title = $3, sort = $4{set_parent} WHERE id::bigint = $1 AND {mine} RETURNING id::bigint",
            table = list.table(),
            mine = list.mine(),
        ),
        None => format!(
            "INSERT INTO {table} (title, bn_title, sort{parent_column}{kind_column}) VALUES ($2, $3, $4{parent_value}{kind_value})
             RETURNING id::bigint",
            table = list.table(),
            kind_column = if list.table() == "reference_items" { ", kind" } else { "" },
            parent_value = if parent_column.is_empty() { "" } else { ", $5" },
            kind_value = if list.table() == "reference_items" { format!(", '{}'", list.key()) } else { String::new() },
        ),
    };
    let unique = [
        ("reference_items_title", field_or(field, "title"), "duplicate_name"),
        ("professions_title_key", field_or(field, "title"), "duplicate_name"),
        ("categories_title", field_or(field, "title"), "duplicate_name"),
        ("divisions_title_key", field_or(field, "title"), "duplicate_name"),
        ("districts_title_key", field_or(field, "title"), "duplicate_name"),
        ("upazilas_district_id_title_key", field_or(field, "title"), "duplicate_upazila"),
    ];
    let map: Vec<(&str, &str, &'static str)> = unique.iter().map(|(c, f, code)| (*c, f.as_str(), *code)).collect();
    let id: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(statement))
        .bind(form.id.unwrap_or_default())
        .bind(title)
        .bind(bn_title)
        .bind(sort)
        .bind(form.parent_id)
        .fetch_optional(&mut *db)
        .await
        .map_err(|e| match &e {
            // The parent was checked; what a key still refuses on a change is a row naming the
            // item under its old parent (a profile's upazila and district).
            sqlx::Error::Database(d) if d.code().as_deref() == Some("23503") && form.id.is_some() => AppError::field(&field_or(field, "parent_id"), "in_use"),
            sqlx::Error::Database(d) if d.code().as_deref() == Some("23503") => AppError::field(&field_or(field, "parent_id"), "unknown_parent"),
            _ => on_unique(e, &map),
        })?;
    id.ok_or(AppError::NotFound)
}

fn field_or(prefix: &str, field: &str) -> String {
    if prefix.is_empty() { field.to_owned() } else { prefix.to_owned() }
}

/// Creates or changes one item.
pub async fn save(db: &PgPool, list: List, form: &ItemForm) -> AppResult<Item> {
    let mut tx = db.begin().await?;
    let mut v = Validator::default();
    let (title, bn_title) = check(&mut tx, list, form, &mut v, "").await?;
    v.finish()?;
    let id = write(&mut tx, list, form, &title, &bn_title, "").await?;
    let item = find(&mut tx, list, id).await?;
    tx.commit().await?;
    Ok(item)
}

/// What an import did.
#[derive(Debug, Default, Serialize, ToSchema)]
#[schema(as = ReferenceImport)]
pub struct Imported {
    pub created: usize,
    pub updated: usize,
}

/// Saves a whole file's rows, or none: a row with an id of this list changes it, one without
/// changes the item of that title under the same parent, or is new. `rows` are numbered as the
/// spreadsheet shows them; errors name `row_<n>`.
pub async fn import(db: &PgPool, list: List, rows: &[(usize, ItemForm)]) -> AppResult<Imported> {
    let mut tx = db.begin().await?;
    let mut v = Validator::default();
    let mut checked = Vec::with_capacity(rows.len());
    for (n, row) in rows {
        checked.push(check(&mut tx, list, row, &mut v, &format!("row_{n}")).await?);
    }
    v.finish()?;
    let mut done = Imported::default();
    for ((n, row), (title, bn_title)) in rows.iter().zip(&checked) {
        let mut row = row.clone();
        if row.id.is_none() {
            row.id = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "WITH list AS ({}) SELECT id FROM list WHERE lower(title) = lower($1) AND parent_id IS NOT DISTINCT FROM $2",
                list.rows()
            )))
            .bind(title)
            .bind(row.parent_id)
            .fetch_optional(&mut *tx)
            .await?;
        }
        let field = format!("row_{n}");
        let known = match row.id {
            Some(id) => find(&mut tx, list, id).await.is_ok(),
            None => false,
        };
        if row.id.is_some() && !known {
            return Err(AppError::field(&field, "not_found"));
        }
        write(&mut tx, list, &row, title, bn_title, &field).await?;
        if known { done.updated += 1 } else { done.created += 1 }
    }
    tx.commit().await?;
    Ok(done)
}

/// Deletes one item nothing uses.
pub async fn delete(db: &PgPool, list: List, id: i64) -> AppResult<()> {
    if list == List::Categories {
        let used: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM catalogue_courses WHERE category_id = $1)").bind(id).fetch_one(db).await?;
        if used {
            return Err(AppError::Conflict("in_use"));
        }
    }
    let deleted = sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {} WHERE id::bigint = $1 AND {}", list.table(), list.mine())))
        .bind(id)
        .execute(db)
        .await
        .map_err(|e| AppError::still_used(e, "in_use"))?;
    if deleted.rows_affected() == 0 { Err(AppError::NotFound) } else { Ok(()) }
}

/// Only the main site's super admins change the platform's lists (their map's `settings` is
/// checked by the edge).
pub fn require_keeper(caller: &Caller, tenant: &Tenant) -> AppResult<()> {
    if tenant.is_main && caller.is_super() { Ok(()) } else { Err(AppError::Forbidden) }
}

// ---- the calls ----

fn list_of(kind: &str) -> AppResult<List> {
    List::parse(kind).ok_or(AppError::NotFound)
}

macro_rules! reader {
    ($name:ident, $path:literal, $list:expr, $doc:literal) => {
        #[doc = $doc]
        #[utoipa::path(get, path = $path, tag = "settings", params(ListQuery), responses((status = 200, body = Page<Item>), (status = 422)))]
        pub async fn $name(State(ctl): State<ControlState>, AppQuery(q): AppQuery<ListQuery>) -> AppResult<Json<Page<Item>>> {
            Ok(Json(page(&ctl.db, $list, &q, q.parent_id).await?))
        }
    };
}

reader!(list_categories, "/admin-settings/categories", List::Categories, "Course categories, in display order.");
reader!(list_levels, "/admin-settings/education/levels", List::EducationLevels, "Levels of education.");
reader!(list_sublevels, "/admin-settings/education/sublevel", List::EducationSublevels, "Sub-levels (groups) of the levels; `parent_id`: one level's.");
reader!(list_professions, "/admin-settings/employment/professions", List::Professions, "Professions, in display order.");
reader!(list_disabilities, "/admin-settings/disabilities/view", List::Disabilities, "Types of disability (the 2013 Act's twelve).");
reader!(list_participant_types, "/admin-settings/participant_types", List::ParticipantTypes, "Who takes part in trainings and events.");

/// The degrees of a level (`0`: every degree).
#[utoipa::path(get, path = "/admin-settings/education/degreeBylevel/{id}", tag = "settings", params(("id" = i64, Path), ListQuery),
    responses((status = 200, body = Page<Item>), (status = 422)))]
pub async fn degrees_by_level(State(ctl): State<ControlState>, AppPath(level): AppPath<i64>, AppQuery(q): AppQuery<ListQuery>) -> AppResult<Json<Page<Item>>> {
    Ok(Json(page(&ctl.db, List::Degrees, &q, (level != 0).then_some(level)).await?))
}

/// The fields of a profession (`0`: every field).
#[utoipa::path(get, path = "/admin-settings/employment/fieldByprofession/{id}", tag = "settings", params(("id" = i64, Path), ListQuery),
    responses((status = 200, body = Page<Item>), (status = 422)))]
pub async fn fields_by_profession(State(ctl): State<ControlState>, AppPath(profession): AppPath<i64>, AppQuery(q): AppQuery<ListQuery>) -> AppResult<Json<Page<Item>>> {
    Ok(Json(page(&ctl.db, List::ProfessionFields, &q, (profession != 0).then_some(profession)).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TagSearch {
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// Tags whose title holds the words.
#[utoipa::path(post, path = "/admin-settings/tags/search", tag = "settings", request_body = TagSearch,
    responses((status = 200, body = Page<Item>), (status = 422)))]
pub async fn search_tags(State(ctl): State<ControlState>, AppJson(body): AppJson<TagSearch>) -> AppResult<Json<Page<Item>>> {
    let q = ListQuery { page: body.page, limit: body.limit, search: body.search, ..ListQuery::default() };
    Ok(Json(page(&ctl.db, List::Tags, &q, None).await?))
}

async fn create(ctl: &ControlState, caller: &Caller, tenant: &Tenant, list: List, mut form: ItemForm) -> AppResult<(StatusCode, Json<Data<Item>>)> {
    require_keeper(caller, tenant)?;
    form.id = None;
    Ok((StatusCode::CREATED, Json(Data::new(save(&ctl.db, list, &form).await?))))
}

async fn update(ctl: &ControlState, caller: &Caller, tenant: &Tenant, list: List, form: ItemForm) -> AppResult<Json<Data<Item>>> {
    require_keeper(caller, tenant)?;
    if form.id.is_none() {
        return Err(AppError::field("id", "required"));
    }
    Ok(Json(Data::new(save(&ctl.db, list, &form).await?)))
}

async fn remove(ctl: &ControlState, caller: &Caller, tenant: &Tenant, list: List, id: i64) -> AppResult<StatusCode> {
    require_keeper(caller, tenant)?;
    delete(&ctl.db, list, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The spec's write calls of a list: create, update and delete by id.
macro_rules! writers {
    ($list:expr, $create:ident = $create_path:literal, $update:ident = $update_path:literal, $delete:ident = $delete_path:literal) => {
        /// Creates an item (the main site's super admins).
        #[utoipa::path(post, path = $create_path, tag = "settings", request_body = ItemForm,
            responses((status = 201, body = Data<Item>), (status = 401), (status = 403), (status = 422)))]
        pub async fn $create(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, AppJson(form): AppJson<ItemForm>) -> AppResult<(StatusCode, Json<Data<Item>>)> {
            create(&ctl, &caller, &tenant, $list, form).await
        }

        /// Changes an item (the main site's super admins).
        #[utoipa::path(put, path = $update_path, tag = "settings", request_body = ItemForm,
            responses((status = 200, body = Data<Item>), (status = 401), (status = 403), (status = 404), (status = 422)))]
        pub async fn $update(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, AppJson(form): AppJson<ItemForm>) -> AppResult<Json<Data<Item>>> {
            update(&ctl, &caller, &tenant, $list, form).await
        }

        /// Deletes an item nothing uses (the main site's super admins).
        #[utoipa::path(delete, path = $delete_path, tag = "settings", params(("id" = i64, Path)),
            responses((status = 204), (status = 401), (status = 403), (status = 404), (status = 409)))]
        pub async fn $delete(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, AppPath(id): AppPath<i64>) -> AppResult<StatusCode> {
            remove(&ctl, &caller, &tenant, $list, id).await
        }
    };
}

writers!(List::Categories, create_category = "/admin-settings/categories/create", update_category = "/admin-settings/categories/update", delete_category = "/admin-settings/categories/{id}");
writers!(List::EducationLevels, create_level = "/admin-settings/education/levels/create", update_level = "/admin-settings/education/levels/update", delete_level = "/admin-settings/education/levels/{id}");
writers!(List::EducationSublevels, create_sublevel = "/admin-settings/education/sublevel/create", update_sublevel = "/admin-settings/education/sublevel/update", delete_sublevel = "/admin-settings/education/sublevel/{id}");
writers!(List::Degrees, create_degree = "/admin-settings/education/degree/create", update_degree = "/admin-settings/education/degree/update", delete_degree = "/admin-settings/education/degree/{id}");
writers!(List::Professions, create_profession = "/admin-settings/employment/profession/create", update_profession = "/admin-settings/employment/profession/update", delete_profession = "/admin-settings/employment/profession/{id}");

/// A page of any list (`parent_id`: what hangs under one parent).
#[utoipa::path(get, path = "/admin-settings/reference/{kind}", tag = "settings", params(("kind" = String, Path), ListQuery),
    responses((status = 200, body = Page<Item>), (status = 404), (status = 422)))]
pub async fn list_items(State(ctl): State<ControlState>, AppPath(kind): AppPath<String>, AppQuery(q): AppQuery<ListQuery>) -> AppResult<Json<Page<Item>>> {
    Ok(Json(page(&ctl.db, list_of(&kind)?, &q, q.parent_id).await?))
}

/// Creates an item of any list.
#[utoipa::path(post, path = "/admin-settings/reference/{kind}/create", tag = "settings", params(("kind" = String, Path)), request_body = ItemForm,
    responses((status = 201, body = Data<Item>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create_item(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, AppPath(kind): AppPath<String>, AppJson(form): AppJson<ItemForm>) -> AppResult<(StatusCode, Json<Data<Item>>)> {
    create(&ctl, &caller, &tenant, list_of(&kind)?, form).await
}

/// Changes an item of any list.
#[utoipa::path(put, path = "/admin-settings/reference/{kind}/update", tag = "settings", params(("kind" = String, Path)), request_body = ItemForm,
    responses((status = 200, body = Data<Item>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_item(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, AppPath(kind): AppPath<String>, AppJson(form): AppJson<ItemForm>) -> AppResult<Json<Data<Item>>> {
    update(&ctl, &caller, &tenant, list_of(&kind)?, form).await
}

/// Deletes an item of any list that nothing uses.
#[utoipa::path(delete, path = "/admin-settings/reference/{kind}/{id}", tag = "settings", params(("kind" = String, Path), ("id" = i64, Path)),
    responses((status = 204), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn delete_item(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, RequireUser(caller): RequireUser, AppPath((kind, id)): AppPath<(String, i64)>) -> AppResult<StatusCode> {
    remove(&ctl, &caller, &tenant, list_of(&kind)?, id).await
}
