-- Notices that also go by e-mail (an enrolment approved, a certificate issued, a payment
-- received): marked due in the same transaction as the notice, queued in the control plane's
-- outbox by the edge, then unmarked (tenant_api::notifications::mail). A mark left by an edge
-- that stopped in between is taken by the sweep; the outbox's once-only key keeps it to one mail.
ALTER TABLE notifications ADD COLUMN mail_due boolean NOT NULL DEFAULT false;
CREATE INDEX notifications_mail_due ON notifications (id) WHERE mail_due;
