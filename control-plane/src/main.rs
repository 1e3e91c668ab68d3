//! `control-plane migrate` applies the control schema's migrations (and refreshes the shipped
//! translations); `control-plane seed-demo` adds the demo data; `control-plane create-api-client
//! NAME` registers an OAuth client and prints its secret once.

use anyhow::bail;
use control_plane::{config::Config, db, demo, users::oauth};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    control_plane::telemetry::init();
    let config = Config::from_env()?;
    let pool = db::connect(&config).await?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("migrate") => {
            db::migrate(&config, &pool).await?;
            println!("control schema is up to date");
        }
        Some("seed-demo") => {
            db::migrate(&config, &pool).await?;
            demo::seed(&pool).await?;
            println!("demo data seeded");
        }
        Some("create-api-client") => {
            let Some(name) = args.get(1) else { bail!("usage: control-plane create-api-client NAME") };
            let (id, secret) = oauth::create_client(&pool, name).await?;
            println!("client_id={id}\nclient_secret={secret}");
        }
        _ => bail!("usage: control-plane migrate | seed-demo | create-api-client NAME"),
    }
    Ok(())
}
