//! The question bank of the host's site: questions of the 11 types in nested folders, owned by
//! their authors, each edit kept as a new version for the attempts that use the old one.

pub mod bank;
pub mod content;
pub mod exchange;
pub mod folders;
pub mod media;
pub mod sharing;
pub mod store;
pub mod transfer;

use crate::courses::access::require_author;
use control_plane::auth::Caller;
use control_plane::memberships::PARTNER_ADMIN;
use control_plane::tenancy::Tenant;
use control_plane::AppResult;
use store::Reach;

/// Who is asking, and whose questions they reach: a teacher their own, the site's admins and
/// super admins every author's (`None`).
pub struct BankUser {
    pub id: i64,
    pub owner: Option<i64>,
}

impl BankUser {
    /// What they may change: their own questions (all of the site's, for its admins).
    pub fn own(&self) -> Reach {
        self.owner.map_or(Reach::Site, Reach::Own)
    }

    /// What they may read and put in an exam: also what colleagues shared with them.
    pub fn usable(&self) -> Reach {
        self.owner.map_or(Reach::Site, Reach::Usable)
    }
}

pub fn bank_user(caller: &Caller, tenant: &Tenant) -> AppResult<BankUser> {
    let id = require_author(caller, tenant)?;
    let admin = caller.is_super() || caller.role.as_ref().is_some_and(|m| m.institution_id == tenant.id && m.role == PARTNER_ADMIN);
    Ok(BankUser { id, owner: (!admin).then_some(id) })
}
