-- Issue 20: the monitor's issue list at 100k issues. Each sort has its (key, id) index — titulo and the level's
-- severity had none (a sort of every issue per page) — followed by the columns the list filters by, so a page under
-- any filter (project, state, level, environment, release) walks index entries only (an index-only scan), not a
-- heap page per issue, and a cursor (key, id) is the index's own order however many issues share a key. A level,
-- an environment or a release is counted from an index of its own (the total stops at 10,000) instead of by
-- reading every issue when few match.
DROP INDEX "insights_issues_ultima_idx";--> statement-breakpoint
DROP INDEX "insights_issues_primera_idx";--> statement-breakpoint
DROP INDEX "insights_issues_cantidad_idx";--> statement-breakpoint
CREATE INDEX "insights_issues_titulo_idx" ON "insights_issues" USING btree ("titulo","id","proyecto_id","estado","nivel","environment","release");--> statement-breakpoint
CREATE INDEX "insights_issues_nivel_idx" ON "insights_issues" USING btree ((case "nivel" when 'fatal' then 5 when 'error' then 4 when 'warning' then 3 when 'info' then 2 else 1 end),"id","proyecto_id","estado","nivel","environment","release");--> statement-breakpoint
CREATE INDEX "insights_issues_nivel_ultima_idx" ON "insights_issues" USING btree ("nivel","ultima_vez","id");--> statement-breakpoint
CREATE INDEX "insights_issues_environment_ultima_idx" ON "insights_issues" USING btree ("environment","ultima_vez","id");--> statement-breakpoint
CREATE INDEX "insights_issues_release_ultima_idx" ON "insights_issues" USING btree ("release","ultima_vez","id");--> statement-breakpoint
CREATE INDEX "insights_issues_ultima_idx" ON "insights_issues" USING btree ("ultima_vez","id","proyecto_id","estado","nivel","environment","release");--> statement-breakpoint
CREATE INDEX "insights_issues_primera_idx" ON "insights_issues" USING btree ("primera_vez","id","proyecto_id","estado","nivel","environment","release");--> statement-breakpoint
CREATE INDEX "insights_issues_cantidad_idx" ON "insights_issues" USING btree ("cantidad","id","proyecto_id","estado","nivel","environment","release");