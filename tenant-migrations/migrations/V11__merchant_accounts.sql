-- An order paid into the partner's own store names that merchant account (control database);
-- NULL: the platform's store.
ALTER TABLE orders ADD COLUMN merchant_account_id bigint;

-- `partner_store`: money a partner's own store took. The partner holds it already, so it counts
-- against what the platform owes the partner.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check
    CHECK (account IN ('gateway_clearing', 'gateway_fees', 'platform_commission', 'partner_share', 'partner_store'));
