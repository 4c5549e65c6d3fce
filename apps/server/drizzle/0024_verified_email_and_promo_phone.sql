ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before sign-up proved the address count as proven (decision 039): they signed in
-- for months, and asking them all at once would lock them out of invitations they already had.
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "promo_entries" ADD COLUMN "phone_verified_at" timestamp with time zone;
