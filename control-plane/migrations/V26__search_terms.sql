-- What learners search for, per site and Dhaka day (issue 15, the dashboard's search analysis):
-- each distinct query's searches and how many of them found nothing. Counted in memory by the
-- edge and added here every few seconds, so a search never waits on this table.
CREATE TABLE search_terms_daily (
    institution_id bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    day            date NOT NULL,
    term           text NOT NULL,
    searches       integer NOT NULL,
    zero_results   integer NOT NULL,
    PRIMARY KEY (institution_id, day, term)
);
CREATE INDEX search_terms_daily_by_day ON search_terms_daily (day);
