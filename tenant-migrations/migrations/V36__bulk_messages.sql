-- Messages a site's admins send to many people at once, by e-mail, SMS and the bell
-- (tenant_api::bulk), and whom each reaches. The cross-site queue of due ones is the control
-- schema's `bulk_jobs`; the e-mails and texts themselves go through the control outbox.
CREATE TABLE bulk_messages (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    channels        text[] NOT NULL CHECK (channels <@ ARRAY['email', 'sms', 'bell'] AND cardinality(channels) > 0),
    subject         text NOT NULL DEFAULT '',
    body            text NOT NULL,
    -- The filters as the sender chose them; the people are fixed when sending starts.
    audience        jsonb NOT NULL,
    state           text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'sending', 'sent', 'cancelled')),
    send_at         timestamptz NOT NULL DEFAULT now(),
    created_by      bigint NOT NULL,
    created_by_name text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE INDEX bulk_messages_newest ON bulk_messages (id DESC);

-- One row per person and channel. `sent`: handed to the outbox (e-mail, SMS) or shown (bell);
-- whether the gateway then delivered it is the outbox's to say.
CREATE TABLE bulk_recipients (
    message_id bigint NOT NULL REFERENCES bulk_messages ON DELETE CASCADE,
    channel    text NOT NULL,
    user_id    bigint NOT NULL,
    name       text NOT NULL DEFAULT '',
    address    text,
    state      text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sent', 'failed', 'cancelled')),
    error      text,
    PRIMARY KEY (message_id, channel, user_id)
);
CREATE INDEX bulk_recipients_waiting ON bulk_recipients (message_id, channel, user_id) WHERE state = 'waiting';

-- The message is an admin's edit, logged with what changed (V33); its recipients are machinery.
CREATE TRIGGER record_change AFTER INSERT OR UPDATE OR DELETE ON bulk_messages FOR EACH ROW
    WHEN (current_setting('app.request', true) <> '') EXECUTE FUNCTION record_change();
