//! The provisioner's integration tests, one binary (a binary per file linked the provisioner again
//! for each).

mod acme;
mod provisioning;
