-- Trigram matching (decisions/027): the GIN trigram indexes on users' names and emails that the console's
-- learner search uses need its operator class. A custom migration (drizzle-kit generate --custom): drizzle-kit
-- writes no CREATE EXTENSION from the schema. pg_trgm is a trusted extension (PostgreSQL 13 and later): the
-- database's owner may create it without being a superuser. PGlite loads it at start (src/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
