-- A queued mail wakes the outbox's senders when its transaction commits (NOTIFY is delivered only then, and not at
-- all on a rollback), so a mail goes out at once rather than at the next poll; the poll stays for what a listener
-- missed (a dropped connection, a server that was down). One notice per statement: a burst is one wake-up.
CREATE FUNCTION outbox_wake_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_queued AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake_up();
