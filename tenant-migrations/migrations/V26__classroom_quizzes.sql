-- A classwork can be a quiz: an exam of the Exam Centre the class takes, whose results the
-- classroom's evaluation pages show per session.
ALTER TABLE classroom_classworks DROP CONSTRAINT classroom_classworks_content_type_check;
ALTER TABLE classroom_classworks ADD CONSTRAINT classroom_classworks_content_type_check CHECK (content_type IN ('material', 'assignment', 'quiz'));
ALTER TABLE classroom_classworks ADD COLUMN exam_id bigint REFERENCES exams;
CREATE INDEX classroom_classworks_exam ON classroom_classworks (exam_id) WHERE exam_id IS NOT NULL;
