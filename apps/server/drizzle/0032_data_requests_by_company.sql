-- Rights requests belong to a company (decision 052): those filed before answered by the first company, the platform's own.
DROP INDEX "data_requests_due_idx";--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "data_requests" SET "company_id" = (SELECT min("id") FROM "companies");--> statement-breakpoint
DELETE FROM "data_requests" WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "data_requests" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_company_due_idx" ON "data_requests" USING btree ("company_id","status","due_at");
