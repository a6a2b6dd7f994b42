-- Server processes cache live session tokens for a few seconds; each one LISTENs here and forgets a
-- token the moment its row is revoked, changed or deleted (logout, password change, a user deleted,
-- an operator's hand-written SQL alike). NOTIFY is sent at commit and not at all on rollback.
CREATE FUNCTION notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('trade_lite_revoked', '*');
  ELSE
    PERFORM pg_notify('trade_lite_revoked', OLD.token_hash);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_revoked();
