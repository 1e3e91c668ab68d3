//! Log output of every service: `RUST_LOG` filters (default `info`). `LOG_FORMAT=json` writes one
//! JSON object a line, with the fields of the spans it was written in (`span`, the innermost, and
//! `spans`, from the outermost: the edge's request id and site, `tenant_api::observability`), for a
//! log store to index; `text` is for people. Unset: JSON unless the output is a terminal.
//!
//! Inside a request the edge opens spans for the steps that wait on something else: `host_lookup`,
//! `placement_lookup` and `tenant_pool` (the control and tenant databases) and `s3` (each object
//! storage call, with its `op` and `key`). `LOG_SPANS=close` also writes a line as each span
//! closes, with the time it was busy and idle: where a slow request spent its time.

use std::io::IsTerminal;
use tracing_subscriber::fmt::format::FmtSpan;

pub fn init() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into());
    let json = match std::env::var("LOG_FORMAT").as_deref() {
        Ok("json") => true,
        Ok("text") => false,
        _ => !std::io::stderr().is_terminal(),
    };
    let spans = match std::env::var("LOG_SPANS").as_deref() {
        Ok("close") => FmtSpan::CLOSE,
        _ => FmtSpan::NONE,
    };
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_span_events(spans).with_writer(std::io::stderr);
    let _ = if json { logs.json().with_current_span(true).with_span_list(true).try_init() } else { logs.try_init() };
}
