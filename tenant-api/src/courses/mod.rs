//! Courses of the host's site: authoring (courses, syllabus, batches, certificate templates) by
//! its teachers and admins, and the projection of published courses into the control plane's
//! catalogue.

pub mod access;
pub mod authoring;
pub mod batches;
pub mod batches_store;
pub mod catalogue_sync;
pub mod store;
pub mod syllabus;
pub mod syllabus_store;
pub mod view;
