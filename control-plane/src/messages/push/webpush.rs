//! The Web Push protocol: a message encrypted for one browser (RFC 8291, with the `aes128gcm`
//! content coding of RFC 8188), signed for its push service with this platform's VAPID key
//! (RFC 8292), and POSTed to the subscription's endpoint (RFC 8030). Written on aws-lc-rs, the
//! crypto the rest of the workspace already builds, rather than a crate that brings OpenSSL or a
//! second set of elliptic-curve crates.

use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use aws_lc_rs::{aead, agreement, hkdf};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;

/// The length of an uncompressed P-256 point, the form browsers give their keys in.
pub const PUBLIC_KEY_LEN: usize = 65;
pub const AUTH_LEN: usize = 16;
/// The record size announced in the header; a message is a single record well under it.
const RECORD_SIZE: u32 = 4096;
/// How long a VAPID signature is good for; RFC 8292 allows at most 24 hours.
const VAPID_VALID_SECS: i64 = 12 * 3600;

/// This platform's application server key: it signs every push, and browsers are told its public
/// half when they subscribe, so a push service delivers only what this platform signed.
pub struct Vapid {
    key: EcdsaKeyPair,
    /// Who to reach about these pushes (`mailto:` or `https:`), for the push service's operators.
    contact: String,
}

impl Vapid {
    /// From an unencrypted PKCS#8 document, base64url (`infra/lib.sh`'s `vapid_key` makes one).
    pub fn from_base64(pkcs8: &str, contact: String) -> anyhow::Result<Self> {
        let der = B64.decode(pkcs8.trim().trim_end_matches('='))?;
        let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &der).map_err(|e| anyhow::anyhow!("not a P-256 key in PKCS#8: {e}"))?;
        Ok(Self { key, contact })
    }

    /// A fresh key, base64url PKCS#8 (for tests and a first setup).
    pub fn generate() -> String {
        let doc = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new()).expect("key generation");
        B64.encode(doc.as_ref())
    }

    /// The public key as browsers take it for `applicationServerKey`.
    pub fn public_key(&self) -> String {
        B64.encode(self.key.public_key().as_ref())
    }

    /// The `Authorization` header for a push to `endpoint`: a JWT whose audience is the push
    /// service's origin, and the key that checks it.
    pub fn authorization(&self, endpoint: &reqwest::Url, now: i64) -> anyhow::Result<String> {
        let header = B64.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": endpoint.origin().ascii_serialization(),
            "exp": now + VAPID_VALID_SECS,
            "sub": self.contact,
        });
        let input = format!("{header}.{}", B64.encode(claims.to_string()));
        let signature = self.key.sign(&SystemRandom::new(), input.as_bytes()).map_err(|_| anyhow::anyhow!("VAPID signing failed"))?;
        Ok(format!("vapid t={input}.{}, k={}", B64.encode(signature.as_ref()), self.public_key()))
    }
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vapid").field("public_key", &self.public_key()).field("contact", &self.contact).finish_non_exhaustive()
    }
}

struct Len(usize);

impl hkdf::KeyType for Len {
    fn len(&self) -> usize {
        self.0
    }
}

fn expand(prk: &hkdf::Prk, info: &[&[u8]], len: usize) -> anyhow::Result<Vec<u8>> {
    let mut out = vec![0; len];
    prk.expand(info, Len(len)).and_then(|okm| okm.fill(&mut out)).map_err(|_| anyhow::anyhow!("HKDF expand"))?;
    Ok(out)
}

