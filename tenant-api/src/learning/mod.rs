//! A learner's side of a site's courses: the public course page, enrolment, the lesson-by-lesson
//! journey with its progress, reviews and the wishlist.

pub mod details;
pub mod enrolment;
pub mod enrolment_store;
pub mod journey;
pub mod page_cache;
pub mod points;
pub mod reviews;
pub mod wishlist;
