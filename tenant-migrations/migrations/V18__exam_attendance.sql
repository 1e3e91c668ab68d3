-- Who sat a certificate exam on a day: a mark per enrolment and day, replaced when marked again.
CREATE TABLE exam_attendance (
    enrollment_id bigint NOT NULL REFERENCES enrollments ON DELETE CASCADE,
    day           date NOT NULL,
    present       boolean NOT NULL,
    marked_by     bigint NOT NULL,
    marked_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (enrollment_id, day)
);
