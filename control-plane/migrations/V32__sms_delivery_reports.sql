-- What the SMS gateway reported on a text it took (Kannel's delivery reports): delivered to the
-- phone, or not. A text reported undelivered has failed, whichever comes first: the report, or
-- the worker recording that the gateway took it.
ALTER TABLE outbox ADD COLUMN report text CHECK (report IN ('delivered', 'undelivered'));
ALTER TABLE outbox ADD COLUMN reported_at timestamptz;
