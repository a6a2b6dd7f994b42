CREATE TABLE "operator_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"action" jsonb NOT NULL,
	"proposed_by_id" integer NOT NULL,
	"proposed_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "roles" text[] DEFAULT '{viewer}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_proposals" ADD CONSTRAINT "operator_proposals_proposed_by_id_operators_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_proposals_open_idx" ON "operator_proposals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_proposals_withdrawal_idx" ON "operator_proposals" USING btree ("target") WHERE "operator_proposals"."kind" = 'withdrawal' and "operator_proposals"."status" = 'open';--> statement-breakpoint
-- Operators from before roles could do everything; they keep that until an admin says otherwise.
UPDATE "operators" SET "roles" = '{admin}'::text[];