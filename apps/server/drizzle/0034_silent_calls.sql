-- Silent calls (decision 060): a chat message may be a quick question or its answer; a company sets its quick questions and where Salida rápida goes.
ALTER TABLE "call_chat_messages" ADD COLUMN "quick_question" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_chat_messages" ADD COLUMN "answer_to" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quick_exit_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quick_questions" jsonb;