-- The cross-site course catalogue: every active site's published courses, projected here when a
-- course is published, changed or unpublished, so the main site searches all partners with one
-- indexed query and a partner site filters to its own. Titles are matched as whole words and
-- prefixes (tsvector with the 'simple' configuration: PostgreSQL has no Bangla stemmer, and its
-- parser keeps Bangla words whole in a C.UTF-8 cluster) and by trigrams for misspellings.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE catalogue_courses (
    institution_id  bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    course_id       bigint NOT NULL,
    uuid            uuid NOT NULL UNIQUE,
    slug            text NOT NULL,
    title           text NOT NULL,
    title_bn        text NOT NULL,
    summary         text NOT NULL DEFAULT '',
    thumbnail       text,
    category_id     bigint,
    level           text NOT NULL,
    language        text NOT NULL,
    course_type     text NOT NULL,
    price           numeric(10, 2) NOT NULL DEFAULT 0,
    featured        boolean NOT NULL DEFAULT false,
    instructor_id   bigint NOT NULL,
    instructor_name text NOT NULL DEFAULT '',
    rating          numeric(2, 1) NOT NULL DEFAULT 0,
    reviews_count   int NOT NULL DEFAULT 0,
    enrolled_count  int NOT NULL DEFAULT 0,
    published_at    timestamptz NOT NULL DEFAULT now(),
    search_doc      tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, title || ' ' || title_bn), 'A')
        || setweight(to_tsvector('simple'::regconfig, summary), 'C')) STORED,
    search_title    text GENERATED ALWAYS AS (lower(title || ' ' || title_bn)) STORED,
    PRIMARY KEY (institution_id, course_id)
);
CREATE INDEX catalogue_courses_search ON catalogue_courses USING gin (search_doc);
CREATE INDEX catalogue_courses_trgm ON catalogue_courses USING gin (search_title gin_trgm_ops);
CREATE INDEX catalogue_courses_latest ON catalogue_courses (published_at DESC);
CREATE INDEX catalogue_courses_popular ON catalogue_courses (enrolled_count DESC);
CREATE INDEX catalogue_courses_site ON catalogue_courses (institution_id, published_at DESC);

-- A learner's courses at every site, for the main site's dashboard.
CREATE TABLE learner_courses (
    user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    institution_id   bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    course_uuid      uuid NOT NULL,
    status           text NOT NULL,
    progress_percent int NOT NULL DEFAULT 0,
    completed_at     timestamptz,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, course_uuid)
);
CREATE INDEX learner_courses_site ON learner_courses (institution_id, user_id);

-- Every certificate of every site by tracking code: public verification works on any host and
-- the main site lists a learner's certificates from all partners.
CREATE TABLE certificate_registry (
    tracking_code   text PRIMARY KEY,
    institution_id  bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    user_id         bigint NOT NULL,
    holder_name     text NOT NULL,
    course_title    text NOT NULL,
    course_title_bn text NOT NULL,
    course_uuid     uuid NOT NULL,
    status          text NOT NULL,
    issued_at       timestamptz NOT NULL
);
CREATE INDEX certificate_registry_user ON certificate_registry (user_id);
