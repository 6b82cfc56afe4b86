-- The monitor's issue list filtered by a release (by title or by count) or by an environment (by count), read deep in its
-- pages from an index of the filter and the sort instead of walking the sort index past the other issues.
CREATE INDEX "insights_issues_release_titulo_idx" ON "insights_issues" USING btree ("release","titulo","id");--> statement-breakpoint
CREATE INDEX "insights_issues_release_cantidad_idx" ON "insights_issues" USING btree ("release","cantidad","id");--> statement-breakpoint
CREATE INDEX "insights_issues_environment_cantidad_idx" ON "insights_issues" USING btree ("environment","cantidad","id");