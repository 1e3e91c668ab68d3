-- Roles an institution defines beside the built-in ones (SPEC §6). Each holds a permission map,
-- module -> action -> bool, checked by the edge on every call made in that role. A membership
-- names its role by slug within its own institution; built-in roles (super, partner-admin, ...)
-- are defined in code and have no row.
CREATE TABLE roles (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    institution_id bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    slug           text NOT NULL,
    name           text NOT NULL,
    name_bn        text NOT NULL,
    permissions    jsonb NOT NULL DEFAULT '{}',
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT roles_slug_unique UNIQUE (institution_id, slug)
);
CREATE UNIQUE INDEX roles_name_unique ON roles (institution_id, lower(name));

-- The map is the role's, not each membership's: the column was never written.
ALTER TABLE memberships DROP COLUMN permissions;
-- People of a site by role (the system users' list, a role's member count).
CREATE INDEX memberships_institution_role ON memberships (institution_id, role);
