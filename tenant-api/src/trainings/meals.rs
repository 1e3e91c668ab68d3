//! Meals of a training batch (the "facility" calls): the site's food items, a plan per meal type
//! (time, place, items per person, extra meals for trainers and staff), and the meal sheet: for
//! each day, how many meals to order, from the trainees marked present that day, or every
//! trainee while that day's attendance is not taken.

use super::meals_store::{self as store, DayAttendance, FoodItem, ItemFields, PlanFields, PlanItem, PlanRow};
use super::managed_batch;
use crate::courses::batches_store::Batch;
use crate::pools::TenantDb;
use crate::sheets;
use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{NaiveDate, NaiveTime};
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::error::on_unique;
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

const MEAL_TYPES: [&str; 5] = ["breakfast", "morning_snack", "lunch", "afternoon_snack", "dinner"];
const MAX_ITEMS_PER_PLAN: usize = 100;
/// No batch runs longer than a year; the sheet stops there.
const MAX_DAYS: i64 = 366;
/// More than any plate holds of any unit, and within numeric(10, 3).
const MAX_QUANTITY: f64 = 1_000_000.0;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ItemInput {
    /// On edit: the item.
    pub id: Option<i64>,
    pub name: Option<String>,
    pub name_bn: Option<String>,
    pub unit: Option<String>,
}

fn item_fields(input: &ItemInput, current: Option<&FoodItem>) -> AppResult<ItemFields> {
    let mut v = Validator::default();
    let name = v.text("name", input.name.as_deref().or(current.map(|c| c.name.as_str())).unwrap_or_default(), 100);
    let mut optional = |field: &str, value: &Option<String>, current: Option<&String>| match value {
        Some(value) => v.optional_text(field, value, 100).unwrap_or_default(),
        None => current.cloned().unwrap_or_default(),
    };
    let name_bn = optional("name_bn", &input.name_bn, current.map(|c| &c.name_bn));
    let unit = optional("unit", &input.unit, current.map(|c| &c.unit));
    v.finish()?;
    Ok(ItemFields { name, name_bn, unit })
}

const ITEM_UNIQUE: [(&str, &str, &str); 1] = [("training_food_items_name", "name", "item_exists")];

/// Add a food item to the site's catalogue.
#[utoipa::path(post, path = "/course/training-facility/items/create", tag = "trainings", request_body = ItemInput,
    responses((status = 201, body = Data<FoodItem>), (status = 401), (status = 403), (status = 422, description = "validation_failed; item_exists on name")))]
pub async fn create_item(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ItemInput>,
) -> AppResult<(StatusCode, Json<Data<FoodItem>>)> {
    crate::courses::access::require_author(&caller, &tenant)?;
    let id = store::insert_item(&db, &item_fields(&input, None)?).await.map_err(|e| on_unique(e, &ITEM_UNIQUE))?;
    Ok((StatusCode::CREATED, Json(Data::new(store::item(&db, id).await?.ok_or(AppError::NotFound)?))))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct ItemQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Only the items this batch's meal plans use.
    pub batch_id: Option<i64>,
}

/// The site's food items by name.
#[utoipa::path(post, path = "/course/training-facility/items/index", tag = "trainings", params(ItemQuery),
    responses((status = 200, body = Page<FoodItem>), (status = 401), (status = 403), (status = 404)))]
