CREATE TABLE "retention_settings" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_settings_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "held_by" integer;--> statement-breakpoint
ALTER TABLE "video_calls" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "video_calls" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_calls" ADD COLUMN "held_by" integer;--> statement-breakpoint
ALTER TABLE "video_mails" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "video_mails" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_mails" ADD COLUMN "held_by" integer;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_mails" ADD CONSTRAINT "video_mails_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;