ALTER TABLE "companies" ADD COLUMN "service_level_first_seconds" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "service_level_first_percent" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "service_level_second_seconds" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "service_level_second_percent" integer DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_calls" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "video_calls_company_created_idx" ON "video_calls" USING btree ("company_id","created_at");--> statement-breakpoint
UPDATE "video_calls" SET "offered_at" = greatest("created_at", "offer_expires_at" - interval '10 seconds') WHERE "offered_to" IS NOT NULL AND "offer_expires_at" IS NOT NULL;