pub async fn item_index(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<ItemQuery>,
) -> AppResult<Json<Page<FoodItem>>> {
    crate::courses::access::require_author(&caller, &tenant)?;
    if let Some(b) = q.batch_id {
        managed_batch(&db, &caller, &tenant, b).await?;
    }
    let request = PageRequest::new(q.page, q.limit, 50);
    let total = store::items(&db, q.batch_id, 1, 0).await?.first().map_or(0, |i| i.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = store::items(&db, q.batch_id, request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// Rename an item or change its unit.
#[utoipa::path(put, path = "/course/training-facility/items/edit", tag = "trainings", request_body = ItemInput,
    responses((status = 200, body = Data<FoodItem>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn edit_item(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<ItemInput>,
) -> AppResult<Json<Data<FoodItem>>> {
    crate::courses::access::require_author(&caller, &tenant)?;
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    let current = store::item(&db, id).await?.ok_or(AppError::Missing("item_not_found"))?;
    store::update_item(&db, id, &item_fields(&input, Some(&current))?).await.map_err(|e| on_unique(e, &ITEM_UNIQUE))?;
    Ok(Json(Data::new(store::item(&db, id).await?.ok_or(AppError::NotFound)?)))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct IdQuery {
    pub id: Option<i64>,
}

/// Delete an item no meal plan uses (409 `item_in_use` otherwise).
#[utoipa::path(post, path = "/course/training-facility/items/delete", tag = "trainings", params(IdQuery),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn delete_item(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<IdQuery>,
) -> AppResult<Json<Data<Done>>> {
    crate::courses::access::require_author(&caller, &tenant)?;
    let id = q.id.ok_or_else(|| AppError::field("id", "required"))?;
    match store::delete_item(&db, id).await {
        Ok(true) => Ok(Json(Data::done())),
        Ok(false) => Err(AppError::Missing("item_not_found")),
        Err(e) => Err(AppError::still_used(e, "item_in_use")),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MealPlan {
    pub id: i64,
    pub batch_id: i64,
    pub meal_type: String,
    /// "HH:MM".
    pub training_time: String,
    pub location: String,
    pub extra_count: i32,
    pub items: Vec<PlanItem>,
}

async fn plan_views(db: &PgPool, rows: Vec<PlanRow>) -> AppResult<Vec<MealPlan>> {
    let ids: Vec<i64> = rows.iter().map(|p| p.id).collect();
    let mut items: HashMap<i64, Vec<PlanItem>> = HashMap::new();
    for item in store::plan_items(db, &ids).await? {
        items.entry(item.plan_id).or_default().push(item);
    }
    Ok(rows
        .into_iter()
        .map(|p| MealPlan {
            items: items.remove(&p.id).unwrap_or_default(),
            id: p.id,
            batch_id: p.batch_id,
            meal_type: p.meal_type,
            training_time: p.training_time.format("%H:%M").to_string(),
            location: p.location,
            extra_count: p.extra_count,
        })
        .collect())
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct PlanQuery {
    pub meal_type: Option<String>,
    pub batch_id: Option<i64>,
}

/// A batch's plan for one meal type, with its items (null when there is none).
#[utoipa::path(post, path = "/course/training-facility/items/view", tag = "trainings", params(PlanQuery), request_body = PlanQuery,
    responses((status = 200, body = Data<Option<MealPlan>>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn view_plan(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<PlanQuery>,
    AppJson(body): AppJson<PlanQuery>,
) -> AppResult<Json<Data<Option<MealPlan>>>> {
    let batch_id = q.batch_id.or(body.batch_id).ok_or_else(|| AppError::field("batch_id", "required"))?;
    let meal_type = q.meal_type.or(body.meal_type).unwrap_or_default();
    if !MEAL_TYPES.contains(&meal_type.as_str()) {
        return Err(AppError::field("meal_type", "invalid_choice"));
    }
    managed_batch(&db, &caller, &tenant, batch_id).await?;
    let row = store::plan_of_type(&db, batch_id, &meal_type).await?;
    Ok(Json(Data::new(plan_views(&db, row.into_iter().collect()).await?.pop())))
}

// Serialize: the schema shows the default of the list holding it.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct PlanItemInput {
    pub item_id: Option<i64>,
    pub quantity_per_person: Option<f64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PlanInput {
    /// On update: the plan.
    pub id: Option<i64>,
    pub batch_id: Option<i64>,
    pub meal_type: Option<String>,
    /// "HH:MM".
    pub training_time: Option<String>,
    pub location: Option<String>,
    /// Meals beyond the trainees (trainers, staff, guests).
    pub extra_count: Option<i64>,
    pub items: Vec<PlanItemInput>,
}

async fn plan_fields(db: &PgPool, input: &PlanInput) -> AppResult<PlanFields> {
    let mut v = Validator::default();
    let meal_type = input.meal_type.as_deref().map(str::trim).unwrap_or_default().to_owned();
    if meal_type.is_empty() {
        v.add("meal_type", "required", None);
    } else if !MEAL_TYPES.contains(&meal_type.as_str()) {
        v.add("meal_type", "invalid_choice", None);
    }
    let time = v.text("training_time", input.training_time.as_deref().unwrap_or_default(), 8);
    let training_time = NaiveTime::parse_from_str(&time, "%H:%M").or_else(|_| NaiveTime::parse_from_str(&time, "%H:%M:%S")).ok();
    if training_time.is_none() && !time.is_empty() {
        v.add("training_time", "invalid_time", None);
    }
    let location = v.optional_text("location", input.location.as_deref().unwrap_or_default(), 300).unwrap_or_default();
    let extra_count = input.extra_count.unwrap_or(0);
    if extra_count < 0 {
        v.add("extra_count", "negative", None);
    } else if extra_count > 100_000 {
        v.add("extra_count", "out_of_range", None);
    }
    if input.items.len() > MAX_ITEMS_PER_PLAN {
        v.add("items", "too_many", Some(MAX_ITEMS_PER_PLAN));
    }
    let (mut item_ids, mut quantities) = (Vec::new(), Vec::new());
    for (n, item) in input.items.iter().enumerate().take(MAX_ITEMS_PER_PLAN) {
        match item.item_id {
            None => v.add(&format!("items.{n}.item_id"), "required", None),
            Some(id) if item_ids.contains(&id) => v.add(&format!("items.{n}.item_id"), "duplicate", None),
            Some(id) => item_ids.push(id),
        }
        match item.quantity_per_person {
            None => v.add(&format!("items.{n}.quantity_per_person"), "required", None),
            Some(q) if q < 0.0 => v.add(&format!("items.{n}.quantity_per_person"), "negative", None),
            Some(q) if !q.is_finite() || q > MAX_QUANTITY => v.add(&format!("items.{n}.quantity_per_person"), "out_of_range", None),
            Some(q) => quantities.push((q * 1000.0).round() / 1000.0),
        }
    }
    if !v.has("items") && item_ids.len() == quantities.len() && store::count_items(db, &item_ids).await? != item_ids.len() as i64 {
        v.add("items", "item_not_found", None);
    }
    v.finish()?;
    Ok(PlanFields { meal_type, training_time: training_time.unwrap_or_default(), location, extra_count: extra_count as i32, item_ids, quantities })
}

/// Create or change a batch's plan for a meal type (one per type: 422 `meal_plan_exists`).
#[utoipa::path(post, path = "/course/training-facility/createOrUpdate", tag = "trainings", request_body = PlanInput,
    responses((status = 200, body = Data<MealPlan>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "validation_failed: negative, invalid_choice, invalid_time, item_not_found, meal_plan_exists")))]
pub async fn save_plan(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<PlanInput>,
) -> AppResult<Json<Data<MealPlan>>> {
    let batch_id = match input.id {
        Some(id) => store::plan(&db, id).await?.ok_or(AppError::Missing("plan_not_found"))?.batch_id,
        None => input.batch_id.ok_or_else(|| AppError::field("batch_id", "required"))?,
    };
    managed_batch(&db, &caller, &tenant, batch_id).await?;
    let fields = plan_fields(&db, &input).await?;
    let id = store::save_plan(&db, input.id, batch_id, &fields)
        .await
        .map_err(|e| on_unique(e, &[("training_meal_plans_once", "meal_type", "meal_plan_exists")]))?;
    let row = store::plan(&db, id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Data::new(plan_views(&db, vec![row]).await?.remove(0))))
}

/// Remove a meal plan.
#[utoipa::path(delete, path = "/course/training-facility/{id}", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_plan(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Done>>> {
    let plan = store::plan(&db, id).await?.ok_or(AppError::Missing("plan_not_found"))?;
    managed_batch(&db, &caller, &tenant, plan.batch_id).await?;
    store::delete_plan(&db, id).await?;
    Ok(Json(Data::done()))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MealQuantity {
    pub item_id: i64,
    pub name: String,
    pub name_bn: String,
    pub unit: String,
    pub quantity: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MealOrder {
    pub plan_id: i64,
    pub meal_type: String,
    pub training_time: String,
    pub location: String,
    /// Trainees of the day plus the plan's extra meals.
    pub count: i64,
    pub items: Vec<MealQuantity>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MealDay {
    pub date: NaiveDate,
    pub trainees: i64,
    /// `attendance`: those marked present that day; `enrolled`: attendance not taken, so every trainee.
    pub source: &'static str,
    pub meals: Vec<MealOrder>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MealSheet {
    pub plans: Vec<MealPlan>,
    pub days: Vec<MealDay>,
}

/// The days of a batch: its dates, widened to any day with a session.
fn days_of(batch: &Batch, attendance: &[DayAttendance]) -> Vec<NaiveDate> {
    let first = attendance.first().map_or(batch.start_date, |d| d.day.min(batch.start_date));
    let last = batch.end_date.unwrap_or(batch.start_date).max(attendance.last().map_or(batch.start_date, |d| d.day));
    first.iter_days().take_while(|d| *d <= last).take(MAX_DAYS as usize).collect()
}

/// The meal sheet of a batch: for each day and meal, how many and how much of each item.
pub fn sheet(batch: &Batch, plans: Vec<MealPlan>, attendance: &[DayAttendance]) -> MealSheet {
    let by_day: HashMap<NaiveDate, &DayAttendance> = attendance.iter().map(|d| (d.day, d)).collect();
    let days = days_of(batch, attendance)
        .into_iter()
        .map(|date| {
            let (trainees, source) = match by_day.get(&date) {
                Some(d) if d.taken => (d.present, "attendance"),
                _ => (batch.enrolled_count, "enrolled"),
            };
            let meals = plans
                .iter()
                .map(|p| {
                    let count = trainees + i64::from(p.extra_count);
                    let items = p
                        .items
                        .iter()
                        .map(|i| MealQuantity {
                            item_id: i.item_id,
                            name: i.name.clone(),
                            name_bn: i.name_bn.clone(),
                            unit: i.unit.clone(),
                            quantity: (count as f64 * i.quantity_per_person * 1000.0).round() / 1000.0,
                        })
                        .collect();
                    MealOrder { plan_id: p.id, meal_type: p.meal_type.clone(), training_time: p.training_time.clone(), location: p.location.clone(), count, items }
                })
                .collect();
            MealDay { date, trainees, source, meals }
        })
        .collect();
    MealSheet { plans, days }
}

async fn sheet_of(db: &PgPool, caller: &Caller, tenant: &Tenant, batch_id: i64) -> AppResult<(Batch, MealSheet)> {
    let (batch, ..) = managed_batch(db, caller, tenant, batch_id).await?;
    let plans = plan_views(db, store::plans(db, batch.id).await?).await?;
    let attendance = store::attendance_by_day(db, batch.id).await?;
    let sheet = sheet(&batch, plans, &attendance);
    Ok((batch, sheet))
}

/// A batch's meal plans and the meals to order each day.
#[utoipa::path(post, path = "/course/training-facility/getFacilityByBatchId/{id}", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<MealSheet>), (status = 401), (status = 403), (status = 404)))]
pub async fn facility_of_batch(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<MealSheet>>> {
    Ok(Json(Data::new(sheet_of(&db, &caller, &tenant, id).await?.1)))
}

/// A quantity as a sheet shows it: "10.5", "42".
fn quantity_text(q: f64) -> String {
    format!("{}", (q * 1000.0).round() / 1000.0)
}

/// The meal sheet as an XLSX workbook: one row per day, meal and item.
#[utoipa::path(get, path = "/course/training/batches/{id}/meals.xlsx", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 401), (status = 403), (status = 404)))]
pub async fn meals_xlsx(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Response> {
    let (batch, sheet) = sheet_of(&db, &caller, &tenant, id).await?;
    let mut rows = Vec::new();
    for day in &sheet.days {
        for meal in &day.meals {
            let head = [day.date.format("%d/%m/%Y").to_string(), meal.meal_type.clone(), meal.training_time.clone(), meal.location.clone(), meal.count.to_string()];
            if meal.items.is_empty() {
                rows.push(head.iter().cloned().chain(["".into(), "".into(), "".into()]).collect());
            }
            for item in &meal.items {
                let name = if item.name_bn.is_empty() { item.name.clone() } else { format!("{} / {}", item.name, item.name_bn) };
                rows.push(head.iter().cloned().chain([name, quantity_text(item.quantity), item.unit.clone()]).collect());
            }
        }
    }
    let headers = ["Date", "Meal", "Time", "Location", "Meals", "Item", "Quantity", "Unit"];
    let bytes = tokio::task::spawn_blocking(move || sheets::write_xlsx(&headers, &rows)).await.map_err(anyhow::Error::from)??;
    Ok(xlsx(bytes, &format!("meals-batch-{}.xlsx", batch.id)))
}

/// An XLSX workbook as a download.
pub fn xlsx(bytes: Vec<u8>, file_name: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}\"")),
        ],
        bytes,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(start: &str, end: Option<&str>, enrolled: i64) -> Batch {
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        Batch {
            id: 1, course_id: 1, name: String::new(), name_bn: String::new(), start_date: d(start), end_date: end.map(d),
            enrolment_limit: None, let_enroll: 1, certificate_approval: false, template_id: None, published: true,
            featured: false, featured_order: 0, price_poisha: 0, currency: "BDT".into(), restricted: false,
            enrolled_count: enrolled, pending_count: 0,
        }
    }

    #[test]
    fn the_count_follows_attendance_where_it_was_taken_and_the_enrolment_elsewhere() {
        let plan = MealPlan {
            id: 7, batch_id: 1, meal_type: "lunch".into(), training_time: "13:00".into(), location: "Hall".into(), extra_count: 3,
            items: vec![PlanItem { plan_id: 7, item_id: 1, name: "Rice".into(), name_bn: "ভাত".into(), unit: "kg".into(), quantity_per_person: 0.25 }],
        };
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let attendance = [DayAttendance { day: day("2026-12-01"), present: 37, taken: true }, DayAttendance { day: day("2026-12-02"), present: 0, taken: false }];
        let s = sheet(&batch("2026-12-01", Some("2026-12-03"), 40), vec![plan], &attendance);
        let counts: Vec<(i64, &str, i64, f64)> = s.days.iter().map(|d| (d.trainees, d.source, d.meals[0].count, d.meals[0].items[0].quantity)).collect();
        assert_eq!(counts, [(37, "attendance", 40, 10.0), (40, "enrolled", 43, 10.75), (40, "enrolled", 43, 10.75)]);
    }

    #[test]
    fn a_batch_without_an_end_is_one_day_and_no_sheet_is_longer_than_a_year() {
        assert_eq!(days_of(&batch("2026-12-01", None, 1), &[]).len(), 1);
        assert_eq!(days_of(&batch("2026-01-01", Some("2030-01-01"), 1), &[]).len(), MAX_DAYS as usize);
    }
}
