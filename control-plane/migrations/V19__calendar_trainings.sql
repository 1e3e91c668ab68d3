-- Training sessions join events on each person's calendar: a trainee's and a trainer's.
ALTER TABLE calendar_entries DROP CONSTRAINT calendar_entries_kind_check,
    ADD CONSTRAINT calendar_entries_kind_check CHECK (kind IN ('event', 'training'));
