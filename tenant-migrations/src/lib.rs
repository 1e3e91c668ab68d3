//! The SQL migrations of one tenant schema, embedded in the binary. They run on a connection
//! that logs in as the tenant's role with only the tenant schema on `search_path`, so every
//! table (and refinery's history table) lands in that schema, owned by that role.

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// Applies what is missing; answers the names of the migrations applied now.
pub async fn migrate(client: &mut tokio_postgres::Client) -> Result<Vec<String>, refinery::Error> {
    let report = embedded::migrations::runner().run_async(client).await?;
    Ok(report.applied_migrations().iter().map(|m| m.to_string()).collect())
}

/// Every migration shipped (`V1__activity_logs`, ...), oldest first.
pub fn names() -> Vec<String> {
    let mut migrations = embedded::migrations::runner().get_migrations().clone();
    migrations.sort_by_key(|m| m.version());
    migrations.iter().map(|m| m.to_string()).collect()
}

/// The newest migration version shipped.
pub fn latest_version() -> i32 {
    embedded::migrations::runner().get_migrations().iter().map(|m| m.version()).max().unwrap_or(0)
}
