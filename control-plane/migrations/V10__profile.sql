-- What a person tells about themselves on their profile (/profile/myprofile). Completeness is
-- computed from these fields when the profile is read, so it is never stale.
ALTER TABLE users
    ADD COLUMN gender        text CHECK (gender IN ('female', 'male', 'other')),
    ADD COLUMN date_of_birth date,
    ADD COLUMN address       text,
    ADD COLUMN bio           text,
    DROP COLUMN completeness;
