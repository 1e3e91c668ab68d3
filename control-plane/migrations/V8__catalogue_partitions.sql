-- Catalogue search whose cost is bounded by its index, whatever the planner estimates.
--
-- 1. A search is one condition on one GIN index, with no join and no other index for the
--    planner to bet on. (Joined to `institutions`, a stale estimate of the active sites made it
--    loop over the sites repeating the GIN scan for each: 8.9 s for two Bangla words over
--    1,000,000 courses.) So every filter a visitor can set is an entry of `search_doc`
--    ('@site=12', '@cat=3', '@type=course', '@level=beginner', '@lang=bn', '@price=free' or
--    '@price=paid', '@featured'), and so are the words:
-- 2. `search_terms`, computed by the control plane when a course is published
--    (`catalogue::query::doc_terms`): '^' + every prefix of every title word and every whole
--    summary word, and '~' + the prefixes of each title word's sound as Latin consonants
--    ('~gnt' for গণিত and for "gonit"). A typed word is then one whole entry, which GIN
--    intersects by skipping, instead of a prefix match that first collects every posting of
--    every word it starts (34 ms for a word in 176,000 of 1,000,000 courses). NULL until
--    computed: the control plane fills the missing ones after migrating.
-- 3. The table is split by site into 32 hash partitions. A search reads them one after another
--    and stops at the match cap, so a common word costs one partition's postings rather than the
--    whole catalogue's; a site's own search reads one partition.
-- The order of results still comes from the positional title and summary words.
ALTER TABLE catalogue_courses RENAME TO catalogue_courses_old;
ALTER INDEX catalogue_courses_pkey RENAME TO catalogue_courses_old_pkey;
ALTER INDEX catalogue_courses_uuid_key RENAME TO catalogue_courses_old_uuid_key;
DROP INDEX catalogue_courses_search, catalogue_courses_trgm, catalogue_courses_latest, catalogue_courses_popular,
    catalogue_courses_site;

CREATE TABLE catalogue_courses (
    institution_id  bigint NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
    course_id       bigint NOT NULL,
    -- Unique by construction (random v4, and unique within each site's own tables); a partitioned
    -- table cannot hold a unique index without the partition key.
    uuid            uuid NOT NULL,
    slug            text NOT NULL,
    title           text NOT NULL,
    title_bn        text NOT NULL,
    summary         text NOT NULL DEFAULT '',
    thumbnail       text,
    category_id     bigint,
    level           text NOT NULL,
    language        text NOT NULL,
    course_type     text NOT NULL,
    price           numeric(10, 2) NOT NULL DEFAULT 0,
    featured        boolean NOT NULL DEFAULT false,
    instructor_id   bigint NOT NULL,
    instructor_name text NOT NULL DEFAULT '',
    rating          numeric(2, 1) NOT NULL DEFAULT 0,
    reviews_count   int NOT NULL DEFAULT 0,
    enrolled_count  int NOT NULL DEFAULT 0,
    published_at    timestamptz NOT NULL DEFAULT now(),
    search_terms     text[],
    search_doc      tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, title || ' ' || title_bn), 'A')
        || setweight(to_tsvector('simple'::regconfig, summary), 'C')
        || array_to_tsvector(COALESCE(search_terms, '{}'::text[]))
        || array_to_tsvector(array_remove(ARRAY[
               '@site=' || institution_id::text,
               '@cat=' || category_id::text,
               '@type=' || course_type,
               '@level=' || level,
               '@lang=' || language,
               CASE WHEN price = 0 THEN '@price=free' ELSE '@price=paid' END,
               CASE WHEN featured THEN '@featured' END], NULL))) STORED,
    search_title    text GENERATED ALWAYS AS (lower(title || ' ' || title_bn)) STORED,
    PRIMARY KEY (institution_id, course_id)
) PARTITION BY HASH (institution_id);

DO $$
BEGIN
    FOR i IN 0..31 LOOP
        EXECUTE format('CREATE TABLE catalogue_courses_p%s PARTITION OF catalogue_courses FOR VALUES WITH (MODULUS 32, REMAINDER %s)', i, i);
    END LOOP;
END $$;

INSERT INTO catalogue_courses (institution_id, course_id, uuid, slug, title, title_bn, summary, thumbnail, category_id,
        level, language, course_type, price, featured, instructor_id, instructor_name, rating, reviews_count,
        enrolled_count, published_at)
SELECT institution_id, course_id, uuid, slug, title, title_bn, summary, thumbnail, category_id,
       level, language, course_type, price, featured, instructor_id, instructor_name, rating, reviews_count,
       enrolled_count, published_at
  FROM catalogue_courses_old;
DROP TABLE catalogue_courses_old;

-- fastupdate off as in V6: a pending list is scanned in full by every search until vacuumed.
CREATE INDEX catalogue_courses_search ON catalogue_courses USING gin (search_doc) WITH (fastupdate = off);
CREATE INDEX catalogue_courses_trgm ON catalogue_courses USING gin (search_title gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX catalogue_courses_uuid ON catalogue_courses (uuid);
CREATE INDEX catalogue_courses_latest ON catalogue_courses (published_at DESC);
CREATE INDEX catalogue_courses_popular ON catalogue_courses (enrolled_count DESC);
CREATE INDEX catalogue_courses_site ON catalogue_courses (institution_id, published_at DESC);
-- The rows whose terms the control plane still has to compute, found at startup without reading
-- the whole catalogue.
CREATE INDEX catalogue_courses_terms_missing ON catalogue_courses (institution_id) WHERE search_terms IS NULL;
-- Sites whose courses are hidden from search (few): read once per search.
CREATE INDEX institutions_not_active ON institutions (id) WHERE state <> 'active';
