-- Browsers that take this platform's notices by Web Push. A subscription belongs to one site's
-- origin (each partner site is its own origin to a browser), so a notice of one site never goes
-- to a subscription made on another. The endpoint is unique to a browser's subscription: when a
-- different person signs in on that browser and subscribes, it becomes theirs. Left out of the
-- activity log, like sessions: a device's record, not a change anyone reviews.
--
-- It lives as long as the session it was made in: signing out (or a password reset, which ends
-- every session) stops the browser getting that person's notices, which matters on the shared
-- phones and computers many learners use. Signing in again and opening the settings renews it.
CREATE TABLE push_subscriptions (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_id     bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    institution_id bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    endpoint       text NOT NULL UNIQUE,
    -- The browser's ECDH public key (65 bytes, uncompressed P-256) and its 16-byte auth secret,
    -- which encrypt each message for this browser alone (RFC 8291).
    p256dh         bytea NOT NULL CHECK (octet_length(p256dh) = 65),
    auth           bytea NOT NULL CHECK (octet_length(auth) = 16),
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_sent_at   timestamptz
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, institution_id);

-- A push is an outbox row like a mail: its recipient the endpoint, its text the payload.
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'sms', 'push'));
