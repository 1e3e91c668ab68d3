-- The mark of V37 now also covers a notice relayed as a text (a reader with only a phone) and to
-- the reader's browsers (Web Push), not only by e-mail: named for what it is.
ALTER TABLE notifications RENAME COLUMN mail_due TO relay_due;
ALTER INDEX notifications_mail_due RENAME TO notifications_relay_due;
