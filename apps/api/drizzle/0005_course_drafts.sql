ALTER TABLE "courses" ADD COLUMN "draft_of" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "draft_of" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "draft_of" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_draft_of_courses_id_fk" FOREIGN KEY ("draft_of") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_draft_of_key" ON "courses" USING btree ("draft_of");