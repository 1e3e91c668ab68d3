//! Account messages: an outbox in the control database, written in the same transaction as the
//! event that causes a message, and a worker at the edge that delivers it by e-mail (SMTP, through
//! `lettre`), to browsers (Web Push) or by SMS (SSL Wireless's API or a Kannel gateway, whose delivery reports come back) with retries and backoff.
//!
//! Delivery is at least once: a worker that dies after the SMTP server accepted a message but
//! before recording it leaves the row leased, and it is sent again when the lease runs out. Every
//! attempt carries the same `Message-ID` (`<outbox-ID@domain>`), which is how mail systems
//! recognise the repeat. Text messages carry the row's id as the gateway's `csms_id`, which the
//! gateway sends only once.

pub mod bulk;
pub mod mail;
pub mod opt_out;
pub mod outbox;
pub mod push;
pub mod reports;
pub mod sms;
pub mod templates;
pub mod worker;

/// Why a message did not go: worth another attempt later, or never.
#[derive(Debug)]
pub enum SendError {
    Transient(String),
    Permanent(String),
}
