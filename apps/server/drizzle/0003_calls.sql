CREATE TABLE "call_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"sender" text NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"sender" text NOT NULL,
	"sender_user_id" integer,
	"sender_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"attachment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"room" text NOT NULL,
	"speciality_id" integer,
	"speciality_name" text NOT NULL,
	"from_page" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"caller_token_hash" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "video_calls_room_unique" UNIQUE("room")
);
--> statement-breakpoint
ALTER TABLE "call_attachments" ADD CONSTRAINT "call_attachments_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_chat_messages" ADD CONSTRAINT "call_chat_messages_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_chat_messages" ADD CONSTRAINT "call_chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_chat_messages" ADD CONSTRAINT "call_chat_messages_attachment_id_call_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."call_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_attachments_call_idx" ON "call_attachments" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_chat_messages_client_idx" ON "call_chat_messages" USING btree ("call_id","sender","client_id");--> statement-breakpoint
CREATE INDEX "call_chat_messages_call_idx" ON "call_chat_messages" USING btree ("call_id","id");--> statement-breakpoint
CREATE INDEX "video_calls_company_status_idx" ON "video_calls" USING btree ("company_id","status","created_at");