-- Trigram indexes back the areas' text search (DESIGN §2); pg_trgm is a trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
