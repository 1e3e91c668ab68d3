//! TLS records of the control database: certificates with sealed private keys, ACME HTTP-01
//! challenge answers, and issuance attempts.

pub mod sealing;
pub mod store;
