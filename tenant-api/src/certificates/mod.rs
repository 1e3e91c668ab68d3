//! Certificates of a site: issued when a learner completes a batch (or after an admin's approval
//! when the batch says so), each with a tracking code anyone can verify; templates.

pub mod approval;
pub mod download;
pub mod issue;
pub mod pdf;
pub mod sheet;
pub mod store;
pub mod templates;
