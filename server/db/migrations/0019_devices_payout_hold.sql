CREATE TABLE "known_devices" (
	"user_id" integer NOT NULL,
	"device_key" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_user_id_device_key_pk" PRIMARY KEY("user_id","device_key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "hold_lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A request marks when its token was last used (at most once a minute): that must not make every
-- process forget the token, so only a change that can end a session notifies.
DROP TRIGGER sessions_revoked ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER UPDATE OF token_hash, user_id, expires_at, revoked OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();
