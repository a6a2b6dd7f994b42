CREATE TABLE "finance_holdings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_holdings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"daily_rate" numeric(10, 4) NOT NULL,
	"cycle_days" integer NOT NULL,
	"start_day" date NOT NULL,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"total_income" numeric(20, 8) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "finance_holdings_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "finance_holdings_amount_positive" CHECK ("finance_holdings"."amount" > 0),
	CONSTRAINT "finance_holdings_paid_days" CHECK ("finance_holdings"."paid_days" between 0 and "finance_holdings"."cycle_days")
);
--> statement-breakpoint
CREATE TABLE "finance_income" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_income_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"holding_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "finance_income_holding_day" UNIQUE("holding_id","day")
);
--> statement-breakpoint
CREATE TABLE "finance_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_rate" numeric(10, 4) NOT NULL,
	"min_amount" numeric(20, 8) NOT NULL,
	"max_amount" numeric(20, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_products_cycle_positive" CHECK ("finance_products"."cycle_days" between 1 and 3650),
	CONSTRAINT "finance_products_limits" CHECK ("finance_products"."min_amount" > 0 and "finance_products"."max_amount" >= "finance_products"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "savings_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" numeric(20, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "savings_accounts_balance_nonnegative" CHECK ("savings_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "savings_income" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "savings_income_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"base" numeric(20, 8) NOT NULL,
	"rate" numeric(10, 4) NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "savings_income_user_day" UNIQUE("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "savings_moves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "savings_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "savings_moves_amount_positive" CHECK ("savings_moves"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "daily_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	CONSTRAINT "content_translations_kind_ref_id_lang_pk" PRIMARY KEY("kind","ref_id","lang")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_slug_lang_pk" PRIMARY KEY("slug","lang")
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"user_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
ALTER TABLE "finance_holdings" ADD CONSTRAINT "finance_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_holdings" ADD CONSTRAINT "finance_holdings_product_id_finance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."finance_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_income" ADD CONSTRAINT "finance_income_holding_id_finance_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."finance_holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_income" ADD CONSTRAINT "finance_income_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_accounts" ADD CONSTRAINT "savings_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_income" ADD CONSTRAINT "savings_income_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_moves" ADD CONSTRAINT "savings_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_holdings_user_idx" ON "finance_holdings" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "finance_holdings_running_idx" ON "finance_holdings" USING btree ("status","start_day");--> statement-breakpoint
CREATE INDEX "finance_income_user_day_idx" ON "finance_income" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "savings_moves_user_idx" ON "savings_moves" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "news_created_idx" ON "news" USING btree ("created_at" DESC NULLS LAST);