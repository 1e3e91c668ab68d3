-- A partner asks the platform to pay out its share of learners' payments; the super admin
-- approves (the payout is then posted to the partner's own ledger) or rejects. `approving`: the
-- approval was begun and its posting may not be written yet; approving again finishes it.
CREATE TABLE payout_requests (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    institution_id    bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    amount_poisha     bigint NOT NULL CHECK (amount_poisha > 0),
    state             text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'approving', 'approved', 'rejected')),
    note              text NOT NULL DEFAULT '',
    reason            text,
    requested_by      bigint NOT NULL REFERENCES users,
    requested_by_name text NOT NULL DEFAULT '',
    decided_by        bigint REFERENCES users,
    created_at        timestamptz NOT NULL DEFAULT now(),
    decided_at        timestamptz
);
CREATE INDEX payout_requests_institution ON payout_requests (institution_id, id DESC);
CREATE INDEX payout_requests_state ON payout_requests (state, id DESC);
