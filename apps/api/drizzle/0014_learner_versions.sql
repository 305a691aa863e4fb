CREATE TABLE "learner_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below (decision 035; drizzle-kit writes no triggers from the schema: keep this part when the
-- migration is generated again). Every statement that writes a learner's dashboard rows moves that learner's
-- version once, whatever the number of rows: statement-level triggers over the rows it changed, learners in id
-- order (two transactions bumping the same learners take their row locks in one order: no deadlock).
CREATE FUNCTION "bump_learner_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "learner_versions" ("user_id", "version")
    SELECT DISTINCT "user_id", 1 FROM "changed_old" WHERE "user_id" IS NOT NULL ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "learner_versions"."version" + 1;
  ELSE
    INSERT INTO "learner_versions" ("user_id", "version")
    SELECT DISTINCT "user_id", 1 FROM "changed_new" WHERE "user_id" IS NOT NULL ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "learner_versions"."version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lesson_progress_bump_insert" AFTER INSERT ON "lesson_progress" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "lesson_progress_bump_update" AFTER UPDATE ON "lesson_progress" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "lesson_progress_bump_delete" AFTER DELETE ON "lesson_progress" REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "enrollments_bump_insert" AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "enrollments_bump_update" AFTER UPDATE ON "enrollments" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "enrollments_bump_delete" AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "quiz_attempts_bump_insert" AFTER INSERT ON "quiz_attempts" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "quiz_attempts_bump_update" AFTER UPDATE ON "quiz_attempts" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "quiz_attempts_bump_delete" AFTER DELETE ON "quiz_attempts" REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "certificates_bump_insert" AFTER INSERT ON "certificates" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "certificates_bump_update" AFTER UPDATE ON "certificates" REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();--> statement-breakpoint
CREATE TRIGGER "certificates_bump_delete" AFTER DELETE ON "certificates" REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_versions"();
