CREATE TABLE "market_candles" (
	"symbol" text NOT NULL,
	"period" text NOT NULL,
	"open_time" bigint NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric NOT NULL,
	CONSTRAINT "market_candles_symbol_period_open_time_pk" PRIMARY KEY("symbol","period","open_time")
);
--> statement-breakpoint
CREATE TABLE "market_feed" (
	"symbol" text PRIMARY KEY NOT NULL,
	"price" numeric NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"volume" numeric NOT NULL,
	"price_time" bigint NOT NULL,
	"complete_to" bigint NOT NULL,
	"precision" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_seconds" (
	"symbol" text NOT NULL,
	"second" bigint NOT NULL,
	"price" numeric NOT NULL,
	CONSTRAINT "market_seconds_symbol_second_pk" PRIMARY KEY("symbol","second")
);
--> statement-breakpoint
ALTER TABLE "contract_orders" DROP CONSTRAINT "contract_orders_settled_complete";--> statement-breakpoint
CREATE INDEX "market_seconds_second_idx" ON "market_seconds" USING btree ("second");--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_settled_complete" CHECK (("contract_orders"."status" = 'open' and "contract_orders"."result" is null and "contract_orders"."payout" is null and "contract_orders"."close_price" is null and "contract_orders"."settled_at" is null)
      or ("contract_orders"."status" = 'settled' and "contract_orders"."result" is not null and "contract_orders"."payout" is not null and "contract_orders"."close_price" is not null and "contract_orders"."settled_at" is not null)
      or ("contract_orders"."status" = 'refunded' and "contract_orders"."result" is null and "contract_orders"."payout" = "contract_orders"."amount" and "contract_orders"."close_price" is null and "contract_orders"."settled_at" is not null));