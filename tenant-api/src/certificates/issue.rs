//! Issuing a certificate when a learner completes a course, and registering it with the control
//! plane so that any site can verify its tracking code.

use super::store::{self, Certificate, NewCertificate};
use crate::courses::batches_store;
use crate::courses::store::CourseRow;
use crate::learning::enrolment_store::Enrollment;
use crate::state::AppState;
use control_plane::catalogue::store::{self as catalogue, Registration};
use control_plane::tenancy::Tenant;
use control_plane::{AppError, AppResult};
use rand::Rng;
use sqlx::PgPool;

/// 12 characters from an alphabet without look-alikes (no 0/O, 1/I/L): about 59 bits, printed
/// on the certificate and typed by whoever verifies it.
pub fn tracking_code() -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut rng = rand::thread_rng();
    (0..12).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}

/// The certificate of a completed enrolment: `issued`, or `pending` when its batch needs approval.
pub async fn on_completion(app: &AppState, tenant: &Tenant, db: &PgPool, course: &CourseRow, enrollment: &Enrollment) -> AppResult<Certificate> {
    let batch = batches_store::find(db, enrollment.batch_id).await?.ok_or(AppError::NotFound)?;
    let mut tx = db.begin().await?;
    let (certificate, new) = store::insert(&mut tx, NewCertificate {
        tracking_code: &tracking_code(),
        enrollment_id: enrollment.id,
        user_id: enrollment.user_id,
        holder_name: &enrollment.user_name,
        course_title: &course.title,
        course_title_bn: &course.title_bn,
        template_id: batch.template_id,
        status: if batch.certificate_approval { "pending" } else { "issued" },
    })
    .await?;
    if new && certificate.status == "issued" {
        tell_issued(&mut tx, tenant.id, &certificate).await?;
    }
    tx.commit().await?;
    crate::notifications::relay::relay_after(app, tenant, db).await;
    register(app, tenant, course, &certificate).await?;
    if certificate.status == "issued" {
        crate::learning::points::refresh(app, tenant.id, db, certificate.user_id).await;
    }
    Ok(certificate)
}

/// Rings the holder's bell: their certificate is ready (call in the transaction that issues it).
pub async fn tell_issued(tx: &mut sqlx::PgConnection, tenant: i64, c: &Certificate) -> sqlx::Result<()> {
    let params = serde_json::json!({ "course_title": c.course_title, "course_title_bn": c.course_title_bn, "tracking_code": c.tracking_code });
    let link = format!("/certificate/check/{}", c.tracking_code);
    crate::notifications::store::add(tx, tenant, c.user_id, "certificate_issued", params, Some(&link)).await
}

/// Writes the certificate's current state to the control plane's registry.
pub async fn register(app: &AppState, tenant: &Tenant, course: &CourseRow, c: &Certificate) -> AppResult<()> {
    catalogue::register_certificate(&app.ctl.db, Registration {
        tracking_code: &c.tracking_code,
        institution_id: tenant.id,
        user_id: c.user_id,
        holder_name: &c.holder_name,
        course_title: &c.course_title,
        course_title_bn: &c.course_title_bn,
        course_uuid: course.uuid,
        status: &c.status,
        issued_at: c.issued_at,
    })
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn tracking_codes_avoid_look_alike_characters() {
        for _ in 0..100 {
            let code = super::tracking_code();
            assert_eq!(code.len(), 12);
            assert!(code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']));
        }
    }
}
