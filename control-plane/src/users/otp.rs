//! One-time codes sent by SMS (table `otp_codes`): 6 digits, valid 5 minutes, single use, at most
//! 5 tries; a new one for the same number not before 60 s and at most 5 an hour (SMS pumping costs
//! real money). Only an HMAC of each code is stored, keyed from the server secret.

use crate::config::Config;
use crate::error::AppError;
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use sqlx::{PgConnection, PgPool};

pub const LIFETIME_MINUTES: i64 = 5;
pub const MAX_TRIES: i32 = 5;
pub const RESEND_AFTER_SECS: i64 = 60;
const PER_HOUR: i64 = 5;

/// What a code proves; a code sent for one purpose never passes for another.
#[derive(Clone, Copy)]
pub enum Purpose {
    /// The account's own phone number.
    PhoneVerification,
    /// The phone a teacher registry holds for the teacher ID being claimed.
    TeacherVerification,
    /// The account's proven number, when its password is forgotten.
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::PhoneVerification => "phone_verification",
            Self::TeacherVerification => "teacher_verification",
            Self::PasswordReset => "password_reset",
        }
    }
}

fn digest(config: &Config, purpose: Purpose, phone: &str, code: &str) -> Vec<u8> {
    // A key of its own, derived from the deployment's secret.
    let mut key = Hmac::<Sha256>::new_from_slice(config.tenant_db_secret.expose().as_bytes()).expect("any key length");
    key.update(b"otp-codes");
    let key = key.finalize().into_bytes();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("any key length");
    mac.update(format!("{}|{phone}|{code}", purpose.as_str()).as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// A fresh code for `phone`, stored (older open codes of the number are spent). 429 while the
/// last one is younger than a minute or after five in an hour.
pub async fn issue(tx: &mut PgConnection, config: &Config, purpose: Purpose, phone: &str, user_id: i64) -> Result<String, AppError> {
    let (last_secs, in_hour): (Option<f64>, i64) = sqlx::query_as(
        "SELECT extract(epoch FROM now() - max(created_at))::float8, count(*) FILTER (WHERE created_at > now() - interval '1 hour')
           FROM otp_codes WHERE phone = $1 AND purpose = $2",
    )
    .bind(phone)
    .bind(purpose.as_str())
    .fetch_one(&mut *tx)
    .await?;
    if last_secs.is_some_and(|s| s < RESEND_AFTER_SECS as f64) || in_hour >= PER_HOUR {
        return Err(AppError::TooManyAttempts);
    }
    let code = format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000));
    sqlx::query("UPDATE otp_codes SET used_at = now() WHERE phone = $1 AND purpose = $2 AND used_at IS NULL")
        .bind(phone)
        .bind(purpose.as_str())
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO otp_codes (purpose, phone, user_id, code_hmac, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))",
    )
    .bind(purpose.as_str())
    .bind(phone)
    .bind(user_id)
    .bind(digest(config, purpose, phone, &code))
    .bind(LIFETIME_MINUTES as i32)
    .execute(&mut *tx)
    .await?;
    Ok(code)
}

/// Checks a code typed for `phone` (Bangla digits are read as digits). A wrong code spends one of
/// its tries, kept even though the call fails; the right one is spent. 422 `otp_wrong`,
/// `otp_expired` (none open, used or late) or `otp_too_many_tries`.
pub async fn check(db: &PgPool, config: &Config, purpose: Purpose, phone: &str, typed: &str) -> Result<(), AppError> {
    let code: String = typed
        .chars()
        .filter_map(|c| c.to_digit(10).or_else(|| bangla_digit(c)))
        .filter_map(|d| char::from_digit(d, 10))
        .collect();
    let mut tx = db.begin().await?;
    let open: Option<(i64, Vec<u8>, i32)> = sqlx::query_as(
        "SELECT id, code_hmac, attempts FROM otp_codes
          WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC LIMIT 1 FOR UPDATE",
    )
    .bind(phone)
    .bind(purpose.as_str())
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id, stored, attempts)) = open else {
        return Err(AppError::unprocessable("otp", "otp_expired"));
    };
    if attempts >= MAX_TRIES {
        return Err(AppError::unprocessable("otp", "otp_too_many_tries"));
    }
    let right = code.len() == 6 && constant_time_eq(&digest(config, purpose, phone, &code), &stored);
    let spend = if right { "UPDATE otp_codes SET used_at = now() WHERE id = $1" } else { "UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1" };
    sqlx::query(spend).bind(id).execute(&mut *tx).await?;
    tx.commit().await?;
    if right { Ok(()) } else { Err(AppError::unprocessable("otp", "otp_wrong")) }
}

fn bangla_digit(c: char) -> Option<u32> {
    ('০'..='৯').contains(&c).then(|| c as u32 - '০' as u32)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    #[test]
    fn bangla_digits_are_digits() {
        assert_eq!(super::bangla_digit('৭'), Some(7));
        assert_eq!(super::bangla_digit('7'), None);
        assert!(super::constant_time_eq(b"abc", b"abc") && !super::constant_time_eq(b"abc", b"abd"));
    }
}
