-- The monitor's issues: the intake rewrites an unresolved issue's row (count, last seen) with every batch, never as a
-- HOT update (both are sort keys of the list's indexes), so each index the row is in gets a new entry. The state's
-- and the level's count indexes leave out the rows that need no count (unresolved, errors: their totals pass the
-- list's cap and are estimated), and the state's no longer holds the last-seen time the intake keeps changing.
DROP INDEX "insights_issues_estado_idx";--> statement-breakpoint
DROP INDEX "insights_issues_nivel_ultima_idx";--> statement-breakpoint
CREATE INDEX "insights_issues_estado_idx" ON "insights_issues" USING btree ("estado") WHERE "insights_issues"."estado" <> 'unresolved';--> statement-breakpoint
CREATE INDEX "insights_issues_nivel_ultima_idx" ON "insights_issues" USING btree ("nivel","ultima_vez","id") WHERE "insights_issues"."nivel" <> 'error';
