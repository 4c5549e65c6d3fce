CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"call_id" integer,
	"purpose" text NOT NULL,
	"text_version" text NOT NULL,
	"text_hash" text NOT NULL,
	"channel" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consent_records_subject_check" CHECK (("consent_records"."user_id" is null) <> ("consent_records"."call_id" is null))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_records_user_active_idx" ON "consent_records" USING btree ("user_id","purpose") WHERE "consent_records"."user_id" is not null and "consent_records"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_records_call_purpose_idx" ON "consent_records" USING btree ("call_id","purpose") WHERE "consent_records"."call_id" is not null;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id");