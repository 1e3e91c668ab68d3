-- Text messages go through the same outbox as e-mail.
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'sms'));

-- One-time codes sent by SMS (6 digits, 5 minutes, single use, 5 tries). Only an HMAC of the code
-- is kept, keyed by a server secret, so the table alone does not give the codes away.
CREATE TABLE otp_codes (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    purpose    text NOT NULL CHECK (purpose IN ('phone_verification')),
    phone      text NOT NULL,
    user_id    bigint REFERENCES users (id) ON DELETE CASCADE,
    code_hmac  bytea NOT NULL,
    expires_at timestamptz NOT NULL,
    attempts   integer NOT NULL DEFAULT 0,
    used_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_codes_recent ON otp_codes (phone, purpose, created_at DESC);
