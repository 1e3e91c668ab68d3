-- Courses of this site: syllabus (sections and lessons), batches, enrolments and progress,
-- reviews, wishlist, certificate templates and issued certificates. Users are referred to by
-- their global id (the control database owns identities; no cross-schema foreign keys).

CREATE TABLE courses (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    uuid          uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    slug          text NOT NULL UNIQUE,
    title         text NOT NULL DEFAULT '',
    title_bn      text NOT NULL DEFAULT '',
    category_id   bigint,
    level         text NOT NULL DEFAULT 'beginner' CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    language      text NOT NULL DEFAULT 'bn' CHECK (language IN ('bn', 'en')),
    summary       text NOT NULL DEFAULT '',
    objectives    text[] NOT NULL DEFAULT '{}',
    thumbnail_key text,
    price         numeric(10, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
    course_type   text NOT NULL DEFAULT 'course' CHECK (course_type IN ('course', 'webinar', 'masterclass')),
    enforce_order boolean NOT NULL DEFAULT true,
    published     boolean NOT NULL DEFAULT false,
    featured      boolean NOT NULL DEFAULT false,
    published_at  timestamptz,
    created_by    bigint NOT NULL,
    instructor_name text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT courses_title_required CHECK (btrim(title) <> '' OR btrim(title_bn) <> '')
);
CREATE INDEX courses_newest ON courses (created_at DESC, id DESC);

CREATE TABLE course_sections (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id bigint NOT NULL REFERENCES courses ON DELETE CASCADE,
    title     text NOT NULL DEFAULT '',
    title_bn  text NOT NULL DEFAULT '',
    position  int NOT NULL DEFAULT 0
);
CREATE INDEX course_sections_course ON course_sections (course_id, position);

-- Assessment lesson types (exam, quiz, ...) are allowed by the table so the assessment work
-- needs no table change; the API refuses them until that work lands.
CREATE TABLE lessons (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id        bigint NOT NULL REFERENCES courses ON DELETE CASCADE,
    section_id       bigint NOT NULL REFERENCES course_sections ON DELETE CASCADE,
    title            text NOT NULL DEFAULT '',
    title_bn         text NOT NULL DEFAULT '',
    lesson_type      text NOT NULL CHECK (lesson_type IN ('video', 'audio', 'document', 'image', 'manual', 'presentation',
                         'discussion', 'exam', 'quiz', 'assignment', 'survey', 'interview', 'project', 'exercise')),
    position         int NOT NULL DEFAULT 0,
    duration_minutes int CHECK (duration_minutes >= 0),
    body             text,
    media_url        text,
    file_key         text,
    file_name        text,
    file_mime        text,
    assessment_id    bigint,
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lessons_section ON lessons (section_id, position);
CREATE INDEX lessons_course ON lessons (course_id);

CREATE TABLE certificate_templates (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name           text NOT NULL,
    language       text NOT NULL DEFAULT 'bn' CHECK (language IN ('bn', 'en')),
    background_key text,
    logo_key       text,
    signatures     jsonb NOT NULL DEFAULT '[]',
    placement      jsonb NOT NULL DEFAULT '{}',
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE batches (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id            bigint NOT NULL REFERENCES courses ON DELETE CASCADE,
    name                 text NOT NULL DEFAULT '',
    name_bn              text NOT NULL DEFAULT '',
    start_date           date NOT NULL,
    end_date             date,
    enrolment_limit      int CHECK (enrolment_limit > 0),
    let_enroll           smallint NOT NULL DEFAULT 1 CHECK (let_enroll IN (1, 2)),
    certificate_approval boolean NOT NULL DEFAULT false,
    template_id          bigint REFERENCES certificate_templates ON DELETE SET NULL,
    published            boolean NOT NULL DEFAULT false,
    featured             boolean NOT NULL DEFAULT false,
    featured_order       int NOT NULL DEFAULT 0,
    created_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT batches_dates CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX batches_course ON batches (course_id);

-- One enrolment per learner per course (a second batch of the same course is refused).
CREATE TABLE enrollments (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id      bigint NOT NULL REFERENCES courses ON DELETE RESTRICT,
    batch_id       bigint NOT NULL REFERENCES batches ON DELETE RESTRICT,
    user_id        bigint NOT NULL,
    user_name      text NOT NULL DEFAULT '',
    user_email     text,
    status         text NOT NULL CHECK (status IN ('pending', 'active', 'completed')),
    last_lesson_id bigint,
    enrolled_at    timestamptz NOT NULL DEFAULT now(),
    completed_at   timestamptz,
    CONSTRAINT enrollments_once UNIQUE (course_id, user_id)
);
CREATE INDEX enrollments_batch ON enrollments (batch_id, status);
CREATE INDEX enrollments_user ON enrollments (user_id);

CREATE TABLE lesson_progress (
    enrollment_id bigint NOT NULL REFERENCES enrollments ON DELETE CASCADE,
    lesson_id     bigint NOT NULL REFERENCES lessons ON DELETE CASCADE,
    completed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (enrollment_id, lesson_id)
);

CREATE TABLE reviews (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id  bigint NOT NULL REFERENCES courses ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    user_name  text NOT NULL DEFAULT '',
    rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    body       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT reviews_once UNIQUE (course_id, user_id)
);
CREATE INDEX reviews_course ON reviews (course_id, created_at DESC);

CREATE TABLE wishlist (
    user_id    bigint NOT NULL,
    course_id  bigint NOT NULL REFERENCES courses ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, course_id)
);

CREATE TABLE certificates (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tracking_code   text NOT NULL UNIQUE,
    enrollment_id   bigint NOT NULL UNIQUE REFERENCES enrollments ON DELETE RESTRICT,
    user_id         bigint NOT NULL,
    holder_name     text NOT NULL,
    course_title    text NOT NULL,
    course_title_bn text NOT NULL,
    template_id     bigint REFERENCES certificate_templates ON DELETE SET NULL,
    status          text NOT NULL CHECK (status IN ('pending', 'issued', 'revoked')),
    issued_at       timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificates_user ON certificates (user_id);
