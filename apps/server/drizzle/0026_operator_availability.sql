CREATE TABLE "operator_availability" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"pause_reason" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_calls" ADD COLUMN "offered_to" integer;--> statement-breakpoint
ALTER TABLE "video_calls" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_availability" ADD CONSTRAINT "operator_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_availability" ADD CONSTRAINT "operator_availability_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_offered_to_users_id_fk" FOREIGN KEY ("offered_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;