-- Sharing the question bank with colleagues (the site's teachers and admins): one question, or a
-- folder with everything in it at any depth. Whoever a question reaches this way may read it and
-- use it in their exams; only its author edits it.
CREATE TABLE question_shares (
    question_id bigint NOT NULL REFERENCES questions ON DELETE CASCADE,
    user_id     bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (question_id, user_id)
);
CREATE INDEX question_shares_user ON question_shares (user_id);

CREATE TABLE question_folder_shares (
    folder_id  bigint NOT NULL REFERENCES question_folders ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (folder_id, user_id)
);
CREATE INDEX question_folder_shares_user ON question_folder_shares (user_id);
