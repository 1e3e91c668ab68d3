-- Learners' points per site and Dhaka week (starting Monday), for the leaderboards and the
-- learner's gamification card (issue 15). Each site's own records (finished lessons, passed
-- exams, issued certificates, reviews) are the truth; a learner's rows here are recomputed from
-- them after each such event, so the boards of one site and of all sites read one table.
CREATE TABLE leaderboard_weeks (
    institution_id bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    user_id        bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    week           date NOT NULL CHECK (extract(isodow FROM week) = 1),
    points         integer NOT NULL,
    lessons        integer NOT NULL,
    exams          integer NOT NULL,
    certificates   integer NOT NULL,
    reviews        integer NOT NULL,
    PRIMARY KEY (institution_id, user_id, week)
);
CREATE INDEX leaderboard_weeks_by_week ON leaderboard_weeks (week, institution_id);
CREATE INDEX leaderboard_weeks_by_user ON leaderboard_weeks (user_id);

-- A learner may keep off the public boards; their own card still shows their points.
ALTER TABLE users ADD COLUMN leaderboard_hidden boolean NOT NULL DEFAULT false;
