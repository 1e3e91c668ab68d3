-- A database server with high availability (issue 17): the other nodes of its formation
-- (`host:port` each), any of which its manager (pg_auto_failover, Patroni) may promote. Edges and
-- the provisioner write to whichever node takes writes (`control_plane::failover`).
ALTER TABLE database_servers ADD COLUMN replicas text[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(replicas) <= 8
           AND array_to_string(replicas, ',') ~ '^([A-Za-z0-9._-]{1,253}:[0-9]{1,5}(,|$))*$');
