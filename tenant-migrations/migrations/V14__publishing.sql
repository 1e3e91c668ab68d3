-- Blogs, tutorials and articles of this site. Writers keep drafts and submit them; approvers
-- publish. Articles are the site's own pages (about, FAQ, news, team, contact, cookies), told
-- apart by their category. Media of posts (covers, pictures in the text, tutorial videos) are
-- objects under `posts/` in the site's bucket, served at /post-media/<name>.

CREATE TABLE post_categories (
    id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind     text NOT NULL CHECK (kind IN ('blog', 'tutorial', 'article')),
    slug     text NOT NULL,
    title    text NOT NULL,
    bn_title text NOT NULL,
    position int NOT NULL DEFAULT 0,
    UNIQUE (kind, slug)
);

INSERT INTO post_categories (kind, slug, title, bn_title, position) VALUES
    ('blog', 'study-tips', 'Study tips', 'পড়াশোনার কৌশল', 1),
    ('blog', 'careers', 'Careers', 'ক্যারিয়ার', 2),
    ('blog', 'technology', 'Technology', 'প্রযুক্তি', 3),
    ('blog', 'campus', 'Campus life', 'ক্যাম্পাস জীবন', 4),
    ('blog', 'admissions', 'Admissions', 'ভর্তি', 5),
    ('tutorial', 'mathematics', 'Mathematics', 'গণিত', 1),
    ('tutorial', 'science', 'Science', 'বিজ্ঞান', 2),
    ('tutorial', 'programming', 'Programming', 'প্রোগ্রামিং', 3),
    ('tutorial', 'language', 'English and Bangla', 'ইংরেজি ও বাংলা', 4),
    ('tutorial', 'office', 'Office skills', 'অফিস দক্ষতা', 5),
    ('article', 'about', 'About us', 'আমাদের সম্পর্কে', 1),
    ('article', 'faq', 'Frequently asked questions', 'সচরাচর জিজ্ঞাসা', 2),
    ('article', 'news', 'News', 'সংবাদ', 3),
    ('article', 'team', 'Our team', 'আমাদের টিম', 4),
    ('article', 'contact', 'Contact us', 'যোগাযোগ', 5),
    ('article', 'cookies', 'Cookies', 'কুকিজ', 6);

CREATE TABLE posts (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind         text NOT NULL CHECK (kind IN ('blog', 'tutorial', 'article')),
    category_id  bigint NOT NULL REFERENCES post_categories,
    title        text NOT NULL CHECK (btrim(title) <> ''),
    title_bn     text,
    summary      text NOT NULL DEFAULT '',
    body         text NOT NULL,
    cover        text,
    video_url    text,
    duration_s   int CHECK (duration_s >= 0),
    link         text,
    news         boolean NOT NULL DEFAULT false,
    popup        boolean NOT NULL DEFAULT false,
    tags         text[] NOT NULL DEFAULT '{}',
    status       text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'published', 'unpublished')),
    reason       text,
    author_id    bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz,
    CHECK ((status = 'published') = (published_at IS NOT NULL))
);
-- The public lists: a type's published posts, newest first, by category.
CREATE INDEX posts_public ON posts (kind, category_id, published_at DESC, id DESC) WHERE status = 'published';
CREATE INDEX posts_published ON posts (kind, published_at DESC, id DESC) WHERE status = 'published';
-- A writer's own list.
CREATE INDEX posts_author ON posts (author_id, kind, updated_at DESC);
