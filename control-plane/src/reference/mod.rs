//! Reference data: the lists forms offer (categories, professions, education, disabilities,
//! participant types, tags), places, and the language dictionary.

pub mod categories;
pub mod languages;
pub mod lists;
pub mod places;
