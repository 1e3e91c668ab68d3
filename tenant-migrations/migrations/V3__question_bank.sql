-- The question bank: folders (nested) and questions owned by their author. A question's content
-- lives in append-only versions: an edit adds a version, so an attempt that was given version N
-- keeps reading version N. A deleted question stays (marked) for the attempts that used it.

CREATE TABLE question_folders (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    parent_id  bigint REFERENCES question_folders ON DELETE CASCADE,
    name       text NOT NULL CHECK (btrim(name) <> ''),
    owner_id   bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (parent_id <> id)
);
CREATE INDEX question_folders_parent ON question_folders (parent_id);
CREATE INDEX question_folders_owner ON question_folders (owner_id);

CREATE TABLE questions (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    folder_id     bigint REFERENCES question_folders ON DELETE SET NULL,
    owner_id      bigint NOT NULL,
    category_id   bigint,
    question_type text NOT NULL CHECK (question_type IN ('multiple_choice', 'multiple_select', 'true_false', 'dropdown',
                      'fill_blanks', 'short_answer', 'paragraph', 'essay', 'assignment', 'date', 'time')),
    version       int NOT NULL DEFAULT 1 CHECK (version >= 1),
    -- Copied from the current version for listing and search.
    text          text NOT NULL DEFAULT '',
    text_bn       text NOT NULL DEFAULT '',
    marks         numeric(8, 2) NOT NULL CHECK (marks > 0),
    deleted_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX questions_listing ON questions (updated_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX questions_folder ON questions (folder_id) WHERE deleted_at IS NULL;
CREATE INDEX questions_owner ON questions (owner_id) WHERE deleted_at IS NULL;

CREATE TABLE question_versions (
    question_id bigint NOT NULL REFERENCES questions ON DELETE CASCADE,
    version     int NOT NULL,
    question_type text NOT NULL,
    -- The whole question as the author gave it (text, options with their key, blanks, marks, ...).
    content     jsonb NOT NULL,
    created_by  bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (question_id, version)
);
