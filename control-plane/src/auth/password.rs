//! Argon2id password hashes, computed off the async runtime (each takes tens of milliseconds).

use anyhow::Context;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use argon2::Argon2;
use std::sync::LazyLock;
use tokio::sync::Semaphore;

/// Each hash holds 19 MiB (m=19456) while it runs. Unbounded, 64 concurrent logins held 1.3 GB
/// (tenant-api/benches/memory.rs); more hashes at once than cores only queue for the CPU anyway.
static HASHING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// Runs one hash computation on the blocking pool, at most one per core at a time.
async fn hashing<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    let _permit = HASHING.acquire().await.context("hash queue")?;
    tokio::task::spawn_blocking(work).await.context("hashing task")
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    hashing(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2: {e}"))
    })
    .await?
}

/// Checks a password. With no stored hash it still spends the same work, so response times do
/// not tell which accounts exist.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    hashing(move || {
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let Ok(parsed) = PasswordHash::new(&stored) else { return false };
        let ok = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        ok && stored != DUMMY_HASH
    })
    .await
    .unwrap_or(false)
}

/// A hash of a random string nobody knows, with the default parameters.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2uo0eI6qGmUaQWu0U6UxwAy7s6dY3J9kUHbNwtpmQyk";

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let h = super::hash("demo-pass-2026".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("demo-pass-2026".into(), Some(h.clone())).await);
        assert!(!super::verify("demo-pass-2027".into(), Some(h)).await);
        assert!(!super::verify("anything".into(), None).await);
    }
}
