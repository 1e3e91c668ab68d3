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
    }
}
