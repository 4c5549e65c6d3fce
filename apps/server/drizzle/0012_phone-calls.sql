ALTER TABLE "video_calls" ADD COLUMN "kind" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_calls" ADD COLUMN "voice_token_id" text;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_voice_token_id_unique" UNIQUE("voice_token_id");