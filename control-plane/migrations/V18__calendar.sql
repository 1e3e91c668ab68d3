-- Each person's calendar across every site they take part in: a projection written by the sites
-- (an approved event registration today; classes, exams and trainings as they come), read in one
-- query for the calendar page and for the person's iCalendar feed.
CREATE TABLE calendar_entries (
    user_id        bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    institution_id bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    kind           text NOT NULL CHECK (kind IN ('event')),
    -- The object's id on its site.
    ref_id         bigint NOT NULL,
    title          text NOT NULL,
    title_bn       text,
    starts_at      timestamptz NOT NULL,
    ends_at        timestamptz NOT NULL,
    location       text,
    -- Its page on its site (`/events/12`).
    path           text NOT NULL,
    PRIMARY KEY (user_id, institution_id, kind, ref_id)
);
CREATE INDEX calendar_entries_by_time ON calendar_entries (user_id, starts_at);
CREATE INDEX calendar_entries_by_object ON calendar_entries (institution_id, kind, ref_id);

-- The secret address of a person's feed, for a phone's calendar to subscribe to; kept hashed.
CREATE TABLE calendar_feeds (
    user_id    bigint PRIMARY KEY REFERENCES users ON DELETE CASCADE,
    token_hash bytea NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);
