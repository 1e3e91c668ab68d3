-- What happened on this site (who changed its settings, who signed in), for its admins.
CREATE TABLE activity_logs (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    bigint,
    action     text NOT NULL,
    subject    text,
    details    jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_logs_recent ON activity_logs (created_at DESC, id DESC);
