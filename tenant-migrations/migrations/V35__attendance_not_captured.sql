-- Attendance marks are saved a class or a training at a time (1,000 rows in one save), and
-- capturing each row's change made those saves a third slower (infra/bench classrooms). Like
-- lesson progress and exam answers, they are left out of the activity log's change capture; the
-- log entry of a save still says what was sent.
DROP TRIGGER IF EXISTS record_change ON classroom_attendance;
DROP TRIGGER IF EXISTS record_change ON training_attendance;
DROP TRIGGER IF EXISTS record_change ON exam_attendance;
