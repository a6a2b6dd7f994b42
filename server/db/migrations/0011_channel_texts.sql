CREATE TABLE "bank_texts" (
	"bank_code" text NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	"name_source" text NOT NULL,
	CONSTRAINT "bank_texts_bank_code_lang_pk" PRIMARY KEY("bank_code","lang")
);
--> statement-breakpoint
CREATE TABLE "pay_channel_texts" (
	"channel_id" integer NOT NULL,
	"lang" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"name_source" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_source" text DEFAULT '' NOT NULL,
	CONSTRAINT "pay_channel_texts_channel_id_lang_pk" PRIMARY KEY("channel_id","lang")
);
--> statement-breakpoint
ALTER TABLE "bank_texts" ADD CONSTRAINT "bank_texts_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pay_channel_texts" ADD CONSTRAINT "pay_channel_texts_channel_id_pay_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."pay_channels"("id") ON DELETE cascade ON UPDATE no action;