//! Log output of every service: `RUST_LOG` filters (default `info`). `LOG_FORMAT=json` writes one
//! JSON object a line, with the fields of the spans it was written in (the edge's request id and
//! site, `tenant_api::observability`), for a log store to index; `text` is for people. Unset: JSON
//! unless the output is a terminal.

use std::io::IsTerminal;

pub fn init() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into());
    let json = match std::env::var("LOG_FORMAT").as_deref() {
        Ok("json") => true,
        Ok("text") => false,
        _ => !std::io::stderr().is_terminal(),
    };
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = if json { logs.json().with_current_span(true).with_span_list(false).try_init() } else { logs.try_init() };
}
