//! A training batch's budget (lines by category with planned and actual amounts, totals and
//! variance) and its logistic items handed to trainees, with the budget sheet as XLSX.

use super::budget_store::{self as store, BudgetLine, LineFields, Logistic, LogisticFields};
use super::managed_batch;
use super::meals::{IdQuery, xlsx};
use super::setup::MAX_POISHA;
use crate::pools::TenantDb;
use crate::sheets;
use axum::Json;
use axum::http::StatusCode;
use axum::response::Response;
use control_plane::auth::{Caller, HostTenant, RequireUser};
use control_plane::i18n::amount;
use control_plane::json::{AppJson, AppPath, AppQuery};
use control_plane::pagination::{Page, PageRequest};
use control_plane::response::{Data, Done};
use control_plane::tenancy::Tenant;
use control_plane::validate::Validator;
use control_plane::{AppError, AppResult};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::{IntoParams, ToSchema};

const CATEGORIES: [&str; 6] = ["venue", "meals", "materials", "transport", "honorarium", "other"];
const MAX_LINES: usize = 200;

#[derive(Debug, Serialize, ToSchema)]
pub struct BudgetLineView {
    #[serde(flatten)]
    pub line: BudgetLine,
    /// actual − planned.
    pub variance_poisha: i64,
}

#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct CategoryTotal {
    pub category: &'static str,
    pub planned_poisha: i64,
    pub actual_poisha: i64,
    pub variance_poisha: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Budget {
    pub batch_id: i64,
    pub lines: Vec<BudgetLineView>,
    pub planned_poisha: i64,
    pub actual_poisha: i64,
    pub variance_poisha: i64,
    /// Categories with at least one line, in the fixed order.
    pub by_category: Vec<CategoryTotal>,
    /// What the logistic items issued so far cost.
    pub logistics_poisha: i64,
}

/// Totals per category and overall.
fn totals(lines: &[BudgetLine]) -> (Vec<CategoryTotal>, i64, i64) {
    let by_category: Vec<CategoryTotal> = CATEGORIES
        .iter()
        .filter_map(|c| {
            let of: Vec<&BudgetLine> = lines.iter().filter(|l| l.category == *c).collect();
            let planned: i64 = of.iter().map(|l| l.planned_poisha).sum();
            let actual: i64 = of.iter().map(|l| l.actual_poisha).sum();
            (!of.is_empty()).then_some(CategoryTotal { category: c, planned_poisha: planned, actual_poisha: actual, variance_poisha: actual - planned })
        })
        .collect();
    let planned = lines.iter().map(|l| l.planned_poisha).sum();
    let actual = lines.iter().map(|l| l.actual_poisha).sum();
    (by_category, planned, actual)
}

async fn budget_of(db: &PgPool, batch_id: i64) -> AppResult<Budget> {
    let lines = store::lines(db, batch_id).await?;
    let (by_category, planned, actual) = totals(&lines);
    Ok(Budget {
        batch_id,
        lines: lines.into_iter().map(|line| BudgetLineView { variance_poisha: line.actual_poisha - line.planned_poisha, line }).collect(),
        planned_poisha: planned,
        actual_poisha: actual,
        variance_poisha: actual - planned,
        by_category,
        logistics_poisha: store::logistics_cost(db, batch_id).await?,
    })
}

