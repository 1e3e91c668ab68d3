//! Certificate exams (`/assessment/*`): exams packaged like courses, with batches, a syllabus of
//! exam parts, enrolment and a certificate for passing, plus restricted batches whose listed
//! candidates enrol through their own links, attendance on exam days, and discussions between
//! candidates and teachers. Contract: docs/api-certificate-exams.md.

pub mod attendance;
pub mod candidates;
pub mod candidates_store;
pub mod discussions;
pub mod exams;
pub mod marksheet_pdf;
pub mod results;
