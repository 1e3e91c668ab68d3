-- Accounts on one device (issue 13, `switch-account`): the sessions of the people who signed in on
-- one browser one after another without signing out (a family's shared phone, a cyber cafe). Any
-- session of a device may hand the browser to another of its sessions; signing out ends them all.
ALTER TABLE sessions ADD COLUMN device uuid;
CREATE INDEX sessions_device ON sessions (device) WHERE device IS NOT NULL;
