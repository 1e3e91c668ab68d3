//! Attempt counters per account and per client address, forgotten after a quiet window: failed
//! logins, and requests for password reset links.

use moka::sync::Cache;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

pub const ACCOUNT_LIMIT: u32 = 10;
pub const ADDRESS_LIMIT: u32 = 50;

#[derive(Clone)]
pub struct LoginLimiter {
    failures: Cache<String, Arc<AtomicU32>>,
    account_limit: u32,
    address_limit: u32,
}

impl Default for LoginLimiter {
    fn default() -> Self {
        Self::new(Duration::from_secs(15 * 60))
    }
}

impl LoginLimiter {
    /// Failed logins: 10 per account, 50 per address in `window`.
    pub fn new(window: Duration) -> Self {
        Self::with_limits(window, ACCOUNT_LIMIT, ADDRESS_LIMIT)
    }

    pub fn with_limits(window: Duration, account_limit: u32, address_limit: u32) -> Self {
        Self { failures: Cache::builder().max_capacity(100_000).time_to_live(window).build(), account_limit, address_limit }
    }

    fn count(&self, key: &str) -> u32 {
        self.failures.get(key).map_or(0, |c| c.load(Ordering::Relaxed))
    }

    pub fn is_blocked(&self, account: &str, address: Option<IpAddr>) -> bool {
        self.account_blocked(account) || self.address_blocked(address)
    }

    pub fn account_blocked(&self, account: &str) -> bool {
        self.count(&format!("account:{account}")) >= self.account_limit
    }

    pub fn address_blocked(&self, address: Option<IpAddr>) -> bool {
        address.is_some_and(|a| self.count(&format!("address:{a}")) >= self.address_limit)
    }

    pub fn record_failure(&self, account: &str, address: Option<IpAddr>) {
        let mut keys = vec![format!("account:{account}")];
        keys.extend(address.map(|a| format!("address:{a}")));
        for key in keys {
            self.failures.get_with(key, Default::default).fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn record_success(&self, account: &str) {
        self.failures.invalidate(&format!("account:{account}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_is_blocked_after_its_limit_and_freed_by_success() {
        let l = LoginLimiter::default();
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..ACCOUNT_LIMIT {
            assert!(!l.is_blocked("a@x.bd", Some(ip)));
            l.record_failure("a@x.bd", Some(ip));
        }
        assert!(l.is_blocked("a@x.bd", Some(ip)));
        assert!(!l.is_blocked("b@x.bd", Some(ip)));
        l.record_success("a@x.bd");
        assert!(!l.is_blocked("a@x.bd", Some(ip)));
    }
}
