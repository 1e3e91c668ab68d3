-- The content bank: reusable teaching material of this site. An item's parts point at files of
-- the file manager, texts or exams of the Exam Centre; nothing is copied, so a file or exam a
-- part uses cannot be removed from under it. Learners enrol, finish parts in order and review.

CREATE TABLE contents (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id         bigint NOT NULL,
    title            text NOT NULL DEFAULT '',
    title_bn         text NOT NULL DEFAULT '',
    description      text NOT NULL DEFAULT '',
    description_bn   text NOT NULL DEFAULT '',
    content_type     text NOT NULL CHECK (content_type IN ('video', 'audio', 'document', 'image', 'manual', 'presentation',
                         'quiz', 'exam', 'assignment', 'survey', 'discussion', 'interview', 'project')),
    category_id      bigint,
    duration_minutes int NOT NULL DEFAULT 0 CHECK (duration_minutes BETWEEN 0 AND 59999),
    start_date       date,
    published        boolean NOT NULL DEFAULT false,
    cover_file_id    bigint REFERENCES files ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK (btrim(title) <> '' OR btrim(title_bn) <> '')
);
CREATE INDEX contents_owner ON contents (owner_id, updated_at DESC);
CREATE INDEX contents_published ON contents (updated_at DESC) WHERE published;

CREATE TABLE content_parts (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    content_id bigint NOT NULL REFERENCES contents ON DELETE CASCADE,
    position   int NOT NULL,
    title      text NOT NULL DEFAULT '',
    title_bn   text NOT NULL DEFAULT '',
    kind       text NOT NULL CHECK (kind IN ('file', 'text', 'quiz')),
    file_id    bigint REFERENCES files ON DELETE RESTRICT,
    body       text,
    exam_id    bigint REFERENCES exams ON DELETE RESTRICT,
    CHECK ((file_id IS NOT NULL) = (kind = 'file') AND (body IS NOT NULL) = (kind = 'text') AND (exam_id IS NOT NULL) = (kind = 'quiz'))
);
CREATE INDEX content_parts_content ON content_parts (content_id, position);
CREATE INDEX content_parts_file ON content_parts (file_id) WHERE file_id IS NOT NULL;
CREATE INDEX content_parts_exam ON content_parts (exam_id) WHERE exam_id IS NOT NULL;

CREATE TABLE content_shares (
    content_id bigint NOT NULL REFERENCES contents ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    PRIMARY KEY (content_id, user_id)
);
CREATE INDEX content_shares_user ON content_shares (user_id);

-- An item with learners cannot be deleted (RESTRICT): unpublishing it keeps their progress.
CREATE TABLE content_enrollments (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    content_id   bigint NOT NULL REFERENCES contents ON DELETE RESTRICT,
    user_id      bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    UNIQUE (content_id, user_id)
);
CREATE INDEX content_enrollments_user ON content_enrollments (user_id);

CREATE TABLE content_part_progress (
    enrollment_id bigint NOT NULL REFERENCES content_enrollments ON DELETE CASCADE,
    part_id       bigint NOT NULL REFERENCES content_parts ON DELETE CASCADE,
    done_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (enrollment_id, part_id)
);

CREATE TABLE content_reviews (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    content_id bigint NOT NULL REFERENCES contents ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment    text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (content_id, user_id)
);

-- A course lesson made from a part plays the part's file (not a copy); the part cannot be
-- removed while a lesson uses it.
ALTER TABLE lessons ADD COLUMN content_part_id bigint REFERENCES content_parts ON DELETE RESTRICT;
CREATE INDEX lessons_content_part ON lessons (content_part_id) WHERE content_part_id IS NOT NULL;
