-- Feedback from visitors and learners, shown on the home page once the site's admin approves it;
-- and the home page's slides.

CREATE TABLE feedback (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL CHECK (btrim(name) <> ''),
    designation text,
    email       text,
    message     text NOT NULL CHECK (btrim(message) <> ''),
    rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'hidden')),
    user_id     bigint,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_status ON feedback (status, created_at DESC, id DESC);

CREATE TABLE sliders (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title       text NOT NULL CHECK (btrim(title) <> ''),
    title_bn    text,
    subtitle    text,
    subtitle_bn text,
    image       text NOT NULL,
    link        text,
    position    int NOT NULL DEFAULT 0,
    start_date  date,
    end_date    date,
    active      boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);
