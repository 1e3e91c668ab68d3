-- The reference lists forms offer beside categories, professions and places (issue 15):
-- education levels with their sub-levels (groups) and degrees, professions' fields,
-- disabilities, participant types and tags. One table, one row shape; a sub-level or degree
-- hangs under its level, a field under its profession, and neither parent can be deleted while
-- something hangs under it.
CREATE TABLE reference_items (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind          text NOT NULL CHECK (kind IN ('education_levels', 'education_sublevels', 'degrees', 'profession_fields',
                                                'disabilities', 'participant_types', 'tags')),
    parent_id     bigint REFERENCES reference_items (id) ON DELETE RESTRICT,
    profession_id int REFERENCES professions (id) ON DELETE RESTRICT,
    title         text NOT NULL,
    bn_title      text NOT NULL,
    sort          int NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT reference_items_parent CHECK (
        (kind IN ('education_sublevels', 'degrees')) = (parent_id IS NOT NULL)
        AND (kind = 'profession_fields') = (profession_id IS NOT NULL))
);
CREATE UNIQUE INDEX reference_items_title ON reference_items (kind, coalesce(parent_id, 0), coalesce(profession_id, 0), lower(title));
CREATE INDEX reference_items_children ON reference_items (parent_id) WHERE parent_id IS NOT NULL;
CREATE UNIQUE INDEX categories_title ON categories (lower(title));

-- Bangladesh's levels of education (the Bangladesh National Education Policy 2010 and the
-- boards' certificates), with the groups of SSC and HSC and common degrees.
INSERT INTO reference_items (kind, title, bn_title, sort) VALUES
    ('education_levels', 'Primary (PSC)', 'প্রাথমিক (পিএসসি)', 1),
    ('education_levels', 'Junior Secondary (JSC/JDC)', 'নিম্ন মাধ্যমিক (জেএসসি/জেডিসি)', 2),
    ('education_levels', 'Secondary (SSC/Dakhil)', 'মাধ্যমিক (এসএসসি/দাখিল)', 3),
    ('education_levels', 'Higher Secondary (HSC/Alim)', 'উচ্চ মাধ্যমিক (এইচএসসি/আলিম)', 4),
    ('education_levels', 'Diploma', 'ডিপ্লোমা', 5),
    ('education_levels', 'Bachelor', 'স্নাতক', 6),
    ('education_levels', 'Masters', 'স্নাতকোত্তর', 7),
    ('education_levels', 'Doctorate (PhD)', 'ডক্টরেট (পিএইচডি)', 8);
INSERT INTO reference_items (kind, parent_id, title, bn_title, sort)
SELECT 'education_sublevels', l.id, g.title, g.bn_title, g.sort
  FROM reference_items l
 CROSS JOIN (VALUES ('Science', 'বিজ্ঞান', 1), ('Humanities', 'মানবিক', 2), ('Business Studies', 'ব্যবসায় শিক্ষা', 3)) AS g(title, bn_title, sort)
 WHERE l.kind = 'education_levels' AND l.sort IN (3, 4);
INSERT INTO reference_items (kind, parent_id, title, bn_title, sort)
SELECT 'degrees', l.id, d.title, d.bn_title, d.sort
  FROM (VALUES
    (5, 'Diploma in Engineering', 'ডিপ্লোমা ইন ইঞ্জিনিয়ারিং', 1), (5, 'Diploma in Nursing', 'ডিপ্লোমা ইন নার্সিং', 2),
    (6, 'B.Sc.', 'বি.এসসি.', 1), (6, 'B.A.', 'বি.এ.', 2), (6, 'B.Com.', 'বি.কম.', 3), (6, 'BBA', 'বিবিএ', 4),
    (6, 'B.Sc. in Engineering', 'বি.এসসি. ইঞ্জিনিয়ারিং', 5), (6, 'MBBS', 'এমবিবিএস', 6), (6, 'B.Ed.', 'বি.এড.', 7),
    (7, 'M.Sc.', 'এম.এসসি.', 1), (7, 'M.A.', 'এম.এ.', 2), (7, 'M.Com.', 'এম.কম.', 3), (7, 'MBA', 'এমবিএ', 4), (7, 'M.Ed.', 'এম.এড.', 5),
    (8, 'PhD', 'পিএইচডি', 1)) AS d(level, title, bn_title, sort)
  JOIN reference_items l ON l.kind = 'education_levels' AND l.sort = d.level;

