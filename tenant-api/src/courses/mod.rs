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

/// Whether a new order names exactly the ids there are, each once (a reorder may not add, drop
/// or repeat anything).
pub fn same_ids(current: impl IntoIterator<Item = i64>, given: impl IntoIterator<Item = i64>) -> bool {
    let sorted = |ids: Vec<i64>| {
        let mut ids = ids;
        ids.sort_unstable();
        ids
    };
    sorted(current.into_iter().collect()) == sorted(given.into_iter().collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_order_must_name_every_id_once() {
        assert!(super::same_ids([3, 1, 2], [1, 2, 3]));
        assert!(!super::same_ids([1, 2, 3], [1, 2]));
        assert!(!super::same_ids([1, 2], [1, 1, 2]));
        assert!(!super::same_ids([1, 2], [1, 9]));
    }
}
