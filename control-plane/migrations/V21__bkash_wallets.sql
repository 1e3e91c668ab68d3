-- A partner's own bKash merchant wallet, beside its own SSLCommerz store: its learners' bKash
-- payments go into it instead of the platform's wallet. A wallet is known by its username
-- (`store_id`) and app key; its two secrets, the password and the app secret, are sealed together
-- as one JSON object in `store_password_sealed` (AES-256-GCM, as for a store's password). Kept
-- rows are what a past order is executed, queried and refunded with.
ALTER TABLE merchant_accounts DROP CONSTRAINT merchant_accounts_gateway_check;
ALTER TABLE merchant_accounts ADD CONSTRAINT merchant_accounts_gateway_check CHECK (gateway IN ('sslcommerz', 'bkash'));
ALTER TABLE merchant_accounts ADD COLUMN app_key text;
ALTER TABLE merchant_accounts ADD CONSTRAINT merchant_accounts_app_key CHECK ((gateway = 'bkash') = (app_key IS NOT NULL));
