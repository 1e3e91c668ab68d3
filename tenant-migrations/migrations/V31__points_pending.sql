-- A learner whose points this site still owes the leaderboards (learning/points.rs): marked
-- before each recount is written to the control plane and cleared once it is; a mark left by a
-- failed write (or a crash) is retried by the edges' sweep.
CREATE TABLE points_pending (
    user_id   bigint PRIMARY KEY,
    marked_at timestamptz NOT NULL DEFAULT now()
);
