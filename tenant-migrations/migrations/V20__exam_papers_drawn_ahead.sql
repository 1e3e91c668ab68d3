-- Papers drawn ahead of the start (when a learner opens an exam's cover page), so that a class
-- starting at once costs one statement per learner: the start moves the paper into a new attempt.
-- A paper drawn for an earlier revision of the exam is drawn again.
CREATE TABLE exam_papers (
    exam_id   bigint NOT NULL REFERENCES exams ON DELETE CASCADE,
    user_id   bigint NOT NULL,
    user_name text NOT NULL,
    revision  int NOT NULL,
    layout    jsonb NOT NULL,
    slots     int NOT NULL,
    max_score numeric(10, 2) NOT NULL,
    drawn_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (exam_id, user_id)
);
