-- Divisions, districts and upazilas became reference lists the super admins keep
-- (reference/lists.rs): like every list they have a display order, alphabetical by default.
ALTER TABLE divisions ADD COLUMN sort int NOT NULL DEFAULT 0;
ALTER TABLE districts ADD COLUMN sort int NOT NULL DEFAULT 0;
ALTER TABLE upazilas ADD COLUMN sort int NOT NULL DEFAULT 0;
