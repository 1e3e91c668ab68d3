-- Discussions of a certificate exam: candidates ask about the exam (its syllabus, the day, the
-- hall) and its teachers answer. Posts at the top, replies one level below them. A removed post
-- keeps its row (its replies stay readable) with its text gone.
CREATE TABLE exam_discussions (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id  bigint NOT NULL REFERENCES courses ON DELETE CASCADE,
    parent_id  bigint REFERENCES exam_discussions ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    user_name  text NOT NULL,
    body       text NOT NULL,
    -- Written by one of the site's teachers or admins (shown as such).
    by_teacher boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    removed_at timestamptz,
    CHECK (parent_id <> id)
);
CREATE INDEX exam_discussions_posts ON exam_discussions (course_id, id DESC) WHERE parent_id IS NULL;
CREATE INDEX exam_discussions_replies ON exam_discussions (parent_id, id) WHERE parent_id IS NOT NULL;
