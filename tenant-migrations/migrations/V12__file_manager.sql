-- The file manager: each person's folders and files on this site. Stored files live in the site's
-- bucket under `object_key`; links (`url`) are kept as files too. Bytes stored count against the
-- site's storage total, kept in one row so a reservation is one conditional UPDATE.

CREATE TABLE file_folders (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id   bigint NOT NULL,
    parent_id  bigint REFERENCES file_folders ON DELETE CASCADE,
    name       text NOT NULL CHECK (btrim(name) <> ''),
    -- `profile` and `cover` take only the cropper's images and keep their names.
    kind       text NOT NULL DEFAULT 'normal' CHECK (kind IN ('normal', 'profile', 'cover')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (parent_id <> id)
);
-- One name per place, whatever its case (the fixed folders are told apart by their kind).
CREATE UNIQUE INDEX file_folders_name_key ON file_folders (owner_id, coalesce(parent_id, 0), lower(name)) WHERE kind = 'normal';
CREATE UNIQUE INDEX file_folders_special_key ON file_folders (owner_id, kind) WHERE kind <> 'normal';
CREATE INDEX file_folders_parent ON file_folders (parent_id);

CREATE TABLE files (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id    bigint NOT NULL,
    folder_id   bigint REFERENCES file_folders ON DELETE CASCADE,
    title       text NOT NULL CHECK (btrim(title) <> ''),
    file_name   text NOT NULL,
    file_type   text NOT NULL CHECK (file_type IN ('image', 'audio', 'video', 'document', 'other')),
    mime        text,
    size_bytes  bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
    object_key  text,
    thumb_key   text,
    url         text,
    provider    text CHECK (provider IN ('youtube', 'vimeo')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    -- A file is either bytes in the bucket or a link.
    CHECK ((object_key IS NULL) <> (url IS NULL))
);
CREATE INDEX files_owner_folder ON files (owner_id, folder_id, updated_at DESC, id DESC);

CREATE TABLE file_shares (
    file_id    bigint NOT NULL REFERENCES files ON DELETE CASCADE,
    user_id    bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (file_id, user_id)
);
CREATE INDEX file_shares_user ON file_shares (user_id);

CREATE TABLE file_storage (
    singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    total_bytes bigint NOT NULL DEFAULT 10737418240 CHECK (total_bytes >= 0),
    used_bytes  bigint NOT NULL DEFAULT 0 CHECK (used_bytes >= 0)
);
INSERT INTO file_storage DEFAULT VALUES;
