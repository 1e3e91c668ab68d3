//! Database servers with high availability (issue 17): a server may be a formation of nodes —
//! a primary and its standbys, kept by pg_auto_failover (`infra/lib.sh` `start_formation`), or
//! Patroni, or any manager that promotes a standby when the primary is lost. Its row lists the
//! other nodes as `replicas`. Writes go to whichever node answers neither in recovery nor
//! read-only, the test libpq's `target_session_attrs=read-write` makes; sqlx connects to one
//! host, so [`Primaries`] makes it for us, and edges and the provisioner follow a promotion
//! without a restart.
//!
//! The control database may have standbys too (`DATABASE_REPLICAS`): its pool follows the node
//! taking writes ([`crate::db::connect`]), and so do the pools of the tenants placed on its
//! server.
//!
//! pg_auto_failover promotes in steps: the standby leaves recovery first, and takes writes only
//! once the old primary is known to be demoted (`default_transaction_read_only` until then), so
//! a node that left recovery but still refuses writes is not the primary yet.

use crate::config::Config;
use crate::placement::Server;
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};
use std::collections::{HashMap, HashSet};
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a node found writable is taken on trust before it is checked again.
const TRUSTED_FOR: Duration = Duration::from_secs(1);

/// The node taking writes for each server with replicas, as last found.
#[derive(Clone)]
pub struct Primaries {
    found: Arc<Mutex<HashMap<String, (Node, Instant)>>>,
    /// Servers whose last look found no node taking writes: a promotion under way.
    without: Arc<Mutex<HashSet<String>>>,
    config: Arc<Config>,
}

/// A node of a formation: `host:port`.
pub type Node = (String, u16);

impl Primaries {
    pub fn new(config: Arc<Config>) -> Self {
        Self { found: Default::default(), without: Default::default(), config }
    }

    /// `server` pointed at the node that takes writes now: unchanged for a server without
    /// replicas; otherwise the node last found, looked for again once a second has passed.
    pub async fn resolve(&self, server: &Server) -> Server {
        let server = &self.formation_of(server);
        if server.replicas.is_empty() {
            return server.clone();
        }
        let known = self.known(&server.name);
        let node = match known {
            Some((node, at)) if at.elapsed() < TRUSTED_FOR => Some(node),
            _ => self.refresh(server).await,
        };
        match node {
            Some((host, port)) => Server { host: Some(host), port: Some(i32::from(port)), ..server.clone() },
            // No node takes writes (a promotion under way): the first one, so requests fail
            // like any lost connection (503) until one does.
            None => server.clone(),
        }
    }

    /// Looks for the node taking writes, the one last found first; remembers and answers it, or
    /// `None` while no node takes writes.
    pub async fn refresh(&self, server: &Server) -> Option<Node> {
        let mut nodes = nodes(server);
        if let Some((last, _)) = self.known(&server.name) {
            nodes.retain(|n| *n != last);
            nodes.insert(0, last);
        }
        for node in nodes {
            if self.writable(server, &node).await {
                let mut found = self.found.lock().expect("never poisoned: no panics while held");
                found.insert(server.name.clone(), (node.clone(), Instant::now()));
                self.without.lock().expect("never poisoned: no panics while held").remove(&server.name);
                return Some(node);
            }
        }
        self.without.lock().expect("never poisoned: no panics while held").insert(server.name.clone());
        None
    }

    /// Whether the last look at `server` found no node taking writes. Requests for its tenants
    /// are then refused at once (503) instead of each waiting out its pool's acquire timeout
    /// against a node that is gone; the next look that finds a primary lets them through again.
    pub fn without_primary(&self, server: &str) -> bool {
        self.without.lock().expect("never poisoned: no panics while held").contains(server)
    }

    /// The control database's own server (`host` unset) as the formation `DATABASE_REPLICAS`
    /// makes it; any other server as it is.
    fn formation_of(&self, server: &Server) -> Server {
        match control_server(&self.config) {
            Some(control) if server.host.is_none() => Server { name: server.name.clone(), ..control },
            _ => server.clone(),
        }
    }

    /// Each server's node last found taking writes (`host:port`), for the metrics.
    pub fn found(&self) -> Vec<(String, String)> {
        let found = self.found.lock().expect("never poisoned: no panics while held");
        found.iter().map(|(server, ((host, port), _))| (server.clone(), format!("{host}:{port}"))).collect()
    }

    fn known(&self, server: &str) -> Option<(Node, Instant)> {
        self.found.lock().expect("never poisoned: no panics while held").get(server).cloned()
    }

    async fn writable(&self, server: &Server, (host, port): &Node) -> bool {
        let Ok(admin) = server.admin_options(&self.config) else { return false };
        let options = admin.host(host).port(*port).application_name("primary-probe");
        let probe = async {
            let mut conn = options.connect().await?;
            let writable = sqlx::query_scalar("SELECT NOT pg_is_in_recovery() AND NOT current_setting('transaction_read_only')::bool")
                .fetch_one(&mut conn)
                .await;
            let _ = conn.close().await;
            writable
        };
        matches!(tokio::time::timeout(Duration::from_secs(2), probe).await, Ok(Ok(true)))
    }
}

/// The control database's server as a formation: `DATABASE_URL`'s node and `DATABASE_REPLICAS`;
/// `None` when it has no standby.
pub fn control_server(config: &Config) -> Option<Server> {
    if config.database_replicas.is_empty() {
        return None;
    }
    let url = PgConnectOptions::from_str(config.database_url.expose()).ok()?;
    Some(Server {
        name: crate::placement::MAIN.into(),
        host: Some(url.get_host().to_owned()),
        port: Some(i32::from(url.get_port())),
        dbname: Some(url.get_database().unwrap_or("postgres").to_owned()),
        capacity: 0,
        draining: false,
        replicas: config.database_replicas.clone(),
        storage_endpoint: None,
        storage_region: None,
    })
}

/// Every node of a server: its own address first, then its replicas (`host:port` each).
pub fn nodes(server: &Server) -> Vec<Node> {
    let own = server.host.clone().zip(server.port.and_then(|p| u16::try_from(p).ok()));
    own.into_iter().chain(server.replicas.iter().filter_map(|r| parse_node(r))).collect()
}

/// `host:port`, the form `replicas` holds.
pub fn parse_node(text: &str) -> Option<Node> {
    let (host, port) = text.rsplit_once(':')?;
    let port = port.parse().ok().filter(|p| *p > 0)?;
    (!host.is_empty()).then(|| (host.to_owned(), port))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(replicas: &[&str]) -> Server {
        Server {
            name: "ha".into(),
            host: Some("10.0.0.1".into()),
            port: Some(5432),
            dbname: Some("lms".into()),
            capacity: 10,
            draining: false,
            replicas: replicas.iter().map(|r| r.to_string()).collect(),
            storage_endpoint: None,
            storage_region: None,
        }
    }

    #[test]
    fn a_servers_nodes_are_its_own_address_then_its_replicas() {
        let nodes = nodes(&server(&["10.0.0.2:5433", "db3.internal:5432"]));
        assert_eq!(nodes, [("10.0.0.1".into(), 5432), ("10.0.0.2".into(), 5433), ("db3.internal".into(), 5432)]);
    }

    #[test]
    fn a_replica_is_host_colon_port() {
        assert_eq!(parse_node("10.0.0.2:5433"), Some(("10.0.0.2".into(), 5433)));
        for bad in ["10.0.0.2", ":5432", "h:0", "h:70000", "h:x"] {
            assert_eq!(parse_node(bad), None, "{bad}");
        }
    }
}
