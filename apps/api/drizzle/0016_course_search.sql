CREATE TABLE "course_search" (
	"course_id" text PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"title_document" "tsvector" NOT NULL,
	"title" text NOT NULL,
	"difficulty" text NOT NULL,
	"price_paise" integer NOT NULL,
	"students" integer NOT NULL,
	"rating" double precision NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"sort_order" integer NOT NULL,
	"duration_seconds" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "courses_search_idx";--> statement-breakpoint
DROP INDEX "courses_title_search_idx";--> statement-breakpoint
DROP INDEX "lessons_search_idx";--> statement-breakpoint
ALTER TABLE "course_search" ADD CONSTRAINT "course_search_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_search_document_idx" ON "course_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "course_search_title_trgm_idx" ON "course_search" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- Hand-written below (decision 038; drizzle-kit writes no triggers from the schema: keep this part when the
-- migration is generated again).
-- Rewrites the search rows of the courses named from what they are now: a published course gets its row, any
-- other loses it. The courses are locked first, in id order: a concurrent edit of one of them waits here, and the
-- statements after read what it committed (each statement of a function takes a fresh snapshot in READ
-- COMMITTED), so two edits of one course cannot leave the older document behind. The expressions are those of
-- db/schema.ts (COURSE_SEARCH_DOCUMENT, TITLE_SEARCH_DOCUMENT), with the lesson titles as weight D.
CREATE FUNCTION "refresh_course_search"("ids" text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "courses" WHERE "id" = ANY("ids") ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "course_search" s WHERE s."course_id" = ANY("ids")
    AND NOT EXISTS (SELECT 1 FROM "courses" c WHERE c."id" = s."course_id" AND c."published");
  INSERT INTO "course_search" ("course_id", "document", "title_document", "title", "difficulty",
                               "price_paise", "students", "rating", "published_at", "sort_order", "duration_seconds")
  SELECT c."id",
    setweight(to_tsvector('english'::regconfig, c."title"), 'A')
      || setweight(to_tsvector('english'::regconfig, c."instructor"), 'B')
      || setweight(to_tsvector('english'::regconfig, c."description"), 'C')
      || setweight(to_tsvector('english'::regconfig, coalesce(l."titles", '')), 'D'),
    to_tsvector('english'::regconfig, c."title"), c."title", c."difficulty",
    c."price_paise", c."base_students" + c."enrolled_count", c."rating", coalesce(c."first_published_at", c."created_at"),
    c."sort_order", coalesce(l."seconds", 0)
  FROM "courses" c
  LEFT JOIN LATERAL (
    SELECT string_agg(x."title", ' ' ORDER BY x."position", x."id") AS "titles", sum(x."duration_seconds")::int AS "seconds"
    FROM "lessons" x WHERE x."course_id" = c."id"
  ) l ON true
  WHERE c."id" = ANY("ids") AND c."published"
  ORDER BY c."id"
  ON CONFLICT ("course_id") DO UPDATE SET
    "document" = excluded."document", "title_document" = excluded."title_document", "title" = excluded."title",
    "difficulty" = excluded."difficulty",
    "price_paise" = excluded."price_paise", "students" = excluded."students", "rating" = excluded."rating",
    "published_at" = excluded."published_at", "sort_order" = excluded."sort_order",
    "duration_seconds" = excluded."duration_seconds";
END $$;--> statement-breakpoint
-- Statement-level: one refresh per statement however many rows it wrote (seeding, an import, publishing a draft,
-- a million lessons inserted at once). An update refreshes only the courses whose searched or sorted columns
-- changed (transition tables cannot be combined with `UPDATE OF columns`). A deleted course's row goes by its
-- foreign key.
CREATE FUNCTION "course_search_courses_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_course_search"(ARRAY(SELECT "id" FROM "changed_new"));
  ELSE
    PERFORM "refresh_course_search"(ARRAY(
      SELECT n."id" FROM "changed_new" n LEFT JOIN "changed_old" o ON o."id" = n."id"
      WHERE o."id" IS NULL
        OR (n."title", n."description", n."instructor", n."difficulty", n."price_paise", n."base_students",
            n."enrolled_count", n."rating", n."published", n."first_published_at", n."created_at", n."sort_order")
           IS DISTINCT FROM
           (o."title", o."description", o."instructor", o."difficulty", o."price_paise", o."base_students",
            o."enrolled_count", o."rating", o."published", o."first_published_at", o."created_at", o."sort_order")
      UNION
      SELECT o."id" FROM "changed_old" o WHERE NOT EXISTS (SELECT 1 FROM "changed_new" n WHERE n."id" = o."id")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "course_search_lessons_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_course_search"(ARRAY(SELECT DISTINCT "course_id" FROM "changed_new"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_course_search"(ARRAY(SELECT DISTINCT "course_id" FROM "changed_old"));
  ELSE
    PERFORM "refresh_course_search"(ARRAY(
      SELECT n."course_id" FROM "changed_new" n LEFT JOIN "changed_old" o ON o."id" = n."id"
      WHERE o."id" IS NULL
        OR (n."course_id", n."title", n."position", n."duration_seconds")
           IS DISTINCT FROM (o."course_id", o."title", o."position", o."duration_seconds")
      UNION
      SELECT o."course_id" FROM "changed_old" o LEFT JOIN "changed_new" n ON n."id" = o."id"
      WHERE n."id" IS NULL OR n."course_id" IS DISTINCT FROM o."course_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "courses_search_insert" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_search_courses_changed"();--> statement-breakpoint
CREATE TRIGGER "courses_search_update" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_search_courses_changed"();--> statement-breakpoint
CREATE TRIGGER "lessons_search_insert" AFTER INSERT ON "lessons" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_search_lessons_changed"();--> statement-breakpoint
CREATE TRIGGER "lessons_search_update" AFTER UPDATE ON "lessons" REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "course_search_lessons_changed"();--> statement-breakpoint
CREATE TRIGGER "lessons_search_delete" AFTER DELETE ON "lessons" REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "course_search_lessons_changed"();--> statement-breakpoint
-- The courses already there.
SELECT "refresh_course_search"(ARRAY(SELECT "id" FROM "courses"));
