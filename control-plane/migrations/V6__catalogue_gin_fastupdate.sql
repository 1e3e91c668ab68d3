-- Search reads the catalogue on every keystroke; courses are published a few times an hour.
-- With GIN's fast update, new entries wait in a pending list that every search scans linearly
-- until a vacuum merges it (thousands of entries after a busy day). Writing straight into the
-- index costs a little per publish and keeps search time independent of vacuum timing.
ALTER INDEX catalogue_courses_search SET (fastupdate = off);
ALTER INDEX catalogue_courses_trgm SET (fastupdate = off);
