DROP INDEX "uploads_user_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_user_time_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached" = false;--> statement-breakpoint
UPDATE "uploads" SET "attached" = true WHERE "name" IN (SELECT "proof_image" FROM "deposits" WHERE "proof_image" IS NOT NULL) OR "name" IN (SELECT "image" FROM "payment_methods" WHERE "image" IS NOT NULL) OR "name" IN (SELECT "account" FROM "withdrawals") OR '/uploads/' || "name" IN (SELECT "avatar" FROM "users" WHERE "avatar" IS NOT NULL);--> statement-breakpoint
DELETE FROM "idempotency_keys" AS "alias" USING "idempotency_keys" AS "first" WHERE "alias"."route" = 'POST /h5/expenses/saveWithdrawalOrder' AND "first"."route" = 'POST /h5/expenses/submitExpenses' AND "alias"."user_id" = "first"."user_id" AND "alias"."key" = "first"."key";--> statement-breakpoint
UPDATE "idempotency_keys" SET "route" = CASE "route"
  WHEN 'POST /h5/order/saveContactOrder' THEN 'order.place'
  WHEN 'POST /h5/recharge/submitRecharge' THEN 'deposit.submit'
  WHEN 'POST /h5/expenses/bindCard' THEN 'method.bindCard'
  WHEN 'POST /h5/expenses/bindCoinAddress' THEN 'method.bindCoin'
  WHEN 'POST /h5/expenses/bindCardQr' THEN 'method.bindQr'
  WHEN 'POST /h5/licai' THEN 'finance.buy'
  WHEN 'POST /h5/user/openProfit' THEN 'savings.move'
  WHEN 'POST /h5/expenses/submitExpenses' THEN 'withdraw.submit'
  WHEN 'POST /h5/expenses/saveWithdrawalOrder' THEN 'withdraw.submit'
  ELSE "route" END;