-- The twelve types of disability of the Persons with Disabilities Rights and Protection Act 2013, section 3.
INSERT INTO reference_items (kind, title, bn_title, sort) VALUES
    ('disabilities', 'Autism or autism spectrum disorder', 'অটিজম বা অটিজম স্পেকট্রাম ডিজঅর্ডার', 1),
    ('disabilities', 'Physical disability', 'শারীরিক প্রতিবন্ধিতা', 2),
    ('disabilities', 'Mental illness leading to disability', 'মানসিক অসুস্থতাজনিত প্রতিবন্ধিতা', 3),
    ('disabilities', 'Visual disability', 'দৃষ্টি প্রতিবন্ধিতা', 4),
    ('disabilities', 'Speech disability', 'বাক প্রতিবন্ধিতা', 5),
    ('disabilities', 'Intellectual disability', 'বুদ্ধি প্রতিবন্ধিতা', 6),
    ('disabilities', 'Hearing disability', 'শ্রবণ প্রতিবন্ধিতা', 7),
    ('disabilities', 'Deaf-blindness', 'শ্রবণ-দৃষ্টি প্রতিবন্ধিতা', 8),
    ('disabilities', 'Cerebral palsy', 'সেরিব্রাল পালসি', 9),
    ('disabilities', 'Down syndrome', 'ডাউন সিনড্রোম', 10),
    ('disabilities', 'Multiple disability', 'বহুমাত্রিক প্রতিবন্ধিতা', 11),
    ('disabilities', 'Other disability', 'অন্যান্য প্রতিবন্ধিতা', 12);

INSERT INTO reference_items (kind, title, bn_title, sort) VALUES
    ('participant_types', 'Student', 'শিক্ষার্থী', 1),
    ('participant_types', 'Teacher', 'শিক্ষক', 2),
    ('participant_types', 'Trainer', 'প্রশিক্ষক', 3),
    ('participant_types', 'Government officer', 'সরকারি কর্মকর্তা', 4),
    ('participant_types', 'Guardian', 'অভিভাবক', 5),
    ('participant_types', 'Job seeker', 'চাকরিপ্রার্থী', 6),
    ('participant_types', 'Entrepreneur', 'উদ্যোক্তা', 7),
    ('tags', 'SSC preparation', 'এসএসসি প্রস্তুতি', 1),
    ('tags', 'HSC preparation', 'এইচএসসি প্রস্তুতি', 2),
    ('tags', 'Admission test', 'ভর্তি পরীক্ষা', 3),
    ('tags', 'Freelancing', 'ফ্রিল্যান্সিং', 4),
    ('tags', 'Spoken English', 'স্পোকেন ইংলিশ', 5),
    ('tags', 'Programming', 'প্রোগ্রামিং', 6);

INSERT INTO reference_items (kind, profession_id, title, bn_title, sort)
SELECT 'profession_fields', p.id, f.title, f.bn_title, f.sort
  FROM (VALUES
    ('Teacher', 'Primary school', 'প্রাথমিক বিদ্যালয়', 1), ('Teacher', 'Secondary school', 'মাধ্যমিক বিদ্যালয়', 2),
    ('Teacher', 'College', 'কলেজ', 3), ('Teacher', 'Madrasa', 'মাদ্রাসা', 4), ('Teacher', 'University', 'বিশ্ববিদ্যালয়', 5),
    ('Student', 'School', 'স্কুল', 1), ('Student', 'College', 'কলেজ', 2), ('Student', 'University', 'বিশ্ববিদ্যালয়', 3)) AS f(profession, title, bn_title, sort)
  JOIN professions p ON p.title = f.profession;
