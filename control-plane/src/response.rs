//! Success bodies as the contract says (DESIGN §5): one value under `data`. Handlers that return
//! `Json<Data<T>>` cannot drift from what the API document says they return.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Self { data }
    }
}

/// What a call with nothing else to say answers: `{"data": {"ok": true}}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Done {
    pub ok: bool,
}

impl Data<Done> {
    pub fn done() -> Self {
        Self::new(Done { ok: true })
    }
}
