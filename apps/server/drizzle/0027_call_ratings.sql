CREATE TABLE "call_ratings" (
	"call_id" integer PRIMARY KEY NOT NULL,
	"stars" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_ratings_stars_check" CHECK ("call_ratings"."stars" between 1 and 5),
	CONSTRAINT "call_ratings_comment_check" CHECK (char_length("call_ratings"."comment") <= 500)
);
--> statement-breakpoint
ALTER TABLE "call_ratings" ADD CONSTRAINT "call_ratings_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;