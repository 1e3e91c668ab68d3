//! How often an in-memory cache answered by itself: its lookups and its misses, counted without a
//! lock, read by the edge's `/metrics` (issue 17). A hit rate that falls says a cache is too small
//! or dropped too often (by NOTIFY from another edge, say).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Debug, Default)]
pub struct CacheStats(Arc<Counts>);

#[derive(Debug, Default)]
struct Counts {
    lookups: AtomicU64,
    misses: AtomicU64,
}

impl CacheStats {
    pub fn lookup(&self) {
        self.0.lookups.fetch_add(1, Ordering::Relaxed);
    }

    /// A lookup the cache could not answer (the value was loaded, or there was none).
    pub fn miss(&self) {
        self.0.misses.fetch_add(1, Ordering::Relaxed);
    }

    /// (lookups, misses) so far.
    pub fn read(&self) -> (u64, u64) {
        (self.0.lookups.load(Ordering::Relaxed), self.0.misses.load(Ordering::Relaxed))
    }
}
