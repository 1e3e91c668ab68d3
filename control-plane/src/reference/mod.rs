//! Reference data: categories, places and professions, and the language dictionary.

pub mod categories;
pub mod languages;
pub mod places;
