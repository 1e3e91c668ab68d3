-- The catalogue in 8 hash partitions instead of 32 (V8).
--
-- A search by words runs a generic plan (`catalogue::store::WORD_SEARCH_SETTINGS`), and making
-- one costs in proportion to the partitions it covers: 31-61 ms over 32 partitions, 8-9 ms over 8
-- (PostgreSQL 15, the search's statement on a table with these columns and indexes, 200,000 and
-- 1,000,000 rows). Each connection makes it again
-- for each statement shape after every ANALYZE of a partition, so that cost was the slowest
-- searches of the benchmark. Executing the plan did not get slower: a common word still fills
-- the match cap from the first partition read (23,000 of its 125,000 courses instead of
-- 5,800 of 31,000), and a search that finds few courses has 8 partitions to read, not 32.
CREATE TABLE catalogue_courses_new (
    LIKE catalogue_courses INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING STORAGE,
    PRIMARY KEY (institution_id, course_id),
    FOREIGN KEY (institution_id) REFERENCES institutions (id) ON DELETE CASCADE
) PARTITION BY HASH (institution_id);

DO $$
BEGIN
    FOR i IN 0..7 LOOP
        -- Rows toasted down to 512 bytes, as V16 made them.
        EXECUTE format('CREATE TABLE catalogue_courses_new_p%s PARTITION OF catalogue_courses_new
                            FOR VALUES WITH (MODULUS 8, REMAINDER %s) WITH (toast_tuple_target = 512)', i, i);
    END LOOP;
END $$;

INSERT INTO catalogue_courses_new (institution_id, course_id, uuid, slug, title, title_bn, summary, thumbnail, category_id,
        level, language, course_type, price, featured, instructor_id, instructor_name, rating, reviews_count,
        enrolled_count, published_at, search_terms)
SELECT institution_id, course_id, uuid, slug, title, title_bn, summary, thumbnail, category_id,
       level, language, course_type, price, featured, instructor_id, instructor_name, rating, reviews_count,
       enrolled_count, published_at, search_terms
  FROM catalogue_courses;
DROP TABLE catalogue_courses;

ALTER TABLE catalogue_courses_new RENAME TO catalogue_courses;
ALTER INDEX catalogue_courses_new_pkey RENAME TO catalogue_courses_pkey;
ALTER TABLE catalogue_courses RENAME CONSTRAINT catalogue_courses_new_institution_id_fkey TO catalogue_courses_institution_id_fkey;
DO $$
BEGIN
    FOR i IN 0..7 LOOP
        EXECUTE format('ALTER TABLE catalogue_courses_new_p%s RENAME TO catalogue_courses_p%s', i, i);
    END LOOP;
END $$;

-- The indexes of V8.
CREATE INDEX catalogue_courses_search ON catalogue_courses USING gin (search_doc) WITH (fastupdate = off);
CREATE INDEX catalogue_courses_trgm ON catalogue_courses USING gin (search_title gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX catalogue_courses_uuid ON catalogue_courses (uuid);
CREATE INDEX catalogue_courses_latest ON catalogue_courses (published_at DESC);
CREATE INDEX catalogue_courses_popular ON catalogue_courses (enrolled_count DESC);
CREATE INDEX catalogue_courses_site ON catalogue_courses (institution_id, published_at DESC);
CREATE INDEX catalogue_courses_terms_missing ON catalogue_courses (institution_id) WHERE search_terms IS NULL;
ANALYZE catalogue_courses;
