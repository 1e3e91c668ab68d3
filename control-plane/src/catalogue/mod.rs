//! The cross-site course catalogue (tables `catalogue_courses`, `learner_courses`,
//! `certificate_registry`): what the edge projects out of the tenant schemas so the main site can
//! search every partner's courses, list a learner's courses everywhere and verify any certificate
//! by its tracking code. Each tenant's own tables stay the source of truth.

pub mod learner;
pub mod phonetic;
pub mod profiles;
pub mod query;
pub mod search;
pub mod search_log;
pub mod store;

use crate::tenancy::Tenant;

/// What a host sees of the catalogue: the main site every site's courses (`None`), a partner
/// site only its own.
fn site_scope(tenant: &Tenant) -> Option<i64> {
    (!tenant.is_main).then_some(tenant.id)
}
