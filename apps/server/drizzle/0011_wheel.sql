CREATE TABLE "wheel_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"attempts_left" integer DEFAULT 0 NOT NULL,
	"opportunities" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_accounts_attempts_check" CHECK ("wheel_accounts"."attempts_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wheel_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"amount" integer NOT NULL,
	"image_url" text NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer,
	CONSTRAINT "wheel_options_weight_check" CHECK ("wheel_options"."weight" >= 0),
	CONSTRAINT "wheel_options_stock_check" CHECK ("wheel_options"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wheel_spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"uid" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wheel_accounts" ADD CONSTRAINT "wheel_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_option_id_wheel_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."wheel_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wheel_spins_user_idx" ON "wheel_spins" USING btree ("user_id","created_at");