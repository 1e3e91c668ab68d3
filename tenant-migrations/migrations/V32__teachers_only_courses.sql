-- A course open only to verified teachers (SPEC §4, the verification dialog's "type 3"): a learner
-- who is not one is sent through the verification first, and the enrolment continues after it.
ALTER TABLE courses ADD COLUMN teachers_only boolean NOT NULL DEFAULT false;
