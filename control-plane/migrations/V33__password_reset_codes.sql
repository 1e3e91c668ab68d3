-- A code texted to an account's proven number lets its owner choose a new password.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check,
    ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('phone_verification', 'teacher_verification', 'password_reset'));
