//! Institution types (table `institution_types`).

use crate::auth::RequireUser;
use crate::error::AppResult;
use crate::state::ControlState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use crate::response::Data;
use sqlx::PgPool;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct InstitutionType {
    pub id: i16,
    pub name: String,
    pub name_bn: String,
}

pub async fn exists(db: &PgPool, id: i16) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM institution_types WHERE id = $1)").bind(id).fetch_one(db).await
}

async fn all(db: &PgPool) -> sqlx::Result<Vec<InstitutionType>> {
    sqlx::query_as("SELECT id, name, name_bn FROM institution_types ORDER BY id").fetch_all(db).await
}

/// Institution types, for the partnership form.
#[utoipa::path(get, path = "/my-account/institutions/view-types-public", tag = "institutions",
    responses((status = 200, body = Data<Vec<InstitutionType>>)))]
pub async fn view_types_public(State(ctl): State<ControlState>) -> AppResult<Json<Data<Vec<InstitutionType>>>> {
    Ok(Json(Data::new(all(&ctl.db).await?)))
}

/// Institution types (signed in).
#[utoipa::path(get, path = "/my-account/institutions/view-types", tag = "institutions",
    responses((status = 200, body = Data<Vec<InstitutionType>>), (status = 401)))]
pub async fn view_types(State(ctl): State<ControlState>, _user: RequireUser) -> AppResult<Json<Data<Vec<InstitutionType>>>> {
    Ok(Json(Data::new(all(&ctl.db).await?)))
}
