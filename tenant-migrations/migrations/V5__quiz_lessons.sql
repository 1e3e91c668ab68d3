-- Quiz and exam lessons: a lesson of type `quiz` or `exam` is taken through an exam of the Exam
-- Centre (its settings, paper, timer, marking), named by the column V2 reserved for it. An exam
-- a lesson uses cannot be removed from under it (the Exam Centre refuses, and so does the key).
ALTER TABLE lessons
    ADD CONSTRAINT lessons_assessment FOREIGN KEY (assessment_id) REFERENCES exams (id),
    ADD CONSTRAINT lessons_assessment_kind CHECK ((assessment_id IS NOT NULL) = (lesson_type IN ('quiz', 'exam')));
CREATE INDEX lessons_assessment ON lessons (assessment_id) WHERE assessment_id IS NOT NULL;
