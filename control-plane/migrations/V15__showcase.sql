-- Partner posts the main site may show (SPEC §7 check-selected): each partner site projects its
-- published blogs and tutorials here (as it projects its courses into the catalogue), and the
-- super admin selects which the main site shows. Unpublishing or deleting a post removes it.
CREATE TABLE showcase_posts (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    institution_id bigint NOT NULL REFERENCES institutions ON DELETE CASCADE,
    kind           text NOT NULL CHECK (kind IN ('blog', 'tutorial')),
    post_id        bigint NOT NULL,
    title          text NOT NULL,
    title_bn       text,
    summary        text NOT NULL DEFAULT '',
    cover          text,
    url            text NOT NULL,
    published_at   timestamptz NOT NULL,
    selected_at    timestamptz,
    UNIQUE (institution_id, kind, post_id)
);
CREATE INDEX showcase_posts_selected ON showcase_posts (selected_at DESC) WHERE selected_at IS NOT NULL;
CREATE INDEX showcase_posts_published ON showcase_posts (published_at DESC);
