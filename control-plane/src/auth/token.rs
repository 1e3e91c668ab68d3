//! Bearer tokens: 32 random bytes, given to the client once and stored only as a SHA-256 hash.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

pub type TokenHash = [u8; 32];

pub fn generate() -> (String, TokenHash) {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = digest(&token);
    (token, hash)
}

pub fn digest(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}
