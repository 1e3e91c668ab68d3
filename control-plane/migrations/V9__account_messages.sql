-- Links mailed to a user that prove they hold the mailbox: a password reset (valid an hour) or an
-- e-mail address to verify (a day). 32 random bytes given to the user once, kept only as a
-- SHA-256 hash, single use (ASVS 5.0 V6.3, OWASP Forgot Password cheat sheet).
CREATE TABLE account_links (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    purpose        text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
    user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash     bytea NOT NULL UNIQUE,
    -- The address the link was mailed to: what a verification proves.
    email          text NOT NULL,
    -- The site the link was asked on: its address and its brand.
    institution_id bigint REFERENCES institutions (id) ON DELETE CASCADE,
    expires_at     timestamptz NOT NULL,
    used_at        timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_links_open ON account_links (user_id, purpose) WHERE used_at IS NULL;

ALTER TABLE users ADD COLUMN email_verified_at timestamptz, ADD COLUMN phone_verified_at timestamptz;

-- The outbox of account messages (reset links, notices). A row is written in the same
-- transaction as the event that causes it and delivered by the edge's mail worker, so a message
-- is neither lost when the sender fails nor sent for an event that rolled back. Bodies may hold
-- links that open an account: they are cleared once delivered.
CREATE TABLE outbox (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    channel         text NOT NULL CHECK (channel IN ('email')),
    recipient       text NOT NULL,
    -- The site the message speaks for: its name is the sender's, its contact the reply-to.
    institution_id  bigint REFERENCES institutions (id) ON DELETE CASCADE,
    sender_name     text NOT NULL,
    kind            text NOT NULL,
    subject         text NOT NULL,
    body_text       text NOT NULL,
    body_html       text,
    state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    -- While a worker sends, the row is leased to it; a lease that runs out (the worker died)
    -- makes the row due again.
    locked_until    timestamptz,
    last_error      text,
    sent_at         timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state IN ('pending', 'sending');
