CREATE TABLE "guesses" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
-- The fund password's counts and locks carry over to the one guess limiter.
INSERT INTO "guesses" ("key", "failures", "window_start", "locked_until")
	SELECT 'fundPassword:' || "user_id", "failures", "window_start", "locked_until" FROM "fund_password_tries";
--> statement-breakpoint
DROP TABLE "fund_password_tries" CASCADE;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
