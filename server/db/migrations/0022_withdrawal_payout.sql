ALTER TABLE "withdrawals" ADD COLUMN "payout_currency" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_amount" numeric(20, 8);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_rate" numeric(20, 8);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_rate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_whole" CHECK (num_nulls("withdrawals"."payout_currency", "withdrawals"."payout_amount", "withdrawals"."payout_rate", "withdrawals"."payout_rate_at") in (0, 4) and ("withdrawals"."payout_rate" is null or ("withdrawals"."payout_rate" > 0 and "withdrawals"."payout_amount" >= 0)));