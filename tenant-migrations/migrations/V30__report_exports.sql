-- Report exports run in the background (tenant-api/src/reports/exports.rs): a request starts one
-- and answers at once; the edge that took it writes the file into the site's bucket, counting
-- rows as it goes. `attempt` and `heartbeat_at` let another edge take over a job whose edge died
-- (its heartbeat stops), and keep the two from both writing progress.
CREATE TABLE report_exports (
    id           uuid PRIMARY KEY,
    user_id      bigint NOT NULL,
    list         text NOT NULL CHECK (list IN ('courses', 'learners', 'course-users', 'learner-courses')),
    target_id    bigint,
    search       text NOT NULL DEFAULT '',
    format       text NOT NULL CHECK (format IN ('csv', 'xlsx')),
    status       text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    attempt      int NOT NULL DEFAULT 0,
    rows_done    bigint NOT NULL DEFAULT 0,
    rows_total   bigint,
    size_bytes   bigint,
    file_name    text NOT NULL,
    error        text,
    heartbeat_at timestamptz NOT NULL DEFAULT now(),
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    expires_at   timestamptz NOT NULL DEFAULT now() + interval '1 day'
);
CREATE INDEX report_exports_by_user ON report_exports (user_id, created_at DESC);
