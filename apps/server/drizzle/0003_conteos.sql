CREATE TABLE "conteos" (
	"tabla" text PRIMARY KEY NOT NULL,
	"filas" bigint NOT NULL
);
