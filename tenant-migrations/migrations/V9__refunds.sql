-- Refunds through the gateway, full or partial. A full refund moves the order to
-- `refund_pending` while the gateway works and to `refunded` when it is done, and the learner's
-- enrolment goes; a partial one leaves the order paid. The ledger takes each refund back from the
-- platform's commission and the partner's share in proportion (the gateway keeps its fee).
ALTER TABLE orders
    DROP CONSTRAINT orders_state_check,
    ADD CONSTRAINT orders_state CHECK (state IN ('pending', 'review', 'paid', 'failed', 'cancelled', 'expired', 'refund_pending', 'refunded')),
    ADD COLUMN refunded_poisha bigint NOT NULL DEFAULT 0,
    ADD CONSTRAINT orders_refunded CHECK (refunded_poisha BETWEEN 0 AND amount_poisha);

CREATE TABLE refunds (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id      bigint NOT NULL REFERENCES orders ON DELETE RESTRICT,
    amount_poisha bigint NOT NULL CHECK (amount_poisha > 0),
    reason        text NOT NULL DEFAULT '',
    state         text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'refunded', 'failed')),
    refund_ref_id text,
    failure       text,
    requested_by  bigint NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz
);
CREATE INDEX refunds_order ON refunds (order_id);
CREATE INDEX refunds_processing ON refunds (created_at) WHERE state = 'processing';

ALTER TABLE ledger_entries ADD COLUMN refund_id bigint REFERENCES refunds ON DELETE RESTRICT;
CREATE UNIQUE INDEX ledger_entries_refund ON ledger_entries (refund_id, account) WHERE refund_id IS NOT NULL;
