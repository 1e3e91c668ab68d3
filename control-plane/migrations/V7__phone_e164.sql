-- Phone numbers are kept in one spelling, +8801XXXXXXXXX (E.164), so that an account is the same
-- account however its number is typed (sign-in, lock-out, uniqueness).
UPDATE users SET phone = '+88' || phone WHERE phone ~ '^01[3-9][0-9]{8}$';
UPDATE institutions SET contact_phone = '+88' || contact_phone WHERE contact_phone ~ '^01[3-9][0-9]{8}$';
