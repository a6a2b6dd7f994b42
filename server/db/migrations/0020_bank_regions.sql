ALTER TABLE "banks" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "pay_channels" ADD COLUMN "region" text DEFAULT 'XX' NOT NULL;--> statement-breakpoint
-- A country written another way before the check existed becomes its code, or none.
UPDATE "banks" SET "country" = CASE WHEN upper("country") ~ '^[A-Z]{2}$' THEN upper("country") ELSE 'XX' END WHERE "country" !~ '^[A-Z]{2}$';--> statement-breakpoint
-- The demo banks' and bank channels' money, so a database seeded before this sorts by region too.
UPDATE "banks" SET "currency" = CASE "country" WHEN 'BR' THEN 'BRL' WHEN 'JP' THEN 'JPY' WHEN 'US' THEN 'USD' END WHERE "country" IN ('BR', 'JP', 'US');--> statement-breakpoint
UPDATE "pay_channels" SET "region" = CASE "currency" WHEN 'BRL' THEN 'BR' WHEN 'JPY' THEN 'JP' END WHERE "type" = 'bank' AND "currency" IN ('BRL', 'JPY');--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_country" CHECK ("banks"."country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_currency" CHECK ("banks"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "pay_channels" ADD CONSTRAINT "pay_channels_region" CHECK ("pay_channels"."region" ~ '^[A-Z]{2}$');
