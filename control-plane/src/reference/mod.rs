//! Reference data: categories and the language dictionary.

pub mod categories;
pub mod languages;
