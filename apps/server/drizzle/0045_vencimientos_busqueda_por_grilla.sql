-- Each expiry grid searches its own rows. The planner estimated a search on the whole table's text, so a word of
-- the other grid's items ('facturación' in the Physis grid) came to 500,000 rows of the 1M-row grid when it
-- matched none: the list answered "≈ 500 mil resultados" and walked the whole grid for an empty page (1.4 s), and
-- the trigram index's matches were the other grid's (0.8 s to find none). Now each grid has a trigram index of its
-- own rows, and the planner keeps statistics of the text headed by its grid, which the list estimates a search by
-- (`ilike 'physis %texto%'`, grid.ts): 1,000 entries, as 0043 set for the text before.
DROP INDEX "vencimientos_busqueda_trgm";--> statement-breakpoint
CREATE INDEX "vencimientos_busqueda_afip_trgm" ON "vencimientos" USING gin (("cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") gin_trgm_ops) WHERE "vencimientos"."grupo" = 'afip';--> statement-breakpoint
CREATE INDEX "vencimientos_busqueda_physis_trgm" ON "vencimientos" USING gin (("cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") gin_trgm_ops) WHERE "vencimientos"."grupo" = 'physis';--> statement-breakpoint
CREATE STATISTICS "vencimientos_busqueda_grilla" ON ("grupo" || ' ' || "cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") FROM "vencimientos";--> statement-breakpoint
ALTER STATISTICS "vencimientos_busqueda_grilla" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "vencimientos";
