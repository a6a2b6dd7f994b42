ALTER TABLE "market_feed" ADD COLUMN "halted_since" bigint;--> statement-breakpoint
ALTER TABLE "market_feed" ADD COLUMN "halt_reason" text;--> statement-breakpoint
ALTER TABLE "market_feed" ADD COLUMN "released_at" bigint;