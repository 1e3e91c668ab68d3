-- Events of a site (seminars, orientations, fairs): registration (open, or approved by a manager),
-- a ticket per registration checked in by its QR code at the door, materials from the file
-- manager, discussions and, once over, reviews by the people who came.
CREATE TABLE events (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title          text NOT NULL,
    title_bn       text,
    description    text NOT NULL DEFAULT '',
    description_bn text,
    starts_at      timestamptz NOT NULL,
    ends_at        timestamptz NOT NULL,
    venue          text,
    online_link    text,
    -- Seats; NULL is no limit.
    capacity       integer CHECK (capacity > 0),
    registration   text NOT NULL DEFAULT 'open' CHECK (registration IN ('open', 'approval')),
    published      boolean NOT NULL DEFAULT true,
    created_by     bigint NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT events_ends_after_start CHECK (ends_at > starts_at),
    CONSTRAINT events_somewhere CHECK (venue IS NOT NULL OR online_link IS NOT NULL)
);
CREATE INDEX events_by_start ON events (starts_at) WHERE published;
CREATE INDEX events_by_end ON events (ends_at);

CREATE TABLE event_registrations (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id      bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    user_id       bigint NOT NULL,
    -- The person as they were when they registered (tenant rows refer to global users by id).
    user_name     text NOT NULL,
    user_email    text,
    user_phone    text,
    status        text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    -- The secret half of the ticket: random, unique to this registration; the QR code holds
    -- "EVT1.<event_id>.<code>", so a ticket names its event and is useless at any other.
    code          text NOT NULL UNIQUE,
    checked_in_at timestamptz,
    checked_in_by bigint,
    -- The reminder queued in the control database's outbox for the day before, so that it can
    -- be moved with the event or withdrawn with the registration.
    reminder_id   bigint,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT event_registrations_once UNIQUE (event_id, user_id)
);
CREATE INDEX event_registrations_user ON event_registrations (user_id);
CREATE INDEX event_registrations_checked_in ON event_registrations (event_id, checked_in_at DESC) WHERE checked_in_at IS NOT NULL;

CREATE TABLE event_materials (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id   bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    -- A file of the file manager; deleting the file takes it off the event.
    file_id    bigint NOT NULL REFERENCES files ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT event_materials_once UNIQUE (event_id, file_id)
);

CREATE TABLE event_discussions (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id   bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    parent_id  bigint REFERENCES event_discussions ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    user_name  text NOT NULL,
    body       text NOT NULL,
    -- Written by one of the event's managers (the site's teachers and admins).
    by_teacher boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    edited_at  timestamptz,
    removed_at timestamptz,
    CHECK (parent_id <> id)
);
CREATE INDEX event_discussions_posts ON event_discussions (event_id, id DESC) WHERE parent_id IS NULL;
CREATE INDEX event_discussions_replies ON event_discussions (parent_id, id) WHERE parent_id IS NOT NULL;

CREATE TABLE event_reviews (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id   bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    user_name  text NOT NULL,
    rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment    text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT event_reviews_once UNIQUE (event_id, user_id)
);

-- Discussion posts can be corrected by their writers (both boards share one code path).
ALTER TABLE exam_discussions ADD COLUMN edited_at timestamptz;
