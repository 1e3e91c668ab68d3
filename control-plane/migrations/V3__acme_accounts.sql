-- The platform's ACME account per directory, its credentials sealed under TLS_MASTER_KEY.
CREATE TABLE acme_accounts (
    directory           text PRIMARY KEY,
    credentials_sealed  bytea NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);
