-- Every write made on the site is logged by the edge (issue 15): who, in which role, which
-- module and action their role's map checked, the call, its answer and the caller's address.
-- Rows written by handlers themselves (site_updated, exam_override) keep these empty.
ALTER TABLE activity_logs
    ADD COLUMN role   text,
    ADD COLUMN module text,
    ADD COLUMN verb   text,
    ADD COLUMN method text,
    ADD COLUMN path   text,
    ADD COLUMN status smallint,
    ADD COLUMN ip     inet;
CREATE INDEX activity_logs_user ON activity_logs (user_id, created_at DESC, id DESC);
