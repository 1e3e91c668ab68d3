//! Who may author courses on a site: its partner admins and teachers, and super admins.

use control_plane::auth::Caller;
use control_plane::memberships::{PARTNER_ADMIN, TEACHER};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};

pub fn can_author(caller: &Caller, tenant: &Tenant) -> bool {
    caller.is_super()
        || caller.role.as_ref().is_some_and(|m| m.institution_id == tenant.id && (m.role == PARTNER_ADMIN || m.role == TEACHER))
}

pub fn require_author(caller: &Caller, tenant: &Tenant) -> AppResult<i64> {
    match caller.user_id() {
        Some(user) if can_author(caller, tenant) => Ok(user),
        _ => Err(AppError::Forbidden),
    }
}
