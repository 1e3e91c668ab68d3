-- A learner's points are recomputed from their own records after each achievement
-- (learning/points.rs): their passed exams and reviews are found by learner.
CREATE INDEX exam_attempts_passed_by_user ON exam_attempts (user_id, exam_id) WHERE passed;
CREATE INDEX reviews_by_user ON reviews (user_id);
