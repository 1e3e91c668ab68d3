-- Failed sign-ins and reset requests, counted per account and per client address
-- (control_plane::auth::rate_limit) in one place for every edge: someone guessing passwords
-- through several edges meets one limit, not one per edge (issue 17). A count starts with its
-- first failure and lapses a window later. Unlogged: counters need no crash safety, and
-- skipping the WAL keeps a flood of failures cheap; a new primary starts them afresh.
CREATE UNLOGGED TABLE attempt_counts (
    key        text PRIMARY KEY,
    count      integer NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX attempt_counts_expiry ON attempt_counts (expires_at);
