-- A payout the platform made to this site (approved in the control database's payout_requests)
-- posts partner_share +A, gateway_clearing -A here, once: the payout's id makes it idempotent.
ALTER TABLE ledger_entries ADD COLUMN payout_id bigint;
CREATE UNIQUE INDEX ledger_entries_payout ON ledger_entries (payout_id, account) WHERE payout_id IS NOT NULL;
