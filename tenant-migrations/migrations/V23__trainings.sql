-- In-person trainings: a course of type 'training' whose batches take place at a venue, in
-- sessions led by trainers paid per session, with attendance per session deciding who completes,
-- meal plans for the days of the batch, a budget and logistic items issued to trainees.
-- Amounts are integer poisha.

ALTER TABLE courses DROP CONSTRAINT courses_course_type_check,
    ADD CONSTRAINT courses_course_type_check CHECK (course_type IN ('course', 'webinar', 'masterclass', 'exam', 'training'));

-- What a batch of a training has beyond a course batch (one row, made on first save).
CREATE TABLE training_batches (
    batch_id           bigint PRIMARY KEY REFERENCES batches ON DELETE CASCADE,
    venue              text NOT NULL DEFAULT '',
    venue_bn           text NOT NULL DEFAULT '',
    address            text NOT NULL DEFAULT '',
    -- A trainee completes with at least this share of the batch's sessions attended.
    completion_percent smallint NOT NULL DEFAULT 80 CHECK (completion_percent BETWEEN 1 AND 100),
    -- Tax deducted at source from honoraria, in hundredths of a percent (1000 = 10 %).
    tax_basis_points   int NOT NULL DEFAULT 1000 CHECK (tax_basis_points BETWEEN 0 AND 10000),
    updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX training_batches_venue ON training_batches (lower(venue));

CREATE TABLE training_trainers (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id     bigint NOT NULL REFERENCES batches ON DELETE CASCADE,
    user_id      bigint NOT NULL,
    name         text NOT NULL,
    email        text,
    -- Honorarium per session taken.
    rate_poisha  bigint NOT NULL CHECK (rate_poisha >= 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_trainers_once UNIQUE (batch_id, user_id)
);
CREATE INDEX training_trainers_user ON training_trainers (user_id);

CREATE TABLE training_sessions (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id            bigint NOT NULL REFERENCES batches ON DELETE CASCADE,
    title               text NOT NULL DEFAULT '',
    title_bn            text NOT NULL DEFAULT '',
    starts_at           timestamptz NOT NULL,
    ends_at             timestamptz NOT NULL,
    trainer_id          bigint REFERENCES training_trainers ON DELETE SET NULL,
    -- Set when attendance is first marked: the session was held (and counts for honoraria).
    attendance_taken_at timestamptz,
    CONSTRAINT training_sessions_order CHECK (ends_at > starts_at)
);
CREATE INDEX training_sessions_batch ON training_sessions (batch_id, starts_at);
CREATE INDEX training_sessions_trainer ON training_sessions (trainer_id);

CREATE TABLE training_attendance (
    session_id    bigint NOT NULL REFERENCES training_sessions ON DELETE CASCADE,
    enrollment_id bigint NOT NULL REFERENCES enrollments ON DELETE CASCADE,
    present       boolean NOT NULL,
    marked_by     bigint NOT NULL,
    marked_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (session_id, enrollment_id)
);
CREATE INDEX training_attendance_enrollment ON training_attendance (enrollment_id) WHERE present;

-- The site's catalogue of what meals are made of (rice, dal, tea ...).
CREATE TABLE training_food_items (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text NOT NULL,
    name_bn    text NOT NULL DEFAULT '',
    unit       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX training_food_items_name ON training_food_items (lower(name));

-- A meal served every day of a batch: what, when, where, and how much of each item per person.
CREATE TABLE training_meal_plans (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id      bigint NOT NULL REFERENCES batches ON DELETE CASCADE,
    meal_type     text NOT NULL CHECK (meal_type IN ('breakfast', 'morning_snack', 'lunch', 'afternoon_snack', 'dinner')),
    training_time time NOT NULL,
    location      text NOT NULL DEFAULT '',
    -- Meals beyond the trainees (trainers, staff, guests).
    extra_count   int NOT NULL DEFAULT 0 CHECK (extra_count >= 0),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_meal_plans_once UNIQUE (batch_id, meal_type)
);

CREATE TABLE training_meal_items (
    plan_id             bigint NOT NULL REFERENCES training_meal_plans ON DELETE CASCADE,
    item_id             bigint NOT NULL REFERENCES training_food_items ON DELETE RESTRICT,
    quantity_per_person numeric(10, 3) NOT NULL CHECK (quantity_per_person >= 0),
    PRIMARY KEY (plan_id, item_id)
);
CREATE INDEX training_meal_items_item ON training_meal_items (item_id);

CREATE TABLE training_budget_lines (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id       bigint NOT NULL REFERENCES batches ON DELETE CASCADE,
    position       int NOT NULL,
    category       text NOT NULL CHECK (category IN ('venue', 'meals', 'materials', 'transport', 'honorarium', 'other')),
    description    text NOT NULL DEFAULT '',
    planned_poisha bigint NOT NULL CHECK (planned_poisha >= 0),
    actual_poisha  bigint NOT NULL DEFAULT 0 CHECK (actual_poisha >= 0)
);
CREATE INDEX training_budget_lines_batch ON training_budget_lines (batch_id, position);

-- Things handed to each trainee (bag, notebook, manual), and to whom they were handed.
CREATE TABLE training_logistics (
    id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id             bigint NOT NULL REFERENCES batches ON DELETE CASCADE,
    name                 text NOT NULL,
    name_bn              text NOT NULL DEFAULT '',
    quantity_per_trainee int NOT NULL DEFAULT 1 CHECK (quantity_per_trainee > 0),
    unit_cost_poisha     bigint NOT NULL DEFAULT 0 CHECK (unit_cost_poisha >= 0),
    created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX training_logistics_batch ON training_logistics (batch_id, id);

CREATE TABLE training_logistic_issues (
    logistic_id   bigint NOT NULL REFERENCES training_logistics ON DELETE CASCADE,
    enrollment_id bigint NOT NULL REFERENCES enrollments ON DELETE CASCADE,
    issued_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (logistic_id, enrollment_id)
);
