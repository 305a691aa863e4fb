CREATE INDEX "courses_search_idx" ON "courses" USING gin ((setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, instructor), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')));--> statement-breakpoint
CREATE INDEX "courses_title_search_idx" ON "courses" USING gin (to_tsvector('english'::regconfig, title));--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lessons_search_idx" ON "lessons" USING gin (to_tsvector('english'::regconfig, title));--> statement-breakpoint
CREATE INDEX "lessons_title_trgm_idx" ON "lessons" USING gin ("title" gin_trgm_ops);