-- Single exams: a paper recipe of bank questions and random picks from folders, timed attempts
-- whose paper is frozen at creation, answers saved per slot, and marks.

CREATE TABLE exams (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    uuid              uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    owner_id          bigint NOT NULL,
    title             text NOT NULL DEFAULT '',
    title_bn          text NOT NULL DEFAULT '',
    instructions      text NOT NULL DEFAULT '',
    instructions_bn   text NOT NULL DEFAULT '',
    starts_at         timestamptz NOT NULL,
    ends_at           timestamptz NOT NULL,
    duration_minutes  int NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
    attempts_allowed  int NOT NULL CHECK (attempts_allowed BETWEEN 1 AND 100),
    pass_percent      numeric(5, 2) NOT NULL CHECK (pass_percent BETWEEN 0 AND 100),
    shuffle_questions boolean NOT NULL DEFAULT false,
    shuffle_options   boolean NOT NULL DEFAULT false,
    results_release   text NOT NULL CHECK (results_release IN ('on_submit', 'after_close')),
    show_answers      boolean NOT NULL DEFAULT false,
    grace_seconds     int NOT NULL CHECK (grace_seconds BETWEEN 0 AND 3600),
    published         boolean NOT NULL DEFAULT false,
    -- Bumped by every edit: the cached paper recipe is keyed by it.
    revision          int NOT NULL DEFAULT 1,
    deleted_at        timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at),
    CHECK (btrim(title) <> '' OR btrim(title_bn) <> '')
);
CREATE INDEX exams_listing ON exams (updated_at DESC, id DESC) WHERE deleted_at IS NULL;

-- The recipe of a paper: a fixed question, or `pick` questions drawn from a folder.
CREATE TABLE exam_parts (
    exam_id     bigint NOT NULL REFERENCES exams ON DELETE CASCADE,
    position    int NOT NULL,
    question_id bigint REFERENCES questions,
    folder_id   bigint REFERENCES question_folders,
    pick        int CHECK (pick >= 1),
    PRIMARY KEY (exam_id, position),
    CHECK ((question_id IS NOT NULL AND folder_id IS NULL AND pick IS NULL)
        OR (question_id IS NULL AND folder_id IS NOT NULL AND pick IS NOT NULL))
);

-- Per-learner accommodations (`increase_attempt`): extra attempts and extra minutes.
CREATE TABLE exam_overrides (
    exam_id        bigint NOT NULL REFERENCES exams ON DELETE CASCADE,
    user_id        bigint NOT NULL,
    extra_attempts int NOT NULL DEFAULT 0 CHECK (extra_attempts BETWEEN 0 AND 100),
    extra_minutes  int NOT NULL DEFAULT 0 CHECK (extra_minutes BETWEEN 0 AND 1440),
    updated_by     bigint NOT NULL,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (exam_id, user_id)
);

CREATE TABLE exam_attempts (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    uuid           uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    exam_id        bigint NOT NULL REFERENCES exams ON DELETE CASCADE,
    user_id        bigint NOT NULL,
    user_name      text NOT NULL DEFAULT '',
    attempt_no     int NOT NULL CHECK (attempt_no >= 1),
    state          text NOT NULL CHECK (state IN ('not_started', 'in_progress', 'overdue', 'submitted', 'finished', 'abandoned')),
    -- The frozen paper: [{question_id, version, options: [original option index, ...]}] in slot order.
    layout         jsonb NOT NULL,
    slots          int NOT NULL,
    max_score      numeric(10, 2) NOT NULL,
    started_at     timestamptz,
    deadline       timestamptz,
    submitted_at   timestamptz,
    late           boolean NOT NULL DEFAULT false,
    -- Closed by the deadline rather than by the learner.
    auto_closed    boolean NOT NULL DEFAULT false,
    score          numeric(10, 2),
    pending_marking int NOT NULL DEFAULT 0,
    passed         boolean,
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (exam_id, user_id, attempt_no)
);
-- One open attempt per learner and exam, whoever asks and however often.
CREATE UNIQUE INDEX exam_attempts_one_open ON exam_attempts (exam_id, user_id) WHERE state IN ('not_started', 'in_progress');
-- What the sweeper visits.
CREATE INDEX exam_attempts_due ON exam_attempts (deadline) WHERE state = 'in_progress';
CREATE INDEX exam_attempts_of_exam ON exam_attempts (exam_id, id);

CREATE TABLE exam_answers (
    attempt_id  bigint NOT NULL REFERENCES exam_attempts ON DELETE CASCADE,
    slot        int NOT NULL CHECK (slot >= 0),
    -- The learner's device numbers each change of a slot; an older save never replaces a newer one.
    client_seq  bigint NOT NULL,
    answer      jsonb NOT NULL,
    saved_at    timestamptz NOT NULL DEFAULT now(),
    -- Saved after the deadline, within the grace period.
    late        boolean NOT NULL DEFAULT false,
    status      text NOT NULL DEFAULT 'unmarked' CHECK (status IN ('unmarked', 'auto', 'needs_marking', 'marked')),
    awarded     numeric(8, 2),
    comment     text NOT NULL DEFAULT '',
    marked_by   bigint,
    marked_at   timestamptz,
    PRIMARY KEY (attempt_id, slot)
);
CREATE INDEX exam_answers_to_mark ON exam_answers (attempt_id) WHERE status = 'needs_marking';

-- Statistics computed in the background after attempts finish.
CREATE TABLE exam_stats (
    exam_id     bigint PRIMARY KEY REFERENCES exams ON DELETE CASCADE,
    summary     jsonb NOT NULL,
    questions   jsonb NOT NULL,
    computed_at timestamptz NOT NULL DEFAULT now()
);
