//! Private keys at rest: AES-256-GCM under the master key from `TLS_MASTER_KEY` (64 hex digits),
//! a fresh random nonce per key, stored as `nonce || ciphertext`.

use aes_gcm::aead::{Aead, KeyInit, OsRng};
use aes_gcm::{AeadCore, Aes256Gcm, Key, Nonce};
use anyhow::{Context, bail};

#[derive(Clone)]
pub struct MasterKey(Key<Aes256Gcm>);

impl std::fmt::Debug for MasterKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MasterKey(***)")
    }
}

impl MasterKey {
    pub fn from_hex(hex_key: &str) -> anyhow::Result<Self> {
        let bytes = hex::decode(hex_key.trim()).context("TLS_MASTER_KEY must be hex")?;
        if bytes.len() != 32 {
            bail!("TLS_MASTER_KEY must be 32 bytes (64 hex digits)");
        }
        Ok(Self(*Key::<Aes256Gcm>::from_slice(&bytes)))
    }

    /// A key for another purpose derived from a configured secret (HMAC-SHA256 of the purpose),
    /// so one secret can seal several kinds of data without one key opening the other's.
    pub fn derived(secret: &str, purpose: &str) -> Self {
        use hmac::{Hmac, Mac};
        let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("any key length");
        mac.update(purpose.as_bytes());
        Self(*Key::<Aes256Gcm>::from_slice(&mac.finalize().into_bytes()))
    }

    pub fn seal(&self, plain: &[u8]) -> Vec<u8> {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = Aes256Gcm::new(&self.0).encrypt(&nonce, plain).expect("AES-GCM encryption does not fail");
        [nonce.as_slice(), &sealed].concat()
    }

    pub fn open(&self, sealed: &[u8]) -> anyhow::Result<Vec<u8>> {
        if sealed.len() < 12 {
            bail!("sealed key too short");
        }
        let (nonce, body) = sealed.split_at(12);
        Aes256Gcm::new(&self.0)
            .decrypt(Nonce::from_slice(nonce), body)
            .map_err(|_| anyhow::anyhow!("cannot open a sealed key: wrong TLS_MASTER_KEY or tampered data"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_keys_open_only_with_their_master_key() {
        let key = MasterKey::from_hex(&"11".repeat(32)).unwrap();
        let sealed = key.seal(b"-----BEGIN PRIVATE KEY-----");
        assert!(!sealed.windows(5).any(|w| w == b"BEGIN"));
        assert_eq!(key.open(&sealed).unwrap(), b"-----BEGIN PRIVATE KEY-----");
        let other = MasterKey::from_hex(&"22".repeat(32)).unwrap();
        assert!(other.open(&sealed).is_err());
        let mut tampered = sealed.clone();
        *tampered.last_mut().unwrap() ^= 1;
        assert!(key.open(&tampered).is_err());
        assert!(MasterKey::from_hex("abcd").is_err());
        let merchants = MasterKey::derived("tenant-db-secret", "merchant-credentials");
        assert!(merchants.open(&key.seal(b"x")).is_err());
        assert_eq!(MasterKey::derived("tenant-db-secret", "merchant-credentials").open(&merchants.seal(b"pass")).unwrap(), b"pass");
        assert!(MasterKey::derived("tenant-db-secret", "other").open(&merchants.seal(b"pass")).is_err());
    }
}
