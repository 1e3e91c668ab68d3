-- A partner's own domains, served once the CNAME and TXT records prove the partner controls them.
CREATE TABLE custom_domains (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    institution_id     bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    domain             text NOT NULL,
    verification_token text NOT NULL,
    state              text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'disabled')),
    last_checked_at    timestamptz,
    last_error         text,
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX custom_domains_domain_key ON custom_domains (lower(domain));
CREATE INDEX custom_domains_institution ON custom_domains (institution_id);

-- A domain's state decides both which host names resolve and which certificates are served.
CREATE FUNCTION notify_custom_domain_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('institution_changed', COALESCE(NEW.institution_id, OLD.institution_id)::text);
    PERFORM pg_notify('certificate_changed', COALESCE(NEW.domain, OLD.domain));
    RETURN NULL;
END $$;
CREATE TRIGGER custom_domains_changed AFTER INSERT OR UPDATE OR DELETE ON custom_domains
    FOR EACH ROW EXECUTE FUNCTION notify_custom_domain_changed();
