-- The expiry grids' search looks in its own grid's rows: the searched text starts with the grid ('afip ' or
-- 'physis ') and the pattern with it (`ilike 'physis %texto%'`). On the bare text, the planner estimated a word of
-- the other grid's items ('facturación' in the Physis grid) at 500,000 rows when it matched none, so the list said
-- "≈ 500 mil resultados" and walked the whole grid for an empty page (1.4 s at 1M rows); the index's matches were
-- the other grid's too. Its statistics keep 1,000 entries, as 0043 set for the text before.
DROP INDEX "vencimientos_busqueda_trgm";--> statement-breakpoint
CREATE INDEX "vencimientos_busqueda_trgm" ON "vencimientos" USING gin (("grupo" || ' ' || "cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "vencimientos_busqueda_trgm" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "vencimientos";