/// Encrypts `plaintext` for the browser whose public key is `ua_public` and auth secret `auth`:
/// the body of one push request, a single `aes128gcm` record whose header carries a fresh salt
/// and this message's own ephemeral public key.
pub fn encrypt(ua_public: &[u8], auth: &[u8], plaintext: &[u8]) -> anyhow::Result<Vec<u8>> {
    let rng = SystemRandom::new();
    let ephemeral = agreement::EphemeralPrivateKey::generate(&agreement::ECDH_P256, &rng).map_err(|_| anyhow::anyhow!("ECDH key"))?;
    let as_public = ephemeral.compute_public_key().map_err(|_| anyhow::anyhow!("ECDH public key"))?.as_ref().to_vec();
    let shared = agreement::agree_ephemeral(
        ephemeral,
        &agreement::UnparsedPublicKey::new(&agreement::ECDH_P256, ua_public),
        anyhow::anyhow!("the browser's key is not a P-256 point"),
        |secret| Ok(secret.to_vec()),
    )?;
    // RFC 8291 section 3.4: the auth secret and both public keys go into the input keying material.
    let prk_key = hkdf::Salt::new(hkdf::HKDF_SHA256, auth).extract(&shared);
    let ikm = expand(&prk_key, &[b"WebPush: info\0", ua_public, &as_public], 32)?;
    let mut salt = [0u8; 16];
    rng.fill(&mut salt).map_err(|_| anyhow::anyhow!("random salt"))?;
    let prk = hkdf::Salt::new(hkdf::HKDF_SHA256, &salt).extract(&ikm);
    let cek = expand(&prk, &[b"Content-Encoding: aes128gcm\0"], 16)?;
    let nonce = expand(&prk, &[b"Content-Encoding: nonce\0"], 12)?;
    // The last (and only) record ends with the delimiter 2 and no padding (RFC 8188 section 2).
    let mut record = plaintext.to_vec();
    record.push(2);
    let key = aead::LessSafeKey::new(aead::UnboundKey::new(&aead::AES_128_GCM, &cek).map_err(|_| anyhow::anyhow!("AES key"))?);
    let nonce = aead::Nonce::try_assume_unique_for_key(&nonce).map_err(|_| anyhow::anyhow!("nonce"))?;
    key.seal_in_place_append_tag(nonce, aead::Aad::empty(), &mut record).map_err(|_| anyhow::anyhow!("AES-GCM"))?;
    let mut body = Vec::with_capacity(16 + 4 + 1 + as_public.len() + record.len());
    body.extend_from_slice(&salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(as_public.len() as u8);
    body.extend_from_slice(&as_public);
    body.extend_from_slice(&record);
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED, UnparsedPublicKey};

    #[test]
    fn the_vapid_header_is_a_jwt_for_the_push_service_signed_by_the_key_it_names() {
        let vapid = Vapid::from_base64(&Vapid::generate(), "mailto:ops@example.org".into()).unwrap();
        let endpoint = reqwest::Url::parse("https://push.example.net:8443/send/abc?x=1").unwrap();
        let header = vapid.authorization(&endpoint, 1_000).unwrap();
        let (token, key) = header.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap();
        assert_eq!(key, vapid.public_key());
        let (input, signature) = token.rsplit_once('.').unwrap();
        let claims: serde_json::Value = serde_json::from_slice(&B64.decode(input.split('.').nth(1).unwrap()).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example.net:8443");
        assert_eq!(claims["exp"], 1_000 + VAPID_VALID_SECS);
        assert_eq!(claims["sub"], "mailto:ops@example.org");
        UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, B64.decode(key).unwrap())
            .verify(input.as_bytes(), &B64.decode(signature).unwrap())
            .expect("the signature checks with the named key");
        assert!(Vapid::from_base64("bm90IGEga2V5", String::new()).is_err());
    }

    #[test]
    fn a_message_is_one_aes128gcm_record_with_a_fresh_salt_and_key() {
        let ua = agreement::EphemeralPrivateKey::generate(&agreement::ECDH_P256, &SystemRandom::new()).unwrap();
        let ua_public = ua.compute_public_key().unwrap().as_ref().to_vec();
        let body = encrypt(&ua_public, &[7; 16], b"hello").unwrap();
        assert_eq!(u32::from_be_bytes(body[16..20].try_into().unwrap()), RECORD_SIZE);
        assert_eq!(body[20] as usize, PUBLIC_KEY_LEN);
        assert_eq!(body.len(), 16 + 4 + 1 + 65 + 5 + 1 + 16, "text, delimiter and tag");
        let again = encrypt(&ua_public, &[7; 16], b"hello").unwrap();
        assert_ne!(body[..16], again[..16], "a new salt every message");
        assert!(encrypt(&[4; 65], &[7; 16], b"hello").is_err(), "not a point on the curve");
    }
}
