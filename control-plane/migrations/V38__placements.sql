-- Where each tenant's schema and role live (issue 17): a fleet of PostgreSQL servers, and one
-- placement per tenant. `control_plane::placement` owns both tables.
--
-- A server is named by where it is, never by credentials: the platform's administrative role
-- (DATABASE_URL's user and password) exists on every server of the fleet, and each tenant role
-- logs in with its derived password. `host` NULL is the control database's own server.
CREATE TABLE database_servers (
    name       text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_-]{0,39}$'),
    host       text CHECK (host ~ '^[A-Za-z0-9._:-]{1,253}$'),
    port       integer CHECK (port BETWEEN 1 AND 65535),
    dbname     text CHECK (dbname ~ '^[A-Za-z0-9_]{1,63}$'),
    -- How many tenants it should hold; a new tenant goes where the most room is left.
    capacity   integer NOT NULL DEFAULT 1000 CHECK (capacity >= 0),
    -- A draining server takes no new tenants (its tenants are being moved off).
    draining   boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((host IS NULL) = (port IS NULL) AND (host IS NULL) = (dbname IS NULL))
);
INSERT INTO database_servers (name) VALUES ('main');

-- `moving`: a copy is being made on another server while the tenant keeps working here.
-- `read_only`: the cut-over; edges refuse writes (503, Retry-After) until the placement flips.
-- `epoch` grows at every flip, so an edge can tell a placement it holds is stale.
CREATE TABLE tenant_placements (
    tenant_id  bigint PRIMARY KEY REFERENCES institutions (id) ON DELETE CASCADE,
    server     text NOT NULL REFERENCES database_servers (name),
    state      text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'read_only', 'moving')),
    epoch      integer NOT NULL DEFAULT 1,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenant_placements_server ON tenant_placements (server);

-- Every tenant provisioned so far lives on the control database's server.
INSERT INTO tenant_placements (tenant_id, server)
SELECT id, 'main' FROM institutions WHERE state <> 'requested';
