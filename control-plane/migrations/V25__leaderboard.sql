-- Learners' points per site and Dhaka week (starting Monday), for the leaderboards and the
-- learner's gamification card (issue 15). Each site's own records (finished lessons, passed
-- exams, issued certificates, reviews) are the truth; a learner's rows here are recomputed from
-- them after each such event, together with the sums the four boards read, so that no board adds
-- up a million rows on request: a board is the top of one index.
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
-- A site's board of a week.
CREATE INDEX leaderboard_weeks_board ON leaderboard_weeks (institution_id, week, points DESC, user_id);
CREATE INDEX leaderboard_weeks_by_user ON leaderboard_weeks (user_id);

-- A site's board of all time.
CREATE TABLE leaderboard_site_totals (
    institution_id bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    user_id        bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    points         integer NOT NULL,
    PRIMARY KEY (institution_id, user_id)
);
CREATE INDEX leaderboard_site_totals_board ON leaderboard_site_totals (institution_id, points DESC, user_id);

-- Every site's board of a week.
CREATE TABLE leaderboard_user_weeks (
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    week    date NOT NULL,
    points  integer NOT NULL,
    PRIMARY KEY (user_id, week)
);
CREATE INDEX leaderboard_user_weeks_board ON leaderboard_user_weeks (week, points DESC, user_id);

-- Every site's board of all time.
CREATE TABLE leaderboard_user_totals (
    user_id bigint PRIMARY KEY REFERENCES users ON DELETE CASCADE,
    points  integer NOT NULL
);
CREATE INDEX leaderboard_user_totals_board ON leaderboard_user_totals (points DESC, user_id);

-- A learner may keep off the public boards; their own card still shows their points.
ALTER TABLE users ADD COLUMN leaderboard_hidden boolean NOT NULL DEFAULT false;
