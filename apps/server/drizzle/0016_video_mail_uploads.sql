CREATE TABLE "video_mail_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"fields" jsonb NOT NULL,
	"thumbnail_key" text,
	"thumbnail_mime" text,
	"thumbnail_bytes" integer,
	"video_key" text NOT NULL,
	"video_bytes" integer NOT NULL,
	"claimed_at" timestamp with time zone,
	"video_mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_mail_uploads" ADD CONSTRAINT "video_mail_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_mail_uploads" ADD CONSTRAINT "video_mail_uploads_video_mail_id_video_mails_id_fk" FOREIGN KEY ("video_mail_id") REFERENCES "public"."video_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_mail_uploads_created_idx" ON "video_mail_uploads" USING btree ("created_at");