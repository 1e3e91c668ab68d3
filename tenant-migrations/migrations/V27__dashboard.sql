-- The dashboard's figures, kept as the site's data changes so that no dashboard call scans the
-- enrolments or the lesson completions (a site may have 100,000 learners and millions of
-- completed lessons). Days are Dhaka days. The counts are of events: an enrolment later revoked
-- still happened on its day.
CREATE TABLE dashboard_course_days (
    course_id    bigint NOT NULL REFERENCES courses ON DELETE CASCADE,
    day          date NOT NULL,
    enrolments   integer NOT NULL DEFAULT 0,
    completions  integer NOT NULL DEFAULT 0,
    lessons      integer NOT NULL DEFAULT 0,
    certificates integer NOT NULL DEFAULT 0,
    PRIMARY KEY (course_id, day)
);
CREATE INDEX dashboard_course_days_by_day ON dashboard_course_days (day);

-- Everyone who ever enrolled on the site, with the day of their first enrolment.
CREATE TABLE dashboard_learners (
    user_id           bigint PRIMARY KEY,
    first_enrolled_on date NOT NULL
);
CREATE INDEX dashboard_learners_by_day ON dashboard_learners (first_enrolled_on);

-- Adds counts to course days. Rows are taken in (course, day) order so that two transactions
-- adding to the same days lock them in the same order and cannot deadlock.
CREATE FUNCTION dashboard_add(counts jsonb) RETURNS void LANGUAGE sql AS $$
    INSERT INTO dashboard_course_days AS d (course_id, day, enrolments, completions, lessons, certificates)
    SELECT course_id, day, sum(enrolments), sum(completions), sum(lessons), sum(certificates)
      FROM jsonb_to_recordset(counts) AS c(course_id bigint, day date, enrolments int, completions int, lessons int, certificates int)
     GROUP BY course_id, day
     ORDER BY course_id, day
    ON CONFLICT (course_id, day) DO UPDATE
       SET enrolments = d.enrolments + excluded.enrolments, completions = d.completions + excluded.completions,
           lessons = d.lessons + excluded.lessons, certificates = d.certificates + excluded.certificates
$$;

CREATE FUNCTION dashboard_enrolled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dashboard_add(coalesce(jsonb_agg(jsonb_build_object('course_id', course_id, 'day', day, 'enrolments', n,
                                                                'completions', done, 'lessons', 0, 'certificates', 0)), '[]'))
       FROM (SELECT course_id, (enrolled_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS n,
                    count(*) FILTER (WHERE status = 'completed') AS done
               FROM new_rows GROUP BY 1, 2) c;
    INSERT INTO dashboard_learners AS l (user_id, first_enrolled_on)
    SELECT user_id, min((enrolled_at AT TIME ZONE 'Asia/Dhaka')::date) FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET first_enrolled_on = least(l.first_enrolled_on, excluded.first_enrolled_on);
    RETURN NULL;
END $$;
CREATE TRIGGER dashboard_enrolled AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_enrolled();

CREATE FUNCTION dashboard_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dashboard_add(coalesce(jsonb_agg(jsonb_build_object('course_id', course_id, 'day', day, 'enrolments', 0,
                                                                'completions', n, 'lessons', 0, 'certificates', 0)), '[]'))
       FROM (SELECT n.course_id, (coalesce(n.completed_at, now()) AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS n
               FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE n.status = 'completed' AND o.status <> 'completed' GROUP BY 1, 2) c;
    RETURN NULL;
END $$;
CREATE TRIGGER dashboard_completed AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_completed();

CREATE FUNCTION dashboard_lessons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dashboard_add(coalesce(jsonb_agg(jsonb_build_object('course_id', course_id, 'day', day, 'enrolments', 0,
                                                                'completions', 0, 'lessons', n, 'certificates', 0)), '[]'))
       FROM (SELECT e.course_id, (p.completed_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS n
               FROM new_rows p JOIN enrollments e ON e.id = p.enrollment_id GROUP BY 1, 2) c;
    RETURN NULL;
END $$;
CREATE TRIGGER dashboard_lessons AFTER INSERT ON lesson_progress REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lessons();

-- A certificate counts on the day it is issued: inserted issued, or approved later.
CREATE FUNCTION dashboard_certificates_issued(issued jsonb) RETURNS void LANGUAGE sql AS $$
    SELECT dashboard_add(coalesce(jsonb_agg(jsonb_build_object('course_id', course_id, 'day', day, 'enrolments', 0,
                                                               'completions', 0, 'lessons', 0, 'certificates', n)), '[]'))
      FROM (SELECT e.course_id, (c.issued_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS n
              FROM jsonb_to_recordset(issued) AS c(enrollment_id bigint, issued_at timestamptz)
              JOIN enrollments e ON e.id = c.enrollment_id GROUP BY 1, 2) c
$$;
CREATE FUNCTION dashboard_certified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM dashboard_certificates_issued(coalesce(
            (SELECT jsonb_agg(jsonb_build_object('enrollment_id', enrollment_id, 'issued_at', issued_at)) FROM new_rows WHERE status = 'issued'), '[]'));
    ELSE
        PERFORM dashboard_certificates_issued(coalesce(
            (SELECT jsonb_agg(jsonb_build_object('enrollment_id', n.enrollment_id, 'issued_at', n.issued_at))
               FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.status = 'issued' AND o.status <> 'issued'), '[]'));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER dashboard_certified_insert AFTER INSERT ON certificates REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_certified();
CREATE TRIGGER dashboard_certified_update AFTER UPDATE ON certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION dashboard_certified();

-- Counts everything again from what the site holds: run once here for a site's existing data,
-- and by the demo after it dates its history back.
CREATE FUNCTION dashboard_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM dashboard_course_days;
    DELETE FROM dashboard_learners;
    PERFORM dashboard_add(coalesce((SELECT jsonb_agg(jsonb_build_object('course_id', course_id, 'day', day, 'enrolments', n,
                                                                        'completions', 0, 'lessons', 0, 'certificates', 0))
                                     FROM (SELECT course_id, (enrolled_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS n FROM enrollments GROUP BY 1, 2) c), '[]'));
    PERFORM dashboard_add(coalesce((SELECT jsonb_agg(jsonb_build_object('course_id', course_id, 'day', day, 'enrolments', 0,
                                                                        'completions', n, 'lessons', 0, 'certificates', 0))
                                     FROM (SELECT course_id, (coalesce(completed_at, enrolled_at) AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS n
                                             FROM enrollments WHERE status = 'completed' GROUP BY 1, 2) c), '[]'));
    PERFORM dashboard_add(coalesce((SELECT jsonb_agg(jsonb_build_object('course_id', course_id, 'day', day, 'enrolments', 0,
                                                                        'completions', 0, 'lessons', n, 'certificates', 0))
                                     FROM (SELECT e.course_id, (p.completed_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*) AS n
                                             FROM lesson_progress p JOIN enrollments e ON e.id = p.enrollment_id GROUP BY 1, 2) c), '[]'));
    PERFORM dashboard_certificates_issued(coalesce((SELECT jsonb_agg(jsonb_build_object('enrollment_id', enrollment_id, 'issued_at', issued_at))
                                                      FROM certificates WHERE status = 'issued'), '[]'));
    INSERT INTO dashboard_learners (user_id, first_enrolled_on)
    SELECT user_id, min((enrolled_at AT TIME ZONE 'Asia/Dhaka')::date) FROM enrollments GROUP BY user_id;
END $$;
SELECT dashboard_rebuild();

-- The exams' figures count attempts handed in between two dates.
CREATE INDEX exam_attempts_handed_in ON exam_attempts (submitted_at) WHERE state IN ('submitted', 'finished');
