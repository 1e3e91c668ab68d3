//! What the edge adds to the control plane's accounts: the profile photo, which needs a bucket.

pub mod photo;
