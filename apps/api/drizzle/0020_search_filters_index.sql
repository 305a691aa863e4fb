-- A search with filters (decision 047): the search document, the difficulty and the price in one GIN index, so a
-- word with Beginner and Free intersects their entries in the index and reads only the rows it keeps. Text and
-- integer columns in a GIN index need btree_gin's operator classes; drizzle-kit writes no CREATE EXTENSION.
-- btree_gin is a trusted extension (PostgreSQL 13 and later), as pg_trgm is (0008); PGlite loads it at start.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "course_search_document_filters_idx" ON "course_search" USING gin ("document","difficulty","price_paise");--> statement-breakpoint
DROP INDEX "course_search_document_idx";
