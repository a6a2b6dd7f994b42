CREATE TABLE "console_claims" (
	"item" text PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reject_reason_key" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "console_claims" ADD CONSTRAINT "console_claims_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","id");