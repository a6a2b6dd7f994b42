CREATE TABLE "contract_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"rate" numeric(10, 4) NOT NULL,
	"seconds" integer NOT NULL,
	"open_price" numeric NOT NULL,
	"close_price" numeric,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"payout" numeric(20, 8),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "contract_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "contract_orders_amount_positive" CHECK ("contract_orders"."amount" > 0),
	CONSTRAINT "contract_orders_settled_complete" CHECK (("contract_orders"."status" = 'open' and "contract_orders"."result" is null and "contract_orders"."payout" is null and "contract_orders"."close_price" is null and "contract_orders"."settled_at" is null)
      or ("contract_orders"."status" = 'settled' and "contract_orders"."result" is not null and "contract_orders"."payout" is not null and "contract_orders"."close_price" is not null and "contract_orders"."settled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "contract_orders" ADD CONSTRAINT "contract_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_orders_user_idx" ON "contract_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_orders_due_idx" ON "contract_orders" USING btree ("status","expires_at");