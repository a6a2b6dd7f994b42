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
--> statement-breakpoint
-- The demo's savings banner named the screen by its old word; a database seeded before says Savings too (exact seeded texts only, so an operator's own banner stays).
UPDATE "banners" SET "title" = 'Daily interest in Savings' WHERE "title" = 'Daily interest with yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Interessi giornalieri con Risparmi' WHERE "kind" = 'banner' AND "lang" = 'it' AND "title" = 'Interessi giornalieri con yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'ดอกเบี้ยรายวันกับเงินออม' WHERE "kind" = 'banner' AND "lang" = 'th' AND "title" = 'ดอกเบี้ยรายวันกับ yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = '貯蓄で毎日利息' WHERE "kind" = 'banner' AND "lang" = 'ja' AND "title" = 'yuebaoで毎日の利息';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = '저축으로 매일 이자 받기' WHERE "kind" = 'banner' AND "lang" = 'ko' AND "title" = 'yuebao로 매일 이자';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Lãi hằng ngày với Tiết kiệm' WHERE "kind" = 'banner' AND "lang" = 'vi' AND "title" = 'Lãi hằng ngày với yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Intereses diarios con Ahorros' WHERE "kind" = 'banner' AND "lang" = 'es' AND "title" = 'Intereses diarios con yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Intereses diarios con Ahorros' WHERE "kind" = 'banner' AND "lang" = 'es-mx' AND "title" = 'Intereses diarios con yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Intereses diarios con Ahorros' WHERE "kind" = 'banner' AND "lang" = 'es-pe' AND "title" = 'Intereses diarios con yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Ежедневные проценты в Накоплениях' WHERE "kind" = 'banner' AND "lang" = 'ru' AND "title" = 'Ежедневные проценты с yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Faedah harian dengan Simpanan' WHERE "kind" = 'banner' AND "lang" = 'ms' AND "title" = 'Faedah harian dengan yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Bunga harian dengan Tabungan' WHERE "kind" = 'banner' AND "lang" = 'id' AND "title" = 'Bunga harian dengan yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Tägliche Zinsen mit Sparen' WHERE "kind" = 'banner' AND "lang" = 'de' AND "title" = 'Tägliche Zinsen mit yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Intérêts quotidiens avec Épargne' WHERE "kind" = 'banner' AND "lang" = 'fr' AND "title" = 'Intérêts quotidiens avec yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Dagelijkse rente met Sparen' WHERE "kind" = 'banner' AND "lang" = 'nl' AND "title" = 'Dagelijkse rente met yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Juros diários com Poupança' WHERE "kind" = 'banner' AND "lang" = 'pt-BR' AND "title" = 'Juros diários com yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Juros diários com Poupança' WHERE "kind" = 'banner' AND "lang" = 'pt' AND "title" = 'Juros diários com yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'बचत के साथ दैनिक ब्याज' WHERE "kind" = 'banner' AND "lang" = 'hi' AND "title" = 'yuebao के साथ दैनिक ब्याज';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'فائدة يومية مع الادخار' WHERE "kind" = 'banner' AND "lang" = 'ar' AND "title" = 'فائدة يومية مع yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Yığım ilə gündəlik faiz' WHERE "kind" = 'banner' AND "lang" = 'az' AND "title" = 'yuebao ilə gündəlik faiz';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Dobândă zilnică cu Economii' WHERE "kind" = 'banner' AND "lang" = 'ro' AND "title" = 'Dobândă zilnică cu yuebao';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = '储蓄每日计息' WHERE "kind" = 'banner' AND "lang" = 'zh-CN' AND "title" = '余额宝每日计息';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = '儲蓄每日計息' WHERE "kind" = 'banner' AND "lang" = 'zh-TW' AND "title" = '餘額寶每日計息';
--> statement-breakpoint
UPDATE "content_translations" SET "title" = 'Daily interest in Savings' WHERE "kind" = 'banner' AND "lang" = 'en-au' AND "title" = 'Daily interest with yuebao';
