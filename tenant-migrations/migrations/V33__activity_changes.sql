-- What each write request changed, row by row, until the edge copies a summary into the request's
-- activity log entry and deletes it (control_plane::audit). A change is kept only when the
-- connection making it carries a write request's name (`app.request`); reads and background jobs
-- carry none. Unlogged: a row lives for one request, and a crash loses only a log's details.
CREATE UNLOGGED TABLE activity_changes (
    id         bigserial PRIMARY KEY,
    request    text NOT NULL,
    table_name text NOT NULL,
    op         text NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
    row_id     text,
    before     jsonb,
    after      jsonb,
    at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_changes_request ON activity_changes (request);

-- A row as the log shows it: without `updated_at` and the search documents (`*_doc`), which only
-- follow the other columns.
CREATE FUNCTION change_fields(row_value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(row_value)
     WHERE key <> 'updated_at' AND key NOT LIKE '%\_doc'
$$;

-- An insert keeps the new row, a delete the old one, an update only the columns it changed (and
-- nothing when it changed none).
CREATE FUNCTION record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_row jsonb;
    new_row jsonb;
    before_fields jsonb;
    after_fields jsonb;
BEGIN
    IF TG_OP <> 'INSERT' THEN old_row := change_fields(to_jsonb(OLD)); END IF;
    IF TG_OP <> 'DELETE' THEN new_row := change_fields(to_jsonb(NEW)); END IF;
    IF TG_OP = 'UPDATE' THEN
        SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
          INTO before_fields, after_fields
          FROM jsonb_each(old_row) o
         WHERE o.value IS DISTINCT FROM new_row -> o.key;
        IF before_fields IS NULL THEN
            RETURN NULL;
        END IF;
    ELSE
        before_fields := old_row;
        after_fields := new_row;
    END IF;
    INSERT INTO activity_changes (request, table_name, op, row_id, before, after)
    VALUES (current_setting('app.request'), TG_TABLE_NAME, lower(TG_OP), coalesce(new_row, old_row) ->> 'id', before_fields, after_fields);
    RETURN NULL;
END
$$;

-- Every table people edit through the API, except the log itself, projections and counters derived from
-- other tables, and the high-volume records of learning: progress, exam answers, chat.
-- A test (activity_changes_cover_every_table) fails when a new table is in neither list.
DO $$
DECLARE
    t text;
BEGIN
    FOR t IN
        SELECT relname FROM pg_class
         WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition
           AND relname NOT IN ('refinery_schema_history', 'activity_logs', 'activity_changes', 'dashboard_course_days', 'dashboard_learners', 'exam_stats', 'points_pending', 'report_exports', 'file_upload_parts', 'payment_events', 'classroom_chat', 'exam_answers', 'lesson_progress', 'content_part_progress')
    LOOP
        EXECUTE format('CREATE TRIGGER record_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW
                        WHEN (current_setting(''app.request'', true) <> '''') EXECUTE FUNCTION record_change()', t);
    END LOOP;
END
$$;
