-- The search triggers (0016, 0017) without joins between their transition tables (decision 047). A transition
-- table has no index, and plpgsql keeps the plan a trigger's statement got at its first run in a connection: after a
-- one-row write, a nested loop. The next statement that wrote thousands of rows then compared every old row with
-- every new one: the bench's million lessons ran for over 30 minutes before being stopped (search_lexemes' count),
-- and one update of 11,112 courses took 45 s (the courses' trigger). Now each trigger tells what changed by grouping
-- old (-1) and new (+1) rows on the columns it reads: a row that did not change cancels itself, as the joins skipped
-- it before, and the work grows with the rows written, never with their square. What is refreshed and counted is
-- unchanged.
CREATE OR REPLACE FUNCTION "course_search_courses_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_course_search"(ARRAY(SELECT "id" FROM "changed_new"));
  ELSE
    -- The courses whose searched or sorted columns differ between the old rows and the new.
    PERFORM "refresh_course_search"(ARRAY(
      SELECT DISTINCT k."id" FROM (
        SELECT n."id", n."title", n."description", n."instructor", n."difficulty", n."price_paise", n."base_students",
          n."enrolled_count", n."rating", n."published", n."first_published_at", n."created_at", n."sort_order", 1 AS "side"
        FROM "changed_new" n
        UNION ALL
        SELECT o."id", o."title", o."description", o."instructor", o."difficulty", o."price_paise", o."base_students",
          o."enrolled_count", o."rating", o."published", o."first_published_at", o."created_at", o."sort_order", -1
        FROM "changed_old" o
      ) k
      GROUP BY k."id", k."title", k."description", k."instructor", k."difficulty", k."price_paise", k."base_students",
        k."enrolled_count", k."rating", k."published", k."first_published_at", k."created_at", k."sort_order"
      HAVING sum(k."side") <> 0));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "course_search_lessons_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_course_search"(ARRAY(SELECT DISTINCT "course_id" FROM "changed_new"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_course_search"(ARRAY(SELECT DISTINCT "course_id" FROM "changed_old"));
  ELSE
    -- The courses of the lessons whose course, title, place or length changed: a moved lesson's old and new course.
    PERFORM "refresh_course_search"(ARRAY(
      SELECT DISTINCT k."course_id" FROM (
        SELECT n."id", n."course_id", n."title", n."position", n."duration_seconds", 1 AS "side" FROM "changed_new" n
        UNION ALL
        SELECT o."id", o."course_id", o."title", o."position", o."duration_seconds", -1 FROM "changed_old" o
      ) k
      GROUP BY k."id", k."course_id", k."title", k."position", k."duration_seconds"
      HAVING sum(k."side") <> 0));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_lexemes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        UNION ALL
        SELECT unnest(tsvector_to_array(x."document")), -1 FROM "changed_old" x
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
END $$;
