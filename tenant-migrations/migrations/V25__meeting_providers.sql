-- Meeting providers beyond Jitsi: BigBlueButton and Zoom accounts per site, the provider's own
-- meeting per session, recordings the provider reports, and attendance from the provider's
-- join and leave events.

ALTER TABLE meeting_settings DROP CONSTRAINT meeting_settings_platform_check;
ALTER TABLE meeting_settings ADD CONSTRAINT meeting_settings_platform_check CHECK (platform IN ('jitsi', 'convay', 'bbb', 'zoom'));
-- Zoom's Server-to-Server OAuth app: `app_id` holds the account id, `secret_sealed` the client
-- secret; these hold the client id, the OAuth token URL and the webhook secret token (sealed).
ALTER TABLE meeting_settings
    ADD COLUMN client_id text,
    ADD COLUMN auth_url text,
    ADD COLUMN webhook_secret_sealed bytea;

-- A provider that creates meetings (Zoom) is asked once per session. `creating` is claimed before
-- the create is sent; a create whose answer was lost stays `creating` until the provider's own
-- list says whether the meeting exists, so a meeting is never created twice.
ALTER TABLE classroom_sessions
    ADD COLUMN meeting_state text NOT NULL DEFAULT 'none' CHECK (meeting_state IN ('none', 'creating', 'created')),
    ADD COLUMN meeting_id text,
    ADD COLUMN meeting_claimed_at timestamptz,
    ADD CONSTRAINT classroom_sessions_meeting CHECK ((meeting_state = 'created') = (meeting_id IS NOT NULL));
CREATE UNIQUE INDEX classroom_sessions_meeting_id ON classroom_sessions (meeting_id) WHERE meeting_id IS NOT NULL;

-- Zoom registers each person once per meeting; its participant events name the registrant.
CREATE TABLE classroom_registrants (
    session_id    bigint NOT NULL REFERENCES classroom_sessions ON DELETE CASCADE,
    user_id       bigint NOT NULL,
    registrant_id text NOT NULL,
    join_url      text NOT NULL,
    PRIMARY KEY (session_id, user_id),
    UNIQUE (session_id, registrant_id)
);

-- Recordings the provider made (BBB's recording-ready callback, Zoom's recording.completed):
-- a callback delivered twice is stored once.
CREATE TABLE classroom_recordings (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id  bigint NOT NULL REFERENCES classroom_sessions ON DELETE CASCADE,
    provider    text NOT NULL CHECK (provider IN ('bbb', 'zoom')),
    record_id   text NOT NULL,
    url         text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (provider, record_id)
);
CREATE INDEX classroom_recordings_of_session ON classroom_recordings (session_id);

-- `provider`: the meeting server saw the student in the room (BBB's attendee list, Zoom's
-- participant events); `left_at` when it saw them leave.
ALTER TABLE classroom_attendance DROP CONSTRAINT classroom_attendance_source_check;
ALTER TABLE classroom_attendance ADD CONSTRAINT classroom_attendance_source_check CHECK (source IN ('manual', 'join', 'provider'));
ALTER TABLE classroom_attendance ADD COLUMN left_at timestamptz;
