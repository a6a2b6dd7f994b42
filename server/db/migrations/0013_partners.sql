CREATE TABLE "partner_users" (
	"partner_id" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_users_partner_id_subject_pk" PRIMARY KEY("partner_id","subject")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"alg" text NOT NULL,
	"key" text NOT NULL,
	"origin" text,
	"brand" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_used_tokens" (
	"partner_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_used_tokens_partner_id_jti_pk" PRIMARY KEY("partner_id","jti")
);
--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_users_user_idx" ON "partner_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_used_tokens_expires_idx" ON "sso_used_tokens" USING btree ("expires_at");