-- TLS: certificates served by the edge (private keys sealed under TLS_MASTER_KEY), ACME HTTP-01
-- challenge answers, and every issuance attempt for the admins to see.

CREATE TABLE certificates (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind           text NOT NULL CHECK (kind IN ('wildcard', 'custom')),
    -- '*.lms.example.org' for the wildcard, the domain itself for a custom domain.
    primary_name   text NOT NULL UNIQUE,
    names          text[] NOT NULL,
    institution_id bigint REFERENCES institutions (id) ON DELETE CASCADE,
    cert_pem       text NOT NULL,
    -- nonce (12 bytes) || AES-256-GCM ciphertext of the PEM private key.
    key_sealed     bytea NOT NULL,
    not_after      timestamptz NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE acme_challenges (
    token             text PRIMARY KEY,
    key_authorization text NOT NULL,
    domain            text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tls_attempts (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    primary_name   text NOT NULL,
    institution_id bigint REFERENCES institutions (id) ON DELETE CASCADE,
    status         text NOT NULL CHECK (status IN ('started', 'issued', 'failed')),
    message        text,
    at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tls_attempts_name ON tls_attempts (primary_name, id);

-- Edges reload their certificate set on this channel: a renewed certificate is served at once.
CREATE FUNCTION notify_certificate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('certificate_changed', COALESCE(NEW.primary_name, OLD.primary_name));
    RETURN NULL;
END $$;
CREATE TRIGGER certificates_changed AFTER INSERT OR UPDATE OR DELETE ON certificates
    FOR EACH ROW EXECUTE FUNCTION notify_certificate_changed();
