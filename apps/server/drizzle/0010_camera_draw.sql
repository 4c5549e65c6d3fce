CREATE TABLE "promo_draws" (
	"id" integer PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"list_hash" text NOT NULL,
	"eligible" jsonb NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"drawn_at" timestamp with time zone,
	"drawn_by" integer,
	"draw_order" jsonb,
	CONSTRAINT "promo_draws_single_check" CHECK ("promo_draws"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "promo_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_entries_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "promo_draws" ADD CONSTRAINT "promo_draws_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_draws" ADD CONSTRAINT "promo_draws_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_entries" ADD CONSTRAINT "promo_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_entries_email_idx" ON "promo_entries" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_entries_phone_idx" ON "promo_entries" USING btree ("phone");