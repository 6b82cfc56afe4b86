-- An import's rows as a worker thread read them from the uploaded file (JSON lines, stored beside it), the encoding a
-- CSV was read in, and the file's size. Imports uploaded before keep nulls: the portal asks for their file again.
ALTER TABLE "importaciones" ADD COLUMN "archivo_tamano" bigint;--> statement-breakpoint
ALTER TABLE "importaciones" ADD COLUMN "filas_sha256" text;--> statement-breakpoint
ALTER TABLE "importaciones" ADD COLUMN "codificacion" text;