ALTER TABLE "user_messages" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "user_messages" ADD COLUMN "params" jsonb;