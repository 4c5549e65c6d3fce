ALTER TABLE "orders" ADD COLUMN "flow_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_attempted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_receipt_due_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" = 'paid' and "orders"."receipt_sent_at" is null;