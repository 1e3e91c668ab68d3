-- Buckets placed like schemas (issue 17): a database server may name the S3 service that holds
-- the buckets of the tenants placed on it, so a tenant's schema, role and bucket live in one cell
-- of the fleet and move together. NULL is the platform's own S3 service (S3_ENDPOINT,
-- S3_REGION). As with databases, no credential is stored: the platform's access key exists on
-- every S3 service of the fleet.
ALTER TABLE database_servers
    ADD COLUMN storage_endpoint text CHECK (storage_endpoint ~ '^https?://[A-Za-z0-9._-]{1,253}(:[0-9]{1,5})?/?$'),
    ADD COLUMN storage_region   text CHECK (storage_region ~ '^[a-z0-9-]{1,32}$');
