-- A move's flip remembers the server the tenant left until the move has dropped what it left
-- there (subscription, publication and its replication slot, schema, role, bucket), so a move
-- stopped after its flip is finished by running it again (issue 17).
ALTER TABLE tenant_placements ADD COLUMN moved_from text REFERENCES database_servers (name);
