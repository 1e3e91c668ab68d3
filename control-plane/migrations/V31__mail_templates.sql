-- A site's own wording of the e-mails it sends (control_plane::mail_templates). A missing row
-- means the built-in text; restoring the default deletes the row. Kept beside `institutions`,
-- like `site_config`, because the control plane's account mails are written where only the
-- control pool is at hand.
CREATE TABLE mail_templates (
    institution_id bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    key            text NOT NULL,
    lang           text NOT NULL CHECK (lang IN ('en', 'bn')),
    subject        text NOT NULL,
    body           text NOT NULL,
    button         text NOT NULL DEFAULT '',
    updated_by     bigint REFERENCES users ON DELETE SET NULL,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (institution_id, key, lang)
);
CREATE TRIGGER record_change AFTER INSERT OR UPDATE OR DELETE ON mail_templates FOR EACH ROW
    WHEN (current_setting('app.request', true) <> '') EXECUTE FUNCTION record_change();

-- The language a person last used the site in: the one their notices are written in.
ALTER TABLE users ADD COLUMN lang text NOT NULL DEFAULT 'bn' CHECK (lang IN ('en', 'bn'));

-- The outbox's once-only key now serves more than bulk messages: a bell notice relayed by
-- e-mail is keyed by its notification too.
ALTER TABLE outbox RENAME COLUMN bulk_ref TO once_ref;
ALTER INDEX outbox_bulk_once RENAME TO outbox_once;
