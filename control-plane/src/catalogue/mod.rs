//! The cross-site course catalogue (tables `catalogue_courses`, `learner_courses`,
//! `certificate_registry`): what the edge projects out of the tenant schemas so the main site can
//! search every partner's courses, list a learner's courses everywhere and verify any certificate
//! by its tracking code. Each tenant's own tables stay the source of truth.

pub mod learner;
pub mod query;
pub mod search;
pub mod store;
