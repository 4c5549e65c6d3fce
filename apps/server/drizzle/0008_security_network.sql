CREATE TABLE "network_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"guest_email" text NOT NULL,
	"guest_user_id" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"code_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "network_invitations_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "network_invitations_status_check" CHECK ("network_invitations"."status" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "network_invitations" ADD CONSTRAINT "network_invitations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_invitations" ADD CONSTRAINT "network_invitations_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_invitations" ADD CONSTRAINT "network_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_invitations_owner_guest_idx" ON "network_invitations" USING btree ("owner_user_id","guest_email");--> statement-breakpoint
CREATE INDEX "network_invitations_guest_email_idx" ON "network_invitations" USING btree ("guest_email");--> statement-breakpoint
CREATE INDEX "network_invitations_guest_user_idx" ON "network_invitations" USING btree ("guest_user_id");