-- Issue 20: the large lists answer a search's total with the planner's estimate when it is far above the cap
-- (lists/list.ts), and the estimate of `texto ILIKE '%modulo25/%'` is the pattern tried on the column's histogram
-- and most common values. At the default 100 entries a word in 2.7 % of the monitor's 100k issues matched none of
-- them and was estimated at 10 rows, so 1,001 of its matches were counted (30–130 ms); at 1,000 it is estimated at
-- 3,003 (2,703 in truth). The searched texts of the four lists that reach a million rows keep 1,000 entries: a
-- larger sample for ANALYZE (300,000 rows at most), nothing for the writes.
ALTER TABLE "dns" ALTER COLUMN "host" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "insights_issue_busqueda" ALTER COLUMN "texto" SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "empresas_busqueda_trgm" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "empresas" ALTER COLUMN "cuit" SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "vencimientos_busqueda_trgm" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "dns";--> statement-breakpoint
ANALYZE "insights_issue_busqueda";--> statement-breakpoint
ANALYZE "empresas";--> statement-breakpoint
ANALYZE "vencimientos";
