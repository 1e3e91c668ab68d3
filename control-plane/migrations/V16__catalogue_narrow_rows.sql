-- Catalogue search without long posting lists, and with narrow rows to rank.
--
-- Several common words that few courses have together made GIN intersect long lists in every
-- partition (48-80 ms at 1,000,000 courses). A course's terms now also hold pairs of its title
-- words and of their sounds, and its summary words marked apart (`catalogue::query`): a query of
-- several words is one condition over those short lists, and what it finds is checked exactly
-- on the row, against two small columns:
-- 1. `rank_doc`: the title (weight A) and summary (C) words with positions, Bangla digits as
--    ASCII as in the terms: whether every word starts a title word or is a summary word, and
--    what results are ordered by (`ts_rank`).
-- 2. `sound_doc`: the sounds of the title words (the `~` terms): whether the typed sounds are
--    there.
-- Both stay in the row (MAIN). `search_terms` and `search_doc`, which only the index needs,
-- are compressed and moved out of line once a row passes 2 kB (rows are toasted down to 512
-- bytes): a search reads the candidates' rows, so the heap it reads is about a quarter of
-- what it was. Every course's terms are computed again (the control plane fills NULL terms
-- at startup), so that its pairs are indexed.
CREATE FUNCTION catalogue_sound_terms(terms text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ARRAY(SELECT t FROM unnest(terms) t WHERE starts_with(t, '~'));

DO $$
BEGIN
    FOR i IN 0..31 LOOP
        EXECUTE format('ALTER TABLE catalogue_courses_p%s SET (toast_tuple_target = 512)', i);
    END LOOP;
END $$;

ALTER TABLE catalogue_courses
    ADD COLUMN rank_doc tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, translate(title || ' ' || title_bn, '০১২৩৪৫৬৭৮৯', '0123456789')), 'A')
        || setweight(to_tsvector('simple'::regconfig, translate(summary, '০১২৩৪৫৬৭৮৯', '0123456789')), 'C')) STORED,
    ADD COLUMN sound_doc tsvector GENERATED ALWAYS AS (
        array_to_tsvector(catalogue_sound_terms(COALESCE(search_terms, '{}'::text[])))) STORED;
ALTER TABLE catalogue_courses ALTER COLUMN rank_doc SET STORAGE MAIN, ALTER COLUMN sound_doc SET STORAGE MAIN;

UPDATE catalogue_courses SET search_terms = NULL;
