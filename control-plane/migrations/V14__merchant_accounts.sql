-- A partner's own SSLCommerz store, which takes its learners' payments instead of the platform's.
-- The store password is sealed (AES-256-GCM under a key derived from TENANT_DB_SECRET). Rows are
-- kept when a partner changes store or goes back to the platform's: the orders paid into a store
-- are validated and refunded with that store's credentials. At most one is active per partner.
CREATE TABLE merchant_accounts (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    institution_id        bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    gateway               text NOT NULL CHECK (gateway = 'sslcommerz'),
    store_id              text NOT NULL,
    store_password_sealed bytea NOT NULL,
    active                boolean NOT NULL DEFAULT true,
    updated_by            bigint REFERENCES users ON DELETE SET NULL,
    updated_at            timestamptz NOT NULL DEFAULT now(),
    UNIQUE (institution_id, gateway, store_id)
);
CREATE UNIQUE INDEX merchant_accounts_active ON merchant_accounts (institution_id, gateway) WHERE active;
