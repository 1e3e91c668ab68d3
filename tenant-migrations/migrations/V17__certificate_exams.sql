-- Certificate exams: an exam packaged like a course (syllabus of exam parts, batches, enrolment,
-- certificate) is a course row of type `exam`, so the course machinery serves it unchanged.
ALTER TABLE courses DROP CONSTRAINT courses_course_type_check,
    ADD CONSTRAINT courses_course_type_check CHECK (course_type IN ('course', 'webinar', 'masterclass', 'exam'));

-- A restricted batch takes only the candidates listed for it, each through their own link.
ALTER TABLE batches ADD COLUMN restricted boolean NOT NULL DEFAULT false;

CREATE TABLE exam_candidates (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id    bigint NOT NULL REFERENCES batches ON DELETE CASCADE,
    name        text NOT NULL CHECK (btrim(name) <> ''),
    email       text,
    phone       text,
    -- The secret of the candidate's enrolment link.
    token       uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    -- Who used the link (a global user id), and when.
    user_id     bigint,
    enrolled_at timestamptz,
    invited_at  timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT exam_candidates_contact CHECK (email IS NOT NULL OR phone IS NOT NULL),
    CONSTRAINT exam_candidates_email UNIQUE (batch_id, email),
    CONSTRAINT exam_candidates_phone UNIQUE (batch_id, phone)
);
CREATE INDEX exam_candidates_batch ON exam_candidates (batch_id, id);
