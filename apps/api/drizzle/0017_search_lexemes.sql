CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"courses" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_trgm_idx" ON "search_lexemes" USING gin ("lexeme" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "course_search_title_document_idx" ON "course_search" USING gin ("title_document");--> statement-breakpoint
CREATE INDEX "course_search_relevance_idx" ON "course_search" USING btree ("students" DESC NULLS FIRST,"sort_order","course_id");--> statement-breakpoint
CREATE INDEX "course_search_popular_idx" ON "course_search" USING btree ("students" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"course_id");--> statement-breakpoint
CREATE INDEX "course_search_rating_idx" ON "course_search" USING btree ("rating" DESC NULLS FIRST,"students" DESC NULLS FIRST,"course_id");--> statement-breakpoint
CREATE INDEX "course_search_newest_idx" ON "course_search" USING btree ("published_at" DESC NULLS FIRST,"course_id");--> statement-breakpoint
CREATE INDEX "course_search_price_asc_idx" ON "course_search" USING btree ("price_paise","sort_order","course_id");--> statement-breakpoint
CREATE INDEX "course_search_price_desc_idx" ON "course_search" USING btree ("price_paise" DESC NULLS FIRST,"sort_order","course_id");--> statement-breakpoint
-- Hand-written below (decision 042; drizzle-kit writes no triggers from the schema: keep this part when the
-- migration is generated again). search_lexemes follows course_search through statement-level triggers on it, so
-- every way a search row goes (the refresh of migration 0016, a course deleted through the foreign key) is
-- counted: the lexemes of rows removed count down, those of rows written count up, a row rewritten with the same
-- document (an enrolment changes only its learners) moves nothing. Only lexemes whose count changes are written,
-- in lexeme order (two statements lock shared lexemes in the same order), and a lexeme no course has any more is
-- removed.
CREATE FUNCTION "search_lexemes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "lexemes" text[];
  "moves" int[];
  "emptied" text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d."lexeme" ORDER BY d."lexeme"), array_agg(d."n" ORDER BY d."lexeme") INTO "lexemes", "moves"
    FROM (SELECT l AS "lexeme", count(*)::int AS "n"
          FROM "changed_new" x, unnest(tsvector_to_array(x."document")) l GROUP BY l) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d."lexeme" ORDER BY d."lexeme"), array_agg(d."n" ORDER BY d."lexeme") INTO "lexemes", "moves"
    FROM (SELECT l AS "lexeme", -count(*)::int AS "n"
          FROM "changed_old" x, unnest(tsvector_to_array(x."document")) l GROUP BY l) d;
  ELSE
    SELECT array_agg(d."lexeme" ORDER BY d."lexeme"), array_agg(d."n" ORDER BY d."lexeme") INTO "lexemes", "moves"
    FROM (
      SELECT m."lexeme", sum(m."n")::int AS "n" FROM (
        SELECT unnest(tsvector_to_array(x."document")) AS "lexeme", 1 AS "n" FROM "changed_new" x
        WHERE NOT EXISTS (SELECT 1 FROM "changed_old" o WHERE o."course_id" = x."course_id" AND o."document" = x."document")
        UNION ALL
        SELECT unnest(tsvector_to_array(x."document")), -1 FROM "changed_old" x
        WHERE NOT EXISTS (SELECT 1 FROM "changed_new" n WHERE n."course_id" = x."course_id" AND n."document" = x."document")
      ) m GROUP BY m."lexeme" HAVING sum(m."n") <> 0
    ) d;
  END IF;
  IF "lexemes" IS NULL THEN
    RETURN NULL;
  END IF;
  WITH "counted" AS (
    INSERT INTO "search_lexemes" ("lexeme", "courses")
    SELECT u."lexeme", u."n" FROM unnest("lexemes", "moves") AS u("lexeme", "n") ORDER BY u."lexeme"
    ON CONFLICT ("lexeme") DO UPDATE SET "courses" = "search_lexemes"."courses" + excluded."courses"
    RETURNING "search_lexemes"."lexeme", "search_lexemes"."courses"
  )
  SELECT array_agg(k."lexeme") INTO "emptied" FROM "counted" k WHERE k."courses" <= 0;
  IF "emptied" IS NOT NULL THEN
    DELETE FROM "search_lexemes" WHERE "lexeme" = ANY("emptied") AND "courses" <= 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_lexemes_insert" AFTER INSERT ON "course_search" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexemes_changed"();--> statement-breakpoint
CREATE TRIGGER "search_lexemes_update" AFTER UPDATE ON "course_search" REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexemes_changed"();--> statement-breakpoint
CREATE TRIGGER "search_lexemes_delete" AFTER DELETE ON "course_search" REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexemes_changed"();--> statement-breakpoint
-- The lexemes of the search rows already there (ndoc: the number of rows whose document has the lexeme).
INSERT INTO "search_lexemes" ("lexeme", "courses")
SELECT "word", "ndoc" FROM ts_stat('SELECT "document" FROM "course_search"');
