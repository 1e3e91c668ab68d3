-- Resumable uploads of the file manager: a large file arrives in parts, each its own request, into
-- an S3 multipart upload of the site's bucket. The parts received are kept so a client can carry
-- on after a broken connection; the file row is written when the upload completes.

CREATE TABLE file_uploads (
    id           uuid PRIMARY KEY,
    owner_id     bigint NOT NULL,
    folder_id    bigint REFERENCES file_folders ON DELETE CASCADE,
    file_name    text NOT NULL,
    file_type    text NOT NULL,
    mime         text NOT NULL,
    size_bytes   bigint NOT NULL CHECK (size_bytes > 0),
    part_bytes   bigint NOT NULL CHECK (part_bytes > 0),
    object_key   text NOT NULL,
    s3_upload_id text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_uploads_owner ON file_uploads (owner_id);

CREATE TABLE file_upload_parts (
    upload_id   uuid NOT NULL REFERENCES file_uploads ON DELETE CASCADE,
    part_number int NOT NULL CHECK (part_number >= 1),
    etag        text NOT NULL,
    PRIMARY KEY (upload_id, part_number)
);
