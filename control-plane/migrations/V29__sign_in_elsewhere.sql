-- Sign-in through identity providers: myGov, Google, Facebook (control_plane::sso).

-- An account made by signing in elsewhere has no password until its owner sets one.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- Who a person is at a provider: the issuer and its subject, never their e-mail (ASVS 6.8.1).
CREATE TABLE user_identities (
    id           bigserial PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    provider     text NOT NULL,
    issuer       text NOT NULL,
    subject      text NOT NULL,
    -- The e-mail or phone the provider gave, to show its owner which account is linked.
    login        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (issuer, subject)
);
CREATE INDEX user_identities_user ON user_identities (user_id);

-- A sign-in sent to a provider and not back yet: what its return must match. Used once, for at
-- most 10 minutes; the state is kept only as a hash.
CREATE TABLE sso_attempts (
    state_hash     bytea PRIMARY KEY,
    provider       text NOT NULL,
    nonce          text NOT NULL,
    pkce_verifier  text NOT NULL,
    redirect_uri   text NOT NULL,
    institution_id bigint REFERENCES institutions ON DELETE CASCADE,
    -- Set when a signed-in person links a provider to their account.
    link_user_id   bigint REFERENCES users ON DELETE CASCADE,
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- An identity proven at its provider whose e-mail or phone is an existing account's: it is linked
-- only once the person signs in to that account too. Used once, for at most 10 minutes.
CREATE TABLE sso_links (
    token_hash  bytea PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    provider    text NOT NULL,
    issuer      text NOT NULL,
    subject     text NOT NULL,
    login       text,
    sid         text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Where a session came from, so the provider's logout can end it (Back-Channel Logout 1.0).
ALTER TABLE sessions ADD COLUMN sso_provider text, ADD COLUMN sso_issuer text, ADD COLUMN sso_subject text, ADD COLUMN sso_sid text;
CREATE INDEX sessions_sso ON sessions (sso_issuer, sso_subject) WHERE sso_issuer IS NOT NULL;

-- Linking and unlinking are edits of an account: the activity log says what changed (V28).
CREATE TRIGGER record_change AFTER INSERT OR UPDATE OR DELETE ON user_identities FOR EACH ROW
    WHEN (current_setting('app.request', true) <> '') EXECUTE FUNCTION record_change();
