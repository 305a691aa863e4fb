CREATE TABLE "sections" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "section_id" text;--> statement-breakpoint
-- Today's flat lessons become one section per course (the seed's id and title for a file without sections).
INSERT INTO "sections" ("id", "course_id", "position", "title")
  SELECT DISTINCT "course_id" || '-s1', "course_id", 0, 'Lessons' FROM "lessons";--> statement-breakpoint
UPDATE "lessons" SET "section_id" = "course_id" || '-s1';--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "section_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sections_course_idx" ON "sections" USING btree ("course_id","position");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;