-- Issue 22: an issue resolved "in the next release" before 0039 has no resolution time, so any release other than the one it was resolved in reopened it (the old rule). It gets the time of its resolution from the history or, with none there, its last event's: releases first seen after that are the later ones.
UPDATE "insights_issues" i SET "resuelta_el" = coalesce(
  (select max(a."fecha") from "auditoria" a where a."entidad" = 'insights_issue' and a."entidad_id" = i."id"::text and a."despues"->>'estado' = 'resolved'),
  i."ultima_vez")
WHERE i."estado" = 'resolved' AND i."resuelta_en_release" IS NOT NULL AND i."resuelta_el" IS NULL;
