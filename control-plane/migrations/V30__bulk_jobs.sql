-- Bulk messages (tenant_api::bulk). Each site keeps its messages and their recipients in its own
-- schema; this is the one queue, across sites, of the messages due, which edges work through.
CREATE TABLE bulk_jobs (
    institution_id bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    message_id     bigint NOT NULL,
    send_at        timestamptz NOT NULL,
    -- While an edge sends, the job is leased to it, and the lease renewed after each batch; a
    -- lease that runs out (the edge died) lets another edge carry on where it stopped.
    locked_until   timestamptz,
    PRIMARY KEY (institution_id, message_id)
);
CREATE INDEX bulk_jobs_due ON bulk_jobs (send_at);

-- A bulk message's e-mails and texts: each recipient once, however often an edge that died
-- mid-batch hands the same batch to the outbox again.
ALTER TABLE outbox ADD COLUMN bulk_ref text;
CREATE UNIQUE INDEX outbox_bulk_once ON outbox (bulk_ref, channel, recipient) WHERE bulk_ref IS NOT NULL;
