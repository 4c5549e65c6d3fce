ALTER TABLE "companies" ADD COLUMN "launcher_color" text DEFAULT '#0b3a75' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "launcher_label" text DEFAULT 'Contáctanos' NOT NULL;