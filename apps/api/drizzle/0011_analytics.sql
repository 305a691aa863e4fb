CREATE TABLE "analytics_course_learners" (
	"course_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_free_day" text,
	"first_paid_day" text,
	CONSTRAINT "analytics_course_learners_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_lesson_buckets" (
	"lesson_id" text NOT NULL,
	"day" text NOT NULL,
	"bucket" smallint NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_lesson_buckets_lesson_id_day_bucket_pk" PRIMARY KEY("lesson_id","day","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_lesson_seconds" (
	"lesson_id" text NOT NULL,
	"second" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"rewatches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_lesson_seconds_lesson_id_second_pk" PRIMARY KEY("lesson_id","second")
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"lesson_id" text NOT NULL,
	"day" text NOT NULL,
	"viewer" boolean DEFAULT false NOT NULL,
	"reach_bucket" smallint DEFAULT -1 NOT NULL,
	"last_bucket" smallint DEFAULT -1 NOT NULL,
	"playing_from" real,
	"watched" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_page_learners" (
	"course_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_day" text NOT NULL,
	CONSTRAINT "course_page_learners_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_page_visits" (
	"course_id" text NOT NULL,
	"day" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_page_visits_course_id_day_pk" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_course_learners" ADD CONSTRAINT "analytics_course_learners_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_course_learners" ADD CONSTRAINT "analytics_course_learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_lesson_buckets" ADD CONSTRAINT "analytics_lesson_buckets_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_lesson_seconds" ADD CONSTRAINT "analytics_lesson_seconds_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_page_learners" ADD CONSTRAINT "course_page_learners_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_page_learners" ADD CONSTRAINT "course_page_learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_page_visits" ADD CONSTRAINT "course_page_visits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_course_learners_free_idx" ON "analytics_course_learners" USING btree ("course_id","first_free_day");--> statement-breakpoint
CREATE INDEX "analytics_course_learners_paid_idx" ON "analytics_course_learners" USING btree ("course_id","first_paid_day");--> statement-breakpoint
CREATE INDEX "analytics_sessions_lesson_idx" ON "analytics_sessions" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "course_page_learners_day_idx" ON "course_page_learners" USING btree ("course_id","first_day");--> statement-breakpoint
CREATE INDEX "lesson_progress_course_completed_idx" ON "lesson_progress" USING btree ("course_id","completed_at") WHERE "lesson_progress"."completed";