/// A batch's budget with totals and variance.
#[utoipa::path(get, path = "/course/training/batches/{id}/budget", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, body = Data<Budget>), (status = 401), (status = 403), (status = 404)))]
pub async fn view_budget(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<Data<Budget>>> {
    managed_batch(&db, &caller, &tenant, id).await?;
    Ok(Json(Data::new(budget_of(&db, id).await?)))
}

// Serialize: the schema shows the default of the list holding it.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct LineInput {
    pub category: Option<String>,
    pub description: Option<String>,
    pub planned_poisha: Option<i64>,
    pub actual_poisha: Option<i64>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BudgetInput {
    pub batch_id: Option<i64>,
    pub lines: Vec<LineInput>,
}

/// An amount in poisha: 0 to `MAX_POISHA`; `required` when it must be given.
fn poisha(v: &mut Validator, field: &str, value: Option<i64>, required: bool) -> i64 {
    match value {
        None if required => {
            v.add(field, "required", None);
            0
        }
        None => 0,
        Some(p) if p < 0 => {
            v.add(field, "negative", None);
            0
        }
        Some(p) if p > MAX_POISHA => {
            v.add(field, "out_of_range", None);
            0
        }
        Some(p) => p,
    }
}

fn line_fields(input: &BudgetInput) -> AppResult<Vec<LineFields>> {
    let mut v = Validator::default();
    if input.lines.len() > MAX_LINES {
        return Err(AppError::field_with("lines", "too_many", Some(MAX_LINES)));
    }
    let lines = input
        .lines
        .iter()
        .enumerate()
        .map(|(n, l)| {
            let category = l.category.as_deref().map(str::trim).unwrap_or_default();
            if category.is_empty() {
                v.add(&format!("lines.{n}.category"), "required", None);
            } else if !CATEGORIES.contains(&category) {
                v.add(&format!("lines.{n}.category"), "invalid_choice", None);
            }
            LineFields {
                category: category.to_owned(),
                description: v.optional_text(&format!("lines.{n}.description"), l.description.as_deref().unwrap_or_default(), 300).unwrap_or_default(),
                planned_poisha: poisha(&mut v, &format!("lines.{n}.planned_poisha"), l.planned_poisha, true),
                actual_poisha: poisha(&mut v, &format!("lines.{n}.actual_poisha"), l.actual_poisha, false),
            }
        })
        .collect();
    v.finish()?;
    Ok(lines)
}

/// Save a batch's budget: its lines become exactly these, in this order.
#[utoipa::path(post, path = "/course/training-resource/budget/create", tag = "trainings", request_body = BudgetInput,
    responses((status = 200, body = Data<Budget>), (status = 401), (status = 403), (status = 404),
        (status = 422, description = "validation_failed: required, invalid_choice, negative, too_many")))]
pub async fn save_budget(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<BudgetInput>,
) -> AppResult<Json<Data<Budget>>> {
    let batch_id = input.batch_id.ok_or_else(|| AppError::field("batch_id", "required"))?;
    managed_batch(&db, &caller, &tenant, batch_id).await?;
    store::replace_lines(&db, batch_id, &line_fields(&input)?).await?;
    Ok(Json(Data::new(budget_of(&db, batch_id).await?)))
}

fn category_name(c: &str) -> &str {
    match c {
        "venue" => "Venue / ভেন্যু",
        "meals" => "Meals / খাবার",
        "materials" => "Materials / উপকরণ",
        "transport" => "Transport / যাতায়াত",
        "honorarium" => "Honorarium / সম্মানী",
        _ => "Other / অন্যান্য",
    }
}

/// The budget sheet as XLSX: the lines, totals per category and overall, and the logistic items.
#[utoipa::path(get, path = "/course/training/batches/{id}/budget.xlsx", tag = "trainings", params(("id" = i64, Path)),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 401), (status = 403), (status = 404)))]
pub async fn budget_xlsx(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppPath(id): AppPath<i64>,
) -> AppResult<Response> {
    managed_batch(&db, &caller, &tenant, id).await?;
    let budget = budget_of(&db, id).await?;
    let items = store::logistics(&db, id, i64::MAX, 0).await?;
    let row = |a: &str, b: &str, planned: i64, actual: i64| vec![a.to_owned(), b.to_owned(), amount(planned), amount(actual), amount(actual - planned)];
    let mut rows: Vec<Vec<String>> = budget.lines.iter().map(|l| row(category_name(&l.line.category), &l.line.description, l.line.planned_poisha, l.line.actual_poisha)).collect();
    rows.push(vec![]);
    for c in &budget.by_category {
        rows.push(row("Total / মোট", category_name(c.category), c.planned_poisha, c.actual_poisha));
    }
    rows.push(row("Total / মোট", "", budget.planned_poisha, budget.actual_poisha));
    rows.push(vec![]);
    rows.push(["Logistic item / লজিস্টিক সামগ্রী", "Per trainee", "Unit cost (BDT)", "Issued to", "Cost (BDT)"].map(String::from).to_vec());
    for l in &items {
        let name = if l.name_bn.is_empty() { l.name.clone() } else { format!("{} / {}", l.name, l.name_bn) };
        rows.push(vec![name, l.quantity_per_trainee.to_string(), amount(l.unit_cost_poisha), l.issued.to_string(), amount(l.cost_poisha)]);
    }
    let headers = ["Category / খাত", "Description / বিবরণ", "Planned (BDT)", "Actual (BDT)", "Variance (BDT)"];
    let bytes = tokio::task::spawn_blocking(move || sheets::write_xlsx(&headers, &rows)).await.map_err(anyhow::Error::from)??;
    Ok(xlsx(bytes, &format!("budget-batch-{id}.xlsx")))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LogisticInput {
    /// On update: the item.
    pub id: Option<i64>,
    /// On create: the batch.
    pub batch_id: Option<i64>,
    pub name: Option<String>,
    pub name_bn: Option<String>,
    /// Default 1.
    pub quantity_per_trainee: Option<i64>,
    pub unit_cost_poisha: Option<i64>,
}

fn logistic_fields(input: &LogisticInput, current: Option<&Logistic>) -> AppResult<LogisticFields> {
    let mut v = Validator::default();
    let name = v.text("name", input.name.as_deref().or(current.map(|c| c.name.as_str())).unwrap_or_default(), 200);
    let name_bn = match &input.name_bn {
        Some(n) => v.optional_text("name_bn", n, 200).unwrap_or_default(),
        None => current.map(|c| c.name_bn.clone()).unwrap_or_default(),
    };
    let quantity = input.quantity_per_trainee.unwrap_or(current.map_or(1, |c| c.quantity_per_trainee.into()));
    if !(1..=10_000).contains(&quantity) {
        v.add("quantity_per_trainee", "out_of_range", None);
    }
    let unit_cost = poisha(&mut v, "unit_cost_poisha", input.unit_cost_poisha.or(current.map(|c| c.unit_cost_poisha)), false);
    v.finish()?;
    Ok(LogisticFields { name, name_bn, quantity_per_trainee: quantity as i32, unit_cost_poisha: unit_cost })
}

/// Add a logistic item (bag, notebook, manual) to a batch.
#[utoipa::path(post, path = "/course/training-resource/logistic/create", tag = "trainings", request_body = LogisticInput,
    responses((status = 201, body = Data<Logistic>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create_logistic(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<LogisticInput>,
) -> AppResult<(StatusCode, Json<Data<Logistic>>)> {
    let batch_id = input.batch_id.ok_or_else(|| AppError::field("batch_id", "required"))?;
    managed_batch(&db, &caller, &tenant, batch_id).await?;
    let id = store::insert_logistic(&db, batch_id, &logistic_fields(&input, None)?).await?;
    Ok((StatusCode::CREATED, Json(Data::new(store::logistic(&db, id).await?.ok_or(AppError::NotFound)?))))
}

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct LogisticQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub batch_id: Option<i64>,
}

/// A batch's logistic items with how many trainees got each.
#[utoipa::path(post, path = "/course/training-resource/logistic/index", tag = "trainings", params(LogisticQuery), request_body = LogisticQuery,
    responses((status = 200, body = Page<Logistic>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn logistic_index(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<LogisticQuery>,
    AppJson(body): AppJson<LogisticQuery>,
) -> AppResult<Json<Page<Logistic>>> {
    let batch_id = q.batch_id.or(body.batch_id).ok_or_else(|| AppError::field("batch_id", "required"))?;
    managed_batch(&db, &caller, &tenant, batch_id).await?;
    let request = PageRequest::new(q.page.or(body.page), q.limit.or(body.limit), 50);
    let total = store::logistics(&db, batch_id, 1, 0).await?.first().map_or(0, |l| l.total);
    let (current_page, last_page, offset) = request.clamp(total);
    let data = store::logistics(&db, batch_id, request.per_page, offset).await?;
    Ok(Json(Page { data, current_page, last_page, per_page: request.per_page, total }))
}

/// A logistic item of a batch the caller manages.
async fn managed_logistic(db: &PgPool, caller: &Caller, tenant: &Tenant, id: i64) -> AppResult<Logistic> {
    let item = store::logistic(db, id).await?.ok_or(AppError::Missing("logistic_not_found"))?;
    managed_batch(db, caller, tenant, item.batch_id).await?;
    Ok(item)
}

/// Change a logistic item; absent fields keep their value.
#[utoipa::path(put, path = "/course/training-resource/logistic/update", tag = "trainings", request_body = LogisticInput,
    responses((status = 200, body = Data<Logistic>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_logistic(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<LogisticInput>,
) -> AppResult<Json<Data<Logistic>>> {
    let id = input.id.ok_or_else(|| AppError::field("id", "required"))?;
    let current = managed_logistic(&db, &caller, &tenant, id).await?;
    store::update_logistic(&db, id, &logistic_fields(&input, Some(&current))?).await?;
    Ok(Json(Data::new(store::logistic(&db, id).await?.ok_or(AppError::NotFound)?)))
}

/// Delete a logistic item with its record of who got it.
#[utoipa::path(post, path = "/course/training-resource/logistic/delete", tag = "trainings", params(IdQuery),
    responses((status = 200, body = Data<Done>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn delete_logistic(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppQuery(q): AppQuery<IdQuery>,
) -> AppResult<Json<Data<Done>>> {
    let id = q.id.ok_or_else(|| AppError::field("id", "required"))?;
    managed_logistic(&db, &caller, &tenant, id).await?;
    store::delete_logistic(&db, id).await?;
    Ok(Json(Data::done()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct IssueInput {
    pub logistic_id: Option<i64>,
    pub enrollment_ids: Vec<i64>,
    /// true: handed over; false: taken back (or noted by mistake).
    pub issued: Option<bool>,
}

/// Note a logistic item as handed to (or not) some of the batch's trainees.
#[utoipa::path(post, path = "/course/training-resource/logistic/createOrUpdate", tag = "trainings", request_body = IssueInput,
    responses((status = 200, body = Data<Logistic>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn issue_logistic(
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    TenantDb(db): TenantDb,
    AppJson(input): AppJson<IssueInput>,
) -> AppResult<Json<Data<Logistic>>> {
    let id = input.logistic_id.ok_or_else(|| AppError::field("logistic_id", "required"))?;
    let item = managed_logistic(&db, &caller, &tenant, id).await?;
    if input.enrollment_ids.is_empty() {
        return Err(AppError::field("enrollment_ids", "required"));
    }
    if input.enrollment_ids.len() > 10_000 {
        return Err(AppError::field_with("enrollment_ids", "too_many", Some(10_000)));
    }
    let mut ids = input.enrollment_ids.clone();
    ids.sort_unstable();
    ids.dedup();
    if super::store::count_trainees(&db, item.batch_id, &ids).await? != ids.len() as i64 {
        return Err(AppError::field("enrollment_ids", "not_a_trainee"));
    }
    store::set_issued(&db, id, &ids, input.issued.unwrap_or(true)).await?;
    Ok(Json(Data::new(store::logistic(&db, id).await?.ok_or(AppError::NotFound)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(category: &str, planned: i64, actual: i64) -> BudgetLine {
        BudgetLine { id: 0, category: category.into(), description: String::new(), planned_poisha: planned, actual_poisha: actual }
    }

    #[test]
    fn totals_and_variance_are_summed_per_category_in_poisha() {
        let (by, planned, actual) = totals(&[line("meals", 1_000_050, 990_000), line("venue", 500_000, 600_001), line("meals", 1, 2)]);
        assert_eq!((planned, actual), (1_500_051, 1_590_003));
        assert_eq!(by[0], CategoryTotal { category: "venue", planned_poisha: 500_000, actual_poisha: 600_001, variance_poisha: 100_001 });
        assert_eq!(by[1], CategoryTotal { category: "meals", planned_poisha: 1_000_051, actual_poisha: 990_002, variance_poisha: -10_049 });
        assert_eq!(by.len(), 2, "categories without lines are left out");
    }
}
