-- Teachers and officers verified against a government registry (SPEC §2 verification dialog, §5):
-- one teacher ID verifies one account, so the ID is unique per registry and kind of number. The
-- registry's details are kept as it gave them, shown on the teacher's profile.
CREATE TABLE teacher_verifications (
    user_id        bigint PRIMARY KEY REFERENCES users ON DELETE CASCADE,
    pds_type       smallint NOT NULL CHECK (pds_type BETWEEN 1 AND 5),
    -- 1 PIN number, 2 index number: primary teachers (type 4) have one, nobody else.
    pds_sub_type   smallint CHECK (pds_sub_type IN (1, 2)),
    pdsid          text NOT NULL,
    name           text NOT NULL,
    designation    text NOT NULL,
    institute_name text NOT NULL,
    subject        text NOT NULL,
    verified_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT teacher_verifications_sub_type CHECK ((pds_type = 4) = (pds_sub_type IS NOT NULL))
);
CREATE UNIQUE INDEX teacher_verifications_one_account ON teacher_verifications (pds_type, coalesce(pds_sub_type, 0), pdsid);

-- The registry's code, texted to the phone it holds for the teacher, proves the ID is the caller's.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check,
    ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('phone_verification', 'teacher_verification'));
