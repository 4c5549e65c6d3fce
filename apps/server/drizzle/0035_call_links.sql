-- Call links (decision 061): a one-time link to a private call, sent by SMS or WhatsApp; a company sets how long it works.
CREATE TABLE "call_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"operator_id" integer,
	"call_id" integer NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"provider_id" text,
	"delivery" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_links_call_id_unique" UNIQUE("call_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "call_link_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_links" ADD CONSTRAINT "call_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_links" ADD CONSTRAINT "call_links_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_links" ADD CONSTRAINT "call_links_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_links_operator_idx" ON "call_links" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "call_links_phone_idx" ON "call_links" USING btree ("company_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "call_links_provider_idx" ON "call_links" USING btree ("provider_id");