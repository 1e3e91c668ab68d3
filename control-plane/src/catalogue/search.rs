//! Catalogue search for visitors: the main site searches every active site's published courses,
//! a partner site only its own (`course-search-solr`, `search-suggest`, `related-course`, and
//! the recommendations).

use super::query;
use super::site_scope;
use super::store::{self, Filter, Order};
use crate::auth::{HostTenant, RequireUser};
use crate::error::{AppError, AppResult};
use crate::json::AppQuery;
use crate::state::ControlState;
use crate::tenancy::Tenant;
use axum::Json;
use axum::extract::State;
use super::store::CatalogueCourse;
use crate::response::Data;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

fn one_of(field: &str, value: Option<String>, allowed: &[&str]) -> AppResult<Option<String>> {
    match value.filter(|v| !v.is_empty()) {
        Some(v) if allowed.contains(&v.as_str()) => Ok(Some(v)),
        Some(_) => Err(AppError::field(field, "invalid_choice")),
        None => Ok(None),
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct SearchQuery {
    pub search: Option<String>,
    /// Page size, default 15 (SPEC §9), at most 100.
    pub rows: Option<i64>,
    pub start: Option<i64>,
    /// `latest`, `popular` or `featured`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Only this institution's courses (on the main site).
    pub owner_id: Option<i64>,
    pub course_type: Option<String>,
    /// `0` = free courses (the master class list).
    pub payment_status: Option<i64>,
    pub category_id: Option<i64>,
    pub level: Option<String>,
    pub language: Option<String>,
    pub id: Option<String>,
    pub browser_key: Option<String>,
    pub login_user_id: Option<i64>,
}

/// A page of search results (Solr's `start`/`rows` paging).
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    pub data: Vec<CatalogueCourse>,
    /// How many match; when `total_capped`, at least this many.
    pub total: i64,
    pub total_capped: bool,
    pub start: i64,
    pub rows: i64,
}

/// Search published courses: Bangla and English words, partial words and small misspellings.
#[utoipa::path(get, path = "/learner-course/course-search-solr", tag = "learner", params(SearchQuery),
    responses((status = 200, body = SearchResults), (status = 422)))]
pub async fn course_search_solr(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, AppQuery(q): AppQuery<SearchQuery>) -> AppResult<Json<SearchResults>> {
    let rows = q.rows.unwrap_or(15).clamp(1, 100);
    let start = q.start.unwrap_or(0).clamp(0, 10_000);
    let kind = one_of("type", q.kind, &["latest", "popular", "featured"])?;
    let words = q.search.as_deref().and_then(query::parse);
    let filter = Filter {
        site: site_scope(&tenant).or(q.owner_id),
        categories: q.category_id.map(|c| vec![c]),
        course_type: one_of("course_type", q.course_type, &["course", "webinar", "masterclass", "exam"])?,
        level: one_of("level", q.level, &["beginner", "intermediate", "advanced"])?,
        language: one_of("language", q.language, &["bn", "en"])?,
        free: q.payment_status.map(|p| p == 0),
        featured: kind.as_deref() == Some("featured"),
        words,
        ..Filter::default()
    };
    let order = match kind.as_deref() {
        Some("popular") => Order::Popular,
        Some("latest") if filter.words.is_none() => Order::Latest,
        _ => Order::Relevance,
    };
    let (found, total) = store::search(&ctl.catalogue, &filter, order, rows, start).await?;
    if let (Some(words), 0) = (&filter.words, start) {
        ctl.search_log.record(tenant.id, &words.words, total);
    }
    let data = found.into_iter().map(|r| r.view(&ctl.config.public_base_url)).collect();
    Ok(Json(SearchResults { data, total: total.min(store::MATCH_CAP), total_capped: total > store::MATCH_CAP, start, rows }))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct SuggestQuery {
    pub search: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Suggestion {
    /// The title in the caller's language.
    pub term: String,
    /// The course's uuid.
    pub payload: Uuid,
    pub url: String,
}

/// `data`, and the same list in Solr's suggester shape under the search text.
#[derive(Debug, Serialize, ToSchema)]
pub struct Suggestions {
    pub data: Vec<Suggestion>,
    pub suggest: SuggestByTerm,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestByTerm {
    pub suggest: BTreeMap<String, SuggestionList>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionList {
    pub suggestions: Vec<Suggestion>,
}

/// Up to 8 course titles for the header search; `payload` is the course's uuid. The title is in
/// the caller's language, except that a course found by the sound of Latin letters typed for
/// Bangla (`gonit`) offers its Bangla title: the spelling the learner was reaching for.
#[utoipa::path(get, path = "/learner-course/search-suggest", tag = "learner", params(SuggestQuery),
    responses((status = 200, body = Suggestions)))]
pub async fn search_suggest(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    headers: axum::http::HeaderMap,
    AppQuery(q): AppQuery<SuggestQuery>,
) -> AppResult<Json<Suggestions>> {
    let search = q.search.unwrap_or_default();
    let filter = Filter { site: site_scope(&tenant), words: query::parse(&search), ..Filter::default() };
    let found = match filter.words {
        Some(_) => store::search(&ctl.catalogue, &filter, Order::Relevance, 8, 0).await?.0,
        None => Vec::new(),
    };
    let typed = filter.words.map(|w| w.words).unwrap_or_default();
    let suggestions: Vec<Suggestion> = found
        .into_iter()
        .map(|r| r.view(&ctl.config.public_base_url))
        .map(|c| {
            let by_sound = !c.title_bn.is_empty() && !query::starts_words(&c.title, &typed) && !query::starts_words(&c.summary, &typed);
            let term = match crate::i18n::Lang::from_headers(&headers) {
                crate::i18n::Lang::Bn if !c.title_bn.is_empty() => c.title_bn,
                _ if c.title.is_empty() || by_sound => c.title_bn,
                _ => c.title,
            };
            Suggestion { term, payload: c.uuid, url: c.url }
        })
        .collect();
    let suggest = SuggestByTerm { suggest: BTreeMap::from([(search, SuggestionList { suggestions: suggestions.clone() })]) };
    Ok(Json(Suggestions { data: suggestions, suggest }))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct RelatedQuery {
    pub uuid: Option<Uuid>,
    pub cat_id: Option<i64>,
    pub course_level: Option<String>,
}

/// Up to 6 other published courses of the same category (and level when given).
#[utoipa::path(get, path = "/learner-course/related-course", tag = "learner", params(RelatedQuery),
    responses((status = 200, body = Data<Vec<CatalogueCourse>>), (status = 422)))]
pub async fn related_course(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, AppQuery(q): AppQuery<RelatedQuery>) -> AppResult<Json<Data<Vec<CatalogueCourse>>>> {
    let filter = Filter {
        site: site_scope(&tenant),
        categories: q.cat_id.map(|c| vec![c]),
        level: one_of("course_level", q.course_level, &["beginner", "intermediate", "advanced"])?,
        exclude: q.uuid.into_iter().collect(),
        ..Filter::default()
    };
    let (found, _) = store::search(&ctl.catalogue, &filter, Order::Popular, 6, 0).await?;
    Ok(Json(Data::new(found.into_iter().map(|r| r.view(&ctl.config.public_base_url)).collect())))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct RecommendQuery {
    /// How many, default 8, at most 24.
    pub rows: Option<i64>,
}

/// The most enrolled courses in the categories a learner takes, without those they have, topped
/// up with the most enrolled others; for a visitor, simply the most enrolled.
async fn recommended(ctl: &ControlState, tenant: &Tenant, learner: Option<i64>, rows: Option<i64>) -> AppResult<Json<Data<Vec<CatalogueCourse>>>> {
    let limit = rows.unwrap_or(8).clamp(1, 24);
    let (categories, mut exclude) = match learner {
        Some(user) => store::learner_interests(&ctl.db, user).await?,
        None => (Vec::new(), Vec::new()),
    };
    let mut found = Vec::new();
    if !categories.is_empty() {
        let filter = Filter { site: site_scope(tenant), categories: Some(categories), exclude: exclude.clone(), ..Filter::default() };
        found = store::search(&ctl.catalogue, &filter, Order::Popular, limit, 0).await?.0;
    }
    let missing = limit - found.len() as i64;
    if missing > 0 {
        exclude.extend(found.iter().map(|r| r.uuid));
        let filter = Filter { site: site_scope(tenant), exclude, ..Filter::default() };
        found.extend(store::search(&ctl.catalogue, &filter, Order::Popular, missing, 0).await?.0);
    }
    Ok(Json(Data::new(found.into_iter().map(|r| r.view(&ctl.config.public_base_url)).collect())))
}

/// Courses to suggest to a visitor: the site's most enrolled.
#[utoipa::path(get, path = "/course/suggest/course/open/recommend", tag = "courses", params(RecommendQuery),
    responses((status = 200, body = Data<Vec<CatalogueCourse>>)))]
pub async fn recommend_open(State(ctl): State<ControlState>, HostTenant(tenant): HostTenant, AppQuery(q): AppQuery<RecommendQuery>) -> AppResult<Json<Data<Vec<CatalogueCourse>>>> {
    recommended(&ctl, &tenant, None, q.rows).await
}

/// Courses to suggest to the signed-in learner, from the categories of the courses they take.
#[utoipa::path(get, path = "/course/course/suggest/course/recommend", tag = "courses", params(RecommendQuery),
    responses((status = 200, body = Data<Vec<CatalogueCourse>>), (status = 401)))]
pub async fn recommend_for_learner(
    State(ctl): State<ControlState>,
    HostTenant(tenant): HostTenant,
    RequireUser(caller): RequireUser,
    AppQuery(q): AppQuery<RecommendQuery>,
) -> AppResult<Json<Data<Vec<CatalogueCourse>>>> {
    recommended(&ctl, &tenant, caller.user_id(), q.rows).await
}
