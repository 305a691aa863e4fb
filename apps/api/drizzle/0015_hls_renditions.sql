CREATE TABLE "hls_renditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_key" text NOT NULL,
	"set_id" text NOT NULL,
	"label" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bandwidth" integer NOT NULL,
	"codecs" text NOT NULL,
	"playlist" text NOT NULL,
	"poster_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_sessions" ADD COLUMN "hls_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "hls_renditions_source_idx" ON "hls_renditions" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "hls_renditions_set_label_idx" ON "hls_renditions" USING btree ("set_id","label");