-- The bell: what the site tells a person (an enrolment approved...), as a kind and its
-- parameters, worded by the web app in the reader's language. Written in the same transaction as
-- the event that causes it. Not in the activity log's change capture: one row per person told,
-- and marking read is the reader's own business.
CREATE TABLE notifications (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL,
    kind       text NOT NULL,
    params     jsonb NOT NULL DEFAULT '{}',
    link       text,
    read_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
