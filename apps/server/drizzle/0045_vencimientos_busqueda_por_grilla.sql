-- Each expiry grid searches its own rows. The planner estimated a search of the bare text beside the grid's filter
-- as if they were unrelated, so a word of the other grid's items ('facturación' in the Physis grid) came to
-- 500,000 rows of the 1M-row grid when it matched none: the list answered "≈ 500 mil resultados" and walked the
-- whole grid for an empty page (1.4 s), and the trigram index's matches were the other grid's (0.8 s to find none).
-- Now the searched text starts with its grid's sign ('<' AFIP, '>' Physis: no trigram) and so does the pattern
-- (`ilike '> %texto%'`); the planner keeps statistics of that text (1,000 entries, as 0043 set for the text
-- before: a partial index's are not used), and each grid has a trigram index of its own rows.
DROP INDEX "vencimientos_busqueda_trgm";--> statement-breakpoint
CREATE INDEX "vencimientos_busqueda_afip_trgm" ON "vencimientos" USING gin ((case "grupo" when 'afip' then '<' else '>' end || ' ' || "cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") gin_trgm_ops) WHERE "vencimientos"."grupo" = 'afip';--> statement-breakpoint
CREATE INDEX "vencimientos_busqueda_physis_trgm" ON "vencimientos" USING gin ((case "grupo" when 'afip' then '<' else '>' end || ' ' || "cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") gin_trgm_ops) WHERE "vencimientos"."grupo" = 'physis';--> statement-breakpoint
CREATE STATISTICS "vencimientos_busqueda_stx" ON (case "grupo" when 'afip' then '<' else '>' end || ' ' || "cliente" || ' ' || coalesce("nombre_fantasia", '') || ' ' || "cuit" || ' ' || "item") FROM "vencimientos";--> statement-breakpoint
ALTER STATISTICS "vencimientos_busqueda_stx" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "vencimientos";
