-- Paid batches: a price on the batch (in poisha, 1 taka = 100 poisha), orders that pay for a seat
-- through a gateway, and a double-entry ledger from which every money report of the site is read.

ALTER TABLE batches
    ADD COLUMN price_poisha bigint NOT NULL DEFAULT 0 CONSTRAINT batches_price CHECK (price_poisha >= 0),
    ADD COLUMN currency text NOT NULL DEFAULT 'BDT' CHECK (currency = 'BDT');

-- One order per checkout. What is due is computed by the server and kept here; the gateway's
-- answer is checked against it. `review`: paid but flagged risky by the gateway; a person decides.
CREATE TABLE orders (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    uuid             uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    user_id          bigint NOT NULL,
    user_name        text NOT NULL DEFAULT '',
    user_email       text,
    course_id        bigint NOT NULL REFERENCES courses ON DELETE RESTRICT,
    batch_id         bigint NOT NULL REFERENCES batches ON DELETE RESTRICT,
    amount_poisha    bigint NOT NULL CHECK (amount_poisha > 0),
    currency         text NOT NULL DEFAULT 'BDT',
    state            text NOT NULL DEFAULT 'pending'
                         CHECK (state IN ('pending', 'review', 'paid', 'failed', 'cancelled', 'expired')),
    gateway          text NOT NULL,
    -- The id the gateway knows the order by (SSLCommerz `tran_id`).
    tran_id          text NOT NULL UNIQUE,
    idempotency_key  text,
    redirect_url     text,
    val_id           text,
    bank_tran_id     text,
    -- What the gateway kept as its fee, known once it confirms the payment.
    gateway_fee_poisha bigint,
    failure_reason   text,
    enrollment_id    bigint REFERENCES enrollments ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    paid_at          timestamptz,
    CONSTRAINT orders_idempotency UNIQUE (user_id, idempotency_key),
    CONSTRAINT orders_val_id UNIQUE (gateway, val_id),
    CONSTRAINT orders_bank_tran_id UNIQUE (gateway, bank_tran_id)
);
CREATE INDEX orders_user ON orders (user_id, id DESC);
CREATE INDEX orders_newest ON orders (id DESC);
CREATE INDEX orders_pending ON orders (created_at) WHERE state = 'pending';
CREATE INDEX orders_batch_open ON orders (batch_id) WHERE state IN ('pending', 'review');

-- What the gateway told us that we did not act on (a mismatch, a forged or unknown notice), kept
-- for whoever looks into a payment later.
CREATE TABLE payment_events (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id   bigint REFERENCES orders ON DELETE CASCADE,
    kind       text NOT NULL,
    detail     jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_order ON payment_events (order_id);

-- Double entry: every posting is a group of rows whose amounts sum to zero (debits positive,
-- credits negative). A confirmed payment of A, of which the gateway keeps fee F, posts
--   gateway_clearing +(A - F)   money the gateway will settle
--   gateway_fees     +F
--   platform_commission -C      the platform's share of A
--   partner_share    -(A - C)   what the site is owed (the platform bears the gateway's fee)
CREATE TABLE ledger_entries (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    posting       uuid NOT NULL,
    order_id      bigint REFERENCES orders ON DELETE RESTRICT,
    account       text NOT NULL CHECK (account IN ('gateway_clearing', 'gateway_fees', 'platform_commission', 'partner_share')),
    amount_poisha bigint NOT NULL CHECK (amount_poisha <> 0),
    currency      text NOT NULL DEFAULT 'BDT',
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_order ON ledger_entries (order_id);
CREATE INDEX ledger_entries_account ON ledger_entries (account);
