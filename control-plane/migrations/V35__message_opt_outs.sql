-- Addresses that asked a site for no more of its announcements (bulk messages), by e-mail's
-- one-click unsubscribe (RFC 8058), the link at the foot of each announcement, or the person's own
-- settings. Per site: leaving Dhaka's announcements leaves Sylhet's coming. Account mails, codes
-- and notices about one's own enrolments are not announcements and still go. Left out of the
-- activity log: a reader's own choice, not an admin's change.
CREATE TABLE message_opt_outs (
    institution_id bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    channel        text NOT NULL CHECK (channel IN ('email', 'sms')),
    address        text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (institution_id, channel, address)
);

-- Where an announcement's mail says to unsubscribe with one click (the List-Unsubscribe header).
ALTER TABLE outbox ADD COLUMN unsubscribe_url text;

-- Announcements by text a number has on a day (at most three: control_plane::messages::bulk).
CREATE INDEX outbox_bulk_texts ON outbox (recipient, next_attempt_at) WHERE channel = 'sms' AND kind = 'bulk';
