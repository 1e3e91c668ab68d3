-- Three-word searches read one short list (`catalogue::query`): a course's terms now also hold
-- its title keys three at a time, or a marker when its title has too many keys. Every course's
-- terms are computed again (the control plane fills NULL terms at startup), as in V16.
UPDATE catalogue_courses SET search_terms = NULL;
