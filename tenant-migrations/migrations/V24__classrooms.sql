-- Live classrooms: a class with its teachers and students, sessions on a schedule joined through a
-- meeting provider, attendance per session, and a timeline of posts and comments.
CREATE TABLE classrooms (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         text NOT NULL,
    name_bn      text,
    description  text NOT NULL DEFAULT '',
    starts_at    timestamptz NOT NULL,
    platform     text NOT NULL DEFAULT 'jitsi' CHECK (platform IN ('jitsi', 'bbb', 'zoom', 'convay', 'link')),
    meeting_link text,
    -- The class's join link is <site>/join/<code>: random, so a class id does not let anyone in.
    code         text NOT NULL UNIQUE,
    published    boolean NOT NULL DEFAULT true,
    featured     boolean NOT NULL DEFAULT false,
    -- A course batch's live room (`/course/people`, `/course/timeline`): the batch's enrolled
    -- learners take part in it as students.
    course_batch_id bigint UNIQUE REFERENCES batches ON DELETE CASCADE,
    created_by   bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT classrooms_link_platform CHECK ((platform = 'link') = (meeting_link IS NOT NULL))
);
CREATE INDEX classrooms_by_start ON classrooms (starts_at DESC, id DESC);

-- A class's people. An invited person is known by e-mail or phone until they sign in through the
-- class link; then `user_id` is theirs.
CREATE TABLE classroom_people (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    classroom_id bigint NOT NULL REFERENCES classrooms ON DELETE CASCADE,
    user_id      bigint,
    -- 1 teacher, 2 student (SPEC §3 user_type).
    user_type    smallint NOT NULL CHECK (user_type IN (1, 2)),
    name         text NOT NULL,
    email        text,
    phone        text,
    invited_at   timestamptz,
    joined_at    timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT classroom_people_reachable CHECK (user_id IS NOT NULL OR email IS NOT NULL OR phone IS NOT NULL),
    CONSTRAINT classroom_people_user UNIQUE (classroom_id, user_id)
);
CREATE UNIQUE INDEX classroom_people_email ON classroom_people (classroom_id, lower(email));
CREATE UNIQUE INDEX classroom_people_phone ON classroom_people (classroom_id, phone);
CREATE INDEX classroom_people_of_user ON classroom_people (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE classroom_sessions (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    classroom_id     bigint NOT NULL REFERENCES classrooms ON DELETE CASCADE,
    title            text NOT NULL,
    title_bn         text,
    description      text NOT NULL DEFAULT '',
    starts_at        timestamptz NOT NULL,
    duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 600),
    -- The meeting room's name at the provider: random, one per session.
    room             text NOT NULL UNIQUE,
    -- When the teacher closed the attendance sheet (SPEC §4: attendance can receive an end time).
    ended_at         timestamptz,
    -- The class recording, a video of the file manager (uploaded there, resumably, with progress).
    recording_file_id bigint REFERENCES files ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX classroom_sessions_by_start ON classroom_sessions (classroom_id, starts_at);

CREATE TABLE classroom_attendance (
    session_id bigint NOT NULL REFERENCES classroom_sessions ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    present    boolean NOT NULL,
    -- `join`: marked when the student took the session's join link; `manual`: by a teacher.
    source     text NOT NULL CHECK (source IN ('manual', 'join')),
    joined_at  timestamptz,
    marked_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (session_id, user_id)
);

-- Classwork: material to read or an assignment to hand in, for the class or one session, with a
-- file of the file manager.
CREATE TABLE classroom_classworks (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    classroom_id bigint NOT NULL REFERENCES classrooms ON DELETE CASCADE,
    session_id   bigint REFERENCES classroom_sessions ON DELETE SET NULL,
    content_type text NOT NULL CHECK (content_type IN ('material', 'assignment')),
    title        text NOT NULL,
    title_bn     text,
    instructions text NOT NULL DEFAULT '',
    file_id      bigint REFERENCES files ON DELETE SET NULL,
    due_at       timestamptz,
    created_by   bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX classroom_classworks_by_class ON classroom_classworks (classroom_id, id DESC);

-- The chat beside a session's meeting (`put-chat`), kept for those who read it afterwards: the
-- shared discussion-board shape, owned by the session.
CREATE TABLE classroom_chat (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id bigint NOT NULL REFERENCES classroom_sessions ON DELETE CASCADE,
    parent_id  bigint REFERENCES classroom_chat ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    user_name  text NOT NULL,
    body       text NOT NULL,
    by_teacher boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    edited_at  timestamptz,
    removed_at timestamptz,
    CHECK (parent_id <> id)
);
CREATE INDEX classroom_chat_posts ON classroom_chat (session_id, id DESC) WHERE parent_id IS NULL;
CREATE INDEX classroom_chat_replies ON classroom_chat (parent_id, id) WHERE parent_id IS NOT NULL;

-- The class timeline: posts with comments one level below (the shared discussion-board shape),
-- posts pinned by teachers shown first.
CREATE TABLE classroom_posts (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    classroom_id bigint NOT NULL REFERENCES classrooms ON DELETE CASCADE,
    parent_id    bigint REFERENCES classroom_posts ON DELETE CASCADE,
    user_id      bigint NOT NULL,
    user_name    text NOT NULL,
    body         text NOT NULL,
    by_teacher   boolean NOT NULL DEFAULT false,
    pinned_at    timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    edited_at    timestamptz,
    removed_at   timestamptz,
    CHECK (parent_id <> id),
    CHECK (pinned_at IS NULL OR parent_id IS NULL)
);
CREATE INDEX classroom_posts_posts ON classroom_posts (classroom_id, id DESC) WHERE parent_id IS NULL;
CREATE INDEX classroom_posts_pinned ON classroom_posts (classroom_id, pinned_at DESC) WHERE pinned_at IS NOT NULL;
CREATE INDEX classroom_posts_replies ON classroom_posts (parent_id, id) WHERE parent_id IS NOT NULL;

-- The site's own meeting-provider account per platform (`/classroom/api_configure/store`): the
-- secret that signs join tokens, sealed with a key derived from the platform's secret.
CREATE TABLE meeting_settings (
    platform      text PRIMARY KEY CHECK (platform IN ('jitsi', 'convay')),
    base_url      text NOT NULL,
    app_id        text NOT NULL,
    secret_sealed bytea NOT NULL,
    updated_by    bigint NOT NULL,
    updated_at    timestamptz NOT NULL DEFAULT now()
);
