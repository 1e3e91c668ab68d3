//! Authentication: passwords, bearer tokens and sessions, the caller of a request and its
//! current role, and login rate limiting.

pub mod caller;
pub mod password;
pub mod rate_limit;
pub mod sessions;
pub mod token;

pub use caller::{Caller, HostTenant, MaybeUser, RequireSuper, RequireUser};
