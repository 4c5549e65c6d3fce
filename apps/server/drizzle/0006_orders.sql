CREATE TABLE "flow_simulator_payments" (
	"flow_order" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"commerce_order" text NOT NULL,
	"subject" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"email" text NOT NULL,
	"url_confirmation" text NOT NULL,
	"url_return" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"payment_media" text,
	"payment_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_simulator_payments_token_unique" UNIQUE("token"),
	CONSTRAINT "flow_simulator_payments_commerce_order_unique" UNIQUE("commerce_order")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"commerce_order" text NOT NULL,
	"plan_id" integer NOT NULL,
	"months_paid" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"subject" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'CLP' NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"flow_token" text,
	"flow_order" integer,
	"payment_media" text,
	"payment_date" text,
	"shipping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	CONSTRAINT "orders_commerce_order_unique" UNIQUE("commerce_order"),
	CONSTRAINT "orders_flow_token_unique" UNIQUE("flow_token")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");