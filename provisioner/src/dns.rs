//! DNS for ACME DNS-01: TXT records written by RFC 2136 dynamic update, signed with TSIG, to the
//! zone's authoritative server (BIND, PowerDNS and Knot all speak it); and a check, through
//! hickory-resolver asking that authoritative server directly, that a record is visible.

use anyhow::{Context, bail};
use control_plane::dns::fqdn;
use hickory_proto::op::{Message, update_message};
use hickory_proto::rr::rdata::TXT;
use hickory_proto::rr::rdata::tsig::TsigAlgorithm;
use hickory_proto::rr::{Name, RData, Record, RecordSet, TSigner};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Where and how to write records: `RFC2136_SERVER`, `RFC2136_ZONE`, `RFC2136_KEY_NAME`,
/// `RFC2136_KEY_SECRET` (base64, HMAC-SHA256).
#[derive(Clone)]
pub struct DnsUpdater {
    server: SocketAddr,
    zone: Name,
    signer: TSigner,
}

impl std::fmt::Debug for DnsUpdater {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DnsUpdater").field("server", &self.server).field("zone", &self.zone).finish_non_exhaustive()
    }
}


impl DnsUpdater {
    pub fn new(server: SocketAddr, zone: &str, key_name: &str, secret_base64: &str) -> anyhow::Result<Self> {
        use base64::Engine;
        let key = base64::engine::general_purpose::STANDARD.decode(secret_base64.trim()).context("RFC2136_KEY_SECRET is not base64")?;
        let signer = TSigner::new(key, TsigAlgorithm::HmacSha256, fqdn(key_name)?, 300)?;
        Ok(Self { server, zone: fqdn(zone)?, signer })
    }

    pub fn server(&self) -> SocketAddr {
        self.server
    }

    fn txt(name: &str, value: &str) -> anyhow::Result<RecordSet> {
        Ok(RecordSet::from(Record::from_rdata(fqdn(name)?, 60, RData::TXT(TXT::new(vec![value.to_owned()])))))
    }

    pub async fn add_txt(&self, name: &str, value: &str) -> anyhow::Result<()> {
        self.send(update_message::append(Self::txt(name, value)?, self.zone.clone(), false, false)).await
    }

    pub async fn remove_txt(&self, name: &str, value: &str) -> anyhow::Result<()> {
        self.send(update_message::delete_by_rdata(Self::txt(name, value)?, self.zone.clone(), false)).await
    }

    /// Points `name` at `target` (replacing any CNAME there).
    pub async fn set_cname(&self, name: &str, target: &str) -> anyhow::Result<()> {
        self.remove_cname(name).await?;
        let record = Record::from_rdata(fqdn(name)?, 60, RData::CNAME(hickory_proto::rr::rdata::CNAME(fqdn(target)?)));
        self.send(update_message::append(RecordSet::from(record), self.zone.clone(), false, false)).await
    }

    pub async fn remove_cname(&self, name: &str) -> anyhow::Result<()> {
        let record = Record::update0(fqdn(name)?, 0, hickory_proto::rr::RecordType::CNAME).into_record_of_rdata();
        self.send(update_message::delete_rrset(record, self.zone.clone(), false)).await
    }

    async fn send(&self, mut message: Message) -> anyhow::Result<()> {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs();
        message.finalize(&self.signer, now)?;
        let bytes = message.to_vec()?;
        let socket = tokio::net::UdpSocket::bind(if self.server.is_ipv4() { "0.0.0.0:0" } else { "[::]:0" }).await?;
        socket.connect(self.server).await?;
        socket.send(&bytes).await?;
        let mut buffer = vec![0u8; 4096];
        let received = tokio::time::timeout(Duration::from_secs(5), socket.recv(&mut buffer))
            .await
            .with_context(|| format!("no answer from the DNS server {}", self.server))??;
        let response = Message::from_vec(&buffer[..received]).context("unreadable DNS answer")?;
        let code = response.metadata.response_code;
        if code != hickory_proto::op::ResponseCode::NoError {
            bail!("the DNS server {} refused the update: {code} (check RFC2136_KEY_NAME / RFC2136_KEY_SECRET and the zone)", self.server);
        }
        Ok(())
    }
}

/// Asks the authoritative server until `name` has a TXT record `value`, or gives up.
pub async fn wait_visible(server: SocketAddr, name: &str, value: &str, timeout: Duration) -> anyhow::Result<()> {
    let resolver = control_plane::dns::resolver(Some(server))?;
    let deadline = Instant::now() + timeout;
    let name = fqdn(name)?;
    loop {
        if control_plane::dns::txt(&resolver, &name.to_ascii()).await?.iter().any(|t| t == value) {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("the TXT record {name} never appeared on {server} within {} s", timeout.as_secs());
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}
