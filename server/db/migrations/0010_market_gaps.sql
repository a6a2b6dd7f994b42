CREATE TABLE "market_gaps" (
	"symbol" text NOT NULL,
	"from_second" bigint NOT NULL,
	"to_second" bigint NOT NULL,
	CONSTRAINT "market_gaps_symbol_from_second_pk" PRIMARY KEY("symbol","from_second")
);
--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
UPDATE "contract_orders" SET "refund_reason" = 'no_price' WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_refund_reason" CHECK (("contract_orders"."status" = 'refunded') = ("contract_orders"."refund_reason" is not null));