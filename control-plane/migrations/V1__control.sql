-- The control database: everything that is not one tenant's own data.

CREATE TABLE institution_types (
    id      smallint PRIMARY KEY,
    name    text NOT NULL,
    name_bn text NOT NULL
);
INSERT INTO institution_types (id, name, name_bn) VALUES
    (1, 'University', 'বিশ্ববিদ্যালয়'),
    (2, 'College', 'কলেজ'),
    (3, 'School', 'স্কুল'),
    (4, 'Madrasa', 'মাদ্রাসা'),
    (5, 'Polytechnic / technical institute', 'পলিটেকনিক / কারিগরি প্রতিষ্ঠান'),
    (6, 'Training centre', 'প্রশিক্ষণ কেন্দ্র'),
    (7, 'Government office', 'সরকারি দপ্তর'),
    (8, 'Company', 'প্রতিষ্ঠান / কোম্পানি'),
    (9, 'Other', 'অন্যান্য');

CREATE TABLE users (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          text NOT NULL,
    name_bn       text,
    email         text,
    phone         text,
    password_hash text NOT NULL,
    photo         text,
    type          smallint NOT NULL DEFAULT 1,
    completeness  smallint NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT users_contact_present CHECK (email IS NOT NULL OR phone IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_phone_key ON users (phone);

CREATE TABLE institutions (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug                text NOT NULL,
    is_main             boolean NOT NULL DEFAULT false,
    institution_name    text NOT NULL,
    institution_name_en text NOT NULL,
    type_id             smallint NOT NULL REFERENCES institution_types (id),
    state               text NOT NULL DEFAULT 'requested'
        CHECK (state IN ('requested', 'approved', 'provisioning', 'active', 'suspended', 'deleted')),
    contact_phone       text,
    contact_email       text,
    applicant_id        bigint REFERENCES users (id) ON DELETE SET NULL,
    site_config         jsonb NOT NULL DEFAULT '{}',
    logo_key            text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    approved_at         timestamptz,
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX institutions_slug_key ON institutions (lower(slug));
CREATE UNIQUE INDEX institutions_one_main ON institutions (is_main) WHERE is_main;
CREATE INDEX institutions_state ON institutions (state, id);

CREATE TABLE memberships (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    institution_id bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    role           text NOT NULL,
    permissions    jsonb NOT NULL DEFAULT '{}',
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT memberships_unique UNIQUE (user_id, institution_id, role)
);

CREATE TABLE api_clients (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL,
    secret_hash text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash            bytea NOT NULL UNIQUE,
    user_id               bigint REFERENCES users (id) ON DELETE CASCADE,
    client_id             bigint REFERENCES api_clients (id) ON DELETE CASCADE,
    current_membership_id bigint REFERENCES memberships (id) ON DELETE SET NULL,
    created_at            timestamptz NOT NULL DEFAULT now(),
    expires_at            timestamptz NOT NULL,
    CONSTRAINT sessions_owner CHECK (user_id IS NOT NULL OR client_id IS NOT NULL)
);
CREATE INDEX sessions_expiry ON sessions (expires_at);

CREATE TABLE provisioning_jobs (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    institution_id  bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('provision', 'deprovision')),
    state           text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    step            text,
    attempts        integer NOT NULL DEFAULT 0,
    last_error      text,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_by       text,
    locked_until    timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
-- One open job per institution: approving twice cannot start two provisionings.
CREATE UNIQUE INDEX provisioning_jobs_one_open ON provisioning_jobs (institution_id)
    WHERE state IN ('queued', 'running');
CREATE INDEX provisioning_jobs_due ON provisioning_jobs (next_attempt_at) WHERE state IN ('queued', 'running');

CREATE TABLE provisioning_events (
    id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job_id  bigint NOT NULL REFERENCES provisioning_jobs (id) ON DELETE CASCADE,
    step    text NOT NULL,
    status  text NOT NULL CHECK (status IN ('started', 'done', 'failed', 'skipped')),
    message text,
    at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provisioning_events_job ON provisioning_events (job_id, id);

CREATE TABLE categories (
    id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title    text NOT NULL,
    bn_title text NOT NULL,
    image    text,
    sort     integer NOT NULL DEFAULT 0
);
INSERT INTO categories (title, bn_title, sort) VALUES
    ('Programming', 'প্রোগ্রামিং', 1),
    ('Mathematics', 'গণিত', 2),
    ('Science', 'বিজ্ঞান', 3),
    ('Bangla language and literature', 'বাংলা ভাষা ও সাহিত্য', 4),
    ('English language', 'ইংরেজি ভাষা', 5),
    ('Business and accounting', 'ব্যবসা ও হিসাববিজ্ঞান', 6),
    ('Teacher training', 'শিক্ষক প্রশিক্ষণ', 7),
    ('Agriculture', 'কৃষি', 8),
    ('Health', 'স্বাস্থ্য', 9),
    ('Freelancing and ICT', 'ফ্রিল্যান্সিং ও আইসিটি', 10);

CREATE TABLE languages (
    id            smallint PRIMARY KEY,
    code          text NOT NULL UNIQUE,
    platform_name text NOT NULL
);
INSERT INTO languages (id, code, platform_name) VALUES (1, 'en', 'English'), (2, 'bn', 'বাংলা');

CREATE TABLE language_values (
    language_id smallint NOT NULL REFERENCES languages (id),
    key         text NOT NULL,
    value       text NOT NULL,
    -- Rows an admin edited are kept; shipped rows follow each release's catalogues.
    edited      boolean NOT NULL DEFAULT false,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (language_id, key)
);

-- Edge caches (host -> tenant, site config) listen on this channel and drop what changed.
CREATE FUNCTION notify_institution_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('institution_changed', COALESCE(NEW.id, OLD.id)::text);
    RETURN NULL;
END $$;
CREATE TRIGGER institutions_changed AFTER INSERT OR UPDATE OR DELETE ON institutions
    FOR EACH ROW EXECUTE FUNCTION notify_institution_changed();

-- Provisioners wake up on this channel instead of waiting for their next poll.
CREATE FUNCTION notify_provisioning_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('provisioning_job', NEW.id::text);
    RETURN NULL;
END $$;
CREATE TRIGGER provisioning_jobs_queued AFTER INSERT OR UPDATE OF next_attempt_at ON provisioning_jobs
    FOR EACH ROW WHEN (NEW.state = 'queued') EXECUTE FUNCTION notify_provisioning_job();
