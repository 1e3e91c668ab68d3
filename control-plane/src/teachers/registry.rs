//! The government teacher registries behind the verification dialog (SPEC §2, §3): DSHE's PDS
//! for secondary teachers, DME for madrasa teachers, DTE for technical teachers, DPE's PIN and
//! index numbers for primary teachers and its HRMIS IDs for officers. None publishes an API
//! document; [`HttpRegistry`] speaks the gateway shape that `infra/registry/teachers.py` describes
//! and serves locally, with the record fields SPEC §3 names. Another gateway is another
//! [`TeacherRegistry`].

use serde::Deserialize;
use serde_json::json;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// The kind of ID the dialog asks for (`pds_type` with `pds_sub_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdKind {
    /// 1: a secondary teacher's PDS ID (DSHE).
    General,
    /// 2: a madrasa teacher's PDS ID (DME).
    Madrasa,
    /// 3: a technical teacher's PDS ID (DTE).
    Technical,
    /// 4 with sub-type 1: a primary teacher's PIN number (DPE).
    PrimaryPin,
    /// 4 with sub-type 2: a primary teacher's index number (DPE).
    PrimaryIndex,
    /// 5: an officer's or employee's HRMIS ID (DPE).
    Officer,
}

impl IdKind {
    pub fn from_types(pds_type: i16, pds_sub_type: Option<i16>) -> Option<Self> {
        Some(match (pds_type, pds_sub_type) {
            (1, None) => Self::General,
            (2, None) => Self::Madrasa,
            (3, None) => Self::Technical,
            (4, Some(1)) => Self::PrimaryPin,
            (4, Some(2)) => Self::PrimaryIndex,
            (5, None) => Self::Officer,
            _ => return None,
        })
    }

    /// The registry that answers for this kind, and its name for the number.
    fn wire(self) -> (&'static str, &'static str) {
        match self {
            Self::General => ("dshe", "pds"),
            Self::Madrasa => ("dme", "pds"),
            Self::Technical => ("dte", "pds"),
            Self::PrimaryPin => ("dpe", "pin"),
            Self::PrimaryIndex => ("dpe", "index"),
            Self::Officer => ("dpe_officer", "hrmis"),
        }
    }
}

/// A teacher as the registries describe them, with their field names (SPEC §3).
#[derive(Clone, Debug, Deserialize, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct Details {
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "Designation")]
    pub designation: String,
    #[serde(rename = "InstituteName")]
    pub institute_name: String,
    #[serde(rename = "Subject")]
    pub subject: String,
}

/// What a registry holds about a teacher.
#[derive(Clone, Debug, Deserialize)]
pub struct Record {
    #[serde(flatten)]
    pub details: Details,
    /// The phone the registry holds, to which the confirming code is texted.
    #[serde(rename = "Mobile", default)]
    pub mobile: Option<String>,
}

/// The registry could not be asked: down, too slow, or answering something unreadable.
#[derive(Debug)]
pub struct Unavailable(pub String);

pub type Answer<'a> = Pin<Box<dyn Future<Output = Result<Option<Record>, Unavailable>> + Send + 'a>>;

pub trait TeacherRegistry: Send + Sync {
    /// The record of `id` when the registry has it with this date of birth (DD/MM/YYYY), `None`
    /// when it has no such teacher.
    fn lookup<'a>(&'a self, kind: IdKind, id: &'a str, date_of_birth: &'a str) -> Answer<'a>;
}

pub struct HttpRegistry {
    client: reqwest::Client,
    url: String,
    key: crate::secret::Secret,
}

impl HttpRegistry {
    pub fn new(config: &crate::config::RegistryConfig) -> anyhow::Result<Self> {
        // A learner waits on the dialog: a registry slower than this is reported as unavailable.
        let client = reqwest::Client::builder().timeout(Duration::from_secs(8)).build()?;
        Ok(Self { client, url: config.url.trim_end_matches('/').to_owned(), key: config.api_key.clone() })
    }
}

#[derive(Deserialize)]
struct Reply {
    status: i64,
    data: Option<Record>,
}

impl TeacherRegistry for HttpRegistry {
    fn lookup<'a>(&'a self, kind: IdKind, id: &'a str, date_of_birth: &'a str) -> Answer<'a> {
        Box::pin(async move {
            let (registry, id_type) = kind.wire();
            let body = json!({ "registry": registry, "id_type": id_type, "id": id, "date_of_birth": date_of_birth });
            let response = self
                .client
                .post(format!("{}/api/v1/verify", self.url))
                .bearer_auth(self.key.expose())
                .json(&body)
                .send()
                .await
                .map_err(|e| Unavailable(e.without_url().to_string()))?;
            if !response.status().is_success() {
                return Err(Unavailable(format!("registry answered {}", response.status())));
            }
            let reply: Reply = response.json().await.map_err(|e| Unavailable(format!("unreadable answer: {e}")))?;
            match (reply.status, reply.data) {
                (100, Some(record)) => Ok(Some(record)),
                (0, _) => Ok(None),
                (status, _) => Err(Unavailable(format!("unexpected status {status}"))),
            }
        })
    }
}
