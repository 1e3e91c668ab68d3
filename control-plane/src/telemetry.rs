//! Log output of every service: `RUST_LOG` filters (default `info`).

pub fn init() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into());
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}
