//! Who may author courses on a site: its admins (partner admins, the roles it made itself, super
//! admins) and its teachers. What an institution's own role may write is its permission map's to
//! say, checked by the edge before the handler runs.

use control_plane::auth::Caller;
use control_plane::memberships::TEACHER;
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};

pub fn can_author(caller: &Caller, tenant: &Tenant) -> bool {
    caller.administers(tenant.id) || caller.role.as_ref().is_some_and(|m| m.institution_id == tenant.id && m.role == TEACHER)
}

pub fn require_author(caller: &Caller, tenant: &Tenant) -> AppResult<i64> {
    match caller.user_id() {
        Some(user) if can_author(caller, tenant) => Ok(user),
        _ => Err(AppError::Forbidden),
    }
}
