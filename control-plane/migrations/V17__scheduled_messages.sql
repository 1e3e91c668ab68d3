-- Messages can be queued for later (an event's reminder the day before) and withdrawn before
-- they go (the registration was cancelled).
ALTER TABLE outbox DROP CONSTRAINT outbox_state_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_state_check CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'cancelled'));